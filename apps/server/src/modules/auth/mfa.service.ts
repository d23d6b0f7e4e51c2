import { AUTH_MESSAGES, type CodeSentResponse } from '@telecare/contracts/auth';
import { ErrorCode } from '@telecare/contracts/errors';
import { generateSecret, generateURI, verify as verifyTotp } from 'otplib';
import type { Db } from '../../db/database.ts';
import type { EmailSender } from '../../integrations/email/email-sender.ts';
import type { SmsSender } from '../../integrations/sms/sms-sender.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { auditedBy, type ChangeWriter } from '../../lib/write-change.ts';
import { type AuditEvent, recordAudit } from '../audit/audit.queries.ts';
import { claimTotpStep, completeSessionMfa, findUserById, type UserRow, updateUser } from './auth.queries.ts';
import { type AuthContext, mfaStatusOf, type RequestOrigin, toSessionUser } from './auth.service.ts';
import {
  type Challenge,
  type ChallengePurpose,
  codeMatches,
  consumeChallenge,
  createCodeChallenge,
  createLinkChallenge,
  createRecheckGrant,
  createSecretChallenge,
  findLinkChallenge,
  latestChallenge,
  MAX_WRONG_CODES,
  RESEND_LOCK_MS,
  recordWrongCode,
} from './challenges.ts';
import {
  FACTOR_RECHECK_TTL_MS,
  type FactorValues,
  factorChangeOf,
  hasSecondFactor,
  queueFactorChangeNotice,
  saveSecondFactor,
} from './factor-changes.ts';
import type { Throttle } from './throttle.ts';

const EMAIL_LINK_TTL_MS = 24 * 3_600_000;
const TOTP_ENROL_TTL_MS = 10 * 60_000;
const TOTP_ISSUER = 'Telecare Staff';

/**
 * Which sessions may enrol a second factor: a password-only session while the account has none
 * (`firstOnly`), or a full session holding a fresh grant from a check of its current factor.
 */
type EnrolmentAllowance = { firstOnly: true } | { firstOnly: false; grant: Challenge };

export function createMfaService(deps: {
  db: Db;
  clock: Clock;
  writeChange: ChangeWriter;
  throttle: Throttle;
  sms: SmsSender;
  email: EmailSender;
  publicUrl: string;
}) {
  const { db, clock, writeChange, throttle, sms, email, publicUrl } = deps;

  async function userOf(context: AuthContext): Promise<UserRow> {
    const user = await findUserById(db, context.user.uid);
    if (!user) throw new AppError(ErrorCode.unauthenticated, AUTH_MESSAGES.mfaSessionExpired);
    return user;
  }

  const auditRow = (
    context: AuthContext,
    origin: RequestOrigin,
    action: string,
    details?: Record<string, unknown>,
  ): AuditEvent => ({
    action,
    ...auditedBy(context, origin),
    entityType: 'user',
    entityId: context.user.uid,
    details: { sessionId: context.sessionId, ...details },
  });
  const audit = (...args: Parameters<typeof auditRow>) => recordAudit(db, auditRow(...args));

  async function enrolmentAllowance(context: AuthContext, user: UserRow): Promise<EnrolmentAllowance> {
    if (!context.mfaComplete) {
      if (hasSecondFactor(user))
        throw new AppError(ErrorCode.factorCheckRequired, AUTH_MESSAGES.factorAlreadyEnrolled);
      return { firstOnly: true };
    }
    const grant = await latestChallenge(db, context.sessionId, 'factor-recheck');
    if (!grant || grant.consumedAt || grant.expiresAt <= clock.now())
      throw new AppError(ErrorCode.factorCheckRequired, AUTH_MESSAGES.factorCheckRequired);
    return { firstOnly: false, grant };
  }

  /**
   * Saves the new factor with its audit row and the e-mail that tells the owner, in one transaction;
   * a password-only session's sign-in completes with it.
   */
  async function enrol(
    context: AuthContext,
    origin: RequestOrigin,
    allowance: EnrolmentAllowance,
    method: 'sms' | 'totp',
    values: FactorValues,
  ) {
    const user = await userOf(context);
    const change = factorChangeOf(user, method, values.mfaPhoneNumber ?? undefined);
    const now = clock.now();
    await writeChange(async (tx) => {
      if (!allowance.firstOnly && !(await consumeChallenge(tx, allowance.grant.id, now)))
        throw new AppError(ErrorCode.factorCheckRequired, AUTH_MESSAGES.factorCheckRequired);
      if (!(await saveSecondFactor(tx, user.id, values, { firstOnly: allowance.firstOnly })))
        throw new AppError(ErrorCode.factorCheckRequired, AUTH_MESSAGES.factorAlreadyEnrolled);
      await queueFactorChangeNotice(tx, user, change, origin);
      if (!context.mfaComplete) await completeSessionMfa(tx, context.sessionId, now);
      return {
        result: null,
        audit: [auditRow(context, origin, 'auth.mfa.enrolled', { method, change: change.kind })],
        events: context.mfaComplete ? [] : [{ type: 'presence.changed', ids: [context.user.uid] }],
      };
    });
    await throttle.recordFactorPassed(whoOf(context, origin));
    return { user: toSessionUser(await userOf(context)) };
  }

  /** Checks a code against its challenge; throws the right refusal, consumes it when right. */
  async function checkCode(challenge: Challenge | undefined, code: string, wrongMessage: string, who: Who) {
    const now = clock.now();
    if (!challenge) throw new AppError(ErrorCode.codeExpired, AUTH_MESSAGES.mfaSessionExpired);
    if (challenge.consumedAt) {
      if (challenge.failedAttempts >= MAX_WRONG_CODES) {
        throw new AppError(ErrorCode.tooManyAttempts, AUTH_MESSAGES.tooManyAttempts);
      }
      throw new AppError(ErrorCode.codeExpired, AUTH_MESSAGES.codeExpired);
    }
    if (challenge.expiresAt.getTime() <= now.getTime()) {
      throw new AppError(ErrorCode.codeExpired, AUTH_MESSAGES.codeExpired);
    }
    if (!codeMatches(challenge, code)) {
      await throttle.record('mfa-code', who, false);
      const failures = await recordWrongCode(db, challenge, now);
      if (failures >= MAX_WRONG_CODES)
        throw new AppError(ErrorCode.tooManyAttempts, AUTH_MESSAGES.tooManyAttempts);
      throw new AppError(ErrorCode.codeInvalid, wrongMessage);
    }
    if (!(await consumeChallenge(db, challenge.id, now))) {
      throw new AppError(ErrorCode.codeExpired, AUTH_MESSAGES.codeExpired);
    }
  }

  type Who = { email: string; ip: string };
  const whoOf = (context: AuthContext, origin: RequestOrigin): Who => ({
    email: context.user.email,
    ip: origin.ipAddress,
  });

  async function sendCode(
    context: AuthContext,
    origin: RequestOrigin,
    purpose: ChallengePurpose,
    phone: string,
    failMessage: string,
  ): Promise<CodeSentResponse> {
    const now = clock.now();
    const previous = await latestChallenge(db, context.sessionId, purpose);
    if (previous && now.getTime() - previous.createdAt.getTime() < RESEND_LOCK_MS) {
      throw new AppError(ErrorCode.resendLocked, AUTH_MESSAGES.resendLocked);
    }
    const who = whoOf(context, origin);
    await throttle.check('code-send', who);
    await throttle.record('code-send', who, true);
    const { code } = await createCodeChallenge(db, {
      userId: context.user.uid,
      sessionId: context.sessionId,
      purpose,
      destination: phone,
      now,
    });
    try {
      await sms.send(phone, `Your Telecare Staff verification code is ${code}. It expires in 5 minutes.`, {
        staffCode: true,
      });
    } catch {
      throw new AppError(ErrorCode.sendFailed, failMessage);
    }
    await audit(context, origin, 'auth.mfa.code-sent', { purpose, phoneEnding: phone.slice(-3) });
    return {
      message: AUTH_MESSAGES.codeSent,
      resendAvailableAt: new Date(now.getTime() + RESEND_LOCK_MS).toISOString(),
    };
  }

  /**
   * A right code completes a password-only session's sign-in; in a full session it is a fresh check
   * of the factor, which allows one change of the second factor within 10 minutes.
   */
  async function passFactorCheck(context: AuthContext, origin: RequestOrigin, method: 'sms' | 'totp') {
    const now = clock.now();
    await writeChange(async (tx) => {
      if (context.mfaComplete) {
        await createRecheckGrant(tx, {
          userId: context.user.uid,
          sessionId: context.sessionId,
          ttlMs: FACTOR_RECHECK_TTL_MS,
          now,
        });
        return { result: null, audit: [auditRow(context, origin, 'auth.mfa.rechecked', { method })] };
      }
      await completeSessionMfa(tx, context.sessionId, now);
      return {
        result: null,
        audit: [auditRow(context, origin, 'auth.mfa.verified', { method })],
        events: [{ type: 'presence.changed', ids: [context.user.uid] }],
      };
    });
    await throttle.recordFactorPassed(whoOf(context, origin));
    return { user: toSessionUser(await userOf(context)) };
  }

  return {
    async status(context: AuthContext) {
      return mfaStatusOf(await userOf(context));
    },

    async sendEmailVerification(context: AuthContext, origin: RequestOrigin) {
      const user = await userOf(context);
      if (user.emailVerifiedAt) return { message: AUTH_MESSAGES.verificationEmailSent };
      const who = whoOf(context, origin);
      await throttle.check('email-send', who);
      await throttle.record('email-send', who, true);
      const token = await createLinkChallenge(db, {
        userId: user.id,
        purpose: 'email-verify',
        ttlMs: EMAIL_LINK_TTL_MS,
        now: clock.now(),
      });
      try {
        await email.send({
          to: user.email,
          subject: 'Verify your e-mail address for Telecare Staff',
          text: [
            `Hello ${user.firstName},`,
            '',
            'Please open this link to verify your e-mail address and continue setting up your sign-in:',
            `${publicUrl}/api/auth/verify-email?token=${token}`,
            '',
            'The link works once and expires in 24 hours. If you did not ask for it, ignore this e-mail.',
          ].join('\n'),
        });
      } catch {
        throw new AppError(ErrorCode.sendFailed, AUTH_MESSAGES.verifyEmailFailed);
      }
      await audit(context, origin, 'auth.email-verification.sent');
      return { message: AUTH_MESSAGES.verificationEmailSent };
    },

    /** The link from the e-mail; true when it verified the address. */
    async verifyEmail(token: string, origin: RequestOrigin) {
      const challenge = await findLinkChallenge(db, token, 'email-verify');
      const now = clock.now();
      if (!challenge || challenge.expiresAt <= now || !(await consumeChallenge(db, challenge.id, now)))
        return false;
      await writeChange(async (tx) => {
        await updateUser(tx, challenge.userId, { emailVerifiedAt: now });
        return {
          result: undefined,
          audit: [
            {
              action: 'auth.email-verification.completed',
              actorUserId: challenge.userId,
              entityType: 'user',
              entityId: challenge.userId,
              ipAddress: origin.ipAddress,
            },
          ],
          events: [{ type: 'users.changed', ids: [challenge.userId] }],
        };
      });
      return true;
    },

    async sendEnrolCode(context: AuthContext, origin: RequestOrigin, nationalNumber: string) {
      const user = await userOf(context);
      await enrolmentAllowance(context, user);
      if (!user.emailVerifiedAt)
        throw new AppError(ErrorCode.emailNotVerified, AUTH_MESSAGES.emailNotVerified);
      return sendCode(context, origin, 'sms-enrol', `+61${nationalNumber}`, AUTH_MESSAGES.enrolSendFailed);
    },

    async confirmEnrolCode(context: AuthContext, origin: RequestOrigin, code: string) {
      const allowance = await enrolmentAllowance(context, await userOf(context));
      const who = whoOf(context, origin);
      await throttle.check('mfa-code', who);
      const challenge = await latestChallenge(db, context.sessionId, 'sms-enrol');
      await checkCode(challenge, code, AUTH_MESSAGES.enrolFailed, who);
      return enrol(context, origin, allowance, 'sms', {
        mfaPhoneNumber: challenge?.destination ?? null,
        mfaPhoneEnrolledAt: clock.now(),
      });
    },

    async sendSignInCode(context: AuthContext, origin: RequestOrigin) {
      const user = await userOf(context);
      if (!user.mfaPhoneNumber || !user.mfaPhoneEnrolledAt) {
        throw new AppError(ErrorCode.conflict, AUTH_MESSAGES.verifySendFailed);
      }
      return sendCode(context, origin, 'sms-sign-in', user.mfaPhoneNumber, AUTH_MESSAGES.verifySendFailed);
    },

    async verify(context: AuthContext, origin: RequestOrigin, method: 'sms' | 'totp', code: string) {
      const who = whoOf(context, origin);
      await throttle.check('mfa-code', who);
      if (method === 'sms') {
        const challenge = await latestChallenge(db, context.sessionId, 'sms-sign-in');
        await checkCode(challenge, code, AUTH_MESSAGES.verifyFailed, who);
      } else {
        const user = await userOf(context);
        if (!user.totpSecret || !user.totpEnrolledAt)
          throw new AppError(ErrorCode.codeInvalid, AUTH_MESSAGES.verifyFailed);
        const step = await totpStepOf(user.totpSecret, code, user.totpLastStep);
        if (step === null || !(await claimTotpStep(db, user.id, step))) {
          await throttle.record('mfa-code', who, false);
          throw new AppError(ErrorCode.codeInvalid, AUTH_MESSAGES.verifyFailed);
        }
      }
      return passFactorCheck(context, origin, method);
    },

    async startTotpEnrol(context: AuthContext) {
      const user = await userOf(context);
      await enrolmentAllowance(context, user);
      if (!context.mfaComplete && !user.emailVerifiedAt) {
        throw new AppError(ErrorCode.emailNotVerified, AUTH_MESSAGES.emailNotVerified);
      }
      const secret = generateSecret();
      await createSecretChallenge(db, {
        userId: user.id,
        sessionId: context.sessionId,
        purpose: 'totp-enrol',
        secret,
        ttlMs: TOTP_ENROL_TTL_MS,
        now: clock.now(),
      });
      return { secret, otpauthUri: generateURI({ issuer: TOTP_ISSUER, label: user.email, secret }) };
    },

    async confirmTotpEnrol(context: AuthContext, origin: RequestOrigin, code: string) {
      const allowance = await enrolmentAllowance(context, await userOf(context));
      const who = whoOf(context, origin);
      await throttle.check('mfa-code', who);
      const challenge = await latestChallenge(db, context.sessionId, 'totp-enrol');
      const now = clock.now();
      if (!challenge?.destination || challenge.consumedAt || challenge.expiresAt <= now) {
        throw new AppError(ErrorCode.codeExpired, AUTH_MESSAGES.mfaSessionExpired);
      }
      const step = await totpStepOf(challenge.destination, code, null);
      if (step === null) {
        await throttle.record('mfa-code', who, false);
        const failures = await recordWrongCode(db, challenge, now);
        if (failures >= MAX_WRONG_CODES)
          throw new AppError(ErrorCode.tooManyAttempts, AUTH_MESSAGES.tooManyAttempts);
        throw new AppError(ErrorCode.codeInvalid, AUTH_MESSAGES.enrolFailed);
      }
      if (!(await consumeChallenge(db, challenge.id, now)))
        throw new AppError(ErrorCode.codeExpired, AUTH_MESSAGES.mfaSessionExpired);
      return enrol(context, origin, allowance, 'totp', {
        totpSecret: challenge.destination,
        totpEnrolledAt: now,
        totpLastStep: step,
      });
    },
  };

  /** The time step of a right authenticator code, later than `after`; null for a wrong or used one. */
  async function totpStepOf(secret: string, code: string, after: number | null) {
    if (!/^\d{6}$/.test(code)) return null;
    const result = await verifyTotp({
      secret,
      token: code,
      epoch: Math.floor(clock.now().getTime() / 1000),
      epochTolerance: 30,
      ...(after === null ? {} : { afterTimeStep: after }),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  }
}

export type MfaService = ReturnType<typeof createMfaService>;
