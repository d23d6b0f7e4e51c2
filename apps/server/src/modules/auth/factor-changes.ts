import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { users } from '../../db/schema/index.ts';
import { queueEmail } from '../../jobs/email-delivery.job.ts';
import type { UserRow } from './auth.queries.ts';
import type { RequestOrigin } from './auth.service.ts';
import { recentSessions } from './session-cache.ts';

/** How long a fresh code from the enrolled factor allows one change of the second factor. */
export const FACTOR_RECHECK_TTL_MS = 10 * 60_000;

export type FactorValues = Pick<
  typeof users.$inferInsert,
  'mfaPhoneNumber' | 'mfaPhoneEnrolledAt' | 'totpSecret' | 'totpEnrolledAt' | 'totpLastStep'
>;

export function hasSecondFactor(user: UserRow) {
  return Boolean(
    (user.mfaPhoneEnrolledAt && user.mfaPhoneNumber) || (user.totpEnrolledAt && user.totpSecret),
  );
}

/**
 * Saves a new second factor. `firstOnly` saves it only while the account has none, in the same
 * statement, so a password-only session can never add one beside a factor enrolled meanwhile.
 */
export async function saveSecondFactor(
  db: Db,
  userId: string,
  values: FactorValues,
  options: { firstOnly: boolean },
) {
  const noFactorYet = and(isNull(users.mfaPhoneEnrolledAt), isNull(users.totpEnrolledAt));
  const rows = await db
    .update(users)
    .set(values)
    .where(options.firstOnly ? and(eq(users.id, userId), noFactorYet) : eq(users.id, userId))
    .returning({ id: users.id });
  recentSessions.forgetAll();
  return rows.length === 1;
}

/** first: the account had no second factor; added: beside another kind; replaced: the same kind. */
export type FactorChange = { kind: 'first' | 'added' | 'replaced'; method: 'sms' | 'totp'; phone?: string };

export function factorChangeOf(user: UserRow, method: 'sms' | 'totp', phone?: string): FactorChange {
  const sameKind = method === 'sms' ? user.mfaPhoneEnrolledAt : user.totpEnrolledAt;
  const kind = !hasSecondFactor(user) ? 'first' : sameKind ? 'replaced' : 'added';
  return { kind, method, ...(phone ? { phone } : {}) };
}

function sentenceOf(change: FactorChange) {
  const factor =
    change.method === 'totp'
      ? 'an authenticator app'
      : `the mobile phone ending in ${change.phone?.slice(-3)}`;
  if (change.kind === 'first') return `Two-step verification was set up for your account with ${factor}.`;
  if (change.kind === 'added')
    return `Your account can now also complete two-step verification with ${factor}.`;
  return change.method === 'totp'
    ? 'The authenticator app of your account was replaced by a new one.'
    : `The phone of your account's two-step verification was changed to ${factor}.`;
}

/** Tells the account's owner, by e-mail, that its second factor changed: queued with the change. */
export async function queueFactorChangeNotice(
  db: Db,
  user: UserRow,
  change: FactorChange,
  origin: RequestOrigin,
) {
  await queueEmail(db, {
    kind: 'system',
    toAddress: user.email,
    subject: 'Your Telecare Staff two-step verification was changed',
    body: [
      `Hello ${user.firstName},`,
      '',
      sentenceOf(change),
      `The change was made from the address ${origin.ipAddress}.`,
      '',
      'If this was not you, tell your telecare manager or the IT staff at once: someone may know your password.',
    ].join('\n'),
  });
}
