import { weekdayOf } from '@telecare/domain/calendar';

/** Small helpers of the demo data; days, zones and display come from @telecare/domain/calendar. */

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export function isWeekday(date: string): boolean {
  const day = weekdayOf(date);
  return day >= 1 && day <= 5;
}

export const addMinutes = (instant: Date, minutes: number) => new Date(instant.getTime() + minutes * MINUTE);
export const daysBefore = (instant: Date, days: number) => new Date(instant.getTime() - days * DAY);

/** The instant a fraction `rngNext` (0 to 1) of the way from `from` to `to` (`from` when `to` is earlier). */
export const between = (rngNext: number, from: Date, to: Date) =>
  new Date(from.getTime() + rngNext * Math.max(0, to.getTime() - from.getTime()));
