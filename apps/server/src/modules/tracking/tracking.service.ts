import { ErrorCode } from '@telecare/contracts/errors';
import type { ClientWorkflow } from '@telecare/contracts/tracking';
import type { Db } from '../../db/database.ts';
import type { workflows } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ChangeFeed } from '../../lib/change-feed.ts';
import { auditedBy, createChangeWriter } from '../../lib/write-change.ts';
import { recordListReadAudit } from '../audit/audit.queries.ts';
import type { AuthContext, RequestOrigin } from '../auth/auth.service.ts';
import { openWorkflow } from '../workflows/open-workflow.ts';
import { clientExists, selectClientWorkflows } from './tracking.queries.ts';

const CLIENT_NOT_FOUND = 'This client does not exist.';

function toClientWorkflow(row: typeof workflows.$inferSelect): ClientWorkflow {
  return {
    id: row.id,
    creationTimestamp: row.creationTimestamp.toISOString(),
    listName: row.listName === 'deleted' ? 'history' : row.listName,
    bookingStatus: row.bookingStatus,
    caseManager: row.caseManagerName,
    consultationType: row.isNewAppointment ? 'NEW' : 'REVIEW',
  };
}

/** Track patients: check a client for active workflows, open a new workflow for them, list theirs. */
export function createTrackingService(deps: { db: Db; changes: ChangeFeed }) {
  const { db, changes } = deps;
  const write = createChangeWriter({ db, changes });

  async function knownClient(clientId: string) {
    if (!(await clientExists(db, clientId))) throw new AppError(ErrorCode.notFound, CLIENT_NOT_FOUND);
  }

  /** Which of a client's workflows were shown, and to whom. */
  function auditRead(
    actor: AuthContext,
    origin: RequestOrigin,
    clientId: string,
    rows: { id: string }[],
    lists: 'active' | 'all',
  ) {
    return recordListReadAudit(db, {
      action: 'client.workflows.viewed',
      ...auditedBy(actor, origin),
      entityType: 'client',
      entityId: clientId,
      details: { lists, workflowIds: rows.map((row) => row.id) },
    });
  }

  return {
    /** The client's workflows on the active list (the modal shows when there is any); the read is audited. */
    async check(actor: AuthContext, origin: RequestOrigin, clientId: string) {
      await knownClient(clientId);
      const rows = await selectClientWorkflows(db, clientId, { activeOnly: true });
      await auditRead(actor, origin, clientId, rows, 'active');
      return { activeWorkflows: rows.map(toClientWorkflow) };
    },

    async listClientWorkflows(actor: AuthContext, origin: RequestOrigin, clientId: string) {
      await knownClient(clientId);
      const rows = await selectClientWorkflows(db, clientId);
      await auditRead(actor, origin, clientId, rows, 'all');
      return { workflows: rows.map(toClientWorkflow) };
    },

    /** A new workflow for the client (Track, or Track Anyway after the warning); audited, live. */
    async track(actor: AuthContext, origin: RequestOrigin, clientId: string) {
      return write(async (tx) => {
        const row = await openWorkflow(tx, { clientId, createdBy: actor.user.uid });
        if (!row) throw new AppError(ErrorCode.notFound, CLIENT_NOT_FOUND);
        return {
          result: { workflow: toClientWorkflow(row) },
          audit: [
            {
              action: 'workflow.created',
              entityType: 'workflow',
              entityId: row.id,
              details: { source: 'track', clientId },
              ...auditedBy(actor, origin),
            },
          ],
          events: [{ type: 'workflow.changed', ids: [row.id] }],
        };
      });
    },
  };
}

export type TrackingService = ReturnType<typeof createTrackingService>;
