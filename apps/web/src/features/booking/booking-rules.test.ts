import { BOOKING_MESSAGES as B } from '@telecare/contracts/booking';
import { describe, expect, it } from 'vitest';
import { type BookingCheckInput, firstBookingError } from './booking-rules';

const NOW = new Date('2026-10-01T00:00:00Z');
/** A free day of the practitioner: 09:00-12:00 in Melbourne. */
const FREE_DAY = {
  date: '2026-10-20',
  timezone: 'Australia/Melbourne',
  slots: [{ start: '09:00', end: '12:00', room: 2 }],
};

const good: BookingCheckInput = {
  mode: 'new',
  smsTemplateSetId: 'set',
  referralEndDate: '1900-01-01',
  specialistId: 'specialist',
  days: [FREE_DAY],
  date: FREE_DAY.date,
  startTime: '10:00',
  durationMinutes: 30,
  appointmentType: 'atHome',
  siteId: null,
  now: NOW,
};

describe('the booking form checks', () => {
  it('lets a complete booking through', () => {
    expect(firstBookingError(good)).toBeNull();
    expect(firstBookingError({ ...good, appointmentType: 'atGpClinic', siteId: 'site' })).toBeNull();
  });

  it('answers in the order the server answers (booking.test.ts "checks in the spec\'s order")', () => {
    let input: BookingCheckInput = {
      ...good,
      smsTemplateSetId: null,
      referralEndDate: '2026-09-30',
      startTime: '11:45',
      durationMinutes: null,
      specialistId: null,
      appointmentType: 'atGpClinic',
    };
    expect(firstBookingError(input)).toBe(B.smsTemplateEmpty);
    input = { ...input, smsTemplateSetId: 'set' };
    expect(firstBookingError(input)).toBe(B.referralExpired);
    input = { ...input, referralEndDate: '1900-01-01' };
    expect(firstBookingError(input)).toBe(B.durationEmpty);
    expect(firstBookingError({ ...input, durationMinutes: 30, date: '2026-10-21' })).toBe(B.noTimeslots);
    input = { ...input, durationMinutes: 30 };
    expect(firstBookingError(input)).toBe(B.timeNotAvailable);
    input = { ...input, startTime: '10:00' };
    expect(firstBookingError(input)).toBe(B.practitioner);
    input = { ...input, specialistId: 'specialist' };
    expect(firstBookingError(input)).toBe(B.site);
    expect(firstBookingError({ ...input, appointmentType: null })).toBe(B.appointmentType);
  });

  it('says the time is not available until a day and a start time are chosen, and refuses a past time', () => {
    expect(firstBookingError({ ...good, date: null })).toBe(B.timeNotAvailable);
    expect(firstBookingError({ ...good, startTime: null, durationMinutes: null })).toBe(B.timeNotAvailable);
    expect(firstBookingError({ ...good, now: new Date('2026-10-20T00:00:00Z') })).toBe(B.inThePast);
  });

  it('does not ask a reschedule for an SMS template set, a type or a site', () => {
    const reschedule = {
      ...good,
      mode: 'reschedule' as const,
      smsTemplateSetId: null,
      appointmentType: null,
    };
    expect(firstBookingError(reschedule)).toBeNull();
    expect(firstBookingError({ ...reschedule, specialistId: null })).toBe(B.practitioner);
  });
});
