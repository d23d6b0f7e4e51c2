import type { WorkflowListResponse } from '@telecare/contracts/workflows';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { recordAudit } from '../audit/audit.queries.ts';
import type { AuthContext, RequestOrigin } from '../auth/auth.service.ts';
import {
  attachCoordinatorNames,
  countWorkflows,
  prepareListQuery,
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
  async function listWorkflows(
    auth: AuthContext,
    origin: RequestOrigin,
    query: WorkflowListQuery,
  ): Promise<WorkflowListResponse> {
    const now = clock.now();
    const prepared = await prepareListQuery(db, query, now);
    let counted = await countWorkflows(db, prepared);
    const pageOf = (total: number) => Math.min(query.page, Math.max(1, Math.ceil(total / query.pageSize)));
    let page = pageOf(counted.total);
    let rows = counted.total === 0 ? [] : await selectWorkflowPage(db, prepared, (page - 1) * query.pageSize);
    if (counted.estimated && rows.length < query.pageSize) {
      counted = await countWorkflows(db, prepared, null);
      page = pageOf(counted.total);
      rows = await selectWorkflowPage(db, prepared, (page - 1) * query.pageSize);
    }
    // Which patients' rows were shown, by id: filter texts may hold patient names, so only their columns.
    await recordAudit(db, {
      action: 'workflow.list.viewed',
      actorUserId: auth.user.uid,
      actorRole: auth.user.role,
      entityType: 'workflow-list',
      entityId: query.list,
      ipAddress: origin.ipAddress,
      details: {
        page,
        workflowIds: rows.map((row) => row.id),
        filteredColumns: Object.entries(query.filters)
          .filter(([, value]) => value)
          .map(([column]) => column),
        namedFilters: query.namedFilters,
        sort: query.sort,
      },
    });
    return {
      rows: (await attachCoordinatorNames(db, rows)).map((row) => toWorkflowRow(row, now)),
      page,
      pageSize: query.pageSize,
      total: counted.total,
      totalIsEstimate: counted.estimated,
    };
  }

  return { listWorkflows };
}

export type WorkflowService = ReturnType<typeof createWorkflowService>;
