import { and, asc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import {
  clients,
  clinics,
  referrerLocations,
  referrers,
  specialists,
  workflows,
} from '../../db/schema/index.ts';

export type WorkflowRecord = typeof workflows.$inferSelect;
type WorkflowValues = Partial<typeof workflows.$inferInsert>;

export function likePattern(value: string) {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function findLiveWorkflow(db: Db, id: string) {
  const [row] = await db
    .select()
    .from(workflows)
    .where(and(eq(workflows.id, id), isNull(workflows.deletedAt)))
    .limit(1);
  return row;
}

export async function findSpecialist(db: Db, id: string) {
  const [row] = await db.select().from(specialists).where(eq(specialists.id, id)).limit(1);
  return row;
}

export async function findReferrer(db: Db, id: string) {
  const [row] = await db.select().from(referrers).where(eq(referrers.id, id)).limit(1);
  return row;
}

export async function findClinic(db: Db, id: string) {
  const [row] = await db
    .select({ id: clinics.id, name: clinics.name })
    .from(clinics)
    .where(eq(clinics.id, id))
    .limit(1);
  return row;
}

export async function findReferrerLocation(
  db: Db,
  where: { id: string } | { referrerId: string; clinicId: string },
) {
  const [row] = await db
    .select()
    .from(referrerLocations)
    .where(
      'id' in where
        ? eq(referrerLocations.id, where.id)
        : and(
            eq(referrerLocations.referrerId, where.referrerId),
            eq(referrerLocations.clinicId, where.clinicId),
          ),
    )
    .limit(1);
  return row;
}

/** Sets the copied columns on every live workflow of a client; answers their ids. */
export async function updateClientWorkflows(db: Db, clientId: string, values: WorkflowValues) {
  const rows = await db
    .update(workflows)
    .set(values)
    .where(and(eq(workflows.clientId, clientId), isNull(workflows.deletedAt)))
    .returning({ id: workflows.id });
  return rows.map((r) => r.id);
}

export async function updateWorkflow(db: Db, id: string, values: WorkflowValues) {
  await db.update(workflows).set(values).where(eq(workflows.id, id));
}

/** Sets the copied columns on the live workflows of a referral (and the given workflow); answers their ids. */
export async function updateReferralWorkflows(
  db: Db,
  referralId: string,
  values: WorkflowValues,
  alsoWorkflowId?: string,
) {
  const rows = await db
    .update(workflows)
    .set(values)
    .where(
      and(
        alsoWorkflowId
          ? or(eq(workflows.referralId, referralId), eq(workflows.id, alsoWorkflowId))
          : eq(workflows.referralId, referralId),
        isNull(workflows.deletedAt),
      ),
    )
    .returning({ id: workflows.id });
  return rows.map((r) => r.id);
}

/** Live clients whose first, last or full name contains the text (case-insensitive). */
export async function searchClients(db: Db, text: string, limit: number) {
  const pattern = likePattern(text);
  return db
    .select({
      clientId: clients.id,
      firstName: clients.firstName,
      lastName: clients.lastName,
      dateOfBirth: clients.dateOfBirth,
      gender: clients.gender,
      practitionerId: specialists.id,
    })
    .from(clients)
    .leftJoin(specialists, eq(specialists.practitionerId, clients.practitionerId))
    .where(
      and(
        isNull(clients.deletedAt),
        or(
          ilike(clients.firstName, pattern),
          ilike(clients.lastName, pattern),
          ilike(sql`${clients.firstName} || ' ' || ${clients.lastName}`, pattern),
        ),
      ),
    )
    .orderBy(asc(clients.lastName), asc(clients.firstName), asc(clients.id))
    .limit(limit);
}
