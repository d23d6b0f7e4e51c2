import { AUTH_MESSAGES } from '@telecare/contracts/auth';
import { ErrorCode } from '@telecare/contracts/errors';
import { and, count, desc, eq, gte } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { authAttempts } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';

/** Failures (or sends) allowed per window before 'Sorry, too many attempts ...'. */
export const THROTTLE_RULES = {
  'sign-in': { windowMinutes: 15, perAccount: 5, perAddress: 20 },
  'mfa-code': { windowMinutes: 15, perAccount: 10, perAddress: 30 },
  'code-send': { windowMinutes: 15, perAccount: 5, perAddress: 20 },
  'email-send': { windowMinutes: 15, perAccount: 5, perAddress: 20 },
  'password-reset': { windowMinutes: 15, perAccount: 3, perAddress: 10 },
} as const;
export type ThrottleKind = keyof typeof THROTTLE_RULES;

/** Sends count whether or not they succeed; the other kinds count failures only. */
const countsAll = (kind: ThrottleKind) =>
  kind === 'code-send' || kind === 'email-send' || kind === 'password-reset';

/**
 * A passed second-factor check starts an account's code and send counts afresh: a person who
 * enrols (e-mail, resend, SMS, one typo) and signs in again soon after never meets the limit, while
 * a script that never gets a code right still does. Per-address counts never restart.
 */
const FACTOR_PASSED = 'factor-passed';
const restartsOnFactorPass = (kind: ThrottleKind) =>
  kind === 'code-send' || kind === 'email-send' || kind === 'mfa-code';

export function createThrottle(db: Db, clock: Clock) {
  async function lastFactorPass(email: string) {
    const [row] = await db
      .select({ at: authAttempts.createdAt })
      .from(authAttempts)
      .where(and(eq(authAttempts.kind, FACTOR_PASSED), eq(authAttempts.email, email)))
      .orderBy(desc(authAttempts.createdAt))
      .limit(1);
    return row?.at;
  }

  async function countSince(kind: ThrottleKind, column: 'email' | 'ip', value: string) {
    let since = new Date(clock.now().getTime() - THROTTLE_RULES[kind].windowMinutes * 60_000);
    if (column === 'email' && restartsOnFactorPass(kind)) {
      const passed = await lastFactorPass(value);
      if (passed && passed > since) since = passed;
    }
    const conditions = [
      eq(authAttempts.kind, kind),
      gte(authAttempts.createdAt, since),
      column === 'email' ? eq(authAttempts.email, value) : eq(authAttempts.ipAddress, value),
    ];
    if (!countsAll(kind)) conditions.push(eq(authAttempts.succeeded, false));
    const [row] = await db
      .select({ n: count() })
      .from(authAttempts)
      .where(and(...conditions));
    return row?.n ?? 0;
  }

  /** Throws 429 when the account or the address has used up its attempts. */
  async function check(kind: ThrottleKind, who: { email?: string | undefined; ip: string }) {
    const rule = THROTTLE_RULES[kind];
    const byAccount = who.email ? await countSince(kind, 'email', who.email.toLowerCase()) : 0;
    const byAddress = await countSince(kind, 'ip', who.ip);
    if (byAccount >= rule.perAccount || byAddress >= rule.perAddress) {
      throw new AppError(ErrorCode.tooManyAttempts, AUTH_MESSAGES.tooManyAttempts);
    }
  }

  async function record(
    kind: ThrottleKind,
    who: { email?: string | undefined; ip: string },
    succeeded: boolean,
  ) {
    await db.insert(authAttempts).values({
      kind,
      email: who.email?.toLowerCase() ?? null,
      ipAddress: who.ip,
      succeeded,
      createdAt: clock.now(),
    });
  }

  /** A right code (sign-in or enrolment): the account's code and send counts start again. */
  async function recordFactorPassed(who: { email: string; ip: string }) {
    await db.insert(authAttempts).values({
      kind: FACTOR_PASSED,
      email: who.email.toLowerCase(),
      ipAddress: who.ip,
      succeeded: true,
      createdAt: clock.now(),
    });
  }

  return { check, record, recordFactorPassed };
}

export type Throttle = ReturnType<typeof createThrottle>;
