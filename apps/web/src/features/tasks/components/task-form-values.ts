import type { Tasks, UpdateTasks } from '@telecare/contracts/workflow-detail';
import {
  BOOKING_STATUS_LABELS,
  BOOKING_STATUSES,
  GP_REPORT_STATUS_LABELS,
  TASK_STATUS_LABELS,
} from '@telecare/domain/booking-status';
import { formatDateAt } from '@telecare/domain/calendar';

/** The task panel's form: the four task groups, with text inputs as strings. */
export interface TaskFormValues {
  appointment_t: {
    coordinator: string | null;
    status: string | null;
    notes: string;
    urgent: boolean;
    biologics: boolean;
    interpreter: boolean;
    name_referral: boolean;
    triage: boolean;
    payment_consent: boolean;
    is_new_appointment: boolean;
    /** '' while empty (NumberInput). */
    weeks_to_appointment: number | string;
    cont_or_tbc: string | null;
  };
  pre_consult_t: {
    coordinator: string | null;
    status: string | null;
    notes: string;
    urgent: boolean;
    inspections: string[];
  };
  letter_t: { coordinator: string | null; status: string | null; notes: string; urgent: boolean };
  gp_report_t: { status: string | null; is_nurse_check: boolean };
}

export const WEEKS_TO_APPOINTMENT_MAX = 52;

export const BOOKING_STATUS_OPTIONS = BOOKING_STATUSES.map((value) => ({
  value,
  label: BOOKING_STATUS_LABELS[value],
}));

/** 'NS Not Started', 'PD Pending', 'CP Completed' (the spec's wording). */
export const TASK_STATUS_OPTIONS = Object.entries(TASK_STATUS_LABELS).map(([value, label]) => ({
  value,
  label: `${value} ${label}`,
}));

/** 'NC Not Completed', 'QR Query', 'CP Completed'. */
export const GP_REPORT_STATUS_OPTIONS = Object.entries(GP_REPORT_STATUS_LABELS).map(([value, label]) => ({
  value,
  label: `${value} ${label}`,
}));

/** CONT, TBC, 'NRR X 1 <today>', 'NRR X 2 <today>', 'TBC <today>', plus the current value. */
export function contOrTbcOptions(current: string | null, now: Date = new Date()): string[] {
  // Today as DD/MM/YYYY in the viewer's zone.
  const today = formatDateAt(now);
  const options = ['CONT', 'TBC', `NRR X 1 ${today}`, `NRR X 2 ${today}`, `TBC ${today}`];
  return current && !options.includes(current) ? [current, ...options] : options;
}

export function initialTaskFormValues(tasks: Tasks): TaskFormValues {
  const { appointment_t: booking, pre_consult_t: results, letter_t: letter, gp_report_t: gp } = tasks;
  return {
    appointment_t: {
      coordinator: booking.coordinator,
      status: booking.status,
      notes: booking.notes ?? '',
      urgent: booking.urgent,
      biologics: booking.biologics,
      interpreter: booking.interpreter,
      name_referral: booking.name_referral,
      triage: booking.triage,
      payment_consent: booking.payment_consent,
      is_new_appointment: booking.is_new_appointment,
      weeks_to_appointment: booking.weeks_to_appointment ?? '',
      cont_or_tbc: booking.cont_or_tbc,
    },
    pre_consult_t: {
      coordinator: results.coordinator,
      status: results.status,
      notes: results.notes ?? '',
      urgent: results.urgent,
      inspections: [...results.inspections],
    },
    letter_t: {
      coordinator: letter.coordinator,
      status: letter.status,
      notes: letter.notes ?? '',
      urgent: letter.urgent,
    },
    gp_report_t: { status: gp.status, is_nurse_check: gp.is_nurse_check },
  };
}

const textOrNull = (value: string) => (value.trim() === '' ? null : value);

function weeksOrNull(value: number | string): number | null {
  if (value === '') return null;
  const weeks = Number(value);
  return Number.isFinite(weeks) ? Math.trunc(weeks) : null;
}

/** The PATCH body for the form's values. */
export function toUpdateTasks(id: string, values: TaskFormValues): UpdateTasks {
  const { appointment_t: booking, pre_consult_t: results, letter_t: letter, gp_report_t: gp } = values;
  return {
    id,
    workflowName: 'WORKFLOW',
    tasks: {
      appointment_t: {
        ...booking,
        notes: textOrNull(booking.notes),
        weeks_to_appointment: weeksOrNull(booking.weeks_to_appointment),
      },
      pre_consult_t: { ...results, notes: textOrNull(results.notes) },
      letter_t: { ...letter, notes: textOrNull(letter.notes) },
      gp_report_t: { ...gp },
    },
  };
}

/** The server's field errors ('tasks.gp_report_t.status') as form paths ('gp_report_t.status'). */
export function formErrorsOf(fieldErrors: Record<string, string[]> | undefined): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [key, messages] of Object.entries(fieldErrors ?? {})) {
    const message = messages[0];
    if (message) errors[key.replace(/^tasks\./, '')] = message;
  }
  return errors;
}
