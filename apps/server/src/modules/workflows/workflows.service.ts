import { ErrorCode } from '@telecare/contracts/errors';
import type { WorkflowListResponse } from '@telecare/contracts/workflows';
import { hasPermission, Permission } from '@telecare/domain/roles';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { AuditEvent } from '../audit/audit.queries.ts';
import type { AuthContext, RequestOrigin } from '../auth/auth.service.ts';
import { listMemoryOf } from './list-memory/list-memory.ts';
import {
  type ListPage,
  PAGED_ROWS,
  selectListPage,
  type WorkflowListQuery,
} from './workflow-list.queries.ts';
import { selectPageRows } from './workflow-page-rows.ts';
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

export function createWorkflowService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  /** A page of one list (see selectListPage), audited by the ids it shows; deleted ones for IT only. */
  async function listWorkflows(
    auth: AuthContext,
    origin: RequestOrigin,
    query: WorkflowListQuery,
  ): Promise<WorkflowListResponse> {
    if (query.list === 'deleted' && !hasPermission(auth.user.role, Permission.workflowRestore)) {
      throw new AppError(ErrorCode.forbidden, 'Only IT staff can see deleted workflows.');
    }
    const now = clock.now();
    const audit = listViewedAudit(auth, origin, query);
    const { rows, page, total, estimated, rowLimit, timedOut } =
      (await pageFromMemory(query, now, audit)) ?? (await selectListPage(db, query, now, audit));
    return {
      rows: rows.map((row) => toWorkflowRow(row, now)),
      page,
      pageSize: query.pageSize,
      total,
      totalIsEstimate: estimated,
      rowLimit,
      timedOut,
    };
  }

  /** The page found by the lists' index in memory (decision 0059), its rows read by id; null when it has none. */
  async function pageFromMemory(
    query: WorkflowListQuery,
    now: Date,
    audit: ReturnType<typeof listViewedAudit>,
  ): Promise<ListPage | null> {
    const found = await listMemoryOf(db)?.page(query, now, PAGED_ROWS);
    if (!found) return null;
    const rows = await selectPageRows(db, found.ids, audit({ ids: found.ids, page: found.page }));
    return { ...found, rows, estimated: false, timedOut: false };
  }

  return { listWorkflows };
}

export type WorkflowService = ReturnType<typeof createWorkflowService>;
