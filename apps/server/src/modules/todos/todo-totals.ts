import type { ChangeEvent } from '@telecare/contracts/events';
import type { ChangeFeed } from '../../lib/change-feed.ts';

/** A safety net for writes that bypass the change feed (scripts, SQL by hand). */
const MAX_AGE_MS = 60_000;
const MAX_ENTRIES = 10_000;

/**
 * The totals of the todo lists (an assignee's open todos, a workflow's todos), kept in this process
 * so that paging through a list does not count it again (docs/decisions/0047). Only the todo service
 * writes todos, and every write publishes 'todo.changed': all totals are forgotten when one commits
 * in this process (before its answer is sent) and when the NOTIFY of one in another process arrives,
 * or when listening resumed after a gap. A count that was under way when a change was heard is
 * answered but not kept.
 */
export function createTodoTotals(deps: { changes: ChangeFeed; now?: () => number }) {
  const { changes } = deps;
  const now = deps.now ?? (() => performance.now());
  const totals = new Map<string, { total: number; storedAt: number }>();
  let generation = 0;

  function forgetAll() {
    generation++;
    totals.clear();
  }

  function follow(events: readonly ChangeEvent[]) {
    if (events.some((event) => event.type === 'todo.changed')) forgetAll();
  }

  return {
    /** Starts following changes: in-process commits at once, other processes' by NOTIFY. */
    async start() {
      changes.afterCommit(follow);
      await changes.subscribe((event) => follow([event]), forgetAll);
    },

    /** The kept total of a list, unless a change may have made it wrong. */
    known(list: string): number | undefined {
      const entry = totals.get(list);
      if (!entry) return undefined;
      if (now() - entry.storedAt < MAX_AGE_MS) return entry.total;
      totals.delete(list);
      return undefined;
    },

    /** Taken before counting: `keep` then knows whether a change was heard meanwhile. */
    mark(): number {
      return generation;
    },

    /** Keeps a total counted after `mark`, unless a change was heard since. */
    keep(list: string, total: number, mark: number) {
      if (mark !== generation) return;
      if (totals.size >= MAX_ENTRIES) totals.clear();
      totals.set(list, { total, storedAt: now() });
    },
  };
}

export type TodoTotals = ReturnType<typeof createTodoTotals>;
