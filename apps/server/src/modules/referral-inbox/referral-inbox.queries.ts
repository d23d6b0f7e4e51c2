import { UNIDENTIFIED_SPECIALITY } from '@telecare/contracts/referral-inbox';
import { and, count, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { incomingReferralFiles, specialities } from '../../db/schema/index.ts';

export type RawFileRow = typeof incomingReferralFiles.$inferSelect;

/** The files still in the inbox: not deleted, not yet saved or filed. */
export const inInbox = () =>
  and(isNull(incomingReferralFiles.deletedAt), isNull(incomingReferralFiles.processedAt));

function specialityFilter(names: string[]): SQL | undefined {
  if (names.length === 0) return undefined;
  const named = names.filter((n) => n !== UNIDENTIFIED_SPECIALITY);
  return or(
    names.includes(UNIDENTIFIED_SPECIALITY) ? isNull(incomingReferralFiles.specialityName) : undefined,
    named.length > 0 ? inArray(incomingReferralFiles.specialityName, named) : undefined,
  );
}

/**
 * A page of the inbox, newest first (the partial index incoming_referral_files_inbox_idx), with the
 * total counted in the same statement.
 */
export async function listInboxFiles(
  db: Db,
  query: { specialities: string[]; page: number; pageSize: number },
) {
  const where = and(inInbox(), specialityFilter(query.specialities));
  const rows = await db
    .select({
      id: incomingReferralFiles.id,
      fileName: incomingReferralFiles.fileName,
      specialityName: incomingReferralFiles.specialityName,
      contentType: incomingReferralFiles.contentType,
      createdAt: incomingReferralFiles.createdAt,
      extractionStatus: incomingReferralFiles.extractionStatus,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(incomingReferralFiles)
    .where(where)
    .orderBy(desc(incomingReferralFiles.createdAt), desc(incomingReferralFiles.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  if (rows.length > 0 || query.page === 1) return { rows, total: rows[0]?.total ?? 0 };
  // A page past the end: the total still has to be counted.
  const [totals] = await db.select({ total: count() }).from(incomingReferralFiles).where(where);
  return { rows, total: totals?.total ?? 0 };
}

export async function findInboxFile(db: Db, id: string) {
  const [row] = await db
    .select()
    .from(incomingReferralFiles)
    .where(and(eq(incomingReferralFiles.id, id), inInbox()))
    .limit(1);
  return row;
}

/**
 * Locks an inbox file's row for the rest of the transaction, if it is still in the inbox: of two
 * saves of one letter at once, the second waits here and then finds it gone.
 */
export async function lockInboxFile(tx: Db, id: string) {
  const [row] = await tx
    .select({ id: incomingReferralFiles.id })
    .from(incomingReferralFiles)
    .where(and(eq(incomingReferralFiles.id, id), inInbox()))
    .for('update');
  return row;
}

/**
 * Makes the saves that may create a client wait for each other until commit, so the duplicate
 * check of the second sees the client the first created (READ COMMITTED sees nothing uncommitted).
 */
export async function waitForOtherClientCreations(tx: Db) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('referral-intake.create-client'))`);
}

export async function specialityNames(db: Db) {
  const rows = await db.select({ name: specialities.name }).from(specialities).orderBy(specialities.name);
  return rows.map((r) => r.name);
}
