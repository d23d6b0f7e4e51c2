import { and, asc, eq, getTableColumns, gt, gte, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import {
  appointments,
  clients,
  referrers,
  sites,
  smsTemplateSets,
  specialistAvailability,
  specialists,
  specialistTimeslots,
  workflowActivities,
} from '../../db/schema/index.ts';

// The live workflow is found in modules/workflows and its copies are written by workflow-copies.ts.
export type { LiveWorkflow } from '../workflows/workflows.queries.ts';

/** An active specialist with its specialities' names (A-Z), in one round trip. */
export async function findActiveSpecialist(db: Db, id: string) {
  const [row] = await db
    .select({
      ...getTableColumns(specialists),
      // Written out: Drizzle leaves a select's columns unqualified, which the subquery would misread.
      specialityNames: sql<string[]>`coalesce((
        select array_agg(sp.name order by sp.name)
          from specialist_specialities ss join specialities sp on sp.id = ss.speciality_id
         where ss.specialist_id = "specialists"."id"), '{}')`,
    })
    .from(specialists)
    .where(and(eq(specialists.id, id), eq(specialists.active, true)))
    .limit(1);
  return row;
}
export type ActiveSpecialist = NonNullable<Awaited<ReturnType<typeof findActiveSpecialist>>>;

export async function smsTemplateSetExists(db: Db, id: string) {
  const [row] = await db
    .select({ id: smsTemplateSets.id })
    .from(smsTemplateSets)
    .where(eq(smsTemplateSets.id, id))
    .limit(1);
  return Boolean(row);
}

export async function findSiteByName(db: Db, name: string) {
  const [row] = await db.select({ id: sites.id, name: sites.name }).from(sites).where(eq(sites.name, name));
  return row;
}

/**
 * The specialists' availability days from `from` to `to` (YYYY-MM-DD, inclusive) with their
 * timeslots; private sessions only when `includePrivate` (staff booking sees them, the Specialists
 * page does not).
 */
export async function selectAvailabilityDays(
  db: Db,
  specialistIds: readonly string[],
  from: string,
  to: string,
  options: { includePrivate: boolean } = { includePrivate: true },
) {
  if (specialistIds.length === 0) return [];
  return db
    .select({
      specialistId: specialistAvailability.specialistId,
      date: specialistAvailability.fullDate,
      timezone: specialistAvailability.timezone,
      start: specialistTimeslots.startTime,
      end: specialistTimeslots.endTime,
      room: specialistTimeslots.room,
    })
    .from(specialistAvailability)
    .innerJoin(specialistTimeslots, eq(specialistTimeslots.availabilityId, specialistAvailability.id))
    .where(
      and(
        inArray(specialistAvailability.specialistId, [...specialistIds]),
        gte(specialistAvailability.fullDate, from),
        lte(specialistAvailability.fullDate, to),
        options.includePrivate ? undefined : eq(specialistAvailability.isPrivate, false),
      ),
    )
    .orderBy(asc(specialistAvailability.fullDate), asc(specialistTimeslots.startTime));
}

/** No appointment lasts a day: a booking overlapping a range starts less than a day before it. */
const LONGEST_APPOINTMENT_MS = 24 * 60 * 60_000;

/** The specialists' non-cancelled appointments overlapping [from, to). */
export async function selectBookedTimes(db: Db, specialistIds: readonly string[], from: Date, to: Date) {
  if (specialistIds.length === 0) return [];
  return db
    .select({
      id: appointments.id,
      specialistId: appointments.specialistId,
      start: appointments.startDateTime,
      end: appointments.endDateTime,
    })
    .from(appointments)
    .where(
      and(
        inArray(appointments.specialistId, [...specialistIds]),
        isNull(appointments.cancelledAt),
        // A lower bound on the start lets the (specialist, start) index stop early.
        gte(appointments.startDateTime, new Date(from.getTime() - LONGEST_APPOINTMENT_MS)),
        lt(appointments.startDateTime, to),
        gt(appointments.endDateTime, from),
      ),
    );
}

/** A live (not cancelled) appointment of the workflow. */
export async function findLiveAppointment(db: Db, workflowId: string, appointmentId: string) {
  const [row] = await db
    .select()
    .from(appointments)
    .where(
      and(
        eq(appointments.id, appointmentId),
        eq(appointments.workflowId, workflowId),
        isNull(appointments.cancelledAt),
      ),
    )
    .limit(1);
  return row;
}

/** An appointment of the workflow, cancelled or not. */
export async function findWorkflowAppointment(db: Db, workflowId: string, appointmentId: string) {
  const [row] = await db
    .select()
    .from(appointments)
    .where(and(eq(appointments.id, appointmentId), eq(appointments.workflowId, workflowId)))
    .limit(1);
  return row;
}

/**
 * What a cancellation e-mail needs: the patient's name, the practitioner (name and address) and
 * the referrer's address, when known.
 */
export async function selectCancellationRecipients(
  db: Db,
  ids: { referrerId: string | null; specialistId: string; clientId: string },
) {
  const [patient] = await db
    .select({ firstName: clients.firstName, lastName: clients.lastName })
    .from(clients)
    .where(eq(clients.id, ids.clientId));
  const [specialist] = await db
    .select({
      email: specialists.email,
      title: specialists.title,
      firstName: specialists.firstName,
      lastName: specialists.lastName,
    })
    .from(specialists)
    .where(eq(specialists.id, ids.specialistId));
  const [referrer] = ids.referrerId
    ? await db.select({ email: referrers.email }).from(referrers).where(eq(referrers.id, ids.referrerId))
    : [];
  return { patient, specialist, referrerEmail: referrer?.email ?? null };
}

/** The appointment's notes and video link (our own columns, beside what the adapter keeps). */
export async function updateAppointmentExtras(
  db: Db,
  id: string,
  values: { notes?: string | null; zoomJoinUrl?: string | null },
) {
  await db.update(appointments).set(values).where(eq(appointments.id, id));
}

/** A patient event of the Activity tab (V-11): cancel with its reason, postpone with its weeks. */
export async function insertActivity(
  db: Db,
  values: {
    workflowId: string;
    name: 'cancel' | 'postpone';
    postponeWeeks?: number;
    reason?: string | null;
    createdBy: string;
  },
) {
  await db.insert(workflowActivities).values(values);
}
