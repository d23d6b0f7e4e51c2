import { describe, expect, it } from 'vitest';
import {
  ACTIVE_BOOKING_STATUSES,
  BOOKING_STATUSES,
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
