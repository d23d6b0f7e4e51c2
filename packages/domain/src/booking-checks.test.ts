import { describe, expect, it } from 'vitest';
import {
  BOOKING_CHECK_MESSAGES,
  BOOKING_CHECKS,
  type BookingCheck,
  bookingChecksFor,
  firstFailingCheck,
} from './booking-checks.ts';

const messagesOf = (checks: readonly BookingCheck[]) => checks.map((check) => BOOKING_CHECK_MESSAGES[check]);

describe('booking checks', () => {
  it("keeps the spec's order and texts: SMS template set, time checks, practitioner, type, site", () => {
    expect(messagesOf(BOOKING_CHECKS)).toEqual([
      'The sms template can not be empty.',
      'The referral is expired.',
      'The time is not available.',
      'The duration can not be empty.',
      'Please choose a duration from the list.',
      'There is no available timeslots.',
      'The time is not available.',
      'The appointment can not happen in the past.',
      'Please select a valid practitioner.',
      'Please select a valid appointment type.',
      'Please select a site first.',
    ]);
  });

  it('answers the first failing check in the shared order, whatever order the caller lists them in', () => {
    const failing = new Set<BookingCheck>(['site', 'durationGiven', 'practitioner']);
    const passes = (check: BookingCheck) => !failing.has(check);
    expect(firstFailingCheck(BOOKING_CHECKS, passes)).toBe('durationGiven');
    expect(firstFailingCheck(['site', 'practitioner'], passes)).toBe('practitioner');
    expect(firstFailingCheck(['appointmentType', 'notInPast'], passes)).toBeNull();
  });

  it('asks only the checks it needs: none after the first failure', () => {
    const asked: BookingCheck[] = [];
    firstFailingCheck(BOOKING_CHECKS, (check) => {
      asked.push(check);
      return check !== 'dayHasFreeTime';
    });
    expect(asked).toEqual(BOOKING_CHECKS.slice(0, BOOKING_CHECKS.indexOf('dayHasFreeTime') + 1));
  });

  it('leaves out the SMS template set, the type and the site on a reschedule', () => {
    expect(bookingChecksFor('new')).toEqual(BOOKING_CHECKS);
    expect(bookingChecksFor('request')).toEqual(BOOKING_CHECKS);
    expect(bookingChecksFor('reschedule')).toEqual([
      'referralNotExpired',
      'timeChosen',
      'durationGiven',
      'durationListed',
      'dayHasFreeTime',
      'timeInFreeSlot',
      'notInPast',
      'practitioner',
    ]);
  });
});
