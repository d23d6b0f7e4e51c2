import { describe, expect, it } from 'vitest';
import {
  approvalRefusal,
  compareRequests,
  isListedRequest,
  requestStatusRank,
} from './appointment-requests.ts';

describe('appointment request rules', () => {
  it('ranks first, second, other, fourth, then pending, then anything else', () => {
    expect(['pending', 'x', 'fourth', 'other', 'second', 'first'].map(requestStatusRank)).toEqual([
      5, 6, 4, 3, 2, 1,
    ]);
  });

  it('orders by rank, then the newest first', () => {
    const at = (iso: string) => new Date(iso);
    const rows = [
      { id: 'a', bookingStatus: 'pending', createdAt: at('2026-01-03T00:00:00Z') },
      { id: 'b', bookingStatus: 'second', createdAt: at('2026-01-01T00:00:00Z') },
      { id: 'c', bookingStatus: 'first', createdAt: at('2026-01-01T00:00:00Z') },
      { id: 'd', bookingStatus: 'first', createdAt: at('2026-01-02T00:00:00Z') },
      { id: 'e', bookingStatus: 'fourth', createdAt: at('2026-01-02T00:00:00Z') },
      { id: 'f', bookingStatus: 'other', createdAt: at('2026-01-02T00:00:00Z') },
    ];
    expect(rows.sort(compareRequests).map((r) => r.id)).toEqual(['d', 'c', 'b', 'f', 'e', 'a']);
  });

  it('keeps a request listed until approved, and a pending one even after approval', () => {
    const now = new Date();
    expect(isListedRequest({ approvedAt: null, bookingStatus: 'first' })).toBe(true);
    expect(isListedRequest({ approvedAt: now, bookingStatus: 'first' })).toBe(false);
    expect(isListedRequest({ approvedAt: now, bookingStatus: 'pending' })).toBe(true);
  });

  it('refuses approving an approved request, one without a workflow, and one whose workflow is booked', () => {
    const open = { approved: false, hasWorkflow: true, hasBookedAppointment: false };
    expect(approvalRefusal(open)).toBeNull();
    expect(approvalRefusal({ ...open, approved: true, hasBookedAppointment: true })).toBe('alreadyApproved');
    expect(approvalRefusal({ ...open, hasWorkflow: false })).toBe('noWorkflow');
    expect(approvalRefusal({ ...open, hasBookedAppointment: true })).toBe('alreadyBooked');
  });
});
