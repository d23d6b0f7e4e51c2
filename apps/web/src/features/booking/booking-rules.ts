import { APPOINTMENT_DURATIONS, BOOKING_MESSAGES, DIAL_IN_METHODS } from '@telecare/contracts/booking';
import { DIAL_IN_METHOD_LABELS } from '@telecare/domain/booking-options';
import { ageOn, referralEndState } from '@telecare/domain/workflow-rules';
import { formatDate, formatDateTime } from '../../lib/format';
import type { AppointmentType, AvailabilityDay } from './api/booking';

/** The booking form's constants and its checks (the spec's Booking Create checks, in order). */

/**
 * 'new': Add Appointment; 'reschedule': moves the workflow's appointment; 'request': books an
 * appointment request (the spec's APT_REQUESTS mode, Approve).
 */
export type BookingMode = 'new' | 'reschedule' | 'request';

const pad = (n: number) => String(n).padStart(2, '0');

/** 07:00 to 22:30 in 5-minute steps (187 entries). */
export const START_TIMES: readonly string[] = Array.from({ length: 187 }, (_, i) => {
  const minutes = 7 * 60 + i * 5;
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
});

/** 5 to 60 minutes in steps of 5, then 90 and 120. */
export const DURATIONS: readonly number[] = APPOINTMENT_DURATIONS;

/** The stored dial-in values with what staff read. */
export const DIAL_IN_METHOD_OPTIONS = DIAL_IN_METHODS.map((value) => ({
  value,
  label: DIAL_IN_METHOD_LABELS[value],
}));

export const APPOINTMENT_TYPE_LABELS: Record<AppointmentType, string> = {
  atHome: 'Own Device',
  atGpClinic: 'Hospital',
};

/** Rooms 1 to 4: blue, green, pink, purple (Mantine colour names). */
const ROOM_COLOURS: Record<string, string> = { '1': 'blue', '2': 'green', '3': 'pink', '4': 'grape' };

export function roomColour(room: number | string | null | undefined): string {
  return (room !== null && room !== undefined && ROOM_COLOURS[String(room)]) || 'gray';
}

/** 'HH:mm' as minutes after midnight. */
export function minutesOf(time: string): number {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

/** An instant as its day ('YYYY-MM-DD') and time ('HH:mm') in `timeZone`; null when unreadable. */
export function wallClockOf(instant: string, timeZone: string | undefined) {
  const match = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}:\d{2})$/.exec(formatDateTime(instant, timeZone));
  return match ? { date: `${match[3]}-${match[2]}-${match[1]}`, time: match[4] ?? '' } : null;
}

/** Today as 'YYYY-MM-DD' in the viewer's zone. */
export function localToday(now: Date = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The wall-clock time in `timeZone` at `instant`, read as if it were UTC, minus the instant (ms). */
function zoneOffset(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  const format = new Intl.DateTimeFormat('en-AU', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    hourCycle: 'h23',
  });
  for (const part of format.formatToParts(new Date(instant))) parts[part.type] = Number(part.value);
  const wall = Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return wall - Math.floor(instant / 1000) * 1000;
}

/** A 'YYYY-MM-DD' day and 'HH:mm' time in an IANA zone as an instant. */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const [h, mi] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  const first = wall - zoneOffset(wall, timeZone);
  return new Date(wall - zoneOffset(first, timeZone));
}

export interface BookingCheckInput {
  mode: BookingMode;
  smsTemplateSetId: string | null;
  referralEndDate: string | null;
  specialistId: string | null;
  /** The free days of the shown month (undefined while not loaded). */
  days: readonly AvailabilityDay[] | undefined;
  date: string | null;
  startTime: string | null;
  durationMinutes: number | null;
  appointmentType: AppointmentType | null;
  siteId: string | null;
  now?: Date;
}

/** The first failing check's message in the spec's order, or null when the booking may be sent. */
export function firstBookingError(input: BookingCheckInput): string | null {
  const now = input.now ?? new Date();
  if (input.mode !== 'reschedule' && !input.smsTemplateSetId?.trim())
    return BOOKING_MESSAGES.smsTemplateEmpty;

  // Time checks.
  if (referralEndState(input.referralEndDate, localToday(now)) === 'expired') {
    return BOOKING_MESSAGES.referralExpired;
  }
  const day = input.date ? input.days?.find((d) => d.date === input.date) : undefined;
  if (!day || !input.startTime) return BOOKING_MESSAGES.timeNotAvailable;
  const start = minutesOf(input.startTime);
  if (input.durationMinutes !== null) {
    const end = start + input.durationMinutes;
    const fits = day.slots.some((slot) => minutesOf(slot.start) <= start && end <= minutesOf(slot.end));
    if (!fits) return BOOKING_MESSAGES.timeNotAvailable;
  }
  if (input.durationMinutes === null) return BOOKING_MESSAGES.durationEmpty;
  if (day.slots.length === 0) return BOOKING_MESSAGES.noTimeslots;
  if (zonedInstant(day.date, input.startTime, day.timezone).getTime() < now.getTime()) {
    return BOOKING_MESSAGES.inThePast;
  }

  if (!input.specialistId) return BOOKING_MESSAGES.practitioner;
  if (input.mode !== 'reschedule') {
    if (!input.appointmentType) return BOOKING_MESSAGES.appointmentType;
    if (input.appointmentType === 'atGpClinic' && !input.siteId) return BOOKING_MESSAGES.site;
  }
  return null;
}

/** The yellow warnings: referral expiring within 3 months or expired, patient under 17. */
export function bookingWarnings(
  referralEndDate: string | null,
  dateOfBirth: string | null,
  now: Date = new Date(),
): string[] {
  const today = localToday(now);
  const warnings: string[] = [];
  const state = referralEndState(referralEndDate, today);
  if (state === 'expiring') {
    warnings.push(`The referral expires in less than 3 months (${formatDate(referralEndDate)}).`);
  }
  if (state === 'expired') warnings.push(`The referral expired on ${formatDate(referralEndDate)}.`);
  if (dateOfBirth && /^\d{4}-\d{2}-\d{2}$/.test(dateOfBirth) && ageOn(dateOfBirth, today) < 17) {
    warnings.push('The patient is under 17 years old.');
  }
  return warnings;
}
