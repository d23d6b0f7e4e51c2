import { createHash, randomBytes } from 'node:crypto';
import {
  AUTH_MESSAGES,
  type MfaStatus,
  type Role,
  type SessionUser,
  type SignInRequest,
} from '@telecare/contracts/auth';
import { ErrorCode } from '@telecare/contracts/errors';
import { permissionsOf, SIGN_IN_ROLES } from '@telecare/domain/roles';
import type { Db } from '../../db/database.ts';
import type { Geolocation } from '../../integrations/geolocation/geolocation.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ChangeFeed } from '../../lib/change-feed.ts';
import type { Clock } from '../../lib/clock.ts';
import { auditedBy, type ChangeWriter } from '../../lib/write-change.ts';
import { recordAudit } from '../audit/audit.queries.ts';
import { readSetting } from '../settings/settings.queries.ts';
import {
  findLiveSession,
  findUserByEmail,
  insertSession,
  revokeSession,
  type SessionRow,
  touchSession,
  type UserRow,
} from './auth.queries.ts';
import { DUMMY_PASSWORD_HASH, verifyPassword } from './password.ts';
import { recentSessions } from './session-cache.ts';
import type { Throttle } from './throttle.ts';

export type SessionPolicy = { idleMinutes: number; maxHours: number };
export type AuthContext = { user: SessionUser; sessionId: string; mfaComplete: boolean };
export type RequestOrigin = { ipAddress: string; userAgent?: string | undefined };

const TOUCH_INTERVAL_MS = 60_000;

export function hashToken(token: string) {
  return createHash('sha256').update(token).digest('hex');
}

export function toSessionUser(user: UserRow): SessionUser {
  const role = user.role as Role;
  return {
    uid: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    shortName: user.shortName,
    role,
    isSupervisor: user.isSupervisor,
    isITStaff: user.isItStaff,
    timezone: user.timezone,
    permissions: [...permissionsOf(role)],
  };
}

export function maskPhone(phone: string) {
  const digits = phone.replace(/^\+61/, '');
  return `+61 ${digits.slice(0, 1)}** *** ${digits.slice(-3)}`;
}

export function mfaStatusOf(user: UserRow): MfaStatus {
  const smsEnrolled = Boolean(user.mfaPhoneEnrolledAt && user.mfaPhoneNumber);
  const totpEnrolled = Boolean(user.totpEnrolledAt && user.totpSecret);
  return {
    next: smsEnrolled || totpEnrolled ? 'mfa-verify' : 'mfa-enroll',
    email: user.email,
    emailVerified: Boolean(user.emailVerifiedAt),
    smsEnrolled,
    totpEnrolled,
    phoneHint: smsEnrolled && user.mfaPhoneNumber ? maskPhone(user.mfaPhoneNumber) : null,
  };
}

export function createAuthService(deps: {
  db: Db;
  clock: Clock;
  policy: SessionPolicy;
  throttle: Throttle;
  geolocation: Geolocation;
  /** Addresses that skip the country check (COUNTRY_CHECK_EXEMPT_NETWORKS). */
  isExemptFromCountryCheck: (ip: string) => boolean;
  changes: ChangeFeed;
  writeChange: ChangeWriter;
}) {
  const { db, clock, policy, throttle, geolocation, isExemptFromCountryCheck, changes, writeChange } = deps;

  function isExpired(session: SessionRow, now: Date) {
    return (
      now.getTime() >= session.expiresAt.getTime() ||
      now.getTime() - session.lastSeenAt.getTime() >= policy.idleMinutes * 60_000
    );
  }

  /** Staff sign in from Australia or from an exempt network; else the refused country. */
  async function checkCountry(ipAddress: string) {
    if (isExemptFromCountryCheck(ipAddress) || !(await readSetting(db, 'onlyAustralianUsers'))) return null;
    const country = await geolocation.countryOf(ipAddress);
    return country === 'AU' ? null : (country ?? 'unknown');
  }

  /** E-mails allowed to sign in from anywhere. */
  async function isAllowListed(email: string) {
    return (await readSetting(db, 'allowListedEmails')).some((e) => e.toLowerCase() === email);
  }

  /** The password step. The session it opens is usable for the second factor only. */
  async function signIn(input: SignInRequest, origin: RequestOrigin) {
    const email = input.email.trim().toLowerCase();
    const who = { email, ip: origin.ipAddress };
    await throttle.check('sign-in', who);
    const user = await findUserByEmail(db, email);
    const audit = (action: string, details?: Record<string, unknown>) =>
      recordAudit(db, {
        action,
        actorUserId: user?.id ?? null,
        actorRole: user?.role ?? null,
        entityType: 'user',
        ...(user ? { entityId: user.id } : {}),
        ipAddress: origin.ipAddress,
        ...(details ? { details } : {}),
      });

    // From a refused country every wrong password gets the country text, and the allow-list is
    // read only after a right one: the answer never tells which e-mails are allow-listed.
    const refusedCountry = await checkCountry(origin.ipAddress);
    const passwordOk = await verifyPassword(input.password, user?.passwordHash ?? DUMMY_PASSWORD_HASH);
    if (!user || !passwordOk) {
      await throttle.record('sign-in', who, false);
      await audit('auth.sign-in.failed', {
        reason: user ? 'wrong-password' : 'unknown-email',
        ...(refusedCountry ? { country: refusedCountry } : {}),
      });
      if (refusedCountry) throw new AppError(ErrorCode.countryNotAllowed, AUTH_MESSAGES.notInAustralia);
      throw new AppError(ErrorCode.invalidCredentials, AUTH_MESSAGES.invalidCredentials);
    }
    if (refusedCountry && !(await isAllowListed(email))) {
      await audit('auth.sign-in.refused', { reason: 'country', country: refusedCountry });
      throw new AppError(ErrorCode.countryNotAllowed, AUTH_MESSAGES.notInAustralia);
    }
    if (user.disabled) {
      await audit('auth.sign-in.refused', { reason: 'disabled' });
      throw new AppError(ErrorCode.accountDisabled, AUTH_MESSAGES.disabled);
    }
    if (!SIGN_IN_ROLES.includes(user.role as Role)) {
      await audit('auth.sign-in.refused', { reason: 'role' });
      throw new AppError(ErrorCode.roleNotAllowed, AUTH_MESSAGES.notAdmin);
    }

    const token = randomBytes(32).toString('base64url');
    const now = clock.now();
    await writeChange(async (tx) => {
      const session = await insertSession(tx, {
        tokenHash: hashToken(token),
        userId: user.id,
        ipAddress: origin.ipAddress,
        userAgent: origin.userAgent?.slice(0, 300) ?? null,
        lastSeenAt: now,
        expiresAt: new Date(now.getTime() + policy.maxHours * 3_600_000),
      });
      return {
        result: session,
        audit: [
          {
            action: 'auth.sign-in.password-accepted',
            actorUserId: user.id,
            actorRole: user.role,
            entityType: 'user',
            entityId: user.id,
            ipAddress: origin.ipAddress,
            details: { sessionId: session.id },
          },
        ],
      };
    });
    await throttle.record('sign-in', who, true);
    return { token, mfa: mfaStatusOf(user) };
  }

  /** The session of a token, or null when it is unknown, ended or expired. `touch` counts as activity. */
  async function resolveSession(token: string, options: { touch: boolean } = { touch: true }) {
    const row = await findLiveSession(db, hashToken(token));
    if (!row || row.user.disabled || row.user.deletedAt) return null;
    const now = clock.now();
    if (isExpired(row.session, now)) return null;
    if (options.touch && now.getTime() - row.session.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
      await touchSession(db, row.session.id, now);
    }
    const context: AuthContext = {
      user: toSessionUser(row.user),
      sessionId: row.session.id,
      mfaComplete: Boolean(row.session.mfaCompletedAt),
    };
    return context;
  }

  /** Sessions and users written by another server process: its change events say so. */
  function followSessionChanges() {
    return changes.subscribe((event) => {
      if (event.type === 'presence.changed' || event.type === 'users.changed') recentSessions.forgetAll();
    });
  }

  async function signOut(auth: AuthContext, origin: RequestOrigin) {
    await writeChange(async (tx) => {
      await revokeSession(tx, auth.sessionId, clock.now());
      return {
        result: undefined,
        audit: [
          {
            action: 'auth.sign-out',
            ...auditedBy(auth, origin),
            entityType: 'user',
            entityId: auth.user.uid,
            details: { sessionId: auth.sessionId },
          },
        ],
        events: [{ type: 'presence.changed', ids: [auth.user.uid] }],
      };
    });
  }

  /** A signed-in user refused for lacking a route's permission: the route's pattern, never its URL. */
  async function recordAccessRefused(
    auth: AuthContext,
    attempt: { method: string; route: string; access: string },
    origin: RequestOrigin,
  ) {
    await recordAudit(db, {
      action: 'access.refused',
      actorUserId: auth.user.uid,
      actorRole: auth.user.role,
      entityType: 'route',
      entityId: `${attempt.method} ${attempt.route}`,
      ipAddress: origin.ipAddress,
      details: attempt,
    });
  }

  return {
    signIn,
    resolveSession,
    recordAccessRefused,
    signOut,
    followSessionChanges,
    idleMinutes: policy.idleMinutes,
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
