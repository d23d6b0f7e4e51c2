import { HISTORY_BOOKING_STATUSES } from '@telecare/domain/booking-status';
import { type SQL, sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { clients } from './clients.ts';
import { calendarDate, id, instant, timestamps } from './columns.ts';
import { clinics, referrers, sites, specialists } from './directory.ts';
import { referrals } from './referrals.ts';

const quoted = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');

/**
 * One client appointment request. The display columns (client name, referrer, case manager ...)
 * are copies of the linked records so the lists filter, sort and page on one indexed table
 * (workflow_list_rows, the list columns of this one); "Rebuild" recomputes them from the sources.
 */
/**
 * The GP report column's order as one never-empty key: whether a report exists, then the status
 * (CP, NC, QR, none), so one index serves the sort both ways and deep pages can start from a key.
 */
export const GP_REPORT_SORT_KEY = sql`((gp_report_document_id IS NOT NULL)::int * 4 + CASE gp_report_status WHEN 'CP' THEN 0 WHEN 'NC' THEN 1 WHEN 'QR' THEN 2 ELSE 3 END)`;

export const workflows = pgTable(
  'workflows',
  {
    id: id(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    referralId: uuid('referral_id').references(() => referrals.id),
    referrerId: uuid('referrer_id').references(() => referrers.id),
    clinicId: uuid('clinic_id').references(() => clinics.id),
    siteId: uuid('site_id').references(() => sites.id),
    specialistId: uuid('specialist_id').references(() => specialists.id),
    appointmentId: uuid('appointment_id'),
    creationTimestamp: instant('creation_timestamp').notNull().defaultNow(),
    createdBy: uuid('created_by'),
    archived: boolean('archived').notNull().default(false),
    deletedAt: instant('deleted_at'),
    deletedBy: uuid('deleted_by'),
    finNo: text('fin_no'),
    status: text('status'),
    alerts: jsonb('alerts').$type<string[]>().notNull().default([]),
    emailNotifications: jsonb('email_notifications')
      .$type<{ patient?: boolean; referrer?: boolean; practitioner?: boolean }>()
      .notNull()
      .default({}),
    patientSnapformSubmitted: boolean('patient_snapform_submitted'),

    // Copies of the linked records, kept for the lists.
    urn: text('urn'),
    category: text('category'),
    clientFirstName: text('client_first_name').notNull(),
    clientLastName: text('client_last_name').notNull(),
    clientFullName: text('client_full_name')
      .notNull()
      .generatedAlwaysAs((): SQL => sql`${workflows.clientFirstName} || ' ' || ${workflows.clientLastName}`),
    clientDateOfBirth: calendarDate('client_date_of_birth'),
    referrerName: text('referrer_name'),
    referralEndDate: calendarDate('referral_end_date'),
    caseManagerName: text('case_manager_name'),
    specialityName: text('speciality_name'),
    siteName: text('site_name'),
    appointmentStart: instant('appointment_start'),
    appointmentTimezone: text('appointment_timezone'),
    lastActivityName: text('last_activity_name'),

    // appointment_t: the Bookings column.
    bookingStatus: text('booking_status'),
    bookingCoordinatorId: uuid('booking_coordinator_id'),
    bookingNotes: text('booking_notes'),
    bookingUrgent: boolean('booking_urgent').notNull().default(false),
    biologics: boolean('biologics').notNull().default(false),
    interpreter: boolean('interpreter').notNull().default(false),
    nameReferral: boolean('name_referral').notNull().default(false),
    weeksToAppointment: integer('weeks_to_appointment'),
    isNewAppointment: boolean('is_new_appointment').notNull().default(true),
    triage: boolean('triage').notNull().default(false),
    contOrTbc: text('cont_or_tbc'),
    paymentConsent: boolean('payment_consent').notNull().default(false),
    bookingStatusUpdatedAt: instant('booking_status_updated_at'),

    // pre_consult_t: the Results column.
    resultsStatus: text('results_status'),
    resultsCoordinatorId: uuid('results_coordinator_id'),
    resultsNotes: text('results_notes'),
    resultsUrgent: boolean('results_urgent').notNull().default(false),
    resultsInspections: jsonb('results_inspections').$type<string[]>().notNull().default([]),

    // letter_t: the Admin Check columns.
    adminCheckStatus: text('admin_check_status'),
    adminCheckCoordinatorId: uuid('admin_check_coordinator_id'),
    adminCheckNotes: text('admin_check_notes'),
    adminCheckUrgent: boolean('admin_check_urgent').notNull().default(false),

    // gp_report_t and the linked GP report file.
    // NC (Not Completed) until a GP report arrives and is reviewed (docs/domain.md).
    gpReportStatus: text('gp_report_status').default('NC'),
    gpReportIsNurseCheck: boolean('gp_report_is_nurse_check').notNull().default(false),
    gpReportDocumentId: uuid('gp_report_document_id'),

    // Patient replies, kept for the named filters.
    smsReply: text('sms_reply').$type<'yes' | 'no' | 'noResponse' | 'pending'>(),
    ivrStatus: text('ivr_status'),
    ivrReply: text('ivr_reply'),

    listName: text('list_name')
      .$type<'active' | 'archived' | 'history' | 'deleted'>()
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql.raw(
            `CASE WHEN deleted_at IS NOT NULL THEN 'deleted' WHEN archived THEN 'archived' WHEN booking_status IN (${quoted(HISTORY_BOOKING_STATUSES)}) THEN 'history' ELSE 'active' END`,
          ),
      ),
    ...timestamps,
  },
  (t) => [
    // The lists' indexes are on workflow_list_rows (decision 0057).
    index('workflows_client_identity_idx').on(t.clientFirstName, t.clientLastName, t.clientDateOfBirth),
    index('workflows_client_id_idx').on(t.clientId),
  ],
);

/** The patient events of the Activity tab (postpone, cancel, confirm ...). */
/** Rows per list, kept by a trigger (migration 0002) so the unfiltered lists count in O(1). */
export const workflowListCounts = pgTable('workflow_list_counts', {
  listName: text('list_name').primaryKey(),
  total: bigint('total', { mode: 'number' }).notNull().default(0),
  /** Raised whenever a row enters or leaves the list or moves in its default order (deep pages). */
  orderVersion: bigint('order_version', { mode: 'number' }).notNull().default(0),
});

export const workflowActivities = pgTable(
  'workflow_activities',
  {
    id: id(),
    workflowId: uuid('workflow_id')
      .notNull()
      .references(() => workflows.id),
    name: text('name').notNull(),
    postponeWeeks: integer('postpone_weeks'),
    reason: text('reason'),
    createdBy: uuid('created_by'),
    ...timestamps,
  },
  (t) => [index('workflow_activities_workflow_idx').on(t.workflowId, t.createdAt)],
);

export const todos = pgTable(
  'todos',
  {
    id: id(),
    workflowId: uuid('workflow_id').references(() => workflows.id),
    clientFullName: text('client_full_name'),
    createdBy: uuid('created_by').notNull(),
    assignedTo: uuid('assigned_to').notNull(),
    urgency: integer('urgency').notNull(),
    status: text('status').$type<'completed' | 'uncompleted'>().notNull().default('uncompleted'),
    dueDate: calendarDate('due_date').notNull(),
    description: text('description').notNull(),
    deletedAt: instant('deleted_at'),
    ...timestamps,
  },
  (t) => [
    index('todos_assignee_idx').on(t.assignedTo, t.dueDate),
    index('todos_workflow_idx').on(t.workflowId),
    // My Todo List: an assignee's open todos in the list's order, counted and paged from the index alone.
    index('todos_open_by_assignee_idx')
      .on(t.assignedTo, t.dueDate, t.createdAt, t.id)
      .where(sql`status = 'uncompleted' AND deleted_at IS NULL`),
  ],
);
