/** Calendar-date and time-zone helpers for the demo data (no dependencies, Intl only). */

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(zone: string) {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-AU', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

type WallClock = { year: number; month: number; day: number; hour: number; minute: number; second: number };

function wallClock(instant: Date, zone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(zone).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: (parts.hour ?? 0) % 24,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

function offsetMinutes(instant: Date, zone: string): number {
  const w = wallClock(instant, zone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / MINUTE);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The calendar date (YYYY-MM-DD) of an instant in a zone. */
export function dateInZone(instant: Date, zone: string): string {
  const w = wallClock(instant, zone);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}`;
}

/** The instant at which the wall clock in `zone` shows `date` `time` (HH:MM). */
export function zonedInstant(date: string, time: string, zone: string): Date {
  const [y = 1970, m = 1, d = 1] = date.split('-').map(Number);
  const [hh = 0, mm = 0] = time.split(':').map(Number);
  const guess = Date.UTC(y, m - 1, d, hh, mm);
  const first = guess - offsetMinutes(new Date(guess), zone) * MINUTE;
  const second = guess - offsetMinutes(new Date(first), zone) * MINUTE;
  return new Date(second);
}

export function addDays(date: string, days: number): string {
  const [y = 1970, m = 1, d = 1] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d) + days * DAY).toISOString().slice(0, 10);
}

/** Adds calendar months, clamping the day to the month's length (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(date: string, months: number): string {
  const [y = 1970, m = 1, d = 1] = date.split('-').map(Number);
  const firstOfTarget = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(
    Date.UTC(firstOfTarget.getUTCFullYear(), firstOfTarget.getUTCMonth() + 1, 0),
  ).getUTCDate();
  firstOfTarget.setUTCDate(Math.min(d, lastDay));
  return firstOfTarget.toISOString().slice(0, 10);
}

/** 0 Sunday ... 6 Saturday. */
export function weekdayOf(date: string): number {
  const [y = 1970, m = 1, d = 1] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

export function isWeekday(date: string): boolean {
  const day = weekdayOf(date);
  return day >= 1 && day <= 5;
}

/** DD/MM/YYYY, the app's display format. */
export function displayDate(date: string): string {
  const [y, m, d] = date.split('-');
  return `${d}/${m}/${y}`;
}

/** DD/MM/YYYY HH:mm of an instant in a zone. */
export function displayDateTime(instant: Date, zone: string): string {
  const w = wallClock(instant, zone);
  return `${pad(w.day)}/${pad(w.month)}/${w.year} ${pad(w.hour)}:${pad(w.minute)}`;
}

export function minutesToTime(minutes: number): string {
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

export function timeToMinutes(time: string): number {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return h * 60 + m;
}

export const addMinutes = (instant: Date, minutes: number) => new Date(instant.getTime() + minutes * MINUTE);
export const daysBefore = (instant: Date, days: number) => new Date(instant.getTime() - days * DAY);

/** The instant a fraction `rngNext` (0 to 1) of the way from `from` to `to` (`from` when `to` is earlier). */
export const between = (rngNext: number, from: Date, to: Date) =>
  new Date(from.getTime() + rngNext * Math.max(0, to.getTime() - from.getTime()));
