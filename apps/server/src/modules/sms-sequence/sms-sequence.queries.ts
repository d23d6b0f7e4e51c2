import type { SmsStep } from '@telecare/domain/workflow-rules';
import { and, desc, eq, gte, inArray, isNotNull, isNull } from 'drizzle-orm';
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

/** What planning a booking's sequence reads: the appointment, patient, specialist, site and templates. */
export async function findPlanningContext(db: Db, appointmentId: string) {
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
    })
    .from(appointments)
    .innerJoin(clients, eq(clients.id, appointments.clientId))
    .innerJoin(specialists, eq(specialists.id, appointments.specialistId))
    .leftJoin(sites, eq(sites.id, appointments.siteId))
    .where(eq(appointments.id, appointmentId))
    .limit(1);
  if (!row) return undefined;
  const [zone] = await db
    .select({ timezone: postcodeTimezones.timezone })
    .from(clientAddresses)
    .innerJoin(postcodeTimezones, eq(postcodeTimezones.postcode, clientAddresses.postcode))
    .where(
      and(eq(clientAddresses.clientId, row.appointment.clientId), eq(clientAddresses.kind, 'residential')),
    )
    .limit(1);
  const templates = row.appointment.smsTemplateSetId
    ? await db
        .select({ content: smsTemplates.content, type: smsTemplates.type, sortOrder: smsTemplates.sortOrder })
        .from(smsTemplates)
        .where(eq(smsTemplates.setId, row.appointment.smsTemplateSetId))
        .orderBy(smsTemplates.createdAt)
    : [];
  return { ...row, patientZone: zone?.timezone ?? null, templates };
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
