import { TZDate, tzOffset } from '@date-fns/tz';
import { addMonths as addMonthsTo } from 'date-fns/addMonths';
import { lastDayOfMonth } from 'date-fns/lastDayOfMonth';

/**
 * The one calendar of the app, on the server and in the browser. Three kinds of value:
 * - a day: 'YYYY-MM-DD', a date on the calendar in no zone (a date of birth, an availability day);
 * - a wall-clock time: 'HH:mm' on a day in an IANA zone (a specialist's timeslot);
 * - an instant: a `Date` (or an ISO string), stored as UTC.
 * Where a zone is optional, leaving it out means the viewer's zone (the browser's, or the server's).
 *
 * Daylight-saving changes (the rule for wall-clock times that occur twice or not at all):
 * - a wall-clock time that occurs twice (the April change: 02:30 in Sydney) names its second
 *   occurrence, on standard time once the clock has gone back (as the server and the form did
 *   before this module);
 * - a wall-clock time that does not exist (the October gap: 02:00-02:59 in Sydney, 02:00-02:29 on
 *   Lord Howe) is read with the offset in force before the change, so it lands later by the size of
 *   the gap: 02:30 in Sydney is 03:30 AEDT, 02:15 on Lord Howe is 02:45 (+11). `wallClockExists`
 *   tells them apart.
 * The offsets come from @date-fns/tz's `tzOffset`, never from the host's zone, so the answers are
 * the same on any machine.
 */

/** The viewer's zone: the browser's, or the server's. */
export function viewerZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}$/;

const toDate = (instant: Date | number | string) => (instant instanceof Date ? instant : new Date(instant));
/** A day as midnight UTC, so that date-fns' month arithmetic never meets a zone change. */
const utcDay = (day: string) => new TZDate(`${day}T00:00:00Z`, 'UTC');
/** A day's midnight UTC in milliseconds (NaN when the text is no day): day arithmetic without a zone. */
const utcMidnight = (day: string) => Date.parse(`${day}T00:00:00Z`);
const pad2 = (n: number) => String(n).padStart(2, '0');

/** The day ('YYYY-MM-DD') and time ('HH:mm') of an instant's UTC fields; an invalid instant throws. */
function utcFields(ms: number): { day: string; time: string } {
  const date = new Date(ms);
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid time value');
  const year = String(date.getUTCFullYear()).padStart(4, '0');
  return {
    day: `${year}-${pad2(date.getUTCMonth() + 1)}-${pad2(date.getUTCDate())}`,
    time: `${pad2(date.getUTCHours())}:${pad2(date.getUTCMinutes())}`,
  };
}

const dayText = (date: Date) => utcFields(date.getTime()).day;

const ZONES_KEPT = 1_000;
const MINUTES_KEPT = 100_000;

/**
 * `read` with its answers kept by zone and minute (a zone's offset and name change only on a whole
 * minute): `read` formats a date on every call, and bookings and month calendars ask thousands.
 */
function keptByZoneAndMinute<T>(read: (zone: string, minuteStart: Date) => T) {
  const byZone = new Map<string, Map<number, T>>();
  return (zone: string, ms: number): T => {
    let byMinute = byZone.get(zone);
    if (!byMinute) {
      if (byZone.size >= ZONES_KEPT) byZone.clear();
      byMinute = new Map();
      byZone.set(zone, byMinute);
    }
    const minute = Math.floor(ms / MINUTE_MS);
    let answer = byMinute.get(minute);
    if (answer === undefined) {
      if (byMinute.size >= MINUTES_KEPT) byMinute.clear();
      answer = read(zone, new Date(minute * MINUTE_MS));
      byMinute.set(minute, answer);
    }
    return answer;
  };
}

/** The zone's offset from UTC in milliseconds at an instant (ms). */
const offsetMs = keptByZoneAndMinute((zone, at) => tzOffset(zone, at) * MINUTE_MS);

/**
 * The wall clock in `zone` at an instant: the instant moved by the zone's offset at that instant,
 * read in UTC. It is what date-fns formats a TZDate as, at a fraction of the cost (bookings and
 * the month calendars read thousands).
 */
function wallFields(instant: Date | number | string, zone?: string): { day: string; time: string } {
  const ms = toDate(instant).getTime();
  return utcFields(ms + offsetMs(zone ?? viewerZone(), ms));
}

// Days.

/** Whether `text` is a real day written 'YYYY-MM-DD' (2026-02-30 is not). */
export function isDay(text: string): boolean {
  if (!DAY.test(text)) return false;
  const [year, month, day] = text.split('-').map(Number) as [number, number, number];
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return dayText(date) === text;
}

export function addDays(day: string, days: number): string {
  return utcFields(utcMidnight(day) + days * DAY_MS).day;
}

/** Whole days from one day to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((utcMidnight(to) - utcMidnight(from)) / DAY_MS);
}

/** Adds whole months, clamping to the target month's last day (31 Jan + 1 month = 28 or 29 Feb). */
export function addMonths(day: string, months: number): string {
  return dayText(addMonthsTo(utcDay(day), months));
}

/** The first day ('YYYY-MM-01') of the day's month: what a month calendar shows. */
export function monthOf(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

/** The month after (+1) or before (-1) the day's month, as its first day. */
export function stepMonth(day: string, months: number): string {
  return addMonths(monthOf(day), months);
}

/** Every day of the day's month, first to last: the days of a month calendar. */
export function daysOfMonth(day: string): string[] {
  const last = Number(dayText(lastDayOfMonth(utcDay(day))).slice(8));
  return Array.from({ length: last }, (_, i) => `${day.slice(0, 7)}-${String(i + 1).padStart(2, '0')}`);
}

/** 0 Sunday ... 6 Saturday. */
export function weekdayOf(day: string): number {
  return new Date(utcMidnight(day)).getUTCDay();
}

// Zones: wall clock <-> instant.

/** The instant at which the wall clock in `zone` shows `day` `time` (daylight-saving rule above). */
export function instantAt(day: string, time: string, zone: string): Date {
  if (!isDay(day) || !TIME.test(time)) return new Date(Number.NaN);
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const [h, min] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, h, min);
  const offsetAt = (ms: number) => offsetMs(zone, ms);
  // Australian zones change at most once a day: the offsets a day either side are the candidates.
  const before = offsetAt(wall - DAY_MS);
  const after = offsetAt(wall + DAY_MS);
  const fitting = [...new Set([before, after])]
    .map((offset) => wall - offset)
    .filter((instant) => instant + offsetAt(instant) === wall);
  return new Date(fitting.length > 0 ? Math.max(...fitting) : wall - before);
}

/** The day and wall-clock time in `zone` at an instant. */
export function wallClockAt(instant: Date | number | string, zone?: string): { day: string; time: string } {
  return wallFields(instant, zone);
}

/** Whether the wall clock in `zone` ever shows `day` `time` (false in the spring-forward gap). */
export function wallClockExists(day: string, time: string, zone: string): boolean {
  const back = wallClockAt(instantAt(day, time, zone), zone);
  return back.day === day && back.time === time;
}

/** The day in `zone` at an instant. */
export function dayAt(instant: Date | number | string, zone?: string): string {
  return wallFields(instant, zone).day;
}

/** Today ('YYYY-MM-DD') in `zone`. */
export function todayIn(zone?: string, now: Date = new Date()): string {
  return dayAt(now, zone);
}

// Display: the spec's DD/MM/YYYY and HH:mm, and the zone's short name.

/** 'YYYY-MM-DD' as DD/MM/YYYY. */
export function formatDay(day: string): string {
  return `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
}

/** An instant as DD/MM/YYYY in `zone`. */
export function formatDateAt(instant: Date | number | string, zone?: string): string {
  return formatDay(wallFields(instant, zone).day);
}

/** An instant as HH:mm (24 hours) in `zone`. */
export function formatTimeAt(instant: Date | number | string, zone?: string): string {
  return wallFields(instant, zone).time;
}

/** An instant as DD/MM/YYYY HH:mm in `zone`. */
export function formatDateTimeAt(instant: Date | number | string, zone?: string): string {
  const { day, time } = wallFields(instant, zone);
  return `${formatDay(day)} ${time}`;
}

const abbreviationFormats = new Map<string, Intl.DateTimeFormat>();
/** '' is the viewer's zone. */
const abbreviationAt = keptByZoneAndMinute((zone, at) => {
  let format = abbreviationFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-AU', {
      timeZone: zone || undefined,
      timeZoneName: 'short',
      hour: 'numeric',
    });
    abbreviationFormats.set(zone, format);
  }
  return format.formatToParts(at).find((part) => part.type === 'timeZoneName')?.value ?? '';
});

/**
 * The zone's short name at an instant, as Australians write it: AEST/AEDT, ACST/ACDT, AWST, ACWST
 * (Eucla), LHST/LHDT (Lord Howe). The names come from the runtime's 'en-AU' zone names; date-fns
 * names zones in 'en-US', which gives GMT+10 instead.
 */
export function zoneAbbreviation(instant: Date | number | string, zone?: string): string {
  const ms = toDate(instant).getTime();
  return Number.isNaN(ms) ? '' : abbreviationAt(zone ?? '', ms);
}

/** The zone's short name on a day (at its noon, after any change of that night). */
export function zoneAbbreviationOn(day: string, zone: string): string {
  return zoneAbbreviation(instantAt(day, '12:00', zone), zone);
}
