import {
  addDays,
  dayAt,
  formatDateAt,
  formatDay,
  formatTimeAt,
  instantAt,
  wallClockAt,
  zoneAbbreviation,
} from './calendar.ts';
import type { SmsStep } from './workflow-rules.ts';

/**
 * The automatic SMS sequence after a booking (docs/decisions/0032-sms-sequence-timing.md, V-1):
 * which template order each step uses and when it goes out.
 */
export const STEP_TEMPLATE_ORDER: Record<SmsStep, 1 | 2 | 3> = {
  initial: 1,
  initialSecond: 1,
  initialThird: 1,
  second: 2,
  third: 2,
  fourth: 3,
};

const HOUR_MS = 3_600_000;
/** Nothing is sent from 20:00 to 08:00 in the patient's zone; a step due then moves to 08:00. */
export const QUIET_HOURS = { from: '20:00', until: '08:00' } as const;
/** Wall-clock times (HH:mm) between which nothing is sent; null = no quiet hours (configuration). */
export type QuietHours = { from: string; until: string } | null;
/** The zone when the patient's postcode names none. */
export const DEFAULT_PATIENT_ZONE = 'Australia/Melbourne';
/** A reply is matched to the most recent sequence SMS to the number within this many days (V-4). */
export const REPLY_MATCH_DAYS = 14;
/** Steps that only go out while the patient has not replied. */
export const UNANSWERED_ONLY_STEPS: readonly SmsStep[] = ['initialSecond', 'initialThird'];

/** The instant moved out of quiet hours: 20:00-24:00 to the next day's 08:00, 00:00-08:00 to 08:00. */
export function outOfQuietHours(at: Date, zone: string, quiet: QuietHours = QUIET_HOURS): Date {
  if (!quiet) return at;
  const { day, time } = wallClockAt(at, zone);
  if (time >= quiet.until && time < quiet.from) return at;
  const morning = time >= quiet.from ? addDays(day, 1) : day;
  return instantAt(morning, quiet.until, zone);
}

export type PlannedStep = { step: SmsStep; sendAt: Date };

/**
 * The steps still to come for an appointment at `start` booked at `now`, each out of quiet hours
 * in the patient's zone. Steps whose time has passed at booking are skipped (the initial SMS is
 * due at once), as are steps that would go out after the appointment has started.
 */
export function planSmsSequence(input: {
  now: Date;
  start: Date;
  patientZone: string;
  quietHours?: QuietHours;
}): PlannedStep[] {
  const { now, start, patientZone, quietHours = QUIET_HOURS } = input;
  const dayBefore = addDays(dayAt(start, patientZone), -1);
  const wanted: PlannedStep[] = [
    { step: 'initial', sendAt: now },
    { step: 'initialSecond', sendAt: new Date(now.getTime() + 24 * HOUR_MS) },
    { step: 'initialThird', sendAt: new Date(now.getTime() + 48 * HOUR_MS) },
    { step: 'second', sendAt: new Date(start.getTime() - 7 * 24 * HOUR_MS) },
    { step: 'third', sendAt: new Date(start.getTime() - 2 * 24 * HOUR_MS) },
    { step: 'fourth', sendAt: instantAt(dayBefore, '09:00', patientZone) },
  ];
  const planned: PlannedStep[] = [];
  for (const { step, sendAt } of wanted) {
    if (step !== 'initial' && sendAt.getTime() < now.getTime()) continue;
    const moved = outOfQuietHours(sendAt, patientZone, quietHours);
    if (moved.getTime() >= start.getTime()) continue;
    planned.push({ step, sendAt: moved });
  }
  return planned;
}

/** Weekday formatters by zone: making one costs far more than using it (planning renders six texts). */
const weekdayFormats = new Map<string, Intl.DateTimeFormat>();

/** "Mon 12/05/2026 09:30 AEST": the appointment's time in its zone, naming the zone. */
export function formatAppointmentTime(start: Date, zone: string): string {
  let format = weekdayFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-AU', { weekday: 'short', timeZone: zone });
    weekdayFormats.set(zone, format);
  }
  const weekday = format.format(start);
  return `${weekday} ${formatDateAt(start, zone)} ${formatTimeAt(start, zone)} ${zoneAbbreviation(start, zone)}`;
}

export type SmsTemplateValues = {
  patientName: string;
  specialistName: string;
  start: Date;
  zone: string;
  siteName: string;
  videoLink: string;
  calendarLink?: string;
};

/** Fills a template's placeholders from our records; an unknown placeholder is left as written. */
export function renderSmsTemplate(content: string, values: SmsTemplateValues): string {
  const filled: Record<string, string> = {
    patientName: values.patientName,
    specialistName: values.specialistName,
    appointmentTime: formatAppointmentTime(values.start, values.zone),
    appointmentDate: formatDay(dayAt(values.start, values.zone)),
    siteName: values.siteName,
    videoLink: values.videoLink,
    calendarLink: values.calendarLink ?? '',
  };
  return content.replace(/\{(\w+)\}/g, (whole, key: string) => filled[key] ?? whole);
}
