import { index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { clients } from './clients.ts';
import { calendarDate, id, instant, timestamps } from './columns.ts';
import { sites, specialists } from './directory.ts';
import { workflows } from './workflows.ts';

export const appointments = pgTable(
  'appointments',
  {
    id: id(),
    workflowId: uuid('workflow_id').references(() => workflows.id),
    externalAppointmentId: text('external_appointment_id'),
    appointmentReferenceNumber: text('appointment_reference_number'),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    specialistId: uuid('specialist_id')
      .notNull()
      .references(() => specialists.id),
    siteId: uuid('site_id').references(() => sites.id),
    startDateTime: instant('start_date_time').notNull(),
    endDateTime: instant('end_date_time').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    timezone: text('timezone').notNull(),
    appointmentType: text('appointment_type').$type<'atHome' | 'atGpClinic' | 'ageCare' | 'f2f'>().notNull(),
    dialInMethod: text('dial_in_method').$type<'coreplus' | 'zoom' | 'skype' | 'phone'>(),
    consultationType: text('consultation_type').$type<'NEW' | 'REVIEW'>().notNull(),
    smsTemplateSetId: uuid('sms_template_set_id'),
    notes: text('notes'),
    gpNotes: text('gp_notes'),
    zoomJoinUrl: text('zoom_join_url'),
    zoomAccount: text('zoom_account'),
    customFields: jsonb('custom_fields').$type<Record<string, unknown>>().notNull().default({}),
    bookedBy: uuid('booked_by'),
    cancelledAt: instant('cancelled_at'),
    cancelledBy: uuid('cancelled_by'),
    ...timestamps,
  },
  (t) => [
    index('appointments_specialist_start_idx').on(t.specialistId, t.startDateTime),
    index('appointments_workflow_idx').on(t.workflowId),
  ],
);

/** Appointment requests waiting for staff approval. */
export const appointmentRequests = pgTable(
  'appointment_requests',
  {
    id: id(),
    workflowId: uuid('workflow_id').references(() => workflows.id),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    specialistId: uuid('specialist_id').references(() => specialists.id),
    requestedStart: instant('requested_start'),
    timezone: text('timezone'),
    bookingStatus: text('booking_status').notNull(),
    approvedAt: instant('approved_at'),
    approvedBy: uuid('approved_by'),
    ...timestamps,
  },
  (t) => [index('appointment_requests_status_idx').on(t.bookingStatus)],
);

/** Follow-up details a specialist confirms on the public page (id plus secret code). */
export const trackedAppointments = pgTable('tracked_appointments', {
  workflowId: uuid('workflow_id')
    .primaryKey()
    .references(() => workflows.id),
  secretCodeHash: text('secret_code_hash').notNull(),
  dateOfService: calendarDate('date_of_service'),
  nextSessionWeeks: integer('next_session_weeks'),
  itemNumber: text('item_number'),
  isLetterReady: text('is_letter_ready').$type<'yes' | 'no'>(),
  testRequired: text('test_required').$type<'yes' | 'no'>(),
  notes: text('notes'),
  submittedAt: instant('submitted_at'),
  ...timestamps,
});
