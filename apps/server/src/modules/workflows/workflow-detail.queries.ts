import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import {
  appointmentRequests,
  appointments,
  clientAddresses,
  clients,
  clinics,
  documents,
  emailMessages,
  ivrCalls,
  notifications,
  referrals,
  referrers,
  sites,
  smsMessages,
  specialistSpecialities,
  specialists,
  specialities,
  todos,
  users,
  workflowActivities,
} from '../../db/schema/index.ts';

export async function findClientWithAddresses(db: Db, clientId: string) {
  const [client] = await db.select().from(clients).where(eq(clients.id, clientId)).limit(1);
  const addresses = await db.select().from(clientAddresses).where(eq(clientAddresses.clientId, clientId));
  return client ? { client, addresses } : undefined;
}

export async function findReferralDetail(db: Db, referralId: string) {
  const [row] = await db
    .select({ referral: referrals, referrer: referrers, clinic: clinics })
    .from(referrals)
    .leftJoin(referrers, eq(referrers.id, referrals.referrerId))
    .leftJoin(clinics, eq(clinics.id, referrals.clinicId))
    .where(eq(referrals.id, referralId))
    .limit(1);
  return row;
}

export async function findAppointmentDetail(db: Db, appointmentId: string) {
  const [row] = await db
    .select({ appointment: appointments, specialist: specialists, site: sites })
    .from(appointments)
    .innerJoin(specialists, eq(specialists.id, appointments.specialistId))
    .leftJoin(sites, eq(sites.id, appointments.siteId))
    .where(and(eq(appointments.id, appointmentId), isNull(appointments.cancelledAt)))
    .limit(1);
  return row;
}

export function selectSms(db: Db, workflowId: string) {
  return db
    .select()
    .from(smsMessages)
    .where(eq(smsMessages.workflowId, workflowId))
    .orderBy(asc(smsMessages.createdAt));
}

export function selectNotifications(db: Db, workflowId: string) {
  return db
    .select()
    .from(notifications)
    .where(eq(notifications.workflowId, workflowId))
    .orderBy(asc(notifications.createdAt));
}

export function selectEmails(db: Db, workflowId: string) {
  return db
    .select()
    .from(emailMessages)
    .where(eq(emailMessages.workflowId, workflowId))
    .orderBy(desc(emailMessages.createdAt));
}

export function selectTodos(db: Db, workflowId: string) {
  return db
    .select({ todo: todos, assigneeFirst: users.firstName, assigneeLast: users.lastName })
    .from(todos)
    .leftJoin(users, eq(users.id, todos.assignedTo))
    .where(and(eq(todos.workflowId, workflowId), isNull(todos.deletedAt)))
    .orderBy(asc(todos.dueDate));
}

export function selectActivities(db: Db, workflowId: string) {
  return db
    .select()
    .from(workflowActivities)
    .where(eq(workflowActivities.workflowId, workflowId))
    .orderBy(desc(workflowActivities.createdAt));
}

export function selectDocuments(db: Db, workflowId: string) {
  return db
    .select({ id: documents.id, kind: documents.kind, name: documents.name })
    .from(documents)
    .where(eq(documents.workflowId, workflowId))
    .orderBy(asc(documents.createdAt));
}

export async function latestIvrCall(db: Db, workflowId: string) {
  const [row] = await db
    .select()
    .from(ivrCalls)
    .where(eq(ivrCalls.workflowId, workflowId))
    .orderBy(desc(ivrCalls.createdAt))
    .limit(1);
  return row;
}

export async function findSpecialistWithSpeciality(db: Db, specialistId: string) {
  return db
    .select({ specialist: specialists, speciality: specialities.name })
    .from(specialists)
    .leftJoin(specialistSpecialities, eq(specialistSpecialities.specialistId, specialists.id))
    .leftJoin(specialities, eq(specialities.id, specialistSpecialities.specialityId))
    .where(eq(specialists.id, specialistId))
    .orderBy(asc(specialities.name));
}

export async function latestActivityName(db: Db, workflowId: string) {
  const [row] = await db
    .select({ name: workflowActivities.name })
    .from(workflowActivities)
    .where(eq(workflowActivities.workflowId, workflowId))
    .orderBy(desc(workflowActivities.createdAt))
    .limit(1);
  return row?.name ?? null;
}

export async function findStaffUser(db: Db, userId: string) {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

/** The workflow's newest appointment request not yet approved, if any. */
export async function findPendingRequest(db: Db, workflowId: string) {
  const [row] = await db
    .select({ requestedStart: appointmentRequests.requestedStart, timezone: appointmentRequests.timezone })
    .from(appointmentRequests)
    .where(and(eq(appointmentRequests.workflowId, workflowId), isNull(appointmentRequests.approvedAt)))
    .orderBy(desc(appointmentRequests.createdAt))
    .limit(1);
  return row;
}
