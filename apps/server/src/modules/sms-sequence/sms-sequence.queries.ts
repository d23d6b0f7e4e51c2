import type { SmsStep } from '@telecare/domain/workflow-rules';
import { and, desc, eq, gte, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { namedStatement } from '../../db/named-statement.ts';
import {
  appointments,
  clientAddresses,
  clients,
  postcodeTimezones,
  sites,
  smsMessages,
  smsTemplates,
  specialists,
  workflows,
} from '../../db/schema/index.ts';
import type { AppointmentChange, BookingRefs } from '../booking/appointment-changes.ts';

type PlanningTemplate = { content: string; type: 'AT_GP' | 'AT_HOME'; sortOrder: number };

type PlanningRow = {
  id: string;
  appointmentType: string;
  startMs: number;
  timezone: string;
  zoomJoinUrl: string | null;
  firstName: string;
  mobile: string | null;
  specialistTitle: string | null;
  specialistFirst: string;
  specialistLast: string;
  videoLink: string | null;
  siteName: string | null;
  patientZone: string | null;
  templates: PlanningTemplate[] | null;
};

/**
 * What planning a booking's sequence reads: the appointment, patient, specialist, site, the
 * patient's zone (residential postcode) and the set's templates, in one statement prepared once (it
 * runs inside every booking's transaction; docs/decisions/0051).
 */
const planningContextStatement = namedStatement<PlanningRow>('sms_planning_context', () => {
  const a = appointments;
  return sql`
    SELECT ${a.id}, ${a.appointmentType} AS "appointmentType",
      (extract(epoch FROM ${a.startDateTime}) * 1000)::float8 AS "startMs", ${a.timezone},
      ${a.zoomJoinUrl} AS "zoomJoinUrl", ${clients.firstName} AS "firstName", ${clients.phoneMobile} AS mobile,
      ${specialists.title} AS "specialistTitle", ${specialists.firstName} AS "specialistFirst",
      ${specialists.lastName} AS "specialistLast", ${specialists.videoLink} AS "videoLink",
      ${sites.name} AS "siteName",
      (SELECT ${postcodeTimezones.timezone} FROM ${clientAddresses}
         JOIN ${postcodeTimezones} ON ${postcodeTimezones.postcode} = ${clientAddresses.postcode}
        WHERE ${clientAddresses.clientId} = ${a.clientId} AND ${clientAddresses.kind} = 'residential'
        LIMIT 1) AS "patientZone",
      (SELECT json_agg(json_build_object('content', t.content, 'type', t.type, 'sortOrder', t.sort_order)
          ORDER BY t.created_at)
         FROM ${smsTemplates} t WHERE t.set_id = ${a.smsTemplateSetId}) AS templates
    FROM ${a}
    JOIN ${clients} ON ${clients.id} = ${a.clientId}
    JOIN ${specialists} ON ${specialists.id} = ${a.specialistId}
    LEFT JOIN ${sites} ON ${sites.id} = ${a.siteId}
    WHERE ${a.id} = ${sql.placeholder('appointmentId')}::uuid`;
});

export async function findPlanningContext(db: Db, appointmentId: string) {
  const [row] = await planningContextStatement(db, { appointmentId });
  if (!row) return undefined;
  const { id, appointmentType, startMs, timezone, zoomJoinUrl, templates, ...rest } = row;
  return {
    ...rest,
    appointment: { id, appointmentType, startDateTime: new Date(Number(startMs)), timezone, zoomJoinUrl },
    templates: templates ?? [],
  };
}

/** What the planner reads with a new booking (readWithBooking): the patient and the set's templates. */
export type PlanningRead = Pick<PlanningRow, 'firstName' | 'mobile' | 'patientZone' | 'templates'>;

/**
 * The patient (first name, mobile, zone of the residential postcode) and the set's templates as one
 * json value, read in the booking's own first statement (docs/decisions/0051).
 */
export const planningReadWithBooking = (refs: BookingRefs) => sql`(
  SELECT json_build_object('firstName', ${clients.firstName}, 'mobile', ${clients.phoneMobile},
    'patientZone', (SELECT ${postcodeTimezones.timezone} FROM ${clientAddresses}
        JOIN ${postcodeTimezones} ON ${postcodeTimezones.postcode} = ${clientAddresses.postcode}
       WHERE ${clientAddresses.clientId} = ${clients.id} AND ${clientAddresses.kind} = 'residential'
       LIMIT 1),
    'templates', (SELECT json_agg(json_build_object('content', t.content, 'type', t.type,
        'sortOrder', t.sort_order) ORDER BY t.created_at)
       FROM ${smsTemplates} t WHERE t.set_id = ${refs.smsTemplateSetId}))
  FROM ${clients} WHERE ${clients.id} = ${refs.clientId})`;

/** findPlanningContext's answer for a new booking, from what the booking knows and the read with it. */
export function planningContextOfBooking(
  change: Extract<AppointmentChange, { kind: 'booked' }>,
  read: PlanningRead,
) {
  return {
    firstName: read.firstName,
    mobile: read.mobile,
    patientZone: read.patientZone,
    templates: read.templates ?? [],
    specialistTitle: change.specialist.title,
    specialistFirst: change.specialist.firstName,
    specialistLast: change.specialist.lastName,
    videoLink: change.specialist.videoLink,
    siteName: change.siteName,
    // The Zoom link of a new booking is the specialist's video link (V-31), the fallback below.
    appointment: {
      id: change.appointmentId,
      appointmentType: change.appointmentType,
      startDateTime: change.startDateTime,
      timezone: change.timezone,
      zoomJoinUrl: null,
    },
  };
}

/** Marks the steps of an appointment that have not gone out as cancelled; answers their workflow ids. */
export async function cancelUnsentSteps(db: Db, appointmentId: string, steps?: readonly SmsStep[]) {
  await db
    .update(smsMessages)
    .set({ status: 'cancelled' })
    .where(
      and(
        eq(smsMessages.appointmentId, appointmentId),
        eq(smsMessages.direction, 'outbound'),
        inArray(smsMessages.status, ['planned', 'queued']),
        steps ? inArray(smsMessages.step, [...steps]) : undefined,
      ),
    );
}

/**
 * The messages of a batch of send jobs, each with what decides whether it still goes out: its
 * appointment's cancellation and its workflow's reply (one statement for the batch).
 */
export function selectMessagesToSend(db: Db, ids: string[]) {
  return db
    .select({
      message: smsMessages,
      appointmentFound: isNotNull(appointments.id).mapWith(Boolean),
      appointmentCancelledAt: appointments.cancelledAt,
      workflowFound: isNotNull(workflows.id).mapWith(Boolean),
      workflowDeletedAt: workflows.deletedAt,
      smsReply: workflows.smsReply,
    })
    .from(smsMessages)
    .leftJoin(appointments, eq(appointments.id, smsMessages.appointmentId))
    .leftJoin(workflows, eq(workflows.id, smsMessages.workflowId))
    .where(inArray(smsMessages.id, ids));
}

export async function findSmsMessage(db: Db, id: string) {
  const [row] = await db.select().from(smsMessages).where(eq(smsMessages.id, id)).limit(1);
  return row;
}

export async function findAppointmentState(db: Db, appointmentId: string) {
  const [row] = await db
    .select({ cancelledAt: appointments.cancelledAt, startDateTime: appointments.startDateTime })
    .from(appointments)
    .where(eq(appointments.id, appointmentId))
    .limit(1);
  return row;
}

export async function findWorkflowReply(db: Db, workflowId: string) {
  const [row] = await db
    .select({ smsReply: workflows.smsReply, deletedAt: workflows.deletedAt })
    .from(workflows)
    .where(eq(workflows.id, workflowId))
    .limit(1);
  return row;
}

/**
 * The sequence SMS sent to a number since `since` on appointments that are not cancelled, newest
 * first (V-4 matching reads it).
 */
export function selectRecentSequenceSms(db: Db, phoneNumber: string, since: Date) {
  return db
    .select({
      workflowId: smsMessages.workflowId,
      appointmentId: smsMessages.appointmentId,
      step: smsMessages.step,
      sentAt: smsMessages.sentAt,
    })
    .from(smsMessages)
    .innerJoin(appointments, eq(appointments.id, smsMessages.appointmentId))
    .where(
      and(
        eq(smsMessages.phoneNumber, phoneNumber),
        eq(smsMessages.kind, 'sequence'),
        eq(smsMessages.direction, 'outbound'),
        isNotNull(smsMessages.sentAt),
        gte(smsMessages.sentAt, since),
        isNull(appointments.cancelledAt),
      ),
    )
    .orderBy(desc(smsMessages.sentAt))
    .limit(50);
}
