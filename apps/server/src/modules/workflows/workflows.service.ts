import type { WorkflowListResponse } from '@telecare/contracts/workflows';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import {
  countWorkflows,
  selectWorkflowPage,
  toWorkflowRow,
  type WorkflowListQuery,
} from './workflows.queries.ts';

export function createWorkflowService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  /**
   * A page of one list; a page past the end is clamped to the last page. Large filtered results
   * carry an estimated total; a page past the real end of one is answered from an exact count.
   */
  async function listWorkflows(query: WorkflowListQuery): Promise<WorkflowListResponse> {
    const now = clock.now();
    let counted = await countWorkflows(db, query, now);
    const pageOf = (total: number) => Math.min(query.page, Math.max(1, Math.ceil(total / query.pageSize)));
    let page = pageOf(counted.total);
    let rows =
      counted.total === 0 ? [] : await selectWorkflowPage(db, query, (page - 1) * query.pageSize, now);
    if (counted.estimated && rows.length < query.pageSize) {
      counted = await countWorkflows(db, query, now, null);
      page = pageOf(counted.total);
      rows = await selectWorkflowPage(db, query, (page - 1) * query.pageSize, now);
    }
    return {
      rows: rows.map((row) => toWorkflowRow(row, now)),
      page,
      pageSize: query.pageSize,
      total: counted.total,
      totalIsEstimate: counted.estimated,
    };
  }

  return { listWorkflows };
}

export type WorkflowService = ReturnType<typeof createWorkflowService>;
