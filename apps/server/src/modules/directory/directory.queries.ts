import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { clinics, referrers, specialists } from '../../db/schema/index.ts';

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
    })
    .from(specialists)
    .where(eq(specialists.active, true))
    .orderBy(asc(specialists.lastName), asc(specialists.firstName));
}
