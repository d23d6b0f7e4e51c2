import { APPOINTMENT_LENGTHS, SCHEDULE_MESSAGES as S } from '@telecare/contracts/schedule';
import { AUSTRALIAN_TIMEZONES } from '@telecare/contracts/users';
import { addDays, isDay, weekdayOf } from './calendar.ts';
import { type TimeRange, toMinutes } from './slots.ts';

/**
 * The Schedule screen's rules (AA §2, §5, §9), shared by the form and the server: repeat expansion,
 * the timeslot rows, and the save checks in the spec's order.
 */

/** Start and end pickers step 5 minutes; a new row starts 09:00-09:30. */
export const TIMESLOT_STEP_MINUTES = 5;
export const NEW_TIMESLOT = { start: '09:00', end: '09:30' } as const;
/** A repeat schedule (and one save) covers at most a year of dates. */
export const MAX_SCHEDULE_DAYS = 366;

export type Repeat = {
  /** First and last day (YYYY-MM-DD, inclusive). */
  from: string;
  to: string;
  /** Every 1 to 4 weeks. */
  everyWeeks: number;
  /** 0 Sunday ... 6 Saturday (the form offers Monday to Friday). */
  weekdays: readonly number[];
};

/**
 * The dates of a repeat: the chosen weekdays of every `everyWeeks`-th week, counting the week (Monday
 * to Sunday) of `from` as the first, from `from` to `to`. Empty when the range is backwards, longer
 * than a year, or the interval is not 1-4.
 */
export function expandRepeat({ from, to, everyWeeks, weekdays }: Repeat): string[] {
  if (!isDay(from) || !isDay(to) || to < from) return [];
  if (!Number.isInteger(everyWeeks) || everyWeeks < 1 || everyWeeks > 4) return [];
  if (addDays(from, MAX_SCHEDULE_DAYS - 1) < to) return [];
  const wanted = new Set(weekdays);
  const dates: string[] = [];
  // Day 0 is the Monday of the first week; the week number is the day number over 7.
  for (let day = from, n = (weekdayOf(from) + 6) % 7; day <= to; day = addDays(day, 1), n += 1) {
    if (Math.floor(n / 7) % everyWeeks === 0 && wanted.has(weekdayOf(day))) dates.push(day);
  }
  return dates;
}

/** Whether the range of dates spans more than a year. */
export function spansMoreThanAYear(dates: readonly string[]): boolean {
  const sorted = [...dates].sort();
  const first = sorted[0];
  const last = sorted.at(-1);
  return Boolean(first && last && addDays(first, MAX_SCHEDULE_DAYS - 1) < last);
}

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
/** 'HH:mm' on a 5-minute step (24:00 is not a time; a slot ends by 23:55). */
export const isStepTime = (time: string | null | undefined): time is string =>
  typeof time === 'string' && HHMM.test(time) && toMinutes(time) % TIMESLOT_STEP_MINUTES === 0;

export type TimeslotRow = {
  start?: string | null | undefined;
  end?: string | null | undefined;
  selectedRoom?: number | null | undefined;
};

export type ScheduleProblem = { field: string; message: string };

/** The first problem of the timeslot rows, in the spec's order: start before end, room, overlap. */
export function timeslotProblem(
  rows: readonly TimeslotRow[],
  rooms: readonly number[],
): ScheduleProblem | null {
  for (const [i, row] of rows.entries()) {
    if (!isStepTime(row.start) || !isStepTime(row.end))
      return { field: `timeslots.${i}`, message: S.badTime };
    if (toMinutes(row.start) >= toMinutes(row.end))
      return { field: `timeslots.${i}.end`, message: S.startBeforeEnd };
  }
  for (const [i, row] of rows.entries()) {
    if (row.selectedRoom == null) return { field: `timeslots.${i}.selectedRoom`, message: S.room };
    if (!rooms.includes(row.selectedRoom))
      return { field: `timeslots.${i}.selectedRoom`, message: S.unknownRoom };
  }
  const ranges = rows
    .map((row, i): TimeRange & { i: number } => ({
      start: toMinutes(row.start ?? ''),
      end: toMinutes(row.end ?? ''),
      i,
    }))
    .sort((a, b) => a.start - b.start);
  for (let k = 1; k < ranges.length; k += 1) {
    const [before, after] = [ranges[k - 1], ranges[k]];
    if (before && after && after.start < before.end)
      return { field: `timeslots.${after.i}`, message: S.overlap };
  }
  return null;
}

export type ScheduleSave = {
  specialistId?: string | null | undefined;
  timezone?: string | null | undefined;
  appointmentLength?: { newTime: number; reviewTime: number } | null | undefined;
  dates?: readonly string[] | null | undefined;
  timeslots?: readonly TimeslotRow[] | null | undefined;
};

/**
 * The first problem of a Schedule save, in the spec's order (specialist, timezone, appointment length,
 * dates, timeslots, then each row), then ours: real days, none before today in the chosen zone, at
 * most a year. `lengthRequired`: the form always asks for a length; the API accepts a save without
 * one (the specialist's lengths stay).
 */
export function scheduleProblem(
  save: ScheduleSave,
  context: { today: (zone: string) => string; rooms: readonly number[]; lengthRequired: boolean },
): ScheduleProblem | null {
  if (!save.specialistId) return { field: 'specialistId', message: S.specialist };
  const zone = save.timezone;
  if (!zone || !(AUSTRALIAN_TIMEZONES as readonly string[]).includes(zone))
    return { field: 'timezone', message: S.timezone };
  const length = save.appointmentLength;
  if (
    length
      ? !APPOINTMENT_LENGTHS.some(([n, r]) => n === length.newTime && r === length.reviewTime)
      : context.lengthRequired
  )
    return { field: 'appointmentLength', message: S.appointmentLength };
  const dates = save.dates ?? [];
  if (dates.length === 0) return { field: 'dates', message: S.dates };
  const rows = save.timeslots ?? [];
  if (rows.length === 0) return { field: 'timeslots', message: S.timeslots };
  const rowProblem = timeslotProblem(rows, context.rooms);
  if (rowProblem) return rowProblem;
  if (!dates.every(isDay)) return { field: 'dates', message: S.badDate };
  const today = context.today(zone);
  if (dates.some((d) => d < today)) return { field: 'dates', message: S.pastDate };
  if (spansMoreThanAYear(dates)) return { field: 'dates', message: S.repeatTooLong };
  return null;
}

/** The length pair's label: "30-15 (new 30, review 15 min)". */
export const appointmentLengthLabel = (newTime: number, reviewTime: number) =>
  `${newTime}-${reviewTime} (new ${newTime}, review ${reviewTime} min)`;

/** Every 5-minute time of a day, 'HH:mm': the start and end pickers' options. */
export function stepTimes(): string[] {
  return Array.from({ length: (24 * 60) / TIMESLOT_STEP_MINUTES }, (_, i) => {
    const minutes = i * TIMESLOT_STEP_MINUTES;
    return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  });
}
