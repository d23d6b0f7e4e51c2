import { ErrorCode } from '@telecare/contracts/errors';
import {
  APPOINTMENT_LENGTHS,
  type AptLengthRequestSchema,
  type AvailableDay,
  type AvailableTimeQuerySchema,
  bookingsOutsideTimeslots,
  type CreateAvailableTimeRequestSchema,
  type DeleteAvailableTimeQuerySchema,
  dateHasBookings,
  SCHEDULE_MESSAGES as S,
  type ScheduleOptions,
} from '@telecare/contracts/schedule';
import {
  daysOfMonth,
  formatDay,
  formatTimeAt,
  isDay,
  todayIn,
  wallClockAt,
  zoneAbbreviation,
} from '@telecare/domain/calendar';
import { doctorName } from '@telecare/domain/referral-rules';
import { scheduleProblem } from '@telecare/domain/schedule';
import { fitsInSlot, toMinutes } from '@telecare/domain/slots';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { auditedBy, type ChangeWriter } from '../../lib/write-change.ts';
import type { AuthContext, RequestOrigin } from '../auth/auth.service.ts';
import { isUuid } from '../booking/booking-rules.ts';
import {
  countSpecialists,
  deleteAvailabilityDay,
  findSpecialist,
  lockSpecialist,
  readRooms,
  saveAvailabilityDay,
  selectAvailabilityMonth,
  selectAvailabilityOn,
  selectLiveAppointmentsOn,
  selectScheduleSpecialists,
  updateAppointmentLength,
} from './schedule.queries.ts';

type MonthQuery = z.output<typeof AvailableTimeQuerySchema>;
type Create = z.output<typeof CreateAvailableTimeRequestSchema>;
type Remove = z.output<typeof DeleteAvailableTimeQuerySchema>;
type AptLength = z.output<typeof AptLengthRequestSchema>;

const invalid = (field: string, message: string) =>
  new AppError(ErrorCode.validation, message, { [field]: [message] });
const hhmm = (time: string) => time.slice(0, 5);

/**
 * The Schedule screen (AA §2, §7): a specialist's availability days, written by privileged staff.
 * Every write locks the specialist's row for update (a booking holds a share lock of it), so a
 * booking and a schedule change of the same specialist never interleave; a change never strands a
 * booked patient (decisions 0026, 0040).
 */
export function createScheduleService(deps: { db: Db; clock: Clock; writeChange: ChangeWriter }) {
  const { db, clock, writeChange } = deps;
  const scheduleChanged = (specialistId: string) => [
    { type: 'schedule.changed' as const, ids: [specialistId] },
  ];
  const audit = (actor: AuthContext, origin: RequestOrigin, action: string, id: string, details: object) => ({
    action,
    ...auditedBy(actor, origin),
    entityType: 'specialist',
    entityId: id,
    details: details as Record<string, unknown>,
  });

  async function requireSpecialist(tx: Db, id: string | null | undefined, field: string) {
    const specialist = isUuid(id) ? await lockSpecialist(tx, id) : undefined;
    if (!specialist) throw invalid(field, S.unknownSpecialist);
    return specialist;
  }

  return {
    async options(): Promise<ScheduleOptions> {
      const rows = await selectScheduleSpecialists(db);
      return {
        specialists: rows.map(({ title, firstName, lastName, ...rest }) => ({
          ...rest,
          name: doctorName({ title, firstName, lastName }),
        })),
        rooms: await readRooms(db),
      };
    },

    /** The raw availability of the month (not the free slots), with each date's booked count. */
    async month(query: MonthQuery): Promise<AvailableDay[]> {
      if (!(await findSpecialist(db, query.specialistId))) {
        throw new AppError(ErrorCode.notFound, S.unknownSpecialist);
      }
      const days = daysOfMonth(`${query.month.slice(0, 4)}-${query.month.slice(4)}-01`);
      const rows = await selectAvailabilityMonth(db, query.specialistId, days[0] ?? '', days.at(-1) ?? '');
      const byDate = new Map<string, AvailableDay>();
      for (const row of rows) {
        const day = byDate.get(row.date) ?? {
          date: row.date,
          timezone: row.timezone,
          isPrivate: row.isPrivate,
          timeslots: [],
          bookedCount: row.bookedCount,
        };
        if (row.start && row.end) {
          day.timeslots.push({ start: hhmm(row.start), end: hhmm(row.end), selectedRoom: row.room });
        }
        byDate.set(row.date, day);
      }
      return [...byDate.values()];
    },

    /**
     * Saves the timeslots on every date (a date that has availability gets the new timeslots), all or
     * nothing. Refused (409) when a live booking on a date would fall outside the new timeslots.
     */
    async create(actor: AuthContext, origin: RequestOrigin, input: Create) {
      const rooms = (await readRooms(db)).map((r) => r.number);
      const now = clock.now();
      const problem = scheduleProblem(input, {
        today: (zone) => todayIn(zone, now),
        rooms,
        lengthRequired: false,
      });
      if (problem) throw invalid(problem.field, problem.message);
      const zone = input.timezone ?? '';
      const dates = [...new Set(input.dates ?? [])].sort();
      const timeslots = (input.timeslots ?? []).map((t) => ({
        start: t.start ?? '',
        end: t.end ?? '',
        room: t.selectedRoom ?? 1,
      }));
      const ranges = timeslots.map((t) => ({ start: toMinutes(t.start), end: toMinutes(t.end) }));
      return writeChange(async (tx) => {
        const specialist = await requireSpecialist(tx, input.specialistId, 'specialistId');
        const existing = await selectAvailabilityOn(tx, specialist.id, dates);
        const booked = await selectLiveAppointmentsOn(
          tx,
          specialist.id,
          existing.map((d) => d.date),
          zone,
        );
        const stranded = booked.filter((a) => {
          const start = wallClockAt(a.start, zone);
          const end = wallClockAt(a.end, zone);
          const minutes = end.day === start.day ? toMinutes(end.time) - toMinutes(start.time) : 24 * 60;
          return !fitsInSlot(ranges, toMinutes(start.time), minutes);
        });
        const first = stranded[0];
        if (first) {
          const day = wallClockAt(first.start, zone).day;
          const times = stranded
            .filter((a) => wallClockAt(a.start, zone).day === day)
            .map((a) => `${formatTimeAt(a.start, zone)} ${zoneAbbreviation(a.start, zone)}`);
          throw new AppError(ErrorCode.conflict, bookingsOutsideTimeslots(formatDay(day), times));
        }
        for (const date of dates) {
          await saveAvailabilityDay(
            tx,
            { specialistId: specialist.id, date, timezone: zone, isPrivate: input.isPrivate },
            timeslots,
          );
        }
        if (input.appointmentLength) {
          await updateAppointmentLength(tx, specialist.id, { timezone: zone, ...input.appointmentLength });
        }
        return {
          result: { message: S.created, dates },
          audit: [
            audit(actor, origin, 'schedule.saved', specialist.id, {
              dates,
              timezone: zone,
              timeslots: timeslots.map((t) => `${t.start}-${t.end}@${t.room}`),
              isPrivate: input.isPrivate,
              replaced: existing.map((d) => d.date),
            }),
          ],
          events: scheduleChanged(specialist.id),
        };
      });
    },

    /** Deletes a date's availability; refused (409, with the count) while it has live bookings. */
    async remove(actor: AuthContext, origin: RequestOrigin, query: Remove) {
      if (!isDay(query.date)) throw invalid('date', S.badDate);
      await writeChange(async (tx) => {
        const specialist = await lockSpecialist(tx, query.specialistId);
        if (!specialist) throw new AppError(ErrorCode.notFound, S.unknownSpecialist);
        const [day] = await selectAvailabilityMonth(tx, specialist.id, query.date, query.date);
        if (!day) throw new AppError(ErrorCode.notFound, S.noAvailability);
        if (day.bookedCount > 0) throw new AppError(ErrorCode.conflict, dateHasBookings(day.bookedCount));
        await deleteAvailabilityDay(tx, day.id);
        return {
          result: undefined,
          audit: [audit(actor, origin, 'schedule.date-deleted', specialist.id, { date: query.date })],
          events: scheduleChanged(specialist.id),
        };
      });
    },

    /** The specialist's zone and NEW/Review lengths (the booking form's default durations follow). */
    async setAppointmentLength(actor: AuthContext, origin: RequestOrigin, input: AptLength) {
      const { newTime, reviewTime, timezone } = input.appointmentLength;
      if (!APPOINTMENT_LENGTHS.some(([n, r]) => n === newTime && r === reviewTime)) {
        throw invalid('appointmentLength', S.appointmentLength);
      }
      await writeChange(async (tx) => {
        const specialist = await requireSpecialist(tx, input.specialist, 'specialist');
        await updateAppointmentLength(tx, specialist.id, { timezone, newTime, reviewTime });
        return {
          result: undefined,
          audit: [
            audit(actor, origin, 'schedule.length-set', specialist.id, { timezone, newTime, reviewTime }),
          ],
          events: scheduleChanged(specialist.id),
        };
      });
    },

    /** Sync Specialists: the local adapter has nothing remote to pull (V-14), so all are unchanged. */
    async sync() {
      return { added: 0, updated: 0, unchanged: await countSpecialists(db) };
    },
  };
}

export type ScheduleService = ReturnType<typeof createScheduleService>;
