import { createHash, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { authChallenges } from '../../db/schema/index.ts';

export type ChallengePurpose =
  | 'sms-sign-in'
  | 'sms-enrol'
  | 'totp-enrol'
  | 'email-verify'
  | 'password-reset'
  | 'factor-recheck';
export type Challenge = typeof authChallenges.$inferSelect;

export const CODE_TTL_MS = 5 * 60_000;
export const MAX_WRONG_CODES = 5;
export const RESEND_LOCK_MS = 20_000;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A 6-digit code from the CSPRNG. */
export function newCode() {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

export function newLinkToken() {
  return randomBytes(32).toString('base64url');
}

/** Codes are hashed with their challenge id, so equal codes never collide and a leaked table tells nothing. */
export function codeMatches(challenge: Challenge, code: string) {
  const expected = Buffer.from(challenge.secretHash, 'hex');
  const actual = Buffer.from(sha256(`${challenge.id}:${code}`), 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

export async function createCodeChallenge(
  db: Db,
  values: { userId: string; sessionId: string; purpose: ChallengePurpose; destination?: string; now: Date },
) {
  const id = randomUUID();
  const code = newCode();
  await db.insert(authChallenges).values({
    id,
    userId: values.userId,
    sessionId: values.sessionId,
    purpose: values.purpose,
    secretHash: sha256(`${id}:${code}`),
    destination: values.destination ?? null,
    expiresAt: new Date(values.now.getTime() + CODE_TTL_MS),
    createdAt: values.now,
  });
  return { id, code };
}

export async function createLinkChallenge(
  db: Db,
  values: { userId: string; purpose: ChallengePurpose; ttlMs: number; now: Date },
) {
  const token = newLinkToken();
  await db.insert(authChallenges).values({
    userId: values.userId,
    purpose: values.purpose,
    secretHash: sha256(token),
    expiresAt: new Date(values.now.getTime() + values.ttlMs),
    createdAt: values.now,
  });
  return token;
}

/** A pending secret that is not a code (the authenticator app's key while it is being enrolled). */
export async function createSecretChallenge(
  db: Db,
  values: {
    userId: string;
    sessionId: string;
    purpose: ChallengePurpose;
    secret: string;
    ttlMs: number;
    now: Date;
  },
) {
  await db.insert(authChallenges).values({
    userId: values.userId,
    sessionId: values.sessionId,
    purpose: values.purpose,
    secretHash: sha256(newLinkToken()),
    destination: values.secret,
    expiresAt: new Date(values.now.getTime() + values.ttlMs),
    createdAt: values.now,
  });
}

/** A full session's proof that it has just passed a check of its second factor: one factor change. */
export async function createRecheckGrant(
  db: Db,
  values: { userId: string; sessionId: string; ttlMs: number; now: Date },
) {
  await db.insert(authChallenges).values({
    userId: values.userId,
    sessionId: values.sessionId,
    purpose: 'factor-recheck',
    secretHash: sha256(newLinkToken()),
    expiresAt: new Date(values.now.getTime() + values.ttlMs),
    createdAt: values.now,
  });
}

export async function latestChallenge(db: Db, sessionId: string, purpose: ChallengePurpose) {
  const [row] = await db
    .select()
    .from(authChallenges)
    .where(and(eq(authChallenges.sessionId, sessionId), eq(authChallenges.purpose, purpose)))
    .orderBy(desc(authChallenges.createdAt))
    .limit(1);
  return row;
}

export async function findLinkChallenge(db: Db, token: string, purpose: ChallengePurpose) {
  const [row] = await db
    .select()
    .from(authChallenges)
    .where(
      and(
        eq(authChallenges.secretHash, sha256(token)),
        eq(authChallenges.purpose, purpose),
        isNull(authChallenges.consumedAt),
      ),
    )
    .limit(1);
  return row;
}

export async function recordWrongCode(db: Db, challenge: Challenge, now: Date) {
  const failedAttempts = challenge.failedAttempts + 1;
  await db
    .update(authChallenges)
    .set({ failedAttempts, ...(failedAttempts >= MAX_WRONG_CODES ? { consumedAt: now } : {}) })
    .where(eq(authChallenges.id, challenge.id));
  return failedAttempts;
}

/** Marks a challenge used; false when another request used it first. */
export async function consumeChallenge(db: Db, challengeId: string, now: Date) {
  const rows = await db
    .update(authChallenges)
    .set({ consumedAt: now })
    .where(and(eq(authChallenges.id, challengeId), isNull(authChallenges.consumedAt)))
    .returning({ id: authChallenges.id });
  return rows.length === 1;
}

/**
 * Marks every e-mailed link of a user used (password resets, invitations, e-mail checks): a link
 * sent before the address, the password or the account changed must not set a password or prove
 * an address afterwards.
 */
export async function consumeUserLinks(db: Db, userId: string, now: Date) {
  await db
    .update(authChallenges)
    .set({ consumedAt: now })
    .where(
      and(
        eq(authChallenges.userId, userId),
        inArray(authChallenges.purpose, ['password-reset', 'email-verify'] satisfies ChallengePurpose[]),
        isNull(authChallenges.consumedAt),
      ),
    );
}
