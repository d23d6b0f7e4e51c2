import { BOOKING_MESSAGES as B } from '@telecare/contracts/booking';

/**
 * The spec's Booking Create checks (section 5), in their order: the SMS template set, the time
 * checks, the practitioner, the appointment type, the site. The booking form runs them before it
 * sends; the server runs them again and answers with the first that fails. Both take the order and
 * the messages from here.
 *
 * Some checks need the database and run only on the server, at their place in this order: that the
 * SMS template set exists, the practitioner's free time that day less the booked appointments
 * (`dayHasFreeTime`, `timeInFreeSlot`: a time taken by another booking is a 409), that the
 * practitioner is active and that the site exists. The form checks the same names against what it
 * has loaded (the month's free days).
 */
export const BOOKING_CHECKS = [
  'smsTemplateSet',
  'referralNotExpired',
  /** A day and a start time are chosen (the server's request schema requires both). */
  'timeChosen',
  'durationGiven',
  /** One of the listed durations. */
  'durationListed',
  /** The day is one of the practitioner's days with free time. */
  'dayHasFreeTime',
  /** Start plus duration lies inside one free slot of that day. */
  'timeInFreeSlot',
  'notInPast',
  'practitioner',
  'appointmentType',
  'site',
] as const;

export type BookingCheck = (typeof BOOKING_CHECKS)[number];

/** What staff read when a check fails (the spec's texts; 'durationListed' is ours). */
export const BOOKING_CHECK_MESSAGES: Record<BookingCheck, string> = {
  smsTemplateSet: B.smsTemplateEmpty,
  referralNotExpired: B.referralExpired,
  timeChosen: B.timeNotAvailable,
  durationGiven: B.durationEmpty,
  durationListed: B.duration,
  dayHasFreeTime: B.noTimeslots,
  timeInFreeSlot: B.timeNotAvailable,
  notInPast: B.inThePast,
  practitioner: B.practitioner,
  appointmentType: B.appointmentType,
  site: B.site,
};

/**
 * 'new': Add Appointment; 'reschedule': moves the workflow's appointment; 'request': books an
 * appointment request (the spec's APT_REQUESTS mode, Approve).
 */
export type BookingMode = 'new' | 'reschedule' | 'request';

/** A reschedule keeps the booked appointment's SMS template set, type and site. */
const NOT_ON_RESCHEDULE: readonly BookingCheck[] = ['smsTemplateSet', 'appointmentType', 'site'];

/** The checks a mode runs, in the shared order. */
export function bookingChecksFor(mode: BookingMode): readonly BookingCheck[] {
  return mode === 'reschedule'
    ? BOOKING_CHECKS.filter((c) => !NOT_ON_RESCHEDULE.includes(c))
    : BOOKING_CHECKS;
}

/** The first of `checks` that does not pass, taken in the shared order; null when all pass. */
export function firstFailingCheck(
  checks: readonly BookingCheck[],
  passes: (check: BookingCheck) => boolean,
): BookingCheck | null {
  return BOOKING_CHECKS.find((check) => checks.includes(check) && !passes(check)) ?? null;
}
