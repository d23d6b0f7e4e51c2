import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { calendarDate, citext, id, instant, timestamps } from './columns.ts';

export const users = pgTable(
  'users',
  {
    id: id(),
    email: citext('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    shortName: text('short_name').notNull().default(''),
    role: text('role').notNull(),
    timezone: text('timezone').notNull().default('Australia/Melbourne'),
    isItStaff: boolean('is_it_staff').notNull().default(false),
    isSupervisor: boolean('is_supervisor').notNull().default(false),
    disabled: boolean('disabled').notNull().default(false),
    referrerId: uuid('referrer_id'),
    clinicId: uuid('clinic_id'),
    specialistId: uuid('specialist_id'),
    passwordHash: text('password_hash').notNull(),
    passwordChangedAt: instant('password_changed_at'),
    emailVerifiedAt: instant('email_verified_at'),
    mfaPhoneNumber: text('mfa_phone_number'),
    mfaPhoneEnrolledAt: instant('mfa_phone_enrolled_at'),
    totpSecret: text('totp_secret'),
    totpEnrolledAt: instant('totp_enrolled_at'),
    /** The time step of the last authenticator code accepted: a code is good once (RFC 6238, 5.2). */
    totpLastStep: integer('totp_last_step'),
    deletedAt: instant('deleted_at'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email).where(sql`deleted_at IS NULL`),
    index('users_role_idx').on(t.role),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    mfaCompletedAt: instant('mfa_completed_at'),
    lastSeenAt: instant('last_seen_at').notNull().defaultNow(),
    expiresAt: instant('expires_at').notNull(),
    revokedAt: instant('revoked_at'),
    ...timestamps,
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** One-time codes and links: SMS sign-in codes, e-mail verification and password reset. */
export const authChallenges = pgTable(
  'auth_challenges',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    secretHash: text('secret_hash').notNull(),
    destination: text('destination'),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    expiresAt: instant('expires_at').notNull(),
    consumedAt: instant('consumed_at'),
    ...timestamps,
  },
  (t) => [
    index('auth_challenges_user_idx').on(t.userId, t.purpose),
    uniqueIndex('auth_challenges_secret_key').on(t.secretHash),
  ],
);

/** Sign-in attempts by account and by address, for throttling. */
export const authAttempts = pgTable(
  'auth_attempts',
  {
    id: id(),
    kind: text('kind').notNull(),
    email: citext('email'),
    ipAddress: text('ip_address'),
    succeeded: boolean('succeeded').notNull(),
    ...timestamps,
  },
  (t) => [
    index('auth_attempts_email_idx').on(t.email, t.createdAt),
    index('auth_attempts_ip_idx').on(t.ipAddress, t.createdAt),
  ],
);

export const userActivities = pgTable(
  'user_activities',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id').references(() => sessions.id, { onDelete: 'set null' }),
    activityDate: calendarDate('activity_date').notNull(),
    checkInTime: instant('check_in_time').notNull(),
    checkOutTime: instant('check_out_time'),
    lastSeenAt: instant('last_seen_at'),
    status: text('status').notNull().default('online'),
    ...timestamps,
  },
  (t) => [
    index('user_activities_user_date_idx').on(t.userId, t.activityDate),
    index('user_activities_online_idx').on(t.status).where(sql`status = 'online'`),
  ],
);
