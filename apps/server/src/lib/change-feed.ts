import { type ChangeEvent, ChangeEventSchema } from '@telecare/contracts/events';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../db/database.ts';

export const CHANGE_CHANNEL = 'telecare_changes';

/**
 * "This changed" events. Publishing is a NOTIFY in the caller's transaction, so listeners hear of
 * a change only once it is committed; every server process LISTENs and fans out to its SSE clients.
 */
export function createChangeFeed(database: Pick<Database, 'listen'>) {
  const listeners = new Set<(event: ChangeEvent) => void>();
  const gapListeners = new Set<() => void>();
  const committedListeners = new Set<(events: readonly ChangeEvent[]) => void>();
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
    /** Several events in one statement (one round trip inside the writer's transaction). */
    async publishAll(db: Db, events: readonly ChangeEvent[]) {
      if (events.length === 0) return;
      const notifies = events.map((event) => sql`pg_notify(${CHANGE_CHANNEL}, ${JSON.stringify(event)})`);
      await db.execute(sql`select ${sql.join(notifies, sql`, `)}`);
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
