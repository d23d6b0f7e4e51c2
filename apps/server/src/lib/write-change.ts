import type { ChangeEvent } from '@telecare/contracts/events';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { type AuditEvent, auditInsertStatement } from '../modules/audit/audit.queries.ts';
import type { AuthContext, RequestOrigin } from '../modules/auth/auth.service.ts';
import type { ChangeFeed } from './change-feed.ts';

/** What a change leaves besides its own rows: the audit rows and the "this changed" events. */
export type ChangeRecord<T> = { result: T; audit?: AuditEvent[]; events?: ChangeEvent[] };

export type ChangeWriter = <T>(work: (tx: Db) => Promise<ChangeRecord<T>>) => Promise<T>;

/**
 * The audit rows and the outbox row of the events in one statement (one round trip); answers the
 * outbox row's id when there are events.
 */
async function recordAuditAndEvents(
  tx: Db,
  changes: ChangeFeed,
  audit: readonly AuditEvent[],
  events: readonly ChangeEvent[],
): Promise<number | undefined> {
  if (events.length === 0) {
    if (audit.length > 0) await auditInsertStatement(tx, audit);
    return undefined;
  }
  const stage = changes.stageStatement(events);
  const statement =
    audit.length > 0 ? sql`WITH audit AS (${auditInsertStatement(tx, audit).getSQL()}) ${stage}` : stage;
  const { rows } = (await tx.execute(statement)) as unknown as { rows: { id: number | string }[] };
  return Number(rows[0]?.id);
}

/**
 * The one way to write a change: the change, its audit rows and its change events commit together
 * or not at all, so the trail never records what did not happen and browsers hear only what did.
 * The events wait in the outbox and are published right after the commit (docs/decisions/0046):
 * a NOTIFY inside the transaction would make every change's commit wait for the one before it.
 */
export function createChangeWriter(deps: { db: Db; changes: ChangeFeed }): ChangeWriter {
  const { db, changes } = deps;
  return async (work) => {
    let published: ChangeEvent[] = [];
    let outboxId: number | undefined;
    const result = await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const { result, audit = [], events = [] } = await work(tx);
      outboxId = await recordAuditAndEvents(tx, changes, audit, events);
      published = events;
      return result;
    });
    changes.committed(published);
    if (outboxId !== undefined) await changes.release(db, outboxId);
    return result;
  };
}

/** The actor columns of an audit row for a signed-in staff member's request. */
export function auditedBy(auth: AuthContext, origin: RequestOrigin) {
  return { actorUserId: auth.user.uid, actorRole: auth.user.role, ipAddress: origin.ipAddress };
}
