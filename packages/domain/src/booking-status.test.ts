import { describe, expect, it } from 'vitest';
import {
  ACTIVE_BOOKING_STATUSES,
  BOOKING_STATUSES,
  bookingStatusTag,
  HISTORY_BOOKING_STATUSES,
  workflowListOf,
} from './booking-status.ts';

describe('workflowListOf', () => {
  it('puts archived workflows in the archived list whatever their status', () => {
    expect(workflowListOf({ archived: true, bookingStatus: 'booked' })).toBe('archived');
    expect(workflowListOf({ archived: true, bookingStatus: 'discharged' })).toBe('archived');
  });

  it('puts final and check-out statuses in history and the rest in the active list', () => {
    expect(workflowListOf({ archived: false, bookingStatus: 'discharged' })).toBe('history');
    expect(workflowListOf({ archived: false, bookingStatus: 'fta' })).toBe('history');
    expect(workflowListOf({ archived: false, bookingStatus: 'booked' })).toBe('active');
    expect(workflowListOf({ archived: false, bookingStatus: null })).toBe('active');
  });

  it('places every status in exactly one of the active and history sets', () => {
    for (const status of BOOKING_STATUSES) {
      const inActive = ACTIVE_BOOKING_STATUSES.includes(status);
      const inHistory = HISTORY_BOOKING_STATUSES.includes(status);
      expect(inActive !== inHistory, status).toBe(true);
    }
  });
});

describe('booking status colour tags', () => {
  it('tags every status as the spec groups them, and an unknown one as other', () => {
    const byTag = (tag: string) =>
      BOOKING_STATUSES.filter((status) => bookingStatusTag(status) === tag).sort();
    expect(byTag('success')).toEqual(['booked', 'checkOut']);
    expect(byTag('warning')).toEqual(['NS', 'adminAudit', 'awaitingBooking', 'ftaRebook', 'nrfc'].sort());
    expect(byTag('danger')).toEqual(['expiredReferral', 'fta', 'ftaRemoved', 'remove'].sort());
    expect(byTag('other')).toEqual(['discharged', 'f2fTransfer', 'relocated']);
    expect(bookingStatusTag('somethingNew')).toBe('other');
  });
});
