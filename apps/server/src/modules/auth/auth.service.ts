import { createHash, randomBytes } from 'node:crypto';
import type { Role, SessionUser, SignInRequest } from '@telecare/contracts/auth';
import { ErrorCode } from '@telecare/contracts/errors';
import { permissionsOf, SIGN_IN_ROLES } from '@telecare/domain/roles';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { recordAudit } from '../audit/audit.queries.ts';
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

export const SIGN_IN_MESSAGES = {
  invalidCredentials: 'The e-mail address or password is incorrect.',
  disabled: 'Your account has been disabled, please contact your telecare manager to get access!',
  notAdmin: 'You are not telecare admin, please contact your telecare manager to get access!',
} as const;

export type SessionPolicy = { idleMinutes: number; maxHours: number };
export type AuthContext = { user: SessionUser; sessionId: string };
type RequestOrigin = { ipAddress: string; userAgent?: string | undefined };

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

export function createAuthService(deps: { db: Db; clock: Clock; policy: SessionPolicy }) {
  const { db, clock, policy } = deps;

  function isExpired(session: SessionRow, now: Date) {
    return (
      now.getTime() >= session.expiresAt.getTime() ||
      now.getTime() - session.lastSeenAt.getTime() >= policy.idleMinutes * 60_000
    );
  }

  async function signIn(input: SignInRequest, origin: RequestOrigin) {
    const email = input.email.trim().toLowerCase();
    const user = await findUserByEmail(db, email);
    const passwordOk = await verifyPassword(input.password, user?.passwordHash ?? DUMMY_PASSWORD_HASH);
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

    if (!user || !passwordOk) {
      await audit('auth.sign-in.failed', { reason: user ? 'wrong-password' : 'unknown-email' });
      throw new AppError(ErrorCode.invalidCredentials, SIGN_IN_MESSAGES.invalidCredentials);
    }
    if (user.disabled) {
      await audit('auth.sign-in.refused', { reason: 'disabled' });
      throw new AppError(ErrorCode.accountDisabled, SIGN_IN_MESSAGES.disabled);
    }
    if (!SIGN_IN_ROLES.includes(user.role as Role)) {
      await audit('auth.sign-in.refused', { reason: 'role' });
      throw new AppError(ErrorCode.roleNotAllowed, SIGN_IN_MESSAGES.notAdmin);
    }

    const token = randomBytes(32).toString('base64url');
    const now = clock.now();
    const session = await insertSession(db, {
      tokenHash: hashToken(token),
      userId: user.id,
      ipAddress: origin.ipAddress,
      userAgent: origin.userAgent?.slice(0, 300) ?? null,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + policy.maxHours * 3_600_000),
    });
    await audit('auth.sign-in.succeeded', { sessionId: session.id });
    return { token, user: toSessionUser(user) };
  }

  /** The signed-in user for a token, or null when the session is unknown, ended or expired. */
  async function resolveSession(token: string): Promise<AuthContext | null> {
    const row = await findLiveSession(db, hashToken(token));
    if (!row || row.user.disabled || row.user.deletedAt) return null;
    const now = clock.now();
    if (isExpired(row.session, now)) return null;
    if (now.getTime() - row.session.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
      await touchSession(db, row.session.id, now);
    }
    return { user: toSessionUser(row.user), sessionId: row.session.id };
  }

  async function signOut(auth: AuthContext, origin: RequestOrigin) {
    await revokeSession(db, auth.sessionId, clock.now());
    await recordAudit(db, {
      action: 'auth.sign-out',
      actorUserId: auth.user.uid,
      actorRole: auth.user.role,
      entityType: 'user',
      entityId: auth.user.uid,
      ipAddress: origin.ipAddress,
      details: { sessionId: auth.sessionId },
    });
  }

  return { signIn, resolveSession, signOut };
}

export type AuthService = ReturnType<typeof createAuthService>;
