import { randomBytes } from 'node:crypto';
import type { Role } from '@telecare/contracts/auth';
import { eq } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/database.ts';
import { sessions, users } from '../../apps/server/src/db/schema/index.ts';
import { hashToken } from '../../apps/server/src/modules/auth/auth.service.ts';
import { hashPassword } from '../../apps/server/src/modules/auth/password.ts';

/** A benchmark's staff member, made on the first run and found by e-mail after. */
export async function benchUser(
  db: Db,
  values: { email: string; role: Role; lastName?: string; isSupervisor?: boolean },
) {
  const [found] = await db.select().from(users).where(eq(users.email, values.email));
  if (found) return found;
  const [user] = await db
    .insert(users)
    .values({
      firstName: 'Bench',
      lastName: 'Mark',
      ...values,
      passwordHash: await hashPassword(randomBytes(16).toString('hex')),
    })
    .returning();
  if (!user) throw new Error('no bench user');
  return user;
}

/** A fully signed-in session (second factor done) for the user, as a bearer token. */
export async function benchSessionToken(db: Db, userId: string, hours = 1) {
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    lastSeenAt: now,
    mfaCompletedAt: now,
    expiresAt: new Date(now.getTime() + hours * 3_600_000),
  });
  return token;
}
