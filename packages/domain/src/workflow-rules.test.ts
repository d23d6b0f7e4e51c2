import { describe, expect, it } from 'vitest';
import {
  ageOn,
  appointmentDueAt,
  continuationLabel,
  dateFilterRange,
  newOrReview,
  parseReply,
  referralEndState,
  rowColour,
  smsDots,
  voiceCallDot,
  weeksDue,
  weeksUntil,
} from './workflow-rules.ts';

const at = (iso: string) => new Date(iso);

describe('list display rules', () => {
  it('shows new or review as N or R, and NRR continuations as NRR1/NRR2', () => {
    expect(newOrReview(true)).toBe('N');
    expect(newOrReview(false)).toBe('R');
    expect(continuationLabel('NRR X 1 12/03/2026')).toBe('NRR1');
    expect(continuationLabel('NRR X 2')).toBe('NRR2');
    expect(continuationLabel('NRR X 3')).toBe('NRR X 3');
    expect(continuationLabel('CONT')).toBe('CONT');
    expect(continuationLabel(null)).toBeNull();
  });

  it('classifies referral end dates', () => {
    expect(referralEndState('1900-01-01', '2026-11-22')).toBe('indefinite');
    expect(referralEndState('2026-11-22', '2026-11-22')).toBe('expired');
    expect(referralEndState('2026-01-01', '2026-11-22')).toBe('expired');
    expect(referralEndState('2027-02-21', '2026-11-22')).toBe('expiring');
    expect(referralEndState('2027-02-22', '2026-11-22')).toBe('valid');
    expect(referralEndState(null, '2026-11-22')).toBe('none');
  });

  it('computes ages in whole years (adding months is in calendar.test.ts)', () => {
    expect(ageOn('2009-11-23', '2026-11-22')).toBe(16);
    expect(ageOn('2009-11-22', '2026-11-22')).toBe(17);
  });

  it('computes weeks to appointment and weeks due', () => {
    const now = at('2026-11-22T00:00:00Z');
    expect(weeksUntil(at('2026-12-20T00:00:00Z'), now)).toBe(4);
    expect(weeksUntil(at('2026-11-01T00:00:00Z'), now)).toBe(0);
    const created = at('2026-10-01T00:00:00Z');
    expect(appointmentDueAt(created, 12)).toEqual(at('2026-12-24T00:00:00Z'));
    expect(
      weeksDue({
        creationTimestamp: created,
        weeksToAppointment: 12,
        list: 'active',
        statusUpdatedAt: null,
        now,
      }),
    ).toBe(4);
    expect(
      weeksDue({
        creationTimestamp: created,
        weeksToAppointment: 4,
        list: 'active',
        statusUpdatedAt: null,
        now,
      }),
    ).toBe(-4);
    const updated = at('2026-10-15T00:00:00Z');
    expect(
      weeksDue({
        creationTimestamp: created,
        weeksToAppointment: 4,
        list: 'history',
        statusUpdatedAt: updated,
        now,
      }),
    ).toBe(2);
    const dueIn = (days: number) =>
      weeksDue({
        creationTimestamp: new Date(now.getTime() + days * 86_400_000),
        weeksToAppointment: 0,
        list: 'active',
        statusUpdatedAt: null,
        now,
      });
    expect(dueIn(3)).toBe(0);
    expect(dueIn(-1 / 24)).toBe(-1);
    expect(dueIn(-3)).toBe(-1);
    expect(dueIn(-7)).toBe(-1);
    expect(dueIn(-8)).toBe(-2);
    expect(
      weeksDue({
        creationTimestamp: created,
        weeksToAppointment: null,
        list: 'active',
        statusUpdatedAt: null,
        now,
      }),
    ).toBeNull();
  });

  it('colours rows: flagged and overdue red, else confirm green and other activities yellow', () => {
    expect(rowColour({ bookingStatus: 'awaitingBooking', weeksDue: -1, lastActivityName: 'confirm' })).toBe(
      'red',
    );
    expect(rowColour({ bookingStatus: 'booked', weeksDue: -1, lastActivityName: 'confirm' })).toBe('green');
    expect(rowColour({ bookingStatus: 'awaitingBooking', weeksDue: 0, lastActivityName: 'postpone' })).toBe(
      'yellow',
    );
    expect(rowColour({ bookingStatus: 'booked', weeksDue: 2, lastActivityName: null })).toBeNull();
  });
});

describe('SMS and voice-call dots', () => {
  it('parses replies: yes or y is yes, anything else no', () => {
    expect(parseReply('Yes please')).toBe('yes');
    expect(parseReply('y')).toBe('yes');
    expect(parseReply('YES FROM TELECARE')).toBe('yes');
    expect(parseReply('no thanks')).toBe('no');
    expect(parseReply('yesterday')).toBe('no');
    expect(parseReply('maybe')).toBe('no');
  });

  it('colours each step and turns unanswered steps yellow 8 hours after the second initial SMS', () => {
    const now = at('2026-11-22T12:00:00Z');
    const sent = at('2026-11-22T03:00:00Z');
    const dots = smsDots(
      {
        initial: { sentAt: sent, reply: 'yes' },
        initialSecond: { sentAt: sent, reply: null },
        second: { sentAt: sent, reply: 'No' },
      },
      now,
    );
    expect(dots).toEqual({
      initial: 'green',
      initialSecond: 'yellow',
      initialThird: 'blue',
      second: 'red',
      third: 'blue',
      fourth: 'blue',
    });
    const early = smsDots({ initialSecond: { sentAt: at('2026-11-22T05:00:00Z'), reply: null } }, now);
    expect(early.initialSecond).toBe('blue');
  });

  it('colours the voice-call dot', () => {
    expect(voiceCallDot({ status: 'completed', reply: '1' })).toBe('green');
    expect(voiceCallDot({ status: 'completed', reply: '2' })).toBe('yellow');
    expect(voiceCallDot({ status: 'no-answer', reply: null })).toBe('red');
    expect(voiceCallDot({ status: 'completed', reply: null })).toBe('red');
    expect(voiceCallDot({ status: 'ringing', reply: null })).toBeNull();
  });
});

describe('dateFilterRange', () => {
  it('reads whole days, months and years, and leaves other text alone', () => {
    expect(dateFilterRange('05/03/2026')).toEqual({ from: '2026-03-05', to: '2026-03-06' });
    expect(dateFilterRange('31/12/2026')).toEqual({ from: '2026-12-31', to: '2027-01-01' });
    expect(dateFilterRange('/03/2026')).toEqual({ from: '2026-03-01', to: '2026-04-01' });
    expect(dateFilterRange('12/2026')).toEqual({ from: '2026-12-01', to: '2027-01-01' });
    expect(dateFilterRange('2026')).toEqual({ from: '2026-01-01', to: '2027-01-01' });
    expect(dateFilterRange('30/02/2026')).toBeNull();
    expect(dateFilterRange('10:15')).toBeNull();
    expect(dateFilterRange('/1980')).toEqual({ from: '1980-01-01', to: '1981-01-01' });
    expect(dateFilterRange('2026/')).toBeNull();
  });
});
