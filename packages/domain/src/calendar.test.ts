import { TZDate } from '@date-fns/tz';
import { addDays as addDaysTo, format } from 'date-fns';
import { afterEach, describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  dayAt,
  daysBetween,
  daysOfMonth,
  formatDateAt,
  formatDateTimeAt,
  formatDay,
  formatTimeAt,
  instantAt,
  isDay,
  monthOf,
  stepMonth,
  todayIn,
  viewerZone,
  wallClockAt,
  wallClockExists,
  weekdayOf,
  zoneAbbreviation,
  zoneAbbreviationOn,
} from './calendar.ts';

/** The 2026 change days: daylight time ends on Sunday 5 April and starts on Sunday 4 October. */
const APRIL = '2026-04-05';
const OCTOBER = '2026-10-04';

type Change = {
  /** Short names before and after the change. */
  names: [string, string];
  /** Wall-clock slots that happen twice (April) or never (October). */
  repeated?: string[];
  missing?: string[];
  /** Minutes the clock jumps in October. */
  gapMinutes?: number;
};

const HOUR = ['02:00', '02:15', '02:30', '02:45'];
const HALF_HOUR_APRIL = ['01:30', '01:45'];
const HALF_HOUR_OCTOBER = ['02:00', '02:15'];

/** What each zone does on each change day. */
const ZONES: Record<string, { april: Change; october: Change }> = {
  'Australia/Sydney': {
    april: { names: ['AEDT', 'AEST'], repeated: HOUR },
    october: { names: ['AEST', 'AEDT'], missing: HOUR, gapMinutes: 60 },
  },
  'Australia/Melbourne': {
    april: { names: ['AEDT', 'AEST'], repeated: HOUR },
    october: { names: ['AEST', 'AEDT'], missing: HOUR, gapMinutes: 60 },
  },
  'Australia/Hobart': {
    april: { names: ['AEDT', 'AEST'], repeated: HOUR },
    october: { names: ['AEST', 'AEDT'], missing: HOUR, gapMinutes: 60 },
  },
  'Australia/Lord_Howe': {
    april: { names: ['LHDT', 'LHST'], repeated: HALF_HOUR_APRIL },
    october: { names: ['LHST', 'LHDT'], missing: HALF_HOUR_OCTOBER, gapMinutes: 30 },
  },
  'Australia/Adelaide': {
    april: { names: ['ACDT', 'ACST'], repeated: HOUR },
    october: { names: ['ACST', 'ACDT'], missing: HOUR, gapMinutes: 60 },
  },
  'Australia/Broken_Hill': {
    april: { names: ['ACDT', 'ACST'], repeated: HOUR },
    october: { names: ['ACST', 'ACDT'], missing: HOUR, gapMinutes: 60 },
  },
  'Australia/Eucla': { april: { names: ['ACWST', 'ACWST'] }, october: { names: ['ACWST', 'ACWST'] } },
  'Australia/Brisbane': { april: { names: ['AEST', 'AEST'] }, october: { names: ['AEST', 'AEST'] } },
  'Australia/Perth': { april: { names: ['AWST', 'AWST'] }, october: { names: ['AWST', 'AWST'] } },
  'Australia/Darwin': { april: { names: ['ACST', 'ACST'] }, october: { names: ['ACST', 'ACST'] } },
};

const pad = (n: number) => String(n).padStart(2, '0');
/** 00:00, 00:15 ... 23:45. */
const SLOTS = Array.from({ length: 96 }, (_, i) => `${pad(Math.floor(i / 4))}:${pad((i % 4) * 15)}`);
const plusMinutes = (time: string, minutes: number) => {
  const [h, m] = time.split(':').map(Number) as [number, number];
  const total = h * 60 + m + minutes;
  return `${pad(Math.floor(total / 60))}:${pad(total % 60)}`;
};

const CASES = Object.entries(ZONES).flatMap(([zone, changes]) => [
  { zone, day: APRIL, ...changes.april },
  { zone, day: OCTOBER, ...changes.october },
]);

describe.each(CASES)('$zone on $day', ({ zone, day, names, repeated = [], missing = [], gapMinutes = 0 }) => {
  it('reads every 5 minutes of the day and the days around it as date-fns reads a TZDate in the zone', () => {
    const from = instantAt(addDays(day, -1), '00:00', zone).getTime();
    for (let at = from; at < from + 3 * 86_400_000; at += 300_000) {
      const local = new TZDate(at, zone);
      const expected = { day: format(local, 'yyyy-MM-dd'), time: format(local, 'HH:mm') };
      expect(wallClockAt(at, zone), new Date(at).toISOString()).toEqual(expected);
      expect(formatDateTimeAt(at, zone)).toBe(format(local, 'dd/MM/yyyy HH:mm'));
    }
  });

  it('converts each 15-minute wall-clock slot to UTC and back to the same wall clock', () => {
    const existing = SLOTS.filter((slot) => !missing.includes(slot));
    for (const slot of SLOTS) {
      expect(wallClockExists(day, slot, zone), slot).toBe(!missing.includes(slot));
    }
    for (const slot of existing)
      expect(wallClockAt(instantAt(day, slot, zone), zone)).toEqual({ day, time: slot });
    // No slot duplicated or dropped: the existing slots are distinct instants, in the wall-clock order.
    const instants = existing.map((slot) => instantAt(day, slot, zone).getTime());
    expect(new Set(instants).size).toBe(existing.length);
    expect([...instants].sort((a, b) => a - b)).toEqual(instants);
  });

  it('reads a wall-clock time in the spring-forward gap later by the gap (the documented rule)', () => {
    for (const slot of missing) {
      expect(wallClockAt(instantAt(day, slot, zone), zone)).toEqual({
        day,
        time: plusMinutes(slot, gapMinutes),
      });
    }
  });

  it('shows every instant of the day once, the repeated hour twice, with the names of both sides', () => {
    const start = instantAt(day, '00:00', zone).getTime();
    const end = instantAt(addDays(day, 1), '00:00', zone).getTime();
    const shown: string[] = [];
    const named: Record<string, string[]> = {};
    for (let t = start; t < end; t += 15 * 60_000) {
      const { time } = wallClockAt(t, zone);
      shown.push(time);
      named[time] = [...(named[time] ?? []), zoneAbbreviation(t, zone)];
    }
    // The repeated slots come again once the clock has gone back.
    const existing = SLOTS.filter((slot) => !missing.includes(slot));
    const back = repeated.length > 0 ? existing.indexOf(repeated.at(-1) ?? '') + 1 : 0;
    const expected = [...existing.slice(0, back), ...repeated, ...existing.slice(back)];
    expect(shown).toEqual(expected);
    expect(named['00:00']).toEqual([names[0]]);
    expect(named['12:00']).toEqual([names[1]]);
    expect(zoneAbbreviationOn(day, zone)).toBe(names[1]);
    for (const slot of repeated) expect(named[slot]).toEqual(names);
  });
});

describe('calendar', () => {
  const hostZone = process.env.TZ;
  afterEach(() => {
    if (hostZone === undefined) delete process.env.TZ;
    else process.env.TZ = hostZone;
  });

  it('knows the offsets, including Eucla (+8:45) and Lord Howe (+10:30, +11)', () => {
    const utc = (day: string, time: string, zone: string) => instantAt(day, time, zone).toISOString();
    expect(utc(APRIL, '12:00', 'Australia/Eucla')).toBe('2026-04-05T03:15:00.000Z');
    expect(utc(APRIL, '01:00', 'Australia/Lord_Howe')).toBe('2026-04-04T14:00:00.000Z');
    expect(utc(APRIL, '12:00', 'Australia/Lord_Howe')).toBe('2026-04-05T01:30:00.000Z');
    expect(utc(OCTOBER, '12:00', 'Australia/Lord_Howe')).toBe('2026-10-04T01:00:00.000Z');
    // A repeated time names its second occurrence, on standard time.
    expect(utc(APRIL, '02:30', 'Australia/Sydney')).toBe('2026-04-04T16:30:00.000Z');
    expect(utc(APRIL, '01:30', 'Australia/Lord_Howe')).toBe('2026-04-04T15:00:00.000Z');
    expect(utc(OCTOBER, '09:00', 'Australia/Adelaide')).toBe('2026-10-03T22:30:00.000Z');
    expect(utc(OCTOBER, '09:00', 'Australia/Perth')).toBe('2026-10-04T01:00:00.000Z');
  });

  it("gives the same answers whatever the host's zone", () => {
    for (const host of ['UTC', 'Australia/Lord_Howe', 'America/New_York', 'Australia/Adelaide']) {
      process.env.TZ = host;
      expect(instantAt(OCTOBER, '02:00', 'Australia/Perth').toISOString(), host).toBe(
        '2026-10-03T18:00:00.000Z',
      );
      expect(instantAt(OCTOBER, '02:30', 'Australia/Adelaide').toISOString(), host).toBe(
        '2026-10-03T17:00:00.000Z',
      );
      expect(wallClockAt('2026-10-03T17:00:00.000Z', 'Australia/Adelaide'), host).toEqual({
        day: OCTOBER,
        time: '03:30',
      });
      expect(addMonths('2026-01-31', 1), host).toBe('2026-02-28');
      expect(weekdayOf(OCTOBER), host).toBe(0);
    }
  });

  it('rejects what is not a day or a time', () => {
    expect(isDay('2024-02-29')).toBe(true);
    expect(isDay('1990-01-31')).toBe(true);
    expect(isDay('2026-02-30')).toBe(false);
    expect(isDay('2025-02-29')).toBe(false);
    expect(isDay('1990-13-01')).toBe(false);
    expect(isDay('1990-00-10')).toBe(false);
    expect(isDay('1990-1-1')).toBe(false);
    expect(isDay('01/02/2026')).toBe(false);
    expect(isDay('abc')).toBe(false);
    expect(isDay('')).toBe(false);
    expect(isDay('1990-01-01T00:00:00')).toBe(false);
    expect(instantAt('2026-02-30', '10:00', 'Australia/Sydney').getTime()).toBeNaN();
    expect(instantAt(APRIL, '10', 'Australia/Sydney').getTime()).toBeNaN();
  });

  it('steps days and months, clamping to the end of a month', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
    expect(addMonths('2026-11-30', 3)).toBe('2027-02-28');
    expect(addMonths('2026-01-15', 12)).toBe('2027-01-15');
    expect(monthOf('2026-10-17')).toBe('2026-10-01');
    expect(stepMonth('2026-12-17', 1)).toBe('2027-01-01');
    expect(stepMonth('2026-01-31', -1)).toBe('2025-12-01');
    expect(daysOfMonth('2026-02-10')).toHaveLength(28);
    expect(daysOfMonth('2028-02-10').at(-1)).toBe('2028-02-29');
    expect(daysOfMonth(OCTOBER).slice(0, 2)).toEqual(['2026-10-01', '2026-10-02']);
    expect(weekdayOf('2026-10-05')).toBe(1);
  });

  it('steps and counts days and names weekdays as date-fns does on UTC days, 1890-2100', () => {
    for (let ms = Date.UTC(1890, 0, 1); ms < Date.UTC(2100, 0, 1); ms += 13 * 86_400_000) {
      const day = new Date(ms).toISOString().slice(0, 10);
      const utc = new TZDate(`${day}T00:00:00Z`, 'UTC');
      for (const step of [-400, -1, 1, 29, 366]) {
        expect(addDays(day, step)).toBe(format(addDaysTo(utc, step), 'yyyy-MM-dd'));
        expect(daysBetween(day, addDays(day, step))).toBe(step);
      }
      expect(weekdayOf(day)).toBe(utc.getDay());
    }
    expect(() => addDays('abc', 1)).toThrow(RangeError);
    expect(daysBetween('abc', '2026-01-01')).toBeNaN();
  });

  it("tells today's day in a zone, which may differ across the country", () => {
    const now = new Date('2026-06-30T14:45:00Z');
    expect(todayIn('Australia/Sydney', now)).toBe('2026-07-01');
    expect(todayIn('Australia/Adelaide', now)).toBe('2026-07-01');
    expect(todayIn('Australia/Perth', now)).toBe('2026-06-30');
    expect(dayAt('2026-06-30T14:00:00Z', 'Australia/Eucla')).toBe('2026-06-30');
    process.env.TZ = 'Australia/Perth';
    expect(viewerZone()).toBe('Australia/Perth');
    expect(todayIn(undefined, now)).toBe('2026-06-30');
  });

  it('formats days and times as the spec writes them', () => {
    const instant = '2026-10-04T01:05:00Z';
    expect(formatDay('2026-07-01')).toBe('01/07/2026');
    expect(formatDateAt(instant, 'Australia/Sydney')).toBe('04/10/2026');
    expect(formatTimeAt(instant, 'Australia/Sydney')).toBe('12:05');
    expect(formatDateTimeAt(instant, 'Australia/Perth')).toBe('04/10/2026 09:05');
    expect(formatDateTimeAt(new Date(instant), 'Australia/Eucla')).toBe('04/10/2026 09:50');
    expect(zoneAbbreviation(instant, 'Australia/Perth')).toBe('AWST');
    expect(zoneAbbreviation('not a time', 'Australia/Perth')).toBe('');
  });
});
