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

  /** A page of one list; a page past the end is clamped to the last page. */
  async function listWorkflows(query: WorkflowListQuery): Promise<WorkflowListResponse> {
    const now = clock.now();
    const total = await countWorkflows(db, query, now);
    const lastPage = Math.max(1, Math.ceil(total / query.pageSize));
    const page = Math.min(query.page, lastPage);
    const rows = total === 0 ? [] : await selectWorkflowPage(db, query, (page - 1) * query.pageSize, now);
    return { rows: rows.map((row) => toWorkflowRow(row, now)), page, pageSize: query.pageSize, total };
  }

  return { listWorkflows };
}

export type WorkflowService = ReturnType<typeof createWorkflowService>;
