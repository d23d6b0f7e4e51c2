import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import {
  sites,
  specialistProfiles,
  specialistSpecialities,
  specialists,
  specialities,
  workflowListRows,
} from '../../db/schema/index.ts';
import { notDeleted } from '../workflows/workflows.queries.ts';

/** Every speciality A-Z with how many specialists have it. */
export function selectSpecialities(db: Db) {
  return db
    .select({
      id: specialities.id,
      name: specialities.name,
      publishedTo: specialities.publishedTo,
      specialistCount: sql<number>`(select count(*)::int from ${specialistSpecialities} where ${specialistSpecialities.specialityId} = ${specialities.id})`,
    })
    .from(specialities)
    .orderBy(sql`lower(${specialities.name})`, asc(specialities.name));
}

export async function findSpeciality(db: Db, id: string) {
  const [row] = await db.select().from(specialities).where(eq(specialities.id, id)).limit(1);
  return row;
}

/** A speciality with this name, compared case-insensitively (names are stored trimmed). */
export async function findSpecialityNamed(db: Db, name: string, exceptId?: string) {
  const [row] = await db
    .select({ id: specialities.id })
    .from(specialities)
    .where(
      and(
        sql`lower(${specialities.name}) = lower(${name})`,
        exceptId ? ne(specialities.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row;
}

export async function insertSpeciality(db: Db, values: { name: string; publishedTo: string[] }) {
  const [row] = await db.insert(specialities).values(values).returning();
  if (!row) throw new Error('speciality not inserted');
  return row;
}

export async function updateSpeciality(db: Db, id: string, values: { name: string; publishedTo: string[] }) {
  const [row] = await db
    .update(specialities)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(specialities.id, id))
    .returning();
  return row;
}

export async function deleteSpeciality(db: Db, id: string) {
  await db.delete(specialities).where(eq(specialities.id, id));
}

/** Who uses a speciality: the specialists who have it and the live workflows that carry its name. */
export async function countSpecialityUses(db: Db, speciality: { id: string; name: string }) {
  const [specialistRow] = await db
    .select({ n: count() })
    .from(specialistSpecialities)
    .where(eq(specialistSpecialities.specialityId, speciality.id));
  const [workflowRow] = await db
    .select({ n: count() })
    .from(workflowListRows)
    .where(and(eq(workflowListRows.specialityName, speciality.name), notDeleted));
  return { specialists: specialistRow?.n ?? 0, workflows: workflowRow?.n ?? 0 };
}

/** The ids among `ids` that name no row of `table` (sites or specialities). */
export async function missingSiteIds(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  const found = await db
    .select({ id: sites.id })
    .from(sites)
    .where(inArray(sites.id, [...ids]));
  const known = new Set(found.map((row) => row.id));
  return ids.filter((id) => !known.has(id));
}

export async function missingSpecialityIds(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  const found = await db
    .select({ id: specialities.id })
    .from(specialities)
    .where(inArray(specialities.id, [...ids]));
  const known = new Set(found.map((row) => row.id));
  return ids.filter((id) => !known.has(id));
}

/** Active specialists with their profile (when they have one), A-Z by last then first name. */
export function selectSpecialistCards(db: Db) {
  return db
    .select({
      id: specialists.id,
      title: specialists.title,
      firstName: specialists.firstName,
      lastName: specialists.lastName,
      newTime: specialists.newAppointmentMinutes,
      reviewTime: specialists.reviewAppointmentMinutes,
      timezone: specialists.timezone,
      profileTitle: specialistProfiles.title,
      avatarLink: specialistProfiles.avatarLink,
      language: specialistProfiles.language,
      qualification: specialistProfiles.qualification,
      profile: specialistProfiles.profile,
      scheduleDescription: specialistProfiles.scheduleDescription,
    })
    .from(specialists)
    .leftJoin(specialistProfiles, eq(specialistProfiles.specialistId, specialists.id))
    .where(eq(specialists.active, true))
    .orderBy(asc(specialists.lastName), asc(specialists.firstName));
}

/** Every specialist-speciality link with the speciality's name. */
export function selectSpecialityLinks(db: Db) {
  return db
    .select({
      specialistId: specialistSpecialities.specialistId,
      specialityId: specialistSpecialities.specialityId,
      name: specialities.name,
    })
    .from(specialistSpecialities)
    .innerJoin(specialities, eq(specialities.id, specialistSpecialities.specialityId))
    .orderBy(asc(specialities.name));
}

/** Active specialists (of one speciality, when given) with their NEW and Review lengths. */
export function selectSpecialistLengths(db: Db, specialityId?: string) {
  const query = db
    .select({
      id: specialists.id,
      newTime: specialists.newAppointmentMinutes,
      reviewTime: specialists.reviewAppointmentMinutes,
    })
    .from(specialists);
  return specialityId
    ? query
        .innerJoin(specialistSpecialities, eq(specialistSpecialities.specialistId, specialists.id))
        .where(and(eq(specialists.active, true), eq(specialistSpecialities.specialityId, specialityId)))
    : query.where(eq(specialists.active, true));
}

export async function findSpecialistWithProfile(db: Db, id: string) {
  const [row] = await db
    .select({ specialist: specialists, profile: specialistProfiles })
    .from(specialists)
    .leftJoin(specialistProfiles, eq(specialistProfiles.specialistId, specialists.id))
    .where(eq(specialists.id, id))
    .limit(1);
  if (!row) return undefined;
  const links = await db
    .select({ id: specialistSpecialities.specialityId })
    .from(specialistSpecialities)
    .innerJoin(specialities, eq(specialities.id, specialistSpecialities.specialityId))
    .where(eq(specialistSpecialities.specialistId, id))
    .orderBy(asc(specialities.name));
  return { ...row, specialityIds: links.map((link) => link.id) };
}
export type SpecialistWithProfile = NonNullable<Awaited<ReturnType<typeof findSpecialistWithProfile>>>;

export async function updateSpecialistNames(
  db: Db,
  id: string,
  values: { firstName: string; lastName: string; videoLink: string | null; videoId: string | null },
) {
  await db
    .update(specialists)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(specialists.id, id));
}

type ProfileValues = Omit<typeof specialistProfiles.$inferInsert, 'specialistId' | 'createdAt' | 'updatedAt'>;

/** Creates or updates the specialist's profile row with the given fields. */
export async function upsertProfile(db: Db, specialistId: string, values: ProfileValues) {
  await db
    .insert(specialistProfiles)
    .values({ specialistId, ...values })
    .onConflictDoUpdate({
      target: specialistProfiles.specialistId,
      set: { ...values, updatedAt: new Date() },
    });
}

export async function replaceSpecialityLinks(db: Db, specialistId: string, specialityIds: readonly string[]) {
  await db.delete(specialistSpecialities).where(eq(specialistSpecialities.specialistId, specialistId));
  if (specialityIds.length === 0) return;
  await db
    .insert(specialistSpecialities)
    .values([...new Set(specialityIds)].map((specialityId) => ({ specialistId, specialityId })));
}
