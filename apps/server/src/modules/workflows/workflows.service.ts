import { ErrorCode } from '@telecare/contracts/errors';
import type { WorkflowListResponse } from '@telecare/contracts/workflows';
import { hasPermission, Permission } from '@telecare/domain/roles';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AuditEvent } from '../audit/audit.queries.ts';
import type { AuthContext, RequestOrigin } from '../auth/auth.service.ts';
import { listMemoryOf } from './list-memory/list-memory.ts';
import { PAGED_ROWS, selectListPage, type WorkflowListQuery } from './workflow-list.queries.ts';
import { recordPageAudit } from './workflow-page-rows.ts';
import { toWorkflowRow } from './workflow-row.presenter.ts';

/**
 * The audit row of a list page: which patients' rows were shown, by id. Filter texts may hold
 * patient names, so only their columns.
 */
export function listViewedAudit(
  auth: { user: Pick<AuthContext['user'], 'uid' | 'role'> },
  origin: RequestOrigin,
  query: WorkflowListQuery,
): (shown: { ids: string[]; page: number }) => AuditEvent {
  return (shown) => ({
    action: 'workflow.list.viewed',
    actorUserId: auth.user.uid,
    actorRole: auth.user.role,
    entityType: 'workflow-list',
    entityId: query.list,
    ipAddress: origin.ipAddress,
    details: {
      page: shown.page,
      workflowIds: shown.ids,
      filteredColumns: Object.entries(query.filters)
        .filter(([, value]) => value)
        .map(([column]) => column),
      namedFilters: query.namedFilters,
      sort: query.sort,
    },
  });
}

/**
 * A list page as the route answers it: its rows as objects, or, from the lists' index in memory,
 * already written as JSON (`writtenRows`, with `rows` empty; decision 0072).
 */
export type WorkflowListAnswer = WorkflowListResponse & { writtenRows?: string };

export function createWorkflowService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  /** A page of one list (see selectListPage), audited by the ids it shows; deleted ones for IT only. */
  async function listWorkflows(
    auth: AuthContext,
    origin: RequestOrigin,
    query: WorkflowListQuery,
  ): Promise<WorkflowListAnswer> {
    if (query.list === 'deleted' && !hasPermission(auth.user.role, Permission.workflowRestore)) {
      throw new AppError(ErrorCode.forbidden, 'Only IT staff can see deleted workflows.');
    }
    const now = clock.now();
    const audit = listViewedAudit(auth, origin, query);
    const { pageSize } = query;
    // The lists' index in memory (decisions 0059, 0072) finds the page and writes its rows; null when it has none.
    const found = await listMemoryOf(db)?.page(query, now, PAGED_ROWS);
    if (found) {
      const { ids, page, total, rowLimit, writtenRows } = found;
      await recordPageAudit(db, audit({ ids, page }));
      const answer = { rows: [], page, pageSize, total, totalIsEstimate: false, rowLimit, timedOut: false };
      return { ...answer, writtenRows };
    }
    const { rows, page, total, estimated, rowLimit, timedOut } = await selectListPage(db, query, now, audit);
    return {
      rows: rows.map((row) => toWorkflowRow(row, now)),
      page,
      pageSize,
      total,
      totalIsEstimate: estimated,
      rowLimit,
      timedOut,
    };
  }

  return { listWorkflows };
}

export type WorkflowService = ReturnType<typeof createWorkflowService>;
