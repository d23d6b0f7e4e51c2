import type { BookingStatus } from './booking-status.ts';
import { addDays, addMonths, isDay, stepMonth } from './calendar.ts';

const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;

/** The sentinel end date of an indefinitely valid referral. */
export const INDEFINITE_END_DATE = '1900-01-01';
/** What the lists show instead of the sentinel end date. */
export const INDEFINITELY_VALID = 'Indefinitely Valid';

export { WORKFLOW_LIST_LABELS } from './workflow-lists.ts';

/** N for a new appointment, R for a review. */
export function newOrReview(isNewAppointment: boolean): 'N' | 'R' {
  return isNewAppointment ? 'N' : 'R';
}

/** Continuation text 'NRR X 1 ...' shows as NRR1, 'NRR X 2 ...' as NRR2; other text as it is. */
export function continuationLabel(contOrTbc: string | null): string | null {
  if (!contOrTbc) return null;
  const match = /^NRR X ([12])/.exec(contOrTbc);
  return match ? `NRR${match[1]}` : contOrTbc;
}

export type ReferralEndState = 'indefinite' | 'expired' | 'expiring' | 'valid' | 'none';

/** How the referral end date shows: 'Indefinitely Valid', red when past, orange within 3 months. */
export function referralEndState(endDate: string | null, today: string): ReferralEndState {
  if (!endDate) return 'none';
  if (endDate === INDEFINITE_END_DATE) return 'indefinite';
  if (endDate <= today) return 'expired';
  if (endDate < addMonths(today, 3)) return 'expiring';
  return 'valid';
}

/** Whole years between a YYYY-MM-DD birth date and a YYYY-MM-DD day. */
export function ageOn(dateOfBirth: string, today: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/** Whole weeks from now to a date, never below 0 (the spec's weeks-to-appointment from a date). */
export function weeksUntil(date: Date, now: Date): number {
  return Math.max(0, Math.floor((date.getTime() - now.getTime()) / WEEK_MS));
}

/** When the appointment is due: weeks_to_appointment (the target) counted from the creation time. */
export function appointmentDueAt(creationTimestamp: Date, weeksToAppointment: number): Date {
  return new Date(creationTimestamp.getTime() + weeksToAppointment * WEEK_MS);
}

/**
 * Weeks due: the due time (appointmentDueAt) minus now on the active list or minus the last
 * status update elsewhere, in whole weeks rounded down, so that any time overdue is below 0.
 */
export function weeksDue(input: {
  creationTimestamp: Date;
  weeksToAppointment: number | null;
  list: 'active' | 'archived' | 'history';
  statusUpdatedAt: Date | null;
  now: Date;
}): number | null {
  if (input.weeksToAppointment === null) return null;
  const due = appointmentDueAt(input.creationTimestamp, input.weeksToAppointment);
  const from = input.list === 'active' ? input.now : (input.statusUpdatedAt ?? input.now);
  return Math.floor((due.getTime() - from.getTime()) / WEEK_MS);
}

/** Statuses still waiting for a booking: overdue ones show red. */
export const FLAGGED_BOOKING_STATUSES: readonly BookingStatus[] = [
  'NS',
  'adminAudit',
  'awaitingBooking',
  'expiredReferral',
  'ftaRebook',
];

export type RowColour = 'red' | 'green' | 'yellow' | null;

/** Red when flagged and overdue; otherwise the last activity: confirm green, any other yellow. */
export function rowColour(input: {
  bookingStatus: string | null;
  weeksDue: number | null;
  lastActivityName: string | null;
}): RowColour {
  const flagged = (FLAGGED_BOOKING_STATUSES as readonly (string | null)[]).includes(input.bookingStatus);
  if (flagged && input.weeksDue !== null && input.weeksDue < 0) return 'red';
  if (!input.lastActivityName) return null;
  return input.lastActivityName === 'confirm' ? 'green' : 'yellow';
}

/** A reply is yes when it has the word yes or y; anything else counts as no. */
export function parseReply(text: string): 'yes' | 'no' {
  const words: string[] = text.toLowerCase().match(/[a-z]+/g) ?? [];
  return words.includes('yes') || words.includes('y') ? 'yes' : 'no';
}

export const SMS_STEPS = ['initial', 'initialSecond', 'initialThird', 'second', 'third', 'fourth'] as const;
export type SmsStep = (typeof SMS_STEPS)[number];
export type DotColour = 'green' | 'red' | 'yellow' | 'blue';

export const NO_RESPONSE_AFTER_MS = 8 * 3_600_000;

/**
 * One dot per SMS step: a yes reply green, a no reply red, blue while pending or not sent, and
 * yellow (no response) once the second initial SMS is 8 hours old without a reply.
 */
export function smsDots(
  steps: Partial<Record<SmsStep, { sentAt: Date | null; reply: string | null }>>,
  now: Date,
): Record<SmsStep, DotColour> {
  const secondSent = steps.initialSecond?.sentAt ?? null;
  const noResponse = secondSent !== null && now.getTime() - secondSent.getTime() >= NO_RESPONSE_AFTER_MS;
  const dots = {} as Record<SmsStep, DotColour>;
  for (const step of SMS_STEPS) {
    const entry = steps[step];
    if (entry?.reply) dots[step] = parseReply(entry.reply) === 'yes' ? 'green' : 'red';
    else if (entry?.sentAt && noResponse) dots[step] = 'yellow';
    else dots[step] = 'blue';
  }
  return dots;
}

/** The voice-call dot: reply 1 green, reply 2 yellow, a finished call without a reply red. */
export function voiceCallDot(ivr: {
  status: string | null;
  reply: string | null;
}): 'green' | 'yellow' | 'red' | null {
  if (ivr.reply === '1') return 'green';
  if (ivr.reply === '2') return 'yellow';
  if (ivr.status === 'completed' || ivr.status === 'no-answer') return 'red';
  return null;
}

/**
 * A list filter typed into a date column, read as the calendar range it names when it is a whole
 * day (DD/MM/YYYY), month (MM/YYYY or /MM/YYYY) or year (YYYY, or /YYYY: after a slash four digits
 * can only be the year of a DD/MM/YYYY date); null for anything else, which is matched as text instead.
 */
export function dateFilterRange(text: string): { from: string; to: string } | null {
  const value = text.trim();
  const pad = (digits: string | undefined) => (digits ?? '').padStart(2, '0');
  let match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
  if (match) {
    const from = `${match[3]}-${pad(match[2])}-${pad(match[1])}`;
    return isDay(from) ? { from, to: addDays(from, 1) } : null;
  }
  match = /^\/?(\d{1,2})\/(\d{4})$/.exec(value);
  if (match) {
    const from = `${match[2]}-${pad(match[1])}-01`;
    return isDay(from) ? { from, to: stepMonth(from, 1) } : null;
  }
  match = /^\/?(\d{4})$/.exec(value);
  if (match) {
    const y = Number(match[1]);
    return { from: `${y}-01-01`, to: `${y + 1}-01-01` };
  }
  return null;
}
