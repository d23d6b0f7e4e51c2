import { and, asc, eq, gt, gte, inArray, isNull, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { namedStatement } from '../../db/named-statement.ts';
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
  workflows,
} from '../../db/schema/index.ts';
import { specialistScheduleLock } from '../../lib/specialist-schedule-lock.ts';
import { closingStatement } from '../../lib/write-change.ts';
import { bookedCopiesWrite } from '../workflows/workflow-copies.ts';
import { type AppointmentChangeListener, type BookingRefs, listenerReads } from './appointment-changes.ts';

// The live workflow is found in modules/workflows and its copies are written by workflow-copies.ts.
export type { LiveWorkflow } from '../workflows/workflows.queries.ts';

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

/** The workflow's columns a booking reads and copies from. */
export type BookingWorkflow = {
  id: string;
  clientId: string;
  referralEndDate: string | null;
  specialityName: string | null;
  bookingStatus: string | null;
  appointmentId: string | null;
};

/** The specialist as a booking needs it (the case manager's copy, the video link). */
export type BookingSpecialist = {
  id: string;
  active: boolean;
  title: string | null;
  firstName: string;
  lastName: string;
  videoLink: string | null;
  specialityNames: string[];
};

type BookingFactsRow = BookingWorkflow & {
  smsTemplateSetFound: boolean;
  specialist: BookingSpecialist | null;
  site: { id: string; name: string } | null;
  timeslots: { timezone: string; start: string; end: string; room: number }[] | null;
  booked: { id: string; start: number; end: number }[] | null;
};

const p = (name: string) => sql.placeholder(name);

/**
 * The booking's later statements (the insert, the closing writes) were planned anew on every run:
 * PostgreSQL's default plan choice kept preferring a plan for the values at hand, and planning them
 * took about a tenth of the database's CPU per booking. Their plans do not depend on the values
 * (every read is by id or by a specialist's day), so the rest of the booking's transaction reuses
 * one plan per connection. This is set with the facts, without a round trip of its own, and ends
 * with the transaction.
 */
const GENERIC_PLANS_FROM_HERE = sql`set_config('plan_cache_mode', 'force_generic_plan', true)`;
const LONGEST_APPOINTMENT_SQL = sql.raw(`interval '${LONGEST_APPOINTMENT_MS / 60_000} minutes'`);

/**
 * Everything a booking's checks read, in one round trip (docs/decisions/0051): the live workflow,
 * locked for update first (a second booking of it waits); whether the SMS template set exists; the
 * specialist with their specialities' names, and the specialist's schedule lock, shared, so that a
 * schedule change waits for this booking's commit (decision 0040); the day's timeslots; the
 * specialist's bookings around the day; the site by id, or by name for Own Device; and what the
 * appointment-change listeners read with the booking (`listenerReads`, given the booking's refs),
 * as columns `listener_0`, `listener_1` ...
 */
const bookingFactsStatement = (listenerReads: (refs: BookingRefs) => (SQL | undefined)[]) =>
  namedStatement<BookingFactsRow & Record<string, unknown>>('booking_facts', () => {
    const specialistId = sql`${p('specialistId')}::uuid`;
    const reads = listenerReads({
      clientId: sql`w.client_id`,
      smsTemplateSetId: sql`${p('smsTemplateSetId')}::uuid`,
    });
    const readColumns = reads.map((read, i) => sql`, ${read ?? sql`NULL`} AS ${sql.raw(`"listener_${i}"`)}`);
    return sql`
    WITH w AS (
      SELECT id, client_id, referral_end_date, speciality_name, booking_status, appointment_id
        FROM ${workflows} WHERE id = ${p('workflowId')}::uuid AND deleted_at IS NULL FOR UPDATE
    )
    SELECT w.id, w.client_id AS "clientId", w.referral_end_date AS "referralEndDate",
      w.speciality_name AS "specialityName", w.booking_status AS "bookingStatus",
      w.appointment_id AS "appointmentId",
      EXISTS (SELECT 1 FROM ${smsTemplateSets} WHERE id = ${p('smsTemplateSetId')}::uuid) AS "smsTemplateSetFound",
      (SELECT json_build_object('id', s.id, 'active', s.active, 'title', s.title,
          'firstName', s.first_name, 'lastName', s.last_name, 'videoLink', s.video_link,
          'specialityNames', coalesce((
            SELECT array_agg(sp.name ORDER BY sp.name)
              FROM specialist_specialities ss JOIN specialities sp ON sp.id = ss.speciality_id
             WHERE ss.specialist_id = s.id), '{}'))
         FROM ${specialists} s WHERE s.id = ${specialistId}) AS specialist,
      ${specialistScheduleLock(specialistId, 'shared')} AS "scheduleLocked",
      (SELECT json_build_object('id', id, 'name', name) FROM ${sites}
        WHERE id = ${p('siteId')}::uuid OR name = ${p('siteName')}::text LIMIT 1) AS site,
      (SELECT json_agg(json_build_object('timezone', a.timezone, 'start', t.start_time,
          'end', t.end_time, 'room', t.room) ORDER BY t.start_time)
         FROM ${specialistAvailability} a JOIN ${specialistTimeslots} t ON t.availability_id = a.id
        WHERE a.specialist_id = ${specialistId} AND a.full_date = ${p('date')}::date) AS timeslots,
      (SELECT json_agg(json_build_object('id', b.id,
          'start', extract(epoch FROM b.start_date_time) * 1000, 'end', extract(epoch FROM b.end_date_time) * 1000))
         FROM ${appointments} b
        WHERE b.specialist_id = ${specialistId} AND b.cancelled_at IS NULL
          AND b.start_date_time >= ${p('bookedFrom')}::timestamptz - ${LONGEST_APPOINTMENT_SQL}
          AND b.start_date_time < ${p('bookedTo')}::timestamptz
          AND b.end_date_time > ${p('bookedFrom')}::timestamptz) AS booked,
      ${GENERIC_PLANS_FROM_HERE} AS "planCacheMode"
      ${sql.join(readColumns)}
    FROM w`;
  });

/** The ids a booking's facts are read by; ids that are not uuids read as nothing (null). */
type BookingFactIds = {
  workflowId: string;
  smsTemplateSetId: string | null;
  specialistId: string | null;
  siteId: string | null;
  siteName: string | null;
  date: string;
  bookedFrom: Date;
  bookedTo: Date;
};

/**
 * A reader of what a booking's checks need (see bookingFactsStatement), with the listeners' reads;
 * it answers undefined when the workflow is not live.
 */
export function bookingFactsReader(listeners: readonly AppointmentChangeListener[]) {
  const statement = bookingFactsStatement((refs) => listenerReads(listeners, refs));
  return async (db: Db, ids: BookingFactIds) => {
    const [row] = await statement(db, {
      ...ids,
      bookedFrom: ids.bookedFrom.toISOString(),
      bookedTo: ids.bookedTo.toISOString(),
    });
    if (!row) return undefined;
    const { smsTemplateSetFound, specialist, site, timeslots, booked } = row;
    const workflow: BookingWorkflow = {
      id: row.id,
      clientId: row.clientId,
      referralEndDate: row.referralEndDate,
      specialityName: row.specialityName,
      bookingStatus: row.bookingStatus,
      appointmentId: row.appointmentId,
    };
    return {
      workflow,
      listenerReads: listeners.map((_, i) => row[`listener_${i}`] ?? undefined),
      smsTemplateSetFound,
      specialist: specialist ?? undefined,
      site: site ?? undefined,
      timeslots: timeslots ?? [],
      booked: (booked ?? []).map((b) => ({
        id: b.id,
        start: new Date(Number(b.start)),
        end: new Date(Number(b.end)),
      })),
    };
  };
}

/**
 * A new booking's last writes, with its audit row and events (the change writer's closing
 * statement): the workflow's copies, and the appointment's video link when it has one (V-31).
 */
export const closeBooking = closingStatement('booking_close', () => [
  bookedCopiesWrite(),
  sql`UPDATE ${appointments} SET zoom_join_url = ${p('zoomJoinUrl')}::text, updated_at = now()
       WHERE id = ${p('appointmentId')}::uuid AND ${p('zoomJoinUrl')}::text IS NOT NULL`,
]);

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
