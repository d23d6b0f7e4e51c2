import { DEFAULT_ROOMS, type Room, RoomSchema } from '@telecare/contracts/schedule';
import { and, asc, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import {
  appointments,
  settings,
  specialistAvailability,
  specialists,
  specialistTimeslots,
} from '../../db/schema/index.ts';
import { specialistScheduleLock } from '../../lib/specialist-schedule-lock.ts';

/** The specialist, with their schedule locked for the rest of the transaction (decision 0040). */
export async function lockSpecialist(db: Db, id: string) {
  const [row] = await db
    .select({ id: specialists.id, timezone: specialists.timezone })
    .from(specialists)
    .where(and(eq(specialists.id, id), specialistScheduleLock(sql`${id}`, 'exclusive')));
  return row;
}

export async function findSpecialist(db: Db, id: string) {
  const [row] = await db
    .select({ id: specialists.id, timezone: specialists.timezone })
    .from(specialists)
    .where(eq(specialists.id, id))
    .limit(1);
  return row;
}

/** The active specialists, by name, with what the Schedule form starts from. */
export async function selectScheduleSpecialists(db: Db) {
  return db
    .select({
      id: specialists.id,
      title: specialists.title,
      firstName: specialists.firstName,
      lastName: specialists.lastName,
      timezone: specialists.timezone,
      newAppointmentMinutes: specialists.newAppointmentMinutes,
      reviewAppointmentMinutes: specialists.reviewAppointmentMinutes,
    })
    .from(specialists)
    .where(eq(specialists.active, true))
    .orderBy(asc(specialists.lastName), asc(specialists.firstName));
}

/** The tenant's room list (a `rooms` settings row; Room 1: Own Device when there is none). */
export async function readRooms(db: Db): Promise<Room[]> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, 'rooms'));
  const parsed = RoomSchema.array().min(1).safeParse(row?.value);
  return parsed.success ? parsed.data : DEFAULT_ROOMS;
}

/** Live appointments of the specialist whose start falls on the availability day, in its zone. */
const bookedOnDay = sql<number>`(
  SELECT count(*)::int FROM ${appointments}
  WHERE ${appointments.specialistId} = ${specialistAvailability.specialistId}
    AND ${appointments.cancelledAt} IS NULL
    AND (${appointments.startDateTime} AT TIME ZONE ${specialistAvailability.timezone})::date = ${specialistAvailability.fullDate}
)`;

/** The specialist's availability days from `from` to `to` with their timeslots and booked counts. */
export async function selectAvailabilityMonth(db: Db, specialistId: string, from: string, to: string) {
  return db
    .select({
      id: specialistAvailability.id,
      date: specialistAvailability.fullDate,
      timezone: specialistAvailability.timezone,
      isPrivate: specialistAvailability.isPrivate,
      start: specialistTimeslots.startTime,
      end: specialistTimeslots.endTime,
      room: specialistTimeslots.room,
      bookedCount: bookedOnDay,
    })
    .from(specialistAvailability)
    .leftJoin(specialistTimeslots, eq(specialistTimeslots.availabilityId, specialistAvailability.id))
    .where(
      and(
        eq(specialistAvailability.specialistId, specialistId),
        gte(specialistAvailability.fullDate, from),
        lte(specialistAvailability.fullDate, to),
      ),
    )
    .orderBy(asc(specialistAvailability.fullDate), asc(specialistTimeslots.startTime));
}

/** The specialist's availability rows on the given dates. */
export async function selectAvailabilityOn(db: Db, specialistId: string, dates: string[]) {
  return db
    .select({ id: specialistAvailability.id, date: specialistAvailability.fullDate })
    .from(specialistAvailability)
    .where(
      and(
        eq(specialistAvailability.specialistId, specialistId),
        inArray(specialistAvailability.fullDate, dates),
      ),
    );
}

/**
 * The specialist's live appointments that start on one of `dates` in `zone` (the zone the days are,
 * or will be, kept in), with their start and end as instants.
 */
export async function selectLiveAppointmentsOn(db: Db, specialistId: string, dates: string[], zone: string) {
  if (dates.length === 0) return [];
  return db
    .select({
      id: appointments.id,
      start: appointments.startDateTime,
      end: appointments.endDateTime,
      timezone: appointments.timezone,
    })
    .from(appointments)
    .where(
      and(
        eq(appointments.specialistId, specialistId),
        isNull(appointments.cancelledAt),
        sql`(${appointments.startDateTime} AT TIME ZONE ${zone})::date IN (${sql.join(
          dates.map((d) => sql`${d}::date`),
          sql`, `,
        )})`,
      ),
    );
}

/** Replaces the day's timeslots (creating the day when new). */
export async function saveAvailabilityDay(
  db: Db,
  day: { specialistId: string; date: string; timezone: string; isPrivate: boolean },
  timeslots: { start: string; end: string; room: number }[],
) {
  const [row] = await db
    .insert(specialistAvailability)
    .values({
      specialistId: day.specialistId,
      fullDate: day.date,
      timezone: day.timezone,
      isPrivate: day.isPrivate,
    })
    .onConflictDoUpdate({
      target: [specialistAvailability.specialistId, specialistAvailability.fullDate],
      set: { timezone: day.timezone, isPrivate: day.isPrivate, updatedAt: new Date() },
    })
    .returning({ id: specialistAvailability.id });
  if (!row) throw new Error('availability upsert returned nothing');
  await db.delete(specialistTimeslots).where(eq(specialistTimeslots.availabilityId, row.id));
  await db
    .insert(specialistTimeslots)
    .values(
      timeslots.map((t) => ({ availabilityId: row.id, startTime: t.start, endTime: t.end, room: t.room })),
    );
}

export async function deleteAvailabilityDay(db: Db, id: string) {
  await db.delete(specialistAvailability).where(eq(specialistAvailability.id, id));
}

export async function updateAppointmentLength(
  db: Db,
  specialistId: string,
  values: { timezone?: string; newTime: number; reviewTime: number },
) {
  await db
    .update(specialists)
    .set({
      ...(values.timezone ? { timezone: values.timezone } : {}),
      newAppointmentMinutes: values.newTime,
      reviewAppointmentMinutes: values.reviewTime,
      updatedAt: new Date(),
    })
    .where(eq(specialists.id, specialistId));
}

export async function countSpecialists(db: Db) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(specialists);
  return row?.n ?? 0;
}
