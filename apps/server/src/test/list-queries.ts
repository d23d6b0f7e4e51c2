import type { Db } from '../db/database.ts';
import { workflowListRows } from '../db/schema/index.ts';
import { prepareListQuery, type WorkflowListQuery } from '../modules/workflows/workflow-list.queries.ts';

/** A list request of four-row pages on the active list, with `parts` on top. */
export const listQuery = (parts: Partial<WorkflowListQuery>): WorkflowListQuery => ({
  list: 'active',
  page: 1,
  pageSize: 4,
  sort: [],
  filters: {},
  namedFilters: [],
  ...parts,
});

/** Every match's id in the order the planner's own ORDER BY gives: what a faster read must equal. */
export async function plainOrderIds(db: Db, request: WorkflowListQuery, now: Date) {
  const prepared = await prepareListQuery(db, request, now);
  const all = await db
    .select({ id: workflowListRows.id })
    .from(workflowListRows)
    .where(prepared.where)
    .orderBy(...prepared.order);
  return all.map((row) => row.id);
}
