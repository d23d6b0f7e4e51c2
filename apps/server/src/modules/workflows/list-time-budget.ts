import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';

/**
 * The time a list request's reads may take together (decision 0052). Past it the statement running
 * is cancelled by the database and the answer says the page was not read, with what to change.
 */
export const LIST_TIME_BUDGET_MS = 1_500;

/**
 * The least a statement is given, however little of the budget is left: a page is still worth a
 * try (never more than the whole budget).
 */
const SHORTEST_STATEMENT_MS = 100;

/**
 * The time the count of a filtered list may take (decision 0053): staff need the rows, the exact
 * total is a nicety, so past this the total is the planner's estimate ("of about N").
 */
export const COUNT_TIME_BUDGET_MS = 60;

/** The moment a request's reads must be done by, the least time a read is given, and the count's own budget. */
export type ListDeadline = { at: number; shortest: number; countMs: number };

export const listDeadline = (
  budgetMs = LIST_TIME_BUDGET_MS,
  countMs = COUNT_TIME_BUDGET_MS,
): ListDeadline => ({
  at: performance.now() + budgetMs,
  shortest: Math.max(1, Math.min(SHORTEST_STATEMENT_MS, budgetMs)),
  countMs,
});

/** The deadline of a filtered list's count: its own budget from now, within the request's. */
export const countDeadline = (deadline: ListDeadline): ListDeadline => ({
  at: Math.min(deadline.at, performance.now() + deadline.countMs),
  shortest: Math.max(1, Math.min(deadline.shortest, deadline.countMs)),
  countMs: deadline.countMs,
});

/** Raised when a list read ran out of its time budget. */
export class ListReadTimedOut extends Error {
  constructor() {
    super('The list read ran out of its time budget.');
  }
}

/**
 * One read that can be slow (a sort, an OFFSET, a count of a loose filter), in its own transaction
 * whose statement_timeout is what is left of the request's budget. The bookmarks and the estimate
 * are quick and run outside. PGlite ignores the setting: its reads are not cut short.
 */
export async function withinDeadline<T>(db: Db, deadline: ListDeadline, read: (tx: Db) => Promise<T>) {
  const left = Math.max(deadline.shortest, Math.round(deadline.at - performance.now()));
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql.raw(`SET LOCAL statement_timeout = ${left}`));
      return read(tx as unknown as Db);
    });
  } catch (error) {
    if (isStatementTimeout(error)) throw new ListReadTimedOut();
    throw error;
  }
}

/** PostgreSQL's "canceling statement due to statement timeout" (query_canceled), wrapped or not. */
function isStatementTimeout(error: unknown): boolean {
  for (let cause = error; cause; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: unknown }).code === '57014') return true;
  }
  return false;
}
