import { randomBytes } from 'node:crypto';
import type { Role } from '@telecare/contracts/auth';
import { ErrorCode } from '@telecare/contracts/errors';
import {
  type CreateUserRequestSchema,
  type StaffMember,
  type UpdateUserRequestSchema,
  USER_FORM_MESSAGES,
  type UserSummary,
} from '@telecare/contracts/users';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { auditedBy, type ChangeWriter } from '../../lib/write-change.ts';
import { revokeUserSessions } from '../auth/auth.queries.ts';
import type { AuthContext, RequestOrigin } from '../auth/auth.service.ts';
import { consumeUserLinks } from '../auth/challenges.ts';
import { hashPassword } from '../auth/password.ts';
import type { PasswordResetService } from '../auth/password-reset.service.ts';
import {
  countUsers,
  findLiveUser,
  findLiveUserByEmail,
  identityExists,
  insertUser,
  selectStaffByRoles,
  selectUserPage,
  type UserRow,
  updateUserRow,
} from './users.queries.ts';

type CreateUser = z.output<typeof CreateUserRequestSchema>;
type UpdateUser = z.output<typeof UpdateUserRequestSchema>;

const IDENTITY_KIND = { GP: 'referrer', CLINIC_ADMIN: 'clinic', SPECIALIST: 'specialist' } as const;
const IDENTITY_MESSAGE = {
  referrer: USER_FORM_MESSAGES.referrerRequired,
  clinic: USER_FORM_MESSAGES.clinicRequired,
  specialist: USER_FORM_MESSAGES.specialistRequired,
} as const;

export function toUserSummary(user: UserRow): UserSummary {
  return {
    uid: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    shortName: user.shortName,
    role: user.role as Role,
    timezone: user.timezone,
    disabled: user.disabled,
    isSupervisor: user.isSupervisor,
    isITStaff: user.isItStaff,
    coreplusId: user.referrerId ?? user.clinicId ?? user.specialistId,
    mfaEnrolled: Boolean(user.mfaPhoneEnrolledAt || user.totpEnrolledAt),
  };
}

export function createUserService(deps: {
  db: Db;
  clock: Clock;
  writeChange: ChangeWriter;
  passwordReset: PasswordResetService;
  log: (message: string, err: unknown) => void;
}) {
  const { db, clock, writeChange, passwordReset, log } = deps;

  /** The referrer, clinic or specialist id columns for a role; the others are cleared. */
  async function identityColumns(input: CreateUser) {
    const kind = IDENTITY_KIND[input.role as keyof typeof IDENTITY_KIND];
    const columns = {
      referrerId: null as string | null,
      clinicId: null as string | null,
      specialistId: null as string | null,
    };
    if (!kind) return columns;
    if (!input.coreplusId || !(await identityExists(db, kind, input.coreplusId))) {
      throw new AppError(ErrorCode.validation, IDENTITY_MESSAGE[kind], {
        coreplusId: [IDENTITY_MESSAGE[kind]],
      });
    }
    columns[`${kind}Id`] = input.coreplusId;
    return columns;
  }

  async function assertEmailFree(email: string, exceptId?: string) {
    const taken = await findLiveUserByEmail(db, email);
    if (taken && taken.id !== exceptId) {
      const message = 'This e-mail address is already used by another user.';
      throw new AppError(ErrorCode.conflict, message, { email: [message] });
    }
  }

  /** The audit row and the events of a change to a user account. */
  const userChanged = (
    actor: AuthContext,
    origin: RequestOrigin,
    action: string,
    userId: string,
    details: Record<string, unknown> = {},
  ) => ({
    audit: [{ action, ...auditedBy(actor, origin), entityType: 'user', entityId: userId, details }],
    events: [
      { type: 'users.changed' as const, ids: [userId] },
      { type: 'presence.changed' as const, ids: [userId] },
    ],
  });

  async function liveUser(uid: string, from: Db = db) {
    const user = await findLiveUser(from, uid);
    if (!user) throw new AppError(ErrorCode.notFound, 'This user does not exist.');
    return user;
  }

  return {
    async page(query: { curr: number; size: number; role?: Role | undefined }) {
      const total = await countUsers(db, query.role);
      const lastPage = Math.max(0, Math.ceil(total / query.size) - 1);
      const page = Math.min(query.curr, lastPage);
      const rows = await selectUserPage(db, {
        role: query.role,
        offset: page * query.size,
        limit: query.size,
      });
      return { rows: rows.map(toUserSummary), page, pageSize: query.size, total };
    },

    async byRoles(roles: Role[]) {
      return { users: (await selectStaffByRoles(db, roles)) as StaffMember[] };
    },

    async get(uid: string) {
      return toUserSummary(await liveUser(uid));
    },

    async create(actor: AuthContext, origin: RequestOrigin, input: CreateUser) {
      await assertEmailFree(input.email);
      const values = {
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        shortName: input.shortName,
        role: input.role,
        timezone: input.timezone,
        disabled: input.disabled,
        isSupervisor: input.isSupervisor,
        isItStaff: input.isITStaff,
        ...(await identityColumns(input)),
        passwordHash: await hashPassword(randomBytes(24).toString('base64url')),
      };
      const user = await writeChange(async (tx) => {
        const inserted = await insertUser(tx, values);
        return {
          result: inserted,
          ...userChanged(actor, origin, 'user.created', inserted.id, { role: inserted.role }),
        };
      });
      const invite = input.role !== 'SPECIALIST' || input.sendEmailToSpecialist;
      if (invite && !user.disabled) {
        await passwordReset.invite(user).catch((err) => log('invitation e-mail failed', err));
      }
      return toUserSummary(user);
    },

    async update(actor: AuthContext, origin: RequestOrigin, uid: string, input: UpdateUser) {
      const before = await liveUser(uid);
      await assertEmailFree(input.email, uid);
      const ownAccess =
        input.disabled ||
        input.role !== before.role ||
        input.isSupervisor !== before.isSupervisor ||
        input.isITStaff !== before.isItStaff;
      if (uid === actor.user.uid && ownAccess) {
        throw new AppError(
          ErrorCode.validation,
          'You can not disable yourself or change your own role, Supervisor or IT staff.',
        );
      }
      const now = clock.now();
      const passwordChanged = Boolean(input.password);
      const emailChanged = input.email !== before.email;
      const values = {
        email: input.email,
        // A new address is proved again before it can enrol a second factor.
        ...(emailChanged ? { emailVerifiedAt: null } : {}),
        firstName: input.firstName,
        lastName: input.lastName,
        shortName: input.shortName,
        role: input.role,
        timezone: input.timezone,
        disabled: input.disabled,
        isSupervisor: input.isSupervisor,
        isItStaff: input.isITStaff,
        ...(await identityColumns(input)),
        ...(passwordChanged
          ? { passwordHash: await hashPassword(input.password), passwordChangedAt: now }
          : {}),
      };
      const after = await writeChange(async (tx) => {
        const saved = await updateUserRow(tx, uid, values);
        if (!saved) throw new AppError(ErrorCode.notFound, 'This user does not exist.');
        const fields = (Object.keys(toUserSummary(saved)) as (keyof UserSummary)[]).filter(
          (key) => JSON.stringify(toUserSummary(saved)[key]) !== JSON.stringify(toUserSummary(before)[key]),
        );
        const disabledNow = saved.disabled && !before.disabled;
        if (passwordChanged || disabledNow || emailChanged || saved.role !== before.role) {
          await revokeUserSessions(tx, uid, now);
        }
        if (passwordChanged || disabledNow || emailChanged) await consumeUserLinks(tx, uid, now);
        return {
          result: saved,
          ...userChanged(actor, origin, 'user.updated', uid, { fields, passwordChanged }),
        };
      });
      return toUserSummary(after);
    },

    async remove(actor: AuthContext, origin: RequestOrigin, uid: string) {
      if (uid === actor.user.uid)
        throw new AppError(ErrorCode.validation, 'You can not delete your own account.');
      const now = clock.now();
      await writeChange(async (tx) => {
        await liveUser(uid, tx);
        await updateUserRow(tx, uid, { deletedAt: now });
        await revokeUserSessions(tx, uid, now);
        await consumeUserLinks(tx, uid, now);
        return { result: undefined, ...userChanged(actor, origin, 'user.deleted', uid) };
      });
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;
