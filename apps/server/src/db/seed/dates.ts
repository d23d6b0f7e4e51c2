import { weekdayOf } from '@telecare/domain/calendar';

/** Small helpers of the demo data; days, zones and display come from @telecare/domain/calendar. */

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export function isWeekday(date: string): boolean {
  const day = weekdayOf(date);
  return day >= 1 && day <= 5;
}

export const addMinutes = (instant: Date, minutes: number) => new Date(instant.getTime() + minutes * MINUTE);
export const daysBefore = (instant: Date, days: number) => new Date(instant.getTime() - days * DAY);
