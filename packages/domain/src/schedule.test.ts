import { SCHEDULE_MESSAGES as S } from '@telecare/contracts/schedule';
import { describe, expect, it } from 'vitest';
import { weekdayOf } from './calendar.ts';
import {
  appointmentLengthLabel,
  expandRepeat,
  isStepTime,
  NEW_TIMESLOT,
  type ScheduleSave,
  scheduleProblem,
  stepTimes,
} from './schedule.ts';

describe('expandRepeat', () => {
  it('every week on Monday and Wednesday', () => {
    // 2027-03-01 is a Monday.
    expect(expandRepeat({ from: '2027-03-01', to: '2027-03-17', everyWeeks: 1, weekdays: [1, 3] })).toEqual([
      '2027-03-01',
      '2027-03-03',
      '2027-03-08',
      '2027-03-10',
      '2027-03-15',
      '2027-03-17',
    ]);
  });

  it("every 2 weeks, counting the start's week as the first, also when it starts mid-week", () => {
    // From Wednesday 2027-03-03: its week (from Monday 1 March) is week 0; Monday 1 March is before the range.
    expect(expandRepeat({ from: '2027-03-03', to: '2027-03-31', everyWeeks: 2, weekdays: [1, 3] })).toEqual([
      '2027-03-03',
      '2027-03-15',
      '2027-03-17',
      '2027-03-29',
      '2027-03-31',
    ]);
  });

  it('every 3 and 4 weeks on Friday', () => {
    const fridays = (every: number) =>
      expandRepeat({ from: '2027-01-01', to: '2027-03-31', everyWeeks: every, weekdays: [5] });
    expect(fridays(3)).toEqual(['2027-01-01', '2027-01-22', '2027-02-12', '2027-03-05', '2027-03-26']);
    expect(fridays(4)).toEqual(['2027-01-01', '2027-01-29', '2027-02-26', '2027-03-26']);
  });

  it('keeps whole days across the daylight-saving changes (no day lost or doubled)', () => {
    const dates = expandRepeat({
      from: '2027-03-29',
      to: '2027-10-10',
      everyWeeks: 1,
      weekdays: [0, 1, 2, 3, 4, 5, 6],
    });
    expect(dates).toHaveLength(196);
    expect(new Set(dates).size).toBe(196);
    expect(dates).toContain('2027-04-04');
    expect(dates).toContain('2027-10-03');
    expect(dates.every((d, i) => i === 0 || weekdayOf(d) === (weekdayOf(dates[i - 1] ?? '') + 1) % 7)).toBe(
      true,
    );
  });

  it('answers nothing for a backwards range, a range over a year, or an interval outside 1-4', () => {
    expect(expandRepeat({ from: '2027-03-10', to: '2027-03-01', everyWeeks: 1, weekdays: [1] })).toEqual([]);
    expect(expandRepeat({ from: '2027-01-01', to: '2028-01-02', everyWeeks: 1, weekdays: [1] })).toEqual([]);
    expect(expandRepeat({ from: '2027-01-01', to: '2027-12-31', everyWeeks: 1, weekdays: [1] })).toHaveLength(
      52,
    );
    expect(expandRepeat({ from: '2027-01-01', to: '2027-02-01', everyWeeks: 5, weekdays: [1] })).toEqual([]);
    expect(expandRepeat({ from: '2027-01-01', to: '2027-02-01', everyWeeks: 0, weekdays: [1] })).toEqual([]);
  });
});

describe('scheduleProblem', () => {
  const context = { today: () => '2027-01-10', rooms: [1, 2], lengthRequired: true };
  const good: ScheduleSave = {
    specialistId: 'a-specialist',
    timezone: 'Australia/Perth',
    appointmentLength: { newTime: 30, reviewTime: 15 },
    dates: ['2027-01-11'],
    timeslots: [{ start: '09:00', end: '12:00', selectedRoom: 1 }],
  };
  const problem = (save: ScheduleSave) => scheduleProblem(save, context)?.message ?? null;

  it("answers the spec's texts one at a time, in the spec's order", () => {
    const steps: [ScheduleSave, string][] = [
      [{}, S.specialist],
      [{ specialistId: good.specialistId }, S.timezone],
      [{ specialistId: good.specialistId, timezone: good.timezone }, S.appointmentLength],
      [{ ...good, dates: [], timeslots: [] }, S.dates],
      [{ ...good, timeslots: [] }, S.timeslots],
      [{ ...good, timeslots: [{ start: '10:00', end: '09:30', selectedRoom: 1 }] }, S.startBeforeEnd],
      [{ ...good, timeslots: [{ start: '09:00', end: '09:00', selectedRoom: 1 }] }, S.startBeforeEnd],
      [{ ...good, timeslots: [{ start: '09:00', end: '09:30', selectedRoom: null }] }, S.room],
      [
        {
          ...good,
          timeslots: [
            { start: '09:00', end: '10:00', selectedRoom: 1 },
            { start: '09:30', end: '11:00', selectedRoom: 2 },
          ],
        },
        S.overlap,
      ],
    ];
    for (const [save, message] of steps) expect(problem(save)).toBe(message);
    expect(problem(good)).toBeNull();
  });

  it('checks start before end on every row before rooms, and rooms before overlaps', () => {
    const rows = [
      { start: '09:00', end: '10:00', selectedRoom: null },
      { start: '09:30', end: '09:00', selectedRoom: 1 },
    ];
    expect(problem({ ...good, timeslots: rows })).toBe(S.startBeforeEnd);
    expect(
      problem({ ...good, timeslots: [rows[0] ?? {}, { start: '09:30', end: '11:00', selectedRoom: 1 }] }),
    ).toBe(S.room);
  });

  it('lets back-to-back rows be, and refuses times off the 5-minute steps, unknown rooms and zones', () => {
    const rows = [
      { start: '09:00', end: '10:00', selectedRoom: 1 },
      { start: '10:00', end: '11:00', selectedRoom: 2 },
    ];
    expect(problem({ ...good, timeslots: rows })).toBeNull();
    expect(problem({ ...good, timeslots: [{ start: '09:02', end: '10:00', selectedRoom: 1 }] })).toBe(
      S.badTime,
    );
    expect(problem({ ...good, timeslots: [{ start: '9:00', end: '10:00', selectedRoom: 1 }] })).toBe(
      S.badTime,
    );
    expect(problem({ ...good, timeslots: [{ start: '09:00', end: '10:00', selectedRoom: 3 }] })).toBe(
      S.unknownRoom,
    );
    expect(problem({ ...good, timezone: 'Europe/London' })).toBe(S.timezone);
    expect(problem({ ...good, appointmentLength: { newTime: 30, reviewTime: 25 } })).toBe(
      S.appointmentLength,
    );
  });

  it('refuses dates before today in the chosen zone, unreal dates and more than a year', () => {
    expect(problem({ ...good, dates: ['2027-01-09'] })).toBe(S.pastDate);
    expect(problem({ ...good, dates: ['2027-01-10'] })).toBeNull();
    expect(problem({ ...good, dates: ['2027-02-30'] })).toBe(S.badDate);
    expect(problem({ ...good, dates: ['2027-01-11', '2028-01-12'] })).toBe(S.repeatTooLong);
  });

  it('lets the API save without a length (the specialist keeps theirs)', () => {
    const { appointmentLength: _, ...withoutLength } = good;
    expect(scheduleProblem(withoutLength, { ...context, lengthRequired: false })).toBeNull();
    expect(scheduleProblem(withoutLength, context)?.message).toBe(S.appointmentLength);
  });
});

describe('the timeslot pickers', () => {
  it('offer 5-minute steps only, and a new row is 09:00-09:30', () => {
    const times = stepTimes();
    expect(times).toHaveLength(288);
    expect(times.slice(0, 3)).toEqual(['00:00', '00:05', '00:10']);
    expect(times.every(isStepTime)).toBe(true);
    expect(NEW_TIMESLOT).toEqual({ start: '09:00', end: '09:30' });
    expect(appointmentLengthLabel(30, 15)).toBe('30-15 (new 30, review 15 min)');
  });
});
