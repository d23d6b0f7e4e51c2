import { type ChangeEvent, ChangeEventSchema } from '@telecare/contracts/events';
import { type SQL, sql } from 'drizzle-orm';
import type { Database, Db } from '../db/database.ts';
import { namedStatement } from '../db/named-statement.ts';
import { changeOutbox } from '../db/schema/index.ts';

export const CHANGE_CHANNEL = 'telecare_changes';

/** How old an outbox row must be before a sweep publishes it (its writer normally has by then). */
export const OUTBOX_SWEEP_AGE_MS = 5_000;
const SWEEP_BATCH = 100;

/**
 * Publishes the outbox rows that `pick` selects (locked, so two processes never take the same row),
 * deleting them: one statement whose own transaction does not wait for the WAL flush, so it holds
 * PostgreSQL's NOTIFY queue lock (one for the whole cluster, held until the commit is flushed) for
 * microseconds. A database crash may bring a published row back; it is then published again, which
 * listeners take as one more "this changed".
 */
const publishOutboxRows = (pick: SQL) => sql`
  WITH sent AS (
    DELETE FROM ${changeOutbox} WHERE id IN (${pick}) RETURNING events
  )
  SELECT set_config('synchronous_commit', 'off', true), pg_notify(${CHANGE_CHANNEL}, event::text)
    FROM sent, jsonb_array_elements(sent.events) AS event`;

/** The insert of a change's events (a jsonb array) into the outbox, answering the row's id; none for no events. */
export const outboxInsert = (events: SQL) => sql`
  INSERT INTO ${changeOutbox} (events) SELECT ${events} WHERE jsonb_array_length(${events}) > 0 RETURNING id`;

/** The writers' own publish of their outbox rows (a batch), prepared once (docs/decisions/0051). */
const releaseStatement = namedStatement('change_outbox_release', () =>
  publishOutboxRows(
    sql`SELECT id FROM ${changeOutbox} WHERE id = ANY(${sql.placeholder('ids')}::bigint[]) FOR UPDATE SKIP LOCKED`,
  ),
);

/**
 * Publishes outbox rows in batches: a row released while a publish is under way waits for it and
 * goes out with every other row released meanwhile, in one statement (one round trip for all the
 * changes that committed side by side; docs/decisions/0051). Each caller resolves once its row's
 * batch ran. A failure (the database away) leaves the rows for the next sweep: the changes
 * themselves are committed and stay so.
 */
function createReleaser() {
  type Batch = { ids: number[]; done: Promise<void> };
  let open: Batch | undefined;
  let previous: Promise<void> = Promise.resolve();
  return (db: Db, outboxId: number) => {
    if (!open) {
      const batch: Batch = { ids: [], done: Promise.resolve() };
      batch.done = previous.then(async () => {
        if (open === batch) open = undefined;
        try {
          await releaseStatement(db, { ids: `{${batch.ids.join(',')}}` });
        } catch {
          // Published by a later sweep (at most OUTBOX_SWEEP_AGE_MS plus the sweep's interval late).
        }
      });
      previous = batch.done;
      open = batch;
    }
    open.ids.push(outboxId);
    return open.done;
  };
}

/**
 * "This changed" events; every server process LISTENs and fans out to its SSE clients, and
 * listeners hear of a change only once it is committed. Two ways to publish:
 * - `publish`: a NOTIFY in the caller's statement or transaction;
 * - the outbox (the change writer, write-change.ts): `stageStatement` writes the events in the
 *   change's transaction, `release` publishes them after its commit, and `sweep` publishes what a
 *   process that died in between left behind. The change's own commit then takes no cluster-wide
 *   lock, so changes commit side by side (docs/decisions/0046).
 */
export function createChangeFeed(database: Pick<Database, 'listen'>) {
  const listeners = new Set<(event: ChangeEvent) => void>();
  const gapListeners = new Set<() => void>();
  const committedListeners = new Set<(events: readonly ChangeEvent[]) => void>();
  const releaseBatched = createReleaser();
  let stopListening: Promise<() => Promise<void>> | undefined;

  function deliver(payload: string) {
    const parsed = ChangeEventSchema.safeParse(JSON.parse(payload));
    if (!parsed.success) return;
    for (const listener of listeners) listener(parsed.data);
  }

  return {
    async publish(db: Db, event: ChangeEvent) {
      await db.execute(sql`select pg_notify(${CHANGE_CHANNEL}, ${JSON.stringify(event)})`);
    },
    /** The insert of events into the outbox, in the change's transaction; it returns the row's id. */
    stageStatement(events: readonly ChangeEvent[]) {
      return sql`INSERT INTO ${changeOutbox} (events) VALUES (${JSON.stringify(events)}::jsonb) RETURNING id`;
    },
    /**
     * After the change committed: publishes its outbox row, with those of other changes released at
     * the same time (createReleaser). A failure leaves the rows for the next sweep.
     */
    release(db: Db, outboxId: number): Promise<void> {
      return releaseBatched(db, outboxId);
    },
    /** Publishes outbox rows older than OUTBOX_SWEEP_AGE_MS: their writer died or lost the database. */
    async sweep(db: Db) {
      await db.execute(
        publishOutboxRows(sql`
          SELECT id FROM ${changeOutbox}
           WHERE created_at < now() - make_interval(secs => ${OUTBOX_SWEEP_AGE_MS / 1000})
           ORDER BY id LIMIT ${SWEEP_BATCH} FOR UPDATE SKIP LOCKED`),
      );
    },
    /**
     * Resolves once this process is LISTENing, so no change committed afterwards is missed. `onGap`
     * runs when listening resumed after the database connection was lost: changes may have been missed.
     */
    async subscribe(listener: (event: ChangeEvent) => void, onGap?: () => void) {
      stopListening ??= database.listen(CHANGE_CHANNEL, deliver, () => {
        for (const onGap of gapListeners) onGap();
      });
      await stopListening;
      listeners.add(listener);
      if (onGap) gapListeners.add(onGap);
      return () => {
        listeners.delete(listener);
        if (onGap) gapListeners.delete(onGap);
      };
    },
    /**
     * In this process only, right after a change writer's transaction committed (before its NOTIFY
     * comes back): for in-process caches that must never answer from before a change they made.
     */
    afterCommit(listener: (events: readonly ChangeEvent[]) => void) {
      committedListeners.add(listener);
      return () => committedListeners.delete(listener);
    },
    committed(events: readonly ChangeEvent[]) {
      if (events.length === 0) return;
      for (const listener of committedListeners) listener(events);
    },
    async close() {
      listeners.clear();
      committedListeners.clear();
      gapListeners.clear();
      if (stopListening) await (await stopListening)();
    },
  };
}

export type ChangeFeed = ReturnType<typeof createChangeFeed>;
