import { APPOINTMENT_DURATIONS, DIAL_IN_METHODS } from '@telecare/contracts/booking';
import {
  BOOKING_CHECK_MESSAGES,
  type BookingCheck,
  type BookingMode,
  bookingChecksFor,
  firstFailingCheck,
} from '@telecare/domain/booking-checks';
import { DIAL_IN_METHOD_LABELS } from '@telecare/domain/booking-options';
import { instantAt, todayIn } from '@telecare/domain/calendar';
import { fitsInSlot, toHhmm, toMinutes } from '@telecare/domain/slots';
import { ageOn, referralEndState } from '@telecare/domain/workflow-rules';
import { formatDate } from '../../lib/format';
import type { AppointmentType, AvailabilityDay } from './api/booking';

/**
 * The booking form's constants and its checks: the shared order (@telecare/domain/booking-checks),
 * checked against what the form has loaded.
 */

/** 07:00 to 22:30 in 5-minute steps (187 entries). */
export const START_TIMES: readonly string[] = Array.from({ length: 187 }, (_, i) => toHhmm(7 * 60 + i * 5));

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

/** The first failing check's message in the shared order, or null when the booking may be sent. */
export function firstBookingError(input: BookingCheckInput): string | null {
  const now = input.now ?? new Date();
  const { startTime, durationMinutes: duration } = input;
  const day = input.date ? input.days?.find((d) => d.date === input.date) : undefined;
  const slots = (day?.slots ?? []).map((slot) => ({
    start: toMinutes(slot.start),
    end: toMinutes(slot.end),
  }));
  const passes: Record<BookingCheck, () => boolean> = {
    smsTemplateSet: () => Boolean(input.smsTemplateSetId?.trim()),
    referralNotExpired: () => referralEndState(input.referralEndDate, todayIn(undefined, now)) !== 'expired',
    timeChosen: () => Boolean(input.date && startTime),
    durationGiven: () => Boolean(duration),
    durationListed: () => duration !== null && DURATIONS.includes(duration),
    dayHasFreeTime: () => slots.length > 0,
    timeInFreeSlot: () =>
      startTime !== null && duration !== null && fitsInSlot(slots, toMinutes(startTime), duration),
    notInPast: () =>
      !day || !startTime || instantAt(day.date, startTime, day.timezone).getTime() >= now.getTime(),
    practitioner: () => Boolean(input.specialistId),
    appointmentType: () => Boolean(input.appointmentType),
    site: () => input.appointmentType !== 'atGpClinic' || Boolean(input.siteId),
  };
  const failing = firstFailingCheck(bookingChecksFor(input.mode), (check) => passes[check]());
  return failing && BOOKING_CHECK_MESSAGES[failing];
}

/** The yellow warnings: referral expiring within 3 months or expired, patient under 17. */
export function bookingWarnings(
  referralEndDate: string | null,
  dateOfBirth: string | null,
  now: Date = new Date(),
): string[] {
  const today = todayIn(undefined, now);
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
