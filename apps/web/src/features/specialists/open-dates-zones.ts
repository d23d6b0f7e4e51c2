import { zoneAbbreviationOn } from '@telecare/domain/calendar';

export type OpenDates = { durationMinutes: number; dates: { date: string; timezone: string }[] };

/**
 * The zones the open dates are in, with each name they go by that month: a month with a change of
 * daylight saving reads 'AEDT/AEST, Australia/Sydney'.
 */
export function zonesOf(dates: OpenDates['dates'], month: string, fallbackZone: string) {
  const shown = dates.length > 0 ? dates : [{ date: month, timezone: fallbackZone }];
  const namesByZone = new Map<string, Set<string>>();
  for (const { date, timezone } of shown) {
    const names = namesByZone.get(timezone) ?? new Set<string>();
    names.add(zoneAbbreviationOn(date, timezone));
    namesByZone.set(timezone, names);
  }
  return [...namesByZone].map(([zone, names]) => `${[...names].join('/')}, ${zone}`).join('; ');
}
