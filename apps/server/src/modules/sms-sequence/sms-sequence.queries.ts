import type { SmsStep } from '@telecare/domain/workflow-rules';
import { and, desc, eq, gte, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
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

type PlanningTemplate = { content: string; type: 'AT_GP' | 'AT_HOME'; sortOrder: number };

/**
 * What planning a booking's sequence reads: the appointment, patient, specialist, site, the
 * patient's zone (residential postcode) and the set's templates, in one statement (it runs inside
 * every booking's transaction).
 */
export async function findPlanningContext(db: Db, appointmentId: string) {
  const zone = db
    .select({ timezone: postcodeTimezones.timezone })
    .from(clientAddresses)
    .innerJoin(postcodeTimezones, eq(postcodeTimezones.postcode, clientAddresses.postcode))
    .where(and(eq(clientAddresses.clientId, appointments.clientId), eq(clientAddresses.kind, 'residential')))
    .limit(1);
  const templates = sql<PlanningTemplate[] | null>`(
    select json_agg(json_build_object('content', t.content, 'type', t.type, 'sortOrder', t.sort_order)
      order by t.created_at)
    from ${smsTemplates} t where t.set_id = ${appointments.smsTemplateSetId})`;
  const [row] = await db
    .select({
      appointment: appointments,
      firstName: clients.firstName,
      mobile: clients.phoneMobile,
      specialistTitle: specialists.title,
      specialistFirst: specialists.firstName,
      specialistLast: specialists.lastName,
      videoLink: specialists.videoLink,
      siteName: sites.name,
      patientZone: sql<string | null>`(${zone})`,
      templates,
    })
    .from(appointments)
    .innerJoin(clients, eq(clients.id, appointments.clientId))
    .innerJoin(specialists, eq(specialists.id, appointments.specialistId))
    .leftJoin(sites, eq(sites.id, appointments.siteId))
    .where(eq(appointments.id, appointmentId))
    .limit(1);
  if (!row) return undefined;
  return { ...row, templates: row.templates ?? [] };
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
