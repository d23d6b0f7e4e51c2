import type { ChangeEvent } from '@telecare/contracts/events';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { namedStatement } from '../db/named-statement.ts';
import { type AuditEvent, auditInsertStatement, auditRowsFromJson } from '../modules/audit/audit.queries.ts';
import type { AuthContext, RequestOrigin } from '../modules/auth/auth.service.ts';
import { type ChangeFeed, outboxInsert } from './change-feed.ts';
import { changeSlotsOf } from './change-slots.ts';

/**
 * A change's last writes as one prepared statement (see closingStatement) with the values to run it
 * with: they are made in the statement of the change's audit rows and outbox row.
 */
export type ClosingWrites = { statement: ClosingStatement; values: Record<string, unknown> };

/** What a change leaves besides its own rows: the audit rows and the "this changed" events. */
export type ChangeRecord<T> = {
  result: T;
  audit?: AuditEvent[];
  events?: ChangeEvent[];
  closingWrites?: ClosingWrites;
};

/**
 * Writes that close a change (for example a booking's copies onto its workflow), built once and
 * prepared by name, which the change writer runs together with the change's audit rows and outbox
 * row: one round trip, and no SQL built or planned per request (docs/decisions/0051). `writes`
 * are data-modifying statements with placeholders; the placeholders `audit` and `events` are taken.
 */
export function closingStatement(name: string, writes: () => SQL[]) {
  return namedStatement<{ id: number | string }>(name, () => {
    const closing = writes().map((write, i) => sql`${sql.raw(`closing_${i}`)} AS (${write})`);
    const audited = sql`audited AS (${auditRowsFromJson(sql`${sql.placeholder('audit')}::jsonb`)})`;
    return sql`WITH ${sql.join([...closing, audited], sql`, `)} ${outboxInsert(sql`${sql.placeholder('events')}::jsonb`)}`;
  });
}
export type ClosingStatement = ReturnType<typeof closingStatement>;

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

async function closeChange(
  tx: Db,
  { statement, values }: ClosingWrites,
  audit: readonly AuditEvent[],
  events: readonly ChangeEvent[],
): Promise<number | undefined> {
  const [row] = await statement(tx, {
    ...values,
    audit: JSON.stringify(audit),
    events: JSON.stringify(events),
  });
  return row ? Number(row.id) : undefined;
}

/**
 * The one way to write a change: the change, its audit rows and its change events commit together
 * or not at all, so the trail never records what did not happen and browsers hear only what did.
 * The events wait in the outbox and are published right after the commit (docs/decisions/0046):
 * a NOTIFY inside the transaction would make every change's commit wait for the one before it.
 * Changes take turns: a few at once per database (change-slots.ts, decision 0055).
 */
export function createChangeWriter(deps: { db: Db; changes: ChangeFeed }): ChangeWriter {
  const { db, changes } = deps;
  return async (work) => {
    let published: ChangeEvent[] = [];
    let outboxId: number | undefined;
    const result = await changeSlotsOf(db).run(() =>
      db.transaction(async (transaction) => {
        const tx = transaction as unknown as Db;
        const { result, audit = [], events = [], closingWrites } = await work(tx);
        outboxId = closingWrites
          ? await closeChange(tx, closingWrites, audit, events)
          : await recordAuditAndEvents(tx, changes, audit, events);
        published = events;
        return result;
      }),
    );
    changes.committed(published);
    if (outboxId !== undefined) await changes.release(db, outboxId);
    return result;
  };
}

/** The actor columns of an audit row for a signed-in staff member's request. */
export function auditedBy(auth: AuthContext, origin: RequestOrigin) {
  return { actorUserId: auth.user.uid, actorRole: auth.user.role, ipAddress: origin.ipAddress };
}
