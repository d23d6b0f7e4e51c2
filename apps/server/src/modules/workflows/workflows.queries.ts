import { and, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { users, workflowListRows, workflows } from '../../db/schema/index.ts';
import type { OwnWorkflowValues } from './workflow-copies.ts';
import { STAFF_DISPLAY_NAME } from './workflow-filters.ts';

export type WorkflowRecord = typeof workflows.$inferSelect;
/** A workflow with its booking coordinator's display name (see attachCoordinatorNames). */
export type WorkflowRecordWithNames = WorkflowRecord & { coordinatorName?: string | null };

/** The workflow unless deleted; with `lock`, its row is locked until the transaction ends. */
export async function findLiveWorkflow(db: Db, id: string, options: { lock?: boolean } = {}) {
  const query = db
    .select()
    .from(workflows)
    .where(and(eq(workflows.id, id), isNull(workflows.deletedAt)))
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}
export type LiveWorkflow = NonNullable<Awaited<ReturnType<typeof findLiveWorkflow>>>;

export async function findWorkflowsIncludingDeleted(db: Db, ids: string[]) {
  return db.select().from(workflows).where(inArray(workflows.id, ids));
}

/** Other workflows of the same person (first name, last name and date of birth). */
export async function selectSameClientWorkflows(db: Db, workflow: WorkflowRecord) {
  return db
    .select()
    .from(workflows)
    .where(
      and(
        eq(sql`lower(${workflows.clientFirstName})`, workflow.clientFirstName.toLowerCase()),
        eq(sql`lower(${workflows.clientLastName})`, workflow.clientLastName.toLowerCase()),
        workflow.clientDateOfBirth
          ? eq(workflows.clientDateOfBirth, workflow.clientDateOfBirth)
          : isNull(workflows.clientDateOfBirth),
        isNull(workflows.deletedAt),
      ),
    )
    .orderBy(desc(workflows.creationTimestamp))
    .limit(100);
}

/** The workflow's own columns; the copies go through workflow-copies.ts. */
export async function updateWorkflows(db: Db, ids: string[], values: OwnWorkflowValues) {
  return db.update(workflows).set(values).where(inArray(workflows.id, ids)).returning({ id: workflows.id });
}

/** The same change as a statement not yet run, to compose into one round trip with others. */
export function updateWorkflowsStatement(db: Db, ids: string[], values: OwnWorkflowValues) {
  return db.update(workflows).set(values).where(inArray(workflows.id, ids));
}

/** A workflow's list row on a live list, or on the deleted one (the lists read workflow_list_rows). */
export const notDeleted = ne(workflowListRows.listName, 'deleted');
export const isDeleted = eq(workflowListRows.listName, 'deleted');

/**
 * The booking coordinators' display names for a page of workflows: one users lookup for the
 * page's distinct coordinator ids (no query per row). toWorkflowRow then fills `coordinator`;
 * without this step it is null.
 */
export async function attachCoordinatorNames(
  db: Db,
  records: readonly WorkflowRecord[],
): Promise<WorkflowRecordWithNames[]> {
  const ids = [
    ...new Set(records.map((w) => w.bookingCoordinatorId).filter((id): id is string => Boolean(id))),
  ];
  if (ids.length === 0) return records.map((w) => ({ ...w, coordinatorName: null }));
  const found = await db
    .select({ id: users.id, name: STAFF_DISPLAY_NAME })
    .from(users)
    .where(inArray(users.id, ids));
  const names = new Map(found.map((u) => [u.id, u.name]));
  return records.map((w) => ({
    ...w,
    coordinatorName: w.bookingCoordinatorId ? (names.get(w.bookingCoordinatorId) ?? null) : null,
  }));
}
