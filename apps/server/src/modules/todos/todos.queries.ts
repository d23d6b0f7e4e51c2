import { and, asc, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database.ts';
import { todos, users, workflows } from '../../db/schema/index.ts';
import { type AuditEvent, listReadAuditInsert } from '../audit/audit.queries.ts';

export type TodoRecord = typeof todos.$inferSelect;

const creator = alias(users, 'creator');
const assignee = alias(users, 'assignee');
const fullName = (u: { firstName: AnyPgColumn; lastName: AnyPgColumn }) =>
  sql<string | null>`${u.firstName} || ' ' || ${u.lastName}`;

/** A todo with what the screens show beside it: names, and its workflow's list (live, not copied). */
const TODO_COLUMNS = {
  todo: todos,
  workflowList: workflows.listName,
  // The workflow's client name is read live; the todo's copy stands in once there is no workflow.
  workflowClientName: workflows.clientFullName,
  createdByName: fullName(creator),
  assignedToName: fullName(assignee),
};

function selectTodoRows(db: Db) {
  return db
    .select(TODO_COLUMNS)
    .from(todos)
    .leftJoin(workflows, eq(workflows.id, todos.workflowId))
    .leftJoin(creator, eq(creator.id, todos.createdBy))
    .leftJoin(assignee, eq(assignee.id, todos.assignedTo));
}
export type TodoRow = Awaited<ReturnType<typeof selectTodoRows>>[number];

/** The spec's order: due date ascending, then status descending; oldest first, then id, to be stable. */
const SPEC_ORDER = [asc(todos.dueDate), desc(todos.status), asc(todos.createdAt), asc(todos.id)];
/**
 * The same order for open todos only, whose status is one value: left out, the order is the
 * index's own, so the page's ids come from an index-only scan.
 */
const OPEN_ORDER = [asc(todos.dueDate), asc(todos.createdAt), asc(todos.id)];

export type TodoFilter = { workflowId: string } | { assignedTo: string };

/** A workflow's todos (both statuses), or an assignee's open ones (My Todo List). */
function whereOf(filter: TodoFilter): SQL | undefined {
  return 'workflowId' in filter
    ? and(eq(todos.workflowId, filter.workflowId), isNull(todos.deletedAt))
    : and(eq(todos.assignedTo, filter.assignedTo), eq(todos.status, 'uncompleted'), isNull(todos.deletedAt));
}

export async function countTodos(db: Db, filter: TodoFilter): Promise<number> {
  const [row] = await db.select({ total: count() }).from(todos).where(whereOf(filter));
  return row?.total ?? 0;
}

/**
 * One page in the spec's order, its total and the read's audit row (which todos were shown), in one
 * statement: a request makes one round trip and holds one connection (docs/performance.md). The
 * page's ids are chosen first, from the index alone (an assignee's open todos:
 * todos_open_by_assignee_idx), so a deep page skips index entries, not joined rows; only they are
 * joined. `total` is undefined when the page is empty (past the end, or no todos): count then.
 */
export async function readTodoPage(
  db: Db,
  filter: TodoFilter,
  page: { page: number; pageSize: number },
  audit: Omit<AuditEvent, 'details'>,
): Promise<{ rows: TodoRow[]; total: number | undefined }> {
  const where = whereOf(filter);
  const pageIds = db.$with('page_ids').as(
    db
      .select({ id: todos.id })
      .from(todos)
      .where(where)
      .orderBy(...('workflowId' in filter ? SPEC_ORDER : OPEN_ORDER))
      .offset((page.page - 1) * page.pageSize)
      .limit(page.pageSize),
  );
  const shown = sql`jsonb_build_object('page', ${page.page}::int,
    'todoIds', coalesce((SELECT jsonb_agg(id) FROM ${pageIds}), '[]'::jsonb))`;
  const audited = db.$with('audited', {}).as(listReadAuditInsert(audit, shown));
  const rows = await db
    .with(pageIds, audited)
    .select({
      ...TODO_COLUMNS,
      total: sql<number>`(SELECT count(*) FROM ${todos} WHERE ${where})`.mapWith(Number),
    })
    .from(todos)
    .leftJoin(workflows, eq(workflows.id, todos.workflowId))
    .leftJoin(creator, eq(creator.id, todos.createdBy))
    .leftJoin(assignee, eq(assignee.id, todos.assignedTo))
    .where(inArray(todos.id, db.select({ id: pageIds.id }).from(pageIds)))
    .orderBy(...SPEC_ORDER);
  return {
    rows: rows.map(({ total: _, ...row }) => row),
    total: rows[0]?.total,
  };
}

export async function findTodoRow(db: Db, id: string): Promise<TodoRow | undefined> {
  const [row] = await selectTodoRows(db)
    .where(and(eq(todos.id, id), isNull(todos.deletedAt)))
    .limit(1);
  return row;
}

/** The todo unless deleted, locked until the transaction ends. */
export async function lockTodo(db: Db, id: string): Promise<TodoRecord | undefined> {
  const [row] = await db
    .select()
    .from(todos)
    .where(and(eq(todos.id, id), isNull(todos.deletedAt)))
    .limit(1)
    .for('update');
  return row;
}

export async function insertTodo(db: Db, values: typeof todos.$inferInsert): Promise<TodoRecord> {
  const [row] = await db.insert(todos).values(values).returning();
  if (!row) throw new Error('todo not inserted');
  return row;
}

export async function updateTodo(
  db: Db,
  id: string,
  values: Partial<typeof todos.$inferInsert>,
): Promise<TodoRecord> {
  const [row] = await db.update(todos).set(values).where(eq(todos.id, id)).returning();
  if (!row) throw new Error('todo not updated');
  return row;
}

export async function findUserForTodo(db: Db, id: string) {
  const [row] = await db
    .select({ role: users.role, isITStaff: users.isItStaff, disabled: users.disabled })
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .limit(1);
  return row;
}
