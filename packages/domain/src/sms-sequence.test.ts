import { describe, expect, it } from 'vitest';
import { instantAt } from './calendar.ts';
import { australianMobileE164 } from './phone-numbers.ts';
import {
  formatAppointmentTime,
  outOfQuietHours,
  planSmsSequence,
  renderSmsTemplate,
} from './sms-sequence.ts';
import { parseReply } from './workflow-rules.ts';

const MEL = 'Australia/Melbourne';
const PERTH = 'Australia/Perth';
const at = (day: string, time: string, zone = MEL) => instantAt(day, time, zone);

describe('planning the SMS sequence (fake clock)', () => {
  it('plans six steps for an appointment ten days ahead, each at its time', () => {
    const now = at('2026-05-02', '10:00');
    const start = at('2026-05-12', '09:30');
    const plan = planSmsSequence({ now, start, patientZone: MEL });
    expect(plan.map((p) => [p.step, p.sendAt.toISOString()])).toEqual([
      ['initial', now.toISOString()],
      ['initialSecond', at('2026-05-03', '10:00').toISOString()],
      ['initialThird', at('2026-05-04', '10:00').toISOString()],
      ['second', at('2026-05-05', '09:30').toISOString()],
      ['third', at('2026-05-10', '09:30').toISOString()],
      ['fourth', at('2026-05-11', '09:00').toISOString()],
    ]);
  });

  it('skips the steps already past at booking, and never plans one after the start', () => {
    const now = at('2026-05-10', '12:00');
    const start = at('2026-05-12', '09:30');
    const steps = planSmsSequence({ now, start, patientZone: MEL }).map((p) => p.step);
    expect(steps).toEqual(['initial', 'initialSecond', 'fourth']);
    // initialThird (48 h later) would be after the start.
  });

  it('moves a step due in quiet hours to 08:00 in the patient zone', () => {
    const now = at('2026-05-02', '21:15');
    const plan = planSmsSequence({ now, start: at('2026-05-20', '10:00'), patientZone: MEL });
    expect(plan[0]?.sendAt.toISOString()).toBe(at('2026-05-03', '08:00').toISOString());
    expect(plan[1]?.sendAt.toISOString()).toBe(at('2026-05-04', '08:00').toISOString());
    // 06:30 in Perth is quiet there; the patient's zone decides, not the appointment's.
    const perth = planSmsSequence({
      now: at('2026-05-02', '06:30', PERTH),
      start: at('2026-05-20', '10:00'),
      patientZone: PERTH,
    });
    expect(perth[0]?.sendAt.toISOString()).toBe(at('2026-05-02', '08:00', PERTH).toISOString());
  });

  it('keeps 08:00 and 19:59, moves 20:00 and 07:59', () => {
    for (const [time, expected] of [
      ['08:00', '2026-05-02T08:00'],
      ['19:59', '2026-05-02T19:59'],
      ['20:00', '2026-05-03T08:00'],
      ['07:59', '2026-05-02T08:00'],
    ] as const) {
      const [day, hhmm] = expected.split('T') as [string, string];
      expect(outOfQuietHours(at('2026-05-02', time), MEL).toISOString()).toBe(at(day, hhmm).toISOString());
    }
  });

  it('follows configured quiet hours, and none when they are off', () => {
    const late = at('2026-05-02', '21:30');
    expect(outOfQuietHours(late, MEL, null).toISOString()).toBe(late.toISOString());
    expect(outOfQuietHours(late, MEL, { from: '22:00', until: '07:00' }).toISOString()).toBe(
      late.toISOString(),
    );
    expect(outOfQuietHours(late, MEL, { from: '21:00', until: '09:00' }).toISOString()).toBe(
      at('2026-05-03', '09:00').toISOString(),
    );
    const plan = planSmsSequence({
      now: late,
      start: at('2026-05-20', '10:00'),
      patientZone: MEL,
      quietHours: null,
    });
    expect(plan[0]).toEqual({ step: 'initial', sendAt: late });
  });
});

describe('rendering a template', () => {
  it('fills the placeholders, naming the zone of the appointment time', () => {
    const start = at('2026-05-12', '09:30');
    const text = renderSmsTemplate(
      'Hi {patientName}, {specialistName} on {appointmentTime} ({appointmentDate}) at {siteName}: {videoLink} {unknown}',
      {
        patientName: 'Ava',
        specialistName: 'Dr Bea Booker',
        start,
        zone: MEL,
        siteName: 'Own Device',
        videoLink: 'https://v.test/b',
      },
    );
    expect(text).toBe(
      'Hi Ava, Dr Bea Booker on Tue 12/05/2026 09:30 AEST (12/05/2026) at Own Device: https://v.test/b {unknown}',
    );
    expect(formatAppointmentTime(at('2026-12-01', '14:00'), MEL)).toBe('Tue 01/12/2026 14:00 AEDT');
  });
});

describe('replies and numbers', () => {
  it('reads yes and no as the spec says', () => {
    expect(parseReply("Yes I'll be there")).toBe('yes');
    expect(parseReply('Y')).toBe('yes');
    expect(parseReply('nope')).toBe('no');
    expect(parseReply('N')).toBe('no');
    expect(parseReply('ok')).toBe('no');
  });

  it('normalises Australian mobiles to E.164 and refuses anything else', () => {
    for (const typed of [
      '0412 345 678',
      '+61 412 345 678',
      '61412345678',
      '(0412) 345-678',
      '412345678',
      '+61 0412 345 678',
    ]) {
      expect(australianMobileE164(typed)).toBe('+61412345678');
    }
    for (const typed of ['03 9123 4567', '+1 415 555 0100', '0412 345 67', 'call me', '']) {
      expect(australianMobileE164(typed)).toBeNull();
    }
  });
});
