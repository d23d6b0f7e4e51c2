import {
  APPOINTMENT_DURATIONS,
  type AppointmentRequestRow,
  type ApproveAppointmentRequest,
  ApproveAppointmentRequestSchema,
  BOOKING_MESSAGES,
} from '@telecare/contracts/appointment-requests';
import { AUSTRALIAN_TIMEZONES } from '@telecare/contracts/users';
import { wallTimeOf, zonedIso } from '../utils/zoned-time';

const B = BOOKING_MESSAGES;

/** The spec's default zone (specialists and presence) when a request has none. */
export const DEFAULT_TIMEZONE = 'Australia/Melbourne';

export type AppointmentTypeChoice = 'atHome' | 'atGpClinic';

/** The request-mode booking form (the spec's add_appointment for APT_REQUESTS), kept minimal. */
export interface ApproveFormValues {
  specialistId: string | null;
  /** YYYY-MM-DD in the request's zone. */
  date: string;
  /** HH:mm in the request's zone. */
  startTime: string | null;
  /** Minutes, as the select's string value. */
  duration: string | null;
  appointmentType: AppointmentTypeChoice | '';
  consultationType: 'NEW' | 'REVIEW';
  smsTemplateSetId: string;
}

export type ApproveFormErrors = Partial<Record<keyof ApproveFormValues | 'form', string>>;

export const APPOINTMENT_TYPE_OPTIONS: { value: AppointmentTypeChoice; label: string }[] = [
  { value: 'atHome', label: 'Own Device' },
  { value: 'atGpClinic', label: 'Hospital' },
];

export const CONSULTATION_TYPE_OPTIONS = [
  { value: 'NEW', label: 'NEW' },
  { value: 'REVIEW', label: 'Review' },
];

export const DURATION_OPTIONS = APPOINTMENT_DURATIONS.map((minutes) => ({
  value: String(minutes),
  label: `${minutes} minutes`,
}));

const pad = (n: number) => String(n).padStart(2, '0');

/** Start times 07:00 to 22:30 in 5-minute steps (187 entries, spec section 9). */
export const START_TIMES: readonly string[] = Array.from({ length: 187 }, (_, i) => {
  const minutes = 7 * 60 + i * 5;
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
});

/** The request's zone when it is one the API accepts; the default zone otherwise. */
export function timezoneOf(row: AppointmentRequestRow): (typeof AUSTRALIAN_TIMEZONES)[number] {
  const zone = row.appointment.timezone;
  return (AUSTRALIAN_TIMEZONES as readonly string[]).includes(zone ?? '')
    ? (zone as (typeof AUSTRALIAN_TIMEZONES)[number])
    : DEFAULT_TIMEZONE;
}

/** Pre-filled from the request: its specialist and its requested start, in its zone. */
export function initialApproveFormValues(row: AppointmentRequestRow): ApproveFormValues {
  const start = row.appointment.startDateTime
    ? wallTimeOf(row.appointment.startDateTime, timezoneOf(row))
    : undefined;
  return {
    specialistId: row.specialistId,
    date: start?.date ?? '',
    startTime: start?.time ?? null,
    duration: null,
    appointmentType: '',
    consultationType: 'NEW',
    smsTemplateSetId: '',
  };
}

/** The start-time choices, with a requested time off the 5-minute grid kept. */
export function startTimeOptions(current: string | null): string[] {
  return current && !START_TIMES.includes(current) ? [current, ...START_TIMES].sort() : [...START_TIMES];
}

export type ApproveFormResult =
  | { ok: true; request: ApproveAppointmentRequest }
  | { ok: false; errors: ApproveFormErrors };

/** Where the API's field paths show on the form. */
const FIELD_OF: Record<string, keyof ApproveFormValues> = {
  selectedSMSTemplateSetId: 'smsTemplateSetId',
  'appointment.specialistId': 'specialistId',
  'appointment.startDateTime': 'date',
  'appointment.durationMinutes': 'duration',
  'appointment.appointmentType': 'appointmentType',
  'appointment.consultationType': 'consultationType',
};

/** API field errors (or schema issues) as form errors; the others go to the form's message. */
export function formErrorsOf(fieldErrors: Record<string, readonly string[]> | undefined): ApproveFormErrors {
  const errors: ApproveFormErrors = {};
  for (const [path, messages] of Object.entries(fieldErrors ?? {})) {
    const message = messages[0];
    if (!message) continue;
    errors[FIELD_OF[path] ?? 'form'] ??= message;
  }
  return errors;
}

/**
 * Checks the form with the API's schema and messages (SMS template set first, then the time, the
 * practitioner and the appointment type, as the spec orders them).
 */
export function validateApproveForm(
  row: AppointmentRequestRow,
  values: ApproveFormValues,
  now: Date = new Date(),
): ApproveFormResult {
  const timezone = timezoneOf(row);
  const start = values.startTime
    ? zonedIso({ date: values.date.trim(), time: values.startTime }, timezone)
    : undefined;
  const request = {
    id: row.id,
    appointment: {
      specialistId: values.specialistId ?? '',
      startDateTime: start ?? '',
      durationMinutes: values.duration ? Number(values.duration) : undefined,
      timezone,
      appointmentType: values.appointmentType || undefined,
      consultationType: values.consultationType,
    },
    selectedSMSTemplateSetId: values.smsTemplateSetId.trim(),
  };
  const parsed = ApproveAppointmentRequestSchema.safeParse(request);
  const issues: Record<string, string[]> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.map(String).join('.');
      issues[path] = [...(issues[path] ?? []), issue.message];
    }
  }
  const errors = formErrorsOf(issues);
  if (!values.duration) errors.duration = B.durationEmpty;
  if (start && Date.parse(start) < now.getTime()) errors.date = B.inThePast;
  if (parsed.success && Object.keys(errors).length === 0) return { ok: true, request: parsed.data };
  return { ok: false, errors };
}
