import { and, asc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { clients, clinics, referrerLocations, referrers, specialists } from '../../db/schema/index.ts';

export function likePattern(value: string) {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
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
