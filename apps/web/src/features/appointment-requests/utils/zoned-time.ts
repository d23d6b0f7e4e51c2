/**
 * Wall-clock date and time in an IANA zone <-> instants, with the platform's time-zone data (Intl),
 * so a booking entered as 'date, start time' in the request's zone becomes the right instant on
 * either side of a daylight-saving change.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

function wallParts(instant: number, timeZone: string) {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(instant))) parts[part.type] = part.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** The zone's offset from UTC at an instant, in minutes (east positive). */
function offsetMinutes(instant: number, timeZone: string): number {
  const w = wallParts(instant, timeZone);
  return Math.round((Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - instant) / 60_000);
}

const pad = (n: number) => String(Math.abs(n)).padStart(2, '0');

export interface WallTime {
  /** YYYY-MM-DD */
  date: string;
  /** HH:mm */
  time: string;
}

/** An instant as the date and time on the wall clock of `timeZone`. */
export function wallTimeOf(iso: string, timeZone: string): WallTime | undefined {
  const instant = Date.parse(iso);
  if (Number.isNaN(instant)) return undefined;
  const w = wallParts(instant, timeZone);
  return { date: `${w.year}-${pad(w.month)}-${pad(w.day)}`, time: `${pad(w.hour)}:${pad(w.minute)}` };
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2})$/;

/**
 * A wall-clock date and time in `timeZone` as an ISO instant with that zone's offset
 * (e.g. 2026-03-02T09:30:00+11:00); undefined when unreadable or when the time does not exist
 * there (skipped by a daylight-saving change).
 */
export function zonedIso({ date, time }: WallTime, timeZone: string): string | undefined {
  const d = DATE.exec(date);
  const t = TIME.exec(time);
  if (!d || !t) return undefined;
  const wall = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]));
  let offset = offsetMinutes(wall, timeZone);
  const second = offsetMinutes(wall - offset * 60_000, timeZone);
  if (second !== offset) offset = second;
  const instant = wall - offset * 60_000;
  const back = wallTimeOf(new Date(instant).toISOString(), timeZone);
  if (!back || back.date !== date || back.time !== time) return undefined;
  const sign = offset >= 0 ? '+' : '-';
  return `${date}T${time}:00${sign}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`;
}
