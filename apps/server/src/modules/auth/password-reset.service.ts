import { AUTH_MESSAGES } from '@telecare/contracts/auth';
import { ErrorCode } from '@telecare/contracts/errors';
import type { Db } from '../../db/database.ts';
import type { EmailSender } from '../../integrations/email/email-sender.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ChangeFeed } from '../../lib/change-feed.ts';
import type { Clock } from '../../lib/clock.ts';
import { recordAudit } from '../audit/audit.queries.ts';
import {
  findUserByEmail,
  findUserById,
  revokeUserSessions,
  type UserRow,
  updateUser,
} from './auth.queries.ts';
import type { RequestOrigin } from './auth.service.ts';
import { consumeChallenge, createLinkChallenge, findLinkChallenge } from './challenges.ts';
import { hashPassword } from './password.ts';
import type { Throttle } from './throttle.ts';

const RESET_LINK_TTL_MS = 60 * 60_000;
const INVITE_LINK_TTL_MS = 72 * 3_600_000;

export function createPasswordResetService(deps: {
  db: Db;
  clock: Clock;
  throttle: Throttle;
  email: EmailSender;
  changes: ChangeFeed;
  publicUrl: string;
  log: (message: string, err: unknown) => void;
}) {
  const { db, clock, throttle, email, changes, publicUrl, log } = deps;

  async function sendLink(user: UserRow, kind: 'reset' | 'invite') {
    const token = await createLinkChallenge(db, {
      userId: user.id,
      purpose: 'password-reset',
      ttlMs: kind === 'reset' ? RESET_LINK_TTL_MS : INVITE_LINK_TTL_MS,
      now: clock.now(),
    });
    const link = `${publicUrl}/reset-password?token=${token}`;
    await email.send(
      kind === 'reset'
        ? {
            to: user.email,
            subject: 'Reset your Telecare Staff password',
            text: `Hello ${user.firstName},\n\nOpen this link to choose a new password (it works once, for one hour):\n${link}\n\nIf you did not ask for this, ignore this e-mail; your password stays as it is.`,
          }
        : {
            to: user.email,
            subject: 'Your Telecare Staff account',
            text: `Hello ${user.firstName},\n\nAn account has been created for you. Open this link to choose your password (it works once, for 72 hours):\n${link}`,
          },
    );
  }

  return {
    /** The same answer whether or not the address belongs to an account. */
    async request(emailAddress: string, origin: RequestOrigin) {
      const address = emailAddress.trim().toLowerCase();
      const who = { email: address, ip: origin.ipAddress };
      await throttle.check('password-reset', who);
      await throttle.record('password-reset', who, true);
      const user = await findUserByEmail(db, address);
      if (user && !user.disabled) {
        try {
          await sendLink(user, 'reset');
        } catch (err) {
          log('password reset e-mail failed', err);
        }
      }
      await recordAudit(db, {
        action: 'auth.password-reset.requested',
        actorUserId: user?.id ?? null,
        entityType: 'user',
        ...(user ? { entityId: user.id } : {}),
        ipAddress: origin.ipAddress,
        details: { accountFound: Boolean(user) },
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
      await updateUser(db, user.id, {
        passwordHash: await hashPassword(password),
        passwordChangedAt: now,
        emailVerifiedAt: user.emailVerifiedAt ?? now,
      });
      await revokeUserSessions(db, user.id, now);
      await recordAudit(db, {
        action: 'auth.password-reset.completed',
        actorUserId: user.id,
        actorRole: user.role,
        entityType: 'user',
        entityId: user.id,
        ipAddress: origin.ipAddress,
      });
      await changes.publish(db, { type: 'presence.changed', ids: [user.id] });
      return { message: AUTH_MESSAGES.passwordChanged };
    },

    /** E-mails a new account the link to choose its first password. */
    invite: (user: UserRow) => sendLink(user, 'invite'),
  };
}

export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
