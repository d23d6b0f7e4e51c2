import { and, asc, count, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { clinics, referrers, specialists, users } from '../../db/schema/index.ts';
import { recentSessions } from '../auth/session-cache.ts';

export type UserRow = typeof users.$inferSelect;

const live = isNull(users.deletedAt);

export async function countUsers(db: Db, role?: string) {
  const where: SQL | undefined = role ? and(live, eq(users.role, role)) : live;
  const [row] = await db.select({ n: count() }).from(users).where(where);
  return row?.n ?? 0;
}

export async function selectUserPage(
  db: Db,
  options: { role?: string | undefined; offset: number; limit: number },
) {
  return db
    .select()
    .from(users)
    .where(options.role ? and(live, eq(users.role, options.role)) : live)
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
    .limit(options.limit)
    .offset(options.offset);
}

/** The enabled staff of the given roles (all roles when none), IT staff left out, by name. */
export async function selectStaffByRoles(db: Db, roles: string[]) {
  const assignable = and(live, eq(users.disabled, false), eq(users.isItStaff, false));
  return db
    .select({
      uid: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      shortName: users.shortName,
      role: users.role,
    })
    .from(users)
    .where(roles.length ? and(assignable, inArray(users.role, roles)) : assignable)
    .orderBy(asc(users.firstName), asc(users.lastName));
}

export async function findLiveUser(db: Db, id: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), live))
    .limit(1);
  return row;
}

export async function findLiveUserByEmail(db: Db, email: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), live))
    .limit(1);
  return row;
}

export async function insertUser(db: Db, values: typeof users.$inferInsert) {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('user insert returned nothing');
  return row;
}

export async function updateUserRow(db: Db, id: string, values: Partial<typeof users.$inferInsert>) {
  const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
  recentSessions.forgetAll();
  return row;
}

export async function identityExists(db: Db, kind: 'referrer' | 'clinic' | 'specialist', id: string) {
  const table = { referrer: referrers, clinic: clinics, specialist: specialists }[kind];
  const [row] = await db.select({ id: table.id }).from(table).where(eq(table.id, id)).limit(1);
  return Boolean(row);
}
