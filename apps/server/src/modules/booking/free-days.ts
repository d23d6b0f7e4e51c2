import { addDays, instantAt, todayIn, wallClockAt } from '@telecare/domain/calendar';
import { isValidDate, splitSlots, type TimeRange, toHhmm, toMinutes } from '@telecare/domain/slots';
import type { Db } from '../../db/database.ts';
import { selectAvailabilityDays, selectBookedTimes } from './booking.queries.ts';

const DAY_MS = 24 * 60 * 60_000;
const ZONE_REACH_MS = 14 * 60 * 60_000;

export type FreeSlot = TimeRange & { room: number };
/** `slots` are the free parts of the day's `timeslots`. */
export type FreeDay = {
  specialistId: string;
  date: string;
  timezone: string;
  timeslots: FreeSlot[];
  slots: FreeSlot[];
};

/** The wall-clock minutes of `date` in `zone` at an instant, clamped to that day. */
export function localMinutes(instant: Date, date: string, zone: string) {
  const local = wallClockAt(instant, zone);
  if (local.day < date) return 0;
  if (local.day > date) return 24 * 60;
  return toMinutes(local.time);
}

/**
 * Each day's local midnight and whether the day is 24 hours long, by zone and day: the zone
 * arithmetic is slow, and its answers never change.
 */
const dayStarts = new Map<string, { midnight: number; uniform: boolean }>();
function dayStartOf(date: string, zone: string) {
  const key = `${zone} ${date}`;
  let start = dayStarts.get(key);
  if (!start) {
    if (dayStarts.size >= 100_000) dayStarts.clear();
    const midnight = instantAt(date, '00:00', zone).getTime();
    const uniform = instantAt(addDays(date, 1), '00:00', zone).getTime() - midnight === DAY_MS;
    start = { midnight, uniform };
    dayStarts.set(key, start);
  }
  return start;
}

/**
 * `localMinutes` for one day: when the day has no daylight-saving change (24 hours long), plain
 * arithmetic from its local midnight; on the change days, the zone arithmetic for each instant.
 */
function dayClock(date: string, zone: string) {
  const { midnight, uniform } = dayStartOf(date, zone);
  if (!uniform) return (instant: Date) => localMinutes(instant, date, zone);
  return (instant: Date) =>
    Math.min(Math.max(Math.floor((instant.getTime() - midnight) / 60_000), 0), 24 * 60);
}

/**
 * The one free-slot computation (booking checks, the booking calendar, the Specialists page): the
 * specialists' availability days from `from` to `to` (inclusive), each day's timeslots split around
 * its specialist's booked (non-cancelled) appointments, except `exceptAppointmentId`.
 */
export async function selectFreeDays(
  db: Db,
  specialistIds: readonly string[],
  from: string,
  to: string,
  options: { exceptAppointmentId?: string | undefined; includePrivate?: boolean } = {},
): Promise<FreeDay[]> {
  const window = bookedTimesWindow(from, to);
  const [rows, allBooked] = await Promise.all([
    selectAvailabilityDays(db, specialistIds, from, to, { includePrivate: options.includePrivate ?? true }),
    selectBookedTimes(db, specialistIds, window.from, window.to),
  ]);
  return freeDaysOf(
    rows,
    allBooked.filter((a) => a.id !== options.exceptAppointmentId),
  );
}

/** Zones are at most a day off UTC: one day either side catches every booking overlapping the days. */
export const bookedTimesWindow = (from: string, to: string) => ({
  from: new Date(`${addDays(from, -1)}T00:00:00Z`),
  to: new Date(`${addDays(to, 2)}T00:00:00Z`),
});

/** A timeslot of an availability day, as read. */
export type TimeslotRow = {
  specialistId: string;
  date: string;
  timezone: string;
  start: string;
  end: string;
  room: number;
};
/** A booked (non-cancelled) appointment's time, as read. */
export type BookedTime = { specialistId: string; start: Date; end: Date };

/** The free-slot rule on rows already read: each day's timeslots split around its specialist's bookings. */
export function freeDaysOf(rows: readonly TimeslotRow[], booked: readonly BookedTime[]): FreeDay[] {
  if (rows.length === 0) return [];
  const bookedBySpecialist = new Map<string, BookedTime[]>();
  for (const a of booked) {
    const own = bookedBySpecialist.get(a.specialistId);
    if (own) own.push(a);
    else bookedBySpecialist.set(a.specialistId, [a]);
  }
  const days = new Map<string, { specialistId: string; date: string; timezone: string; slots: FreeSlot[] }>();
  for (const row of rows) {
    const key = `${row.specialistId} ${row.date}`;
    const day = days.get(key) ?? {
      specialistId: row.specialistId,
      date: row.date,
      timezone: row.timezone,
      slots: [],
    };
    day.slots.push({ start: toMinutes(row.start), end: toMinutes(row.end), room: row.room });
    days.set(key, day);
  }
  return [...days.values()].map((day) => {
    // Only the bookings near the day go through the zone arithmetic (it is the costly part): every
    // zone is within 14 hours of UTC, so a booking outside these bounds misses the local day.
    const dayStartUtc = Date.parse(`${day.date}T00:00:00Z`);
    const near = (bookedBySpecialist.get(day.specialistId) ?? []).filter(
      (a) =>
        a.end.getTime() > dayStartUtc - ZONE_REACH_MS &&
        a.start.getTime() < dayStartUtc + DAY_MS + ZONE_REACH_MS,
    );
    const minutesOf = dayClock(day.date, day.timezone);
    const busy = near.map((a) => ({ start: minutesOf(a.start), end: minutesOf(a.end) }));
    return { ...day, timeslots: day.slots, slots: splitSlots(day.slots, busy) };
  });
}

/**
 * The days that can still be booked: today or later in the day's zone, with a free slot at least
 * `durationMinutes` long once today's past minutes are taken out. Slots as 'HH:mm' in the day's zone.
 */
export function openDates(days: readonly FreeDay[], now: Date, durationMinutes: number) {
  const todays = new Map<string, string>();
  return days.flatMap((day) => {
    const today = todays.get(day.timezone) ?? todayIn(day.timezone, now);
    todays.set(day.timezone, today);
    const slots =
      day.date === today
        ? splitSlots(day.slots, [{ start: 0, end: localMinutes(now, today, day.timezone) }])
        : day.slots;
    if (!isValidDate(day.date, today, slots, durationMinutes)) return [];
    return [
      {
        specialistId: day.specialistId,
        date: day.date,
        timezone: day.timezone,
        slots: slots.map((s) => ({ start: toHhmm(s.start), end: toHhmm(s.end), room: s.room })),
      },
    ];
  });
}
