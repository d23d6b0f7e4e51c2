import { randomBytes } from 'node:crypto';
import type { Role } from '@telecare/contracts/auth';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import {
  appointmentRequests,
  clients,
  clinics,
  referrerLocations,
  referrers,
  sessions,
  sites,
  smsTemplateSets,
  specialistAvailability,
  specialistSpecialities,
  specialists,
  specialistTimeslots,
  specialities,
  users,
  workflows,
} from '../db/schema/index.ts';
import { hashToken } from '../modules/auth/auth.service.ts';
import { hashPassword } from '../modules/auth/password.ts';

export const TEST_PASSWORD = 'correct-horse-battery';
const passwordHash = await hashPassword(TEST_PASSWORD);
let sequence = 0;
const next = () => ++sequence;

/** Each test file numbers its rows from 1, as in a process of its own (see file-setup.ts). */
export function restartFactoryNumbers() {
  sequence = 0;
}

export async function createUser(db: Db, overrides: Partial<typeof users.$inferInsert> = {}) {
  const n = next();
  const [user] = await db
    .insert(users)
    .values({
      email: `staff${n}-${randomBytes(3).toString('hex')}@telecare.test`,
      firstName: `Staff${n}`,
      lastName: 'Member',
      shortName: `S${n}`,
      role: 'TELECARE_ADMIN' satisfies Role,
      passwordHash,
      ...overrides,
    })
    .returning();
  if (!user) throw new Error('no user');
  return user;
}

/** A signed-in session made directly (password and second factor taken as done). */
export async function createSessionToken(
  db: Db,
  userId: string,
  now = new Date(),
  options = { mfaComplete: true },
) {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    lastSeenAt: now,
    mfaCompletedAt: options.mfaComplete ? now : null,
    expiresAt: new Date(now.getTime() + 12 * 3_600_000),
  });
  return token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export async function createClient(db: Db, overrides: Partial<typeof clients.$inferInsert> = {}) {
  const n = next();
  const [client] = await db
    .insert(clients)
    .values({
      firstName: `Given${n}`,
      lastName: `Family${n}`,
      dateOfBirth: '1960-05-17',
      urn: `TC${n}`,
      ...overrides,
    })
    .returning();
  if (!client) throw new Error('no client');
  return client;
}

export async function createWorkflow(db: Db, overrides: Partial<typeof workflows.$inferInsert> = {}) {
  const client = overrides.clientId ? null : await createClient(db);
  const n = next();
  const [workflow] = await db
    .insert(workflows)
    .values({
      clientId: client?.id ?? (overrides.clientId as string),
      clientFirstName: client?.firstName ?? `Given${n}`,
      clientLastName: client?.lastName ?? `Family${n}`,
      clientDateOfBirth: client?.dateOfBirth ?? null,
      urn: client?.urn ?? `TC${n}`,
      category: '1',
      bookingStatus: 'awaitingBooking',
      ...overrides,
    })
    .returning();
  if (!workflow) throw new Error('no workflow');
  return workflow;
}

export async function createSite(db: Db, overrides: Partial<typeof sites.$inferInsert> = {}) {
  const [site] = await db
    .insert(sites)
    .values({ name: `Site ${next()}-${randomBytes(3).toString('hex')}`, ...overrides })
    .returning();
  if (!site) throw new Error('no site');
  return site;
}

export async function createReferrer(db: Db, overrides: Partial<typeof referrers.$inferInsert> = {}) {
  const n = next();
  const [referrer] = await db
    .insert(referrers)
    .values({
      title: 'Dr',
      firstName: `Ref${n}`,
      lastName: `Errer${n}`,
      providerNumber: `P${n}`,
      ...overrides,
    })
    .returning();
  if (!referrer) throw new Error('no referrer');
  return referrer;
}

export async function createClinic(db: Db, overrides: Partial<typeof clinics.$inferInsert> = {}) {
  const [clinic] = await db
    .insert(clinics)
    .values({ name: `Clinic ${next()}`, ...overrides })
    .returning();
  if (!clinic) throw new Error('no clinic');
  return clinic;
}

export async function createReferrerLocation(
  db: Db,
  values: { referrerId: string; clinicId: string; providerNumber?: string },
) {
  const [location] = await db.insert(referrerLocations).values(values).returning();
  if (!location) throw new Error('no referrer location');
  return location;
}

/** A specialist, optionally with specialities (created by name when missing). */
export async function createSpecialist(
  db: Db,
  overrides: Partial<typeof specialists.$inferInsert> = {},
  specialityNames: string[] = [],
) {
  const n = next();
  const [specialist] = await db
    .insert(specialists)
    .values({
      practitionerId: `PR-T${n}-${randomBytes(3).toString('hex')}`,
      title: 'Dr',
      firstName: `Spec${n}`,
      lastName: `Ialist${n}`,
      ...overrides,
    })
    .returning();
  if (!specialist) throw new Error('no specialist');
  for (const name of specialityNames) {
    await db.insert(specialities).values({ name }).onConflictDoNothing();
    const [speciality] = await db.select().from(specialities).where(eq(specialities.name, name));
    if (speciality) {
      await db
        .insert(specialistSpecialities)
        .values({ specialistId: specialist.id, specialityId: speciality.id });
    }
  }
  return specialist;
}

/** One day of a specialist's availability with timeslots ('HH:mm' local times in the zone). */
export async function createAvailability(
  db: Db,
  values: {
    specialistId: string;
    fullDate: string;
    timezone?: string;
    slots: { start: string; end: string }[];
  },
) {
  const [day] = await db
    .insert(specialistAvailability)
    .values({
      specialistId: values.specialistId,
      fullDate: values.fullDate,
      timezone: values.timezone ?? 'Australia/Melbourne',
    })
    .returning();
  if (!day) throw new Error('no availability');
  for (const slot of values.slots) {
    await db
      .insert(specialistTimeslots)
      .values({ availabilityId: day.id, startTime: slot.start, endTime: slot.end });
  }
  return day;
}

export async function createSmsTemplateSet(db: Db, name = `Set ${next()}`) {
  const [set] = await db.insert(smsTemplateSets).values({ name }).returning();
  if (!set) throw new Error('no sms template set');
  return set;
}

export async function createAppointmentRequest(
  db: Db,
  values: Partial<typeof appointmentRequests.$inferInsert> & { clientId: string },
) {
  const [request] = await db
    .insert(appointmentRequests)
    .values({ bookingStatus: 'first', ...values })
    .returning();
  if (!request) throw new Error('no appointment request');
  return request;
}
