import { randomBytes } from 'node:crypto';
import type { Role } from '@telecare/contracts/auth';
import type { Db } from '../db/database.ts';
import { clients, sessions, users, workflows } from '../db/schema/index.ts';
import { hashToken } from '../modules/auth/auth.service.ts';
import { hashPassword } from '../modules/auth/password.ts';

export const TEST_PASSWORD = 'correct-horse-battery';
const passwordHash = await hashPassword(TEST_PASSWORD);
let sequence = 0;
const next = () => ++sequence;

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
