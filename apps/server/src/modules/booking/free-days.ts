import { addDays, todayIn, wallClockAt } from '@telecare/domain/calendar';
import { isValidDate, splitSlots, type TimeRange, toHhmm, toMinutes } from '@telecare/domain/slots';
import type { Db } from '../../db/database.ts';
import { selectAvailabilityDays, selectBookedTimes } from './booking.queries.ts';

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
  const rows = await selectAvailabilityDays(db, specialistIds, from, to, {
    includePrivate: options.includePrivate ?? true,
  });
  if (rows.length === 0) return [];
  // Zones are at most a day off UTC: one day either side catches every overlapping booking.
  const booked = (
    await selectBookedTimes(
      db,
      [...new Set(rows.map((row) => row.specialistId))],
      new Date(`${addDays(from, -1)}T00:00:00Z`),
      new Date(`${addDays(to, 2)}T00:00:00Z`),
    )
  ).filter((a) => a.id !== options.exceptAppointmentId);
  const bookedBySpecialist = new Map<string, typeof booked>();
  for (const a of booked)
    bookedBySpecialist.set(a.specialistId, [...(bookedBySpecialist.get(a.specialistId) ?? []), a]);
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
    const busy = (bookedBySpecialist.get(day.specialistId) ?? []).map((a) => ({
      start: localMinutes(a.start, day.date, day.timezone),
      end: localMinutes(a.end, day.date, day.timezone),
    }));
    return { ...day, timeslots: day.slots, slots: splitSlots(day.slots, busy) };
  });
}

/**
 * The days that can still be booked: today or later in the day's zone, with a free slot at least
 * `durationMinutes` long once today's past minutes are taken out. Slots as 'HH:mm' in the day's zone.
 */
export function openDates(days: readonly FreeDay[], now: Date, durationMinutes: number) {
  return days.flatMap((day) => {
    const today = todayIn(day.timezone, now);
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
