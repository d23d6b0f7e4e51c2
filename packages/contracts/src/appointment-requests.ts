import { z } from 'zod';
import { APPOINTMENT_DURATIONS, APPOINTMENT_TYPES, BOOKING_MESSAGES, DIAL_IN_METHODS } from './booking.ts';
import { listPageSchema, listQuerySchema } from './lists.ts';
import { AUSTRALIAN_TIMEZONES } from './users.ts';

/** The appointment-requests table's 12 columns, in display order; each sorts and filters. */
export const APPOINTMENT_REQUEST_COLUMNS = [
  'client',
  'dateOfBirth',
  'creationTime',
  'referrer',
  'caseManager',
  'speciality',
  'clinic',
  'appointmentDate',
  'bookings',
  'results',
  'notes',
  'bookingStatus',
] as const;
export type AppointmentRequestColumn = (typeof APPOINTMENT_REQUEST_COLUMNS)[number];

/** POST /api/admin/appointment-requests/list. No sort = status order, then newest first. */
export const AppointmentRequestListRequestSchema = listQuerySchema(APPOINTMENT_REQUEST_COLUMNS);
export type AppointmentRequestListRequest = z.input<typeof AppointmentRequestListRequestSchema>;

export const AppointmentRequestRowSchema = z.object({
  id: z.string(),
  workflowId: z.string().nullable(),
  clientId: z.string(),
  client: z.object({ firstName: z.string(), lastName: z.string(), dateOfBirth: z.string().nullable() }),
  /** When the request was made (ISO instant). */
  creationTime: z.string(),
  referrer: z.string().nullable(),
  caseManager: z.string().nullable(),
  speciality: z.string().nullable(),
  clinic: z.string().nullable(),
  /** The requested appointment start (APT Date) and its zone. */
  appointment: z.object({ startDateTime: z.string().nullable(), timezone: z.string().nullable() }),
  /** The requested specialist, to pre-fill the booking form. */
  specialistId: z.string().nullable(),
  /** The workflow's task statuses: Bookings, Results; Notes is the workflow's admin-check notes. */
  bookings: z.string().nullable(),
  results: z.string().nullable(),
  notes: z.string().nullable(),
  /** The request's own booking status (first, second, other, fourth, pending). */
  bookingStatus: z.string(),
  /** Set once approved; only a pending request is still listed then. */
  approvedAt: z.string().nullable(),
  /** The workflow's booked appointment, when it has one: such a request can not be approved. */
  bookedAppointment: z
    .object({ startDateTime: z.string().nullable(), timezone: z.string().nullable() })
    .nullable(),
  /** From the workflow, to pre-fill the booking form: its site, referral end date, NEW or review. */
  siteId: z.string().nullable(),
  referralEndDate: z.string().nullable(),
  isNewAppointment: z.boolean().nullable(),
});
export type AppointmentRequestRow = z.infer<typeof AppointmentRequestRowSchema>;

export const AppointmentRequestListResponseSchema = listPageSchema(AppointmentRequestRowSchema);
export type AppointmentRequestListResponse = z.infer<typeof AppointmentRequestListResponseSchema>;

// The booking constants live with the booking calls; re-exported for the approval form.
export { APPOINTMENT_DURATIONS, APPOINTMENT_TYPES, BOOKING_MESSAGES, DIAL_IN_METHODS } from './booking.ts';

const B = BOOKING_MESSAGES;

export const ApproveAppointmentRequestSchema = z.object({
  /** The appointment request. */
  id: z.uuid(),
  appointment: z.object({
    specialistId: z.uuid(B.practitioner),
    /** An ISO instant with Z or an offset, e.g. 2026-03-02T09:30:00+11:00. */
    startDateTime: z.iso.datetime({ offset: true, error: B.startDateTime }),
    durationMinutes: z
      .number({ error: B.durationEmpty })
      .int(B.duration)
      .refine((n) => (APPOINTMENT_DURATIONS as readonly number[]).includes(n), B.duration),
    timezone: z.enum(AUSTRALIAN_TIMEZONES, B.timezone),
    appointmentType: z.enum(APPOINTMENT_TYPES, B.appointmentType),
    consultationType: z.enum(['NEW', 'REVIEW'], B.consultationType),
    /** The site: 'Own Device' for atHome; for the others the chosen one, else the workflow's. */
    siteId: z.uuid(B.site).nullable().optional(),
    dialInMethod: z.enum(DIAL_IN_METHODS).nullable().optional(),
    /** CONT, TBC, 'NRR X 1', 'NRR X 2', or 'TBC <date>'. */
    contOrTbc: z.string().trim().max(200).nullable().optional(),
    notes: z.string().trim().max(2000).nullable().optional(),
  }),
  /** Loose here: the server answers an empty one and an unknown one with their own messages. */
  selectedSMSTemplateSetId: z.string().nullable().optional(),
});
export type ApproveAppointmentRequest = z.input<typeof ApproveAppointmentRequestSchema>;

export const ApproveAppointmentResponseSchema = z.object({
  requestId: z.string(),
  workflowId: z.string(),
  appointment: z.object({
    id: z.string(),
    specialistId: z.string(),
    startDateTime: z.string(),
    endDateTime: z.string(),
    durationMinutes: z.number().int(),
    timezone: z.string(),
  }),
  /** Whether the request is still in the list (its booking status is the pending value). */
  stillListed: z.boolean(),
});
export type ApproveAppointmentResponse = z.infer<typeof ApproveAppointmentResponseSchema>;
