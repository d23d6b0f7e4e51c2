/**
 * Display formats from the spec: dates as DD/MM/YYYY, times as HH:mm (24 hours).
 * Calendar dates (date of birth, referral dates) arrive as 'YYYY-MM-DD' and are never shifted by a
 * time zone; instants arrive as ISO strings and are shown in the viewer's zone or a given IANA zone.
 */

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Parses 'YYYY-MM-DD'; undefined for anything else. */
export function parseCalendarDate(value: string): CalendarDate | undefined {
  const match = CALENDAR_DATE.exec(value);
  if (!match) return undefined;
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
}

/** Today's calendar date in the viewer's zone. */
export function today(now: Date = new Date()): CalendarDate {
  return { year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() };
}

/** A sortable day number for comparing calendar dates (days since 1970-01-01). */
export function dayNumber(date: CalendarDate): number {
  return Date.UTC(date.year, date.month - 1, date.day) / 86_400_000;
}

/** Adds whole months, clamping to the last day of the target month (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(date: CalendarDate, months: number): CalendarDate {
  const first = new Date(Date.UTC(date.year, date.month - 1 + months, 1));
  const year = first.getUTCFullYear();
  const month = first.getUTCMonth() + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { year, month, day: Math.min(date.day, lastDay) };
}

const pad = (n: number) => String(n).padStart(2, '0');

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string | undefined, withZoneName = false): Intl.DateTimeFormat {
  const key = `${timeZone ?? ''}|${withZoneName}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-AU', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      ...(withZoneName ? { timeZoneName: 'short' } : {}),
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

function instantParts(value: string, timeZone?: string, withZoneName = false) {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return undefined;
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone, withZoneName).formatToParts(date)) parts[part.type] = part.value;
  return parts;
}

/** 'YYYY-MM-DD' (or an instant, in the viewer's zone) as DD/MM/YYYY; '' when unreadable. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const date = parseCalendarDate(value);
  if (date) return `${pad(date.day)}/${pad(date.month)}/${date.year}`;
  const parts = instantParts(value);
  return parts ? `${parts.day}/${parts.month}/${parts.year}` : '';
}

/** An instant as DD/MM/YYYY HH:mm in `timeZone` (an IANA name; default: the viewer's zone). */
export function formatDateTime(value: string | null | undefined, timeZone?: string): string {
  if (!value) return '';
  const parts = instantParts(value, timeZone);
  return parts ? `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}` : '';
}

/** The short name of `timeZone` at that instant, e.g. AEST, AEDT, AWST (or GMT+9 where none exists). */
export function formatTimeZoneName(value: string, timeZone?: string): string {
  return instantParts(value, timeZone, true)?.timeZoneName ?? '';
}

/** Whole years between a 'YYYY-MM-DD' date of birth and `on` (default today); undefined if unreadable. */
export function ageInYears(
  dateOfBirth: string | null | undefined,
  on: CalendarDate = today(),
): number | undefined {
  if (!dateOfBirth) return undefined;
  const born = parseCalendarDate(dateOfBirth);
  if (!born) return undefined;
  const hadBirthday = on.month > born.month || (on.month === born.month && on.day >= born.day);
  const age = on.year - born.year - (hadBirthday ? 0 : 1);
  return age >= 0 ? age : undefined;
}
