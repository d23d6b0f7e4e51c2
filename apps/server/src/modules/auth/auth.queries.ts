import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { sessions, users } from '../../db/schema/index.ts';
import { recentSessions } from './session-cache.ts';

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.email, email), isNull(users.deletedAt)))
    .limit(1);
  return user;
}

export async function insertSession(db: Db, values: typeof sessions.$inferInsert): Promise<SessionRow> {
  const [session] = await db.insert(sessions).values(values).returning();
  if (!session) throw new Error('session insert returned nothing');
  return session;
}

const liveSessionQuery = (db: Db) =>
  db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), isNull(sessions.revokedAt)))
    .limit(1)
    .prepare('find_live_session');

/** Built once per database: every API request looks its session up. */
const preparedLiveSession = new WeakMap<Db, ReturnType<typeof liveSessionQuery>>();

type LiveSession = { session: SessionRow; user: UserRow } | undefined;

export async function findLiveSession(db: Db, tokenHash: string): Promise<LiveSession> {
  const recent = recentSessions.get<{ row: LiveSession }>(tokenHash);
  if (recent) return recent.row;
  let query = preparedLiveSession.get(db);
  if (!query) {
    query = liveSessionQuery(db);
    preparedLiveSession.set(db, query);
  }
  const [row] = await query.execute({ tokenHash });
  recentSessions.set(tokenHash, { row });
  return row;
}

export async function touchSession(db: Db, sessionId: string, at: Date) {
  await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, sessionId));
  recentSessions.forgetAll();
}

export async function revokeSession(db: Db, sessionId: string, at: Date) {
  await db.update(sessions).set({ revokedAt: at }).where(eq(sessions.id, sessionId));
  recentSessions.forgetAll();
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
}

export async function updateUser(db: Db, id: string, values: Partial<typeof users.$inferInsert>) {
  await db.update(users).set(values).where(eq(users.id, id));
  recentSessions.forgetAll();
}

/**
 * Takes an authenticator code's time step for the user: false when a code of this step or a later
 * one was accepted before (a replayed code, or the same code sent twice at once).
 */
export async function claimTotpStep(db: Db, userId: string, step: number) {
  const rows = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return rows.length === 1;
}

export async function completeSessionMfa(db: Db, sessionId: string, at: Date) {
  await db.update(sessions).set({ mfaCompletedAt: at, lastSeenAt: at }).where(eq(sessions.id, sessionId));
  recentSessions.forgetAll();
}

/** Ends every session of a user (password changed, account disabled or deleted). */
export async function revokeUserSessions(db: Db, userId: string, at: Date) {
  await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  recentSessions.forgetAll();
}
