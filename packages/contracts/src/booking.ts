import { z } from 'zod';
import { AUSTRALIAN_TIMEZONES } from './users.ts';

/** Durations offered: 5 to 60 minutes in steps of 5, then 90 and 120 (spec section 9). */
export const APPOINTMENT_DURATIONS = [...Array.from({ length: 12 }, (_, i) => (i + 1) * 5), 90, 120] as const;
export const APPOINTMENT_TYPES = ['atHome', 'atGpClinic', 'ageCare', 'f2f'] as const;
/** The booking form's two appointment types: Own Device (atHome) and Hospital (atGpClinic). */
export const BOOKING_FORM_APPOINTMENT_TYPES = ['atHome', 'atGpClinic'] as const;
export const DIAL_IN_METHODS = ['coreplus', 'zoom', 'skype', 'phone'] as const;
/** The site an Own Device (atHome) appointment is booked at. */
export const OWN_DEVICE_SITE_NAME = 'Own Device';
/** SW §5: the Location 'RT' is offered (and accepted) only when an RT note is filled in. */
export const RT_SITE_NAME = 'RT';

/** The spec's booking messages (section 8), plus a few of ours for malformed input. */
export const BOOKING_MESSAGES = {
  referralExpired: 'The referral is expired.',
  timeNotAvailable: 'The time is not available.',
  durationEmpty: 'The duration can not be empty.',
  noTimeslots: 'There is no available timeslots.',
  inThePast: 'The appointment can not happen in the past.',
  smsTemplateEmpty: 'The sms template can not be empty.',
  smsTemplateSetNotFound: 'The selected SMS template set does not exist.',
  practitioner: 'Please select a valid practitioner.',
  appointmentType: 'Please select a valid appointment type.',
  site: 'Please select a site first.',
  duration: 'Please choose a duration from the list.',
  startDateTime: 'Please choose a date and start time.',
  endDateTime: 'The end time must be the start time plus the duration.',
  timezone: 'Please choose a timezone from the list.',
  consultationType: 'Please choose NEW or REVIEW.',
  alreadyApproved: 'This appointment request has already been approved.',
  requestAlreadyBooked:
    "This request's workflow already has a booked appointment; reschedule or cancel it in the workflow instead.",
  alreadyBooked: 'This workflow already has an appointment; reschedule or cancel it.',
  noSuchAppointment: 'This appointment does not exist.',
  noSuchWorkflow: 'This workflow does not exist.',
  notCancelled: 'This appointment is not cancelled; cancel it first.',
  noRecipientChosen: 'Choose the referrer, the practitioner or both.',
  noRecipientAddress: 'There is no e-mail address for the chosen recipients.',
} as const;
const B = BOOKING_MESSAGES;

const optionalText = z.string().trim().max(200).nullable().optional();

/** GET /api/admin/coreplus/availability-slot?specialistId=&month=YYYYMM[&duration=] */
export const AvailabilitySlotQuerySchema = z.object({
  specialistId: z.uuid(B.practitioner),
  month: z.string().regex(/^\d{4}(0[1-9]|1[0-2])$/, 'The month must be YYYYMM.'),
  /** When given, only dates with a free slot at least this long. */
  duration: z.coerce.number().int().min(5).max(120).optional(),
});
export type AvailabilitySlotQuery = z.input<typeof AvailabilitySlotQuerySchema>;

export const FreeSlotSchema = z.object({
  /** 'HH:mm' in the day's timezone. */
  start: z.string(),
  end: z.string(),
  /** Room 1 to 4 (colours blue, green, pink, purple). */
  room: z.number().int(),
});
export const AvailableDateSchema = z.object({
  /** YYYY-MM-DD. */
  date: z.string(),
  timezone: z.string(),
  slots: z.array(FreeSlotSchema),
});
export const AvailabilitySlotResponseSchema = z.object({
  specialistId: z.string(),
  month: z.string(),
  /** Today and later only, each with free time left after the booked appointments. */
  dates: z.array(AvailableDateSchema),
});
export type AvailabilitySlotResponse = z.infer<typeof AvailabilitySlotResponseSchema>;

/**
 * POST /api/admin/coreplus/appointment. The fields checked by the spec's ordered booking checks are
 * loose here on purpose: the server answers them one at a time, in order, with the spec's message.
 */
export const CreateBookingRequestSchema = z.object({
  /** The workflow. */
  id: z.uuid(),
  appointment: z.object({
    specialistId: z.string().nullable().optional(),
    /** YYYY-MM-DD, in `timezone`. */
    date: z.iso.date(B.startDateTime),
    /** HH:mm, in `timezone`. */
    startTime: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, B.startDateTime),
    durationMinutes: z.number().int().positive().nullable().optional(),
    timezone: z.enum(AUSTRALIAN_TIMEZONES, B.timezone),
    /** 'atHome' (Own Device) or 'atGpClinic' (Hospital). */
    appointmentType: z.string().nullable().optional(),
    /** The hospital for atGpClinic; atHome uses the site named 'Own Device'. */
    siteId: z.string().nullable().optional(),
    dialInMethod: z.enum(DIAL_IN_METHODS).nullable().optional(),
    consultationType: z.enum(['NEW', 'REVIEW'], B.consultationType),
    /** CONT, TBC, 'NRR X 1', 'NRR X 2', or 'TBC <date>'. */
    contOrTbc: optionalText,
    notes: z.string().trim().max(2000).nullable().optional(),
    /** Hospital appointments: the RT note; site RT needs it (kept in the appointment notes). */
    rtNote: z.string().trim().max(500).nullable().optional(),
  }),
  selectedSMSTemplateSetId: z.string().nullable().optional(),
});
export type CreateBookingRequest = z.input<typeof CreateBookingRequestSchema>;

export const BookedAppointmentSchema = z.object({
  id: z.string(),
  specialistId: z.string(),
  /** ISO instants. */
  startDateTime: z.string(),
  endDateTime: z.string(),
  durationMinutes: z.number().int(),
  timezone: z.string(),
  siteId: z.string().nullable(),
  siteName: z.string().nullable(),
});
export const BookingResponseSchema = z.object({
  workflowId: z.string(),
  appointment: BookedAppointmentSchema,
});
export type BookingResponse = z.infer<typeof BookingResponseSchema>;

/** PATCH /api/admin/coreplus/appointment. */
export const RescheduleBookingRequestSchema = z.object({
  id: z.uuid(),
  appointmentId: z.uuid(B.noSuchAppointment),
  /** ISO instants with Z or an offset; end must be start + duration. */
  startDateTime: z.iso.datetime({ offset: true, error: B.startDateTime }),
  endDateTime: z.iso.datetime({ offset: true, error: B.startDateTime }).nullable().optional(),
  /** Minutes. */
  duration: z.number().int().positive().nullable().optional(),
  /** Why (kept on the postpone activity when the appointment moves to a later day). */
  reason: optionalText,
  /** Staff's part of the notes (the auto part after the marker is kept); unchanged when absent. */
  notes: z.string().trim().max(2000).nullable().optional(),
});
export type RescheduleBookingRequest = z.input<typeof RescheduleBookingRequestSchema>;

/** DELETE /api/admin/coreplus/appointment (JSON body). */
export const CancelBookingRequestSchema = z.object({
  id: z.uuid(),
  appointmentId: z.uuid(B.noSuchAppointment),
  /** Queue a cancellation e-mail to the referrer and the practitioner (when their addresses are known). */
  sendCancellationEmail: z.boolean().optional(),
  /** Why (kept on the cancel activity). */
  reason: optionalText,
});
export type CancelBookingRequest = z.input<typeof CancelBookingRequestSchema>;

export const CancelBookingResponseSchema = z.object({
  workflowId: z.string(),
  appointmentId: z.string(),
  cancelledAt: z.string(),
  /** How many cancellation e-mails were queued (0 when not asked or no address is known). */
  emailsQueued: z.number().int(),
});
export type CancelBookingResponse = z.infer<typeof CancelBookingResponseSchema>;

/**
 * POST /api/admin/email/delete-appointment: the cancellation e-mail for a cancelled appointment.
 * The spec's client also sends `content` (specialist name, patient name, appointment time) and
 * the addresses; the server ignores them and builds the e-mail from its own records.
 */
export const CancellationEmailRequestSchema = z.object({
  /** The workflow. */
  id: z.uuid(),
  appointmentId: z.uuid(B.noSuchAppointment),
  /** Who gets the e-mail: the workflow's referrer, the appointment's practitioner, or both. */
  to: z
    .object({ referrer: z.boolean(), practitioner: z.boolean() })
    .refine((to) => to.referrer || to.practitioner, B.noRecipientChosen),
});
export type CancellationEmailRequest = z.input<typeof CancellationEmailRequestSchema>;

export const CancellationEmailResponseSchema = z.object({
  workflowId: z.string(),
  appointmentId: z.string(),
  /** E-mails queued (one per distinct address); they are sent shortly after. */
  emailsQueued: z.number().int(),
});
export type CancellationEmailResponse = z.infer<typeof CancellationEmailResponseSchema>;
