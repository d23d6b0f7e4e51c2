import { describe, expect, it } from 'vitest';
import { addDays, instantAt, wallClockAt, zoneAbbreviationOn } from './calendar.ts';
import { expandRepeat } from './schedule.ts';
import { splitSlots, startsIn, toHhmm, toMinutes } from './slots.ts';

/**
 * Availability and bookings are wall-clock times in the day's zone. On the April and October change
 * days (first Sunday: 2027-04-04 and 2027-10-03) no slot may shift, double or vanish, in every zone.
 */
const CHANGES = { april: '2027-04-04', october: '2027-10-03' } as const;
/** How many minutes the clocks move in each zone (0: no daylight saving). */
const ZONES: Record<string, number> = {
  'Australia/Sydney': 60,
  'Australia/Melbourne': 60,
  'Australia/Hobart': 60,
  'Australia/Lord_Howe': 30,
  'Australia/Adelaide': 60,
  'Australia/Broken_Hill': 60,
  'Australia/Eucla': 0,
  'Australia/Brisbane': 0,
  'Australia/Perth': 0,
  'Australia/Darwin': 0,
};
const MINUTE = 60_000;
const slot = { start: toMinutes('09:00'), end: toMinutes('12:00'), room: 1 };

describe.each(Object.entries(ZONES))('%s on the change days', (zone, shift) => {
  for (const [change, sunday] of Object.entries(CHANGES)) {
    const friday = addDays(sunday, -2);
    const monday = addDays(sunday, 1);

    it(`${change}: 09:00-12:00 on Friday, the change Sunday and Monday keeps six 30-minute starts, each where it was`, () => {
      for (const day of [friday, sunday, monday]) {
        const starts = startsIn([slot], 30, 30);
        expect(starts.map(toHhmm)).toEqual(['09:00', '09:30', '10:00', '10:30', '11:00', '11:30']);
        const instants = starts.map((m) => instantAt(day, toHhmm(m), zone).getTime());
        expect(new Set(instants).size).toBe(6);
        // Each start reads back as the same wall-clock time, and they are 30 real minutes apart.
        for (const [i, at] of instants.entries()) {
          expect(wallClockAt(at, zone)).toEqual({ day, time: toHhmm(starts[i] ?? 0) });
          if (i > 0) expect(at - (instants[i - 1] ?? 0)).toBe(30 * MINUTE);
        }
      }
    });

    it(`${change}: Friday 09:00 to Monday 09:00 is three days less or more the clock change`, () => {
      const elapsed = instantAt(monday, '09:00', zone).getTime() - instantAt(friday, '09:00', zone).getTime();
      const moved = change === 'october' ? -shift : shift;
      expect(elapsed).toBe(3 * 24 * 60 * MINUTE + moved * MINUTE);
    });

    it(`${change}: a booking at 09:00 on the change Sunday leaves 09:30-12:00 free`, () => {
      const booked = instantAt(sunday, '09:00', zone);
      const local = wallClockAt(booked, zone);
      const busy = { start: toMinutes(local.time), end: toMinutes(local.time) + 30 };
      expect(splitSlots([slot], [busy]).map((s) => `${toHhmm(s.start)}-${toHhmm(s.end)}`)).toEqual([
        '09:30-12:00',
      ]);
    });

    it(`${change}: a weekly repeat over the change keeps each weekday once`, () => {
      const dates = expandRepeat({
        from: addDays(sunday, -7),
        to: addDays(sunday, 7),
        everyWeeks: 1,
        weekdays: [0, 1, 5],
      });
      expect(dates).toEqual([
        addDays(sunday, -7),
        addDays(sunday, -6),
        friday,
        sunday,
        monday,
        addDays(sunday, 5),
        addDays(sunday, 7),
      ]);
    });
  }

  it('names the zone it shows: a short name, different across the change where the clocks move', () => {
    const winter = zoneAbbreviationOn('2027-07-01', zone);
    const summer = zoneAbbreviationOn('2027-01-01', zone);
    expect(winter).not.toBe('');
    if (shift) expect(summer).not.toBe(winter);
    else expect(summer).toBe(winter);
  });
});

describe('zone names', () => {
  it('reads as Australians write them', () => {
    expect(zoneAbbreviationOn('2027-10-04', 'Australia/Sydney')).toBe('AEDT');
    expect(zoneAbbreviationOn('2027-04-05', 'Australia/Sydney')).toBe('AEST');
    expect(zoneAbbreviationOn('2027-10-04', 'Australia/Adelaide')).toBe('ACDT');
    expect(zoneAbbreviationOn('2027-10-04', 'Australia/Perth')).toBe('AWST');
    expect(zoneAbbreviationOn('2027-10-04', 'Australia/Darwin')).toBe('ACST');
  });
});
