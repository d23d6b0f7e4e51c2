import type { ChangeEvent } from '@telecare/contracts/events';
import type { Db } from '../db/database.ts';
import { type AuditEvent, recordAudit } from '../modules/audit/audit.queries.ts';
import type { AuthContext, RequestOrigin } from '../modules/auth/auth.service.ts';
import type { ChangeFeed } from './change-feed.ts';

/** What a change leaves besides its own rows: the audit rows and the "this changed" events. */
export type ChangeRecord<T> = { result: T; audit?: AuditEvent[]; events?: ChangeEvent[] };

export type ChangeWriter = <T>(work: (tx: Db) => Promise<ChangeRecord<T>>) => Promise<T>;

/**
 * The one way to write a change: the change, its audit rows and its change events commit together
 * or not at all, so the trail never records what did not happen and browsers hear only what did.
 */
export function createChangeWriter(deps: { db: Db; changes: ChangeFeed }): ChangeWriter {
  const { db, changes } = deps;
  return async (work) => {
    let published: ChangeEvent[] = [];
    const result = await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const { result, audit = [], events = [] } = await work(tx);
      for (const row of audit) await recordAudit(tx, row);
      await changes.publishAll(tx, events);
      published = events;
      return result;
    });
    changes.committed(published);
    return result;
  };
}

/** The actor columns of an audit row for a signed-in staff member's request. */
export function auditedBy(auth: AuthContext, origin: RequestOrigin) {
  return { actorUserId: auth.user.uid, actorRole: auth.user.role, ipAddress: origin.ipAddress };
}
