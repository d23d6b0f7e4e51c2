import { AUTH_MESSAGES } from '@telecare/contracts/auth';
import { ErrorCode } from '@telecare/contracts/errors';
import type { Db } from '../../db/database.ts';
import { queueEmail } from '../../jobs/email-delivery.job.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ChangeFeed } from '../../lib/change-feed.ts';
import type { Clock } from '../../lib/clock.ts';
import { createChangeWriter } from '../../lib/write-change.ts';
import {
  findUserByEmail,
  findUserById,
  revokeUserSessions,
  type UserRow,
  updateUser,
} from './auth.queries.ts';
import type { RequestOrigin } from './auth.service.ts';
import { consumeChallenge, consumeUserLinks, createLinkChallenge, findLinkChallenge } from './challenges.ts';
import { hashPassword } from './password.ts';
import type { Throttle } from './throttle.ts';

const RESET_LINK_TTL_MS = 60 * 60_000;
const INVITE_LINK_TTL_MS = 72 * 3_600_000;

export function createPasswordResetService(deps: {
  db: Db;
  clock: Clock;
  throttle: Throttle;
  changes: ChangeFeed;
  publicUrl: string;
}) {
  const { db, clock, throttle, changes, publicUrl } = deps;
  const write = createChangeWriter({ db, changes });

  /**
   * Writes the link's challenge and queues its e-mail in the caller's transaction; the e-mail
   * delivery worker sends it after commit (jobs/email-delivery.job.ts).
   */
  async function queueLink(tx: Db, user: UserRow, kind: 'reset' | 'invite') {
    const token = await createLinkChallenge(tx, {
      userId: user.id,
      purpose: 'password-reset',
      ttlMs: kind === 'reset' ? RESET_LINK_TTL_MS : INVITE_LINK_TTL_MS,
      now: clock.now(),
    });
    const link = `${publicUrl}/reset-password?token=${token}`;
    await queueEmail(tx, {
      kind: 'system',
      toAddress: user.email,
      status: 'queued',
      ...(kind === 'reset'
        ? {
            subject: 'Reset your Telecare Staff password',
            body: `Hello ${user.firstName},\n\nOpen this link to choose a new password (it works once, for one hour):\n${link}\n\nIf you did not ask for this, ignore this e-mail; your password stays as it is.`,
          }
        : {
            subject: 'Your Telecare Staff account',
            body: `Hello ${user.firstName},\n\nAn account has been created for you. Open this link to choose your password (it works once, for 72 hours):\n${link}`,
          }),
    });
  }

  return {
    /**
     * The same answer whether or not the address belongs to an account, and nearly the same work:
     * one transaction with the audit row, plus the queued e-mail for a real account; nothing is
     * sent while the request waits.
     */
    async request(emailAddress: string, origin: RequestOrigin) {
      const address = emailAddress.trim().toLowerCase();
      const who = { email: address, ip: origin.ipAddress };
      await throttle.check('password-reset', who);
      await throttle.record('password-reset', who, true);
      const user = await findUserByEmail(db, address);
      await write(async (tx) => {
        if (user && !user.disabled) await queueLink(tx, user, 'reset');
        return {
          result: null,
          audit: [
            {
              action: 'auth.password-reset.requested',
              actorUserId: user?.id ?? null,
              entityType: 'user',
              ...(user ? { entityId: user.id } : {}),
              ipAddress: origin.ipAddress,
              details: { accountFound: Boolean(user) },
            },
          ],
        };
      });
      return { message: AUTH_MESSAGES.resetSent };
    },

    async complete(token: string, password: string, origin: RequestOrigin) {
      const now = clock.now();
      const challenge = await findLinkChallenge(db, token, 'password-reset');
      if (!challenge || challenge.expiresAt <= now)
        throw new AppError(ErrorCode.linkInvalid, AUTH_MESSAGES.resetLinkInvalid);
      const user = await findUserById(db, challenge.userId);
      if (!user || user.deletedAt || user.disabled || !(await consumeChallenge(db, challenge.id, now))) {
        throw new AppError(ErrorCode.linkInvalid, AUTH_MESSAGES.resetLinkInvalid);
      }
      const passwordHash = await hashPassword(password);
      await write(async (tx) => {
        await updateUser(tx, user.id, {
          passwordHash,
          passwordChangedAt: now,
          emailVerifiedAt: user.emailVerifiedAt ?? now,
        });
        await revokeUserSessions(tx, user.id, now);
        await consumeUserLinks(tx, user.id, now);
        return {
          result: null,
          audit: [
            {
              action: 'auth.password-reset.completed',
              actorUserId: user.id,
              actorRole: user.role,
              entityType: 'user',
              entityId: user.id,
              ipAddress: origin.ipAddress,
            },
          ],
          events: [{ type: 'presence.changed', ids: [user.id] }],
        };
      });
      return { message: AUTH_MESSAGES.passwordChanged };
    },

    /** Queues the e-mail that gives a new account the link to choose its first password. */
    invite: (user: UserRow) =>
      write(async (tx) => {
        await queueLink(tx, user, 'invite');
        return { result: null };
      }),
  };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
