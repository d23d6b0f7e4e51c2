import { and, asc, desc, eq, gt, gte, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { sessions, userActivities, users } from '../../db/schema/index.ts';

export type ActivityRow = typeof userActivities.$inferSelect;

export async function findActivity(db: Db, id: string) {
  const [row] = await db.select().from(userActivities).where(eq(userActivities.id, id)).limit(1);
  return row;
}

/** The session's most recent presence record that is still open, whatever its day. */
export async function findLatestOpenActivity(db: Db, sessionId: string) {
  const [row] = await db
    .select()
    .from(userActivities)
    .where(and(eq(userActivities.sessionId, sessionId), eq(userActivities.status, 'online')))
    .orderBy(desc(userActivities.checkInTime))
    .limit(1);
  return row;
}

export async function findOpenActivity(db: Db, sessionId: string, activityDate: string) {
  const [row] = await db
    .select()
    .from(userActivities)
    .where(
      and(
        eq(userActivities.sessionId, sessionId),
        eq(userActivities.activityDate, activityDate),
        eq(userActivities.status, 'online'),
      ),
    )
    .limit(1);
  return row;
}

export async function insertActivity(db: Db, values: typeof userActivities.$inferInsert) {
  const [row] = await db.insert(userActivities).values(values).returning();
  if (!row) throw new Error('activity insert returned nothing');
  return row;
}

export async function updateActivity(
  db: Db,
  id: string,
  values: Partial<typeof userActivities.$inferInsert>,
) {
  await db.update(userActivities).set(values).where(eq(userActivities.id, id));
}

/** Staff shown in the presence strip, with whether each has a live, fully signed-in session. */
export async function selectPresence(
  db: Db,
  staffRoles: readonly string[],
  now: Date,
  idleMinutes: number,
  tabTimeoutMs: number,
) {
  const idleSince = new Date(now.getTime() - idleMinutes * 60_000);
  const tabSince = new Date(now.getTime() - tabTimeoutMs);
  const live = db
    .select({ userId: sessions.userId })
    .from(sessions)
    .innerJoin(userActivities, eq(userActivities.sessionId, sessions.id))
    .where(
      and(
        isNull(sessions.revokedAt),
        isNotNull(sessions.mfaCompletedAt),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, idleSince),
        // A tab of the session is open: it checked in or spoke within the timeout.
        eq(userActivities.status, 'online'),
        gt(userActivities.lastSeenAt, tabSince),
      ),
    );
  return db
    .select({
      uid: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      shortName: users.shortName,
      online: sql<boolean>`${users.id} in (${live})`,
    })
    .from(users)
    .where(
      and(
        inArray(users.role, [...staffRoles]),
        eq(users.isItStaff, false),
        eq(users.disabled, false),
        isNull(users.deletedAt),
      ),
    )
    .orderBy(asc(users.firstName), asc(users.lastName));
}

export async function selectActivitiesBetween(db: Db, startDate: string, endDate: string) {
  return db
    .select({
      activityDate: userActivities.activityDate,
      checkInTime: userActivities.checkInTime,
      checkOutTime: userActivities.checkOutTime,
      lastSeenAt: userActivities.lastSeenAt,
      status: userActivities.status,
      firstName: users.firstName,
      lastName: users.lastName,
      shortName: users.shortName,
      email: users.email,
      role: users.role,
    })
    .from(userActivities)
    .innerJoin(users, eq(users.id, userActivities.userId))
    .where(and(gte(userActivities.activityDate, startDate), lte(userActivities.activityDate, endDate)))
    .orderBy(asc(userActivities.activityDate), asc(users.lastName), asc(userActivities.checkInTime));
}
