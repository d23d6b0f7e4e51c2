import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { workflowListRows } from '../../db/schema/index.ts';
import type { PreparedListQuery } from './workflow-list.queries.ts';

/**
 * Rows of the list a filtered page may examine in the list's order before the filter's own
 * indexes are used instead (decision 0048). Each is a heap read, from disk when not cached: 5,000
 * took 0.4 s cold at a million rows.
 */
export const WALK_BUDGET = 1_000;

/**
 * The walk is tried when the planner expects this many times the rows of the page within the
 * budget: matches are not spread evenly over an order (a client's rows sit under one case manager).
 */
export const WALK_MARGIN = 3;

/**
 * A page of a filtered list whose order one index serves, read by walking that index and testing
 * each row against the filters, at most WALK_BUDGET rows. A loose filter (a substring in a third
 * of the rows) fills the page after a few dozen rows, where its own index would hand the planner a
 * bitmap of a third of the table to sort; a tight filter runs out of budget and is answered from
 * its own index, which then finds few rows. Null when the walk did not fill the page.
 */
export async function budgetedWalkIds(
  db: Db,
  prepared: PreparedListQuery,
  offset: number,
  listRows: number,
  budget = WALK_BUDGET,
): Promise<string[] | null> {
  const { query, filter } = prepared;
  if (!filter || offset + query.pageSize > budget) return null;
  // A subquery with a LIMIT is neither flattened nor given the outer condition: the planner must
  // walk the list's index in the order asked, and the outer scan keeps that order.
  const walked = db
    .select({ id: workflowListRows.id, hit: sql<boolean>`coalesce(${filter}, false)`.as('hit') })
    .from(workflowListRows)
    .where(eq(workflowListRows.listName, query.list))
    .orderBy(...prepared.order)
    .limit(budget)
    .as('walked');
  const rows = await db
    .select({ id: walked.id })
    .from(walked)
    .where(sql`${walked.hit}`)
    .limit(query.pageSize)
    .offset(offset);
  const whole = listRows <= budget;
  return rows.length === query.pageSize || whole ? rows.map((row) => row.id) : null;
}
