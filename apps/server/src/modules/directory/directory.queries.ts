import { asc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import {
  clinics,
  referrers,
  sites,
  specialistSpecialities,
  specialists,
  specialities,
} from '../../db/schema/index.ts';

export function selectReferrerOptions(db: Db) {
  return db
    .select({
      id: referrers.id,
      title: referrers.title,
      firstName: referrers.firstName,
      lastName: referrers.lastName,
      providerNumber: referrers.providerNumber,
      email: referrers.email,
    })
    .from(referrers)
    .orderBy(asc(referrers.lastName), asc(referrers.firstName));
}

export function selectClinicOptions(db: Db) {
  return db
    .select({ id: clinics.id, name: clinics.name, email: clinics.email })
    .from(clinics)
    .orderBy(asc(clinics.name));
}

export function selectSpecialistOptions(db: Db) {
  return db
    .select({
      id: specialists.id,
      firstName: specialists.firstName,
      lastName: specialists.lastName,
      email: specialists.email,
      newAppointmentMinutes: specialists.newAppointmentMinutes,
      reviewAppointmentMinutes: specialists.reviewAppointmentMinutes,
    })
    .from(specialists)
    .where(eq(specialists.active, true))
    .orderBy(asc(specialists.lastName), asc(specialists.firstName));
}

export async function findSite(db: Db, id: string) {
  const [row] = await db
    .select({ id: sites.id, name: sites.name })
    .from(sites)
    .where(eq(sites.id, id))
    .limit(1);
  return row;
}

/** The names of a specialist's specialities, alphabetical. */
export async function selectSpecialityNames(db: Db, specialistId: string) {
  const rows = await db
    .select({ name: specialities.name })
    .from(specialistSpecialities)
    .innerJoin(specialities, eq(specialities.id, specialistSpecialities.specialityId))
    .where(eq(specialistSpecialities.specialistId, specialistId))
    .orderBy(asc(specialities.name));
  return rows.map((row) => row.name);
}

/** Sites staff can choose: Own Device first, then Mackay Base Hospital, then by name; never Anywhere Healthcare. */
export function selectSiteOptions(db: Db) {
  return db
    .select({ id: sites.id, name: sites.name, state: sites.state })
    .from(sites)
    .where(ne(sites.name, 'Anywhere Healthcare'))
    .orderBy(
      sql`case ${sites.name} when 'Own Device' then 0 when 'Mackay Base Hospital' then 1 else 2 end`,
      asc(sites.name),
    );
}
