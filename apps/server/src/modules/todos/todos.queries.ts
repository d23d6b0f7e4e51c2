import { and, asc, count, desc, eq, inArray, isNull, type Placeholder, type SQL, sql } from 'drizzle-orm';
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
type ListKind = 'workflow' | 'assignee';

const kindOf = (filter: TodoFilter): ListKind => ('workflowId' in filter ? 'workflow' : 'assignee');

/**
 * A workflow's todos (both statuses), or an assignee's open ones (My Todo List). `listId` is the
 * workflow's or the assignee's id; the open todos' status is written as a constant, so that the
 * plan of a prepared statement can use the partial index of open todos (todos_open_by_assignee_idx).
 */
function whereOf(kind: ListKind, listId: string | Placeholder): SQL | undefined {
  return kind === 'workflow'
    ? and(eq(todos.workflowId, listId), isNull(todos.deletedAt))
    : and(eq(todos.assignedTo, listId), sql`${todos.status} = 'uncompleted'`, isNull(todos.deletedAt));
}

export async function countTodos(db: Db, filter: TodoFilter): Promise<number> {
  const kind = kindOf(filter);
  const listId = 'workflowId' in filter ? filter.workflowId : filter.assignedTo;
  const [row] = await db.select({ total: count() }).from(todos).where(whereOf(kind, listId));
  return row?.total ?? 0;
}

/**
 * One page in the spec's order, the read's audit row (which todos were shown) and, when asked, the
 * total, in one statement: a request makes one round trip and holds one connection
 * (docs/performance.md). The page's ids are chosen first, from the index alone (an assignee's open
 * todos: todos_open_by_assignee_idx), so a deep page skips index entries, not joined rows; only they
 * are joined. A named prepared statement per list kind and page size (docs/decisions/0047): no SQL is
 * built in this process and none parsed again by its connection. The page size is written as a
 * number, so that PostgreSQL's generic plan of the statement expects that many rows and can be
 * chosen instead of planning each time.
 */
function todoPageStatement(db: Db, kind: ListKind, pageSize: number, counted: boolean) {
  const where = whereOf(kind, sql.placeholder('listId'));
  const order = kind === 'workflow' ? SPEC_ORDER : OPEN_ORDER;
  const pageIds = db.$with('page_ids', { id: todos.id }).as(
    sql`SELECT ${todos.id} FROM ${todos} WHERE ${where} ORDER BY ${sql.join(order, sql`, `)}
      LIMIT ${sql.raw(String(pageSize))} OFFSET ${sql.placeholder('offset')}`,
  );
  const shown = sql`jsonb_build_object('page', ${sql.placeholder('page')}::int,
    'todoIds', coalesce((SELECT jsonb_agg(id) FROM ${pageIds}), '[]'::jsonb))`;
  const audit = {
    action: 'todo.list.viewed',
    actorUserId: sql.placeholder('actorUserId'),
    actorRole: sql.placeholder('actorRole'),
    entityType: kind === 'workflow' ? 'workflow' : 'user',
    entityId: sql.placeholder('entityId'),
    ipAddress: sql.placeholder('ipAddress'),
  };
  const audited = db.$with('audited', {}).as(listReadAuditInsert(audit, shown));
  const total = counted ? sql`(SELECT count(*) FROM ${todos} WHERE ${where})` : sql`NULL`;
  return db
    .with(pageIds, audited)
    .select({ ...TODO_COLUMNS, total: total.mapWith(Number) })
    .from(todos)
    .leftJoin(workflows, eq(workflows.id, todos.workflowId))
    .leftJoin(creator, eq(creator.id, todos.createdBy))
    .leftJoin(assignee, eq(assignee.id, todos.assignedTo))
    .where(inArray(todos.id, db.select({ id: pageIds.id }).from(pageIds)))
    .orderBy(...SPEC_ORDER)
    .prepare(`todo_page_${kind}_${pageSize}${counted ? '_counted' : ''}`);
}

type TodoPageStatement = ReturnType<typeof todoPageStatement>;
const preparedPages = new WeakMap<Db, Map<string, TodoPageStatement>>();

function preparedPage(db: Db, kind: ListKind, pageSize: number, counted: boolean): TodoPageStatement {
  let statements = preparedPages.get(db);
  if (!statements) {
    statements = new Map();
    preparedPages.set(db, statements);
  }
  const key = `${kind} ${pageSize} ${counted}`;
  let statement = statements.get(key);
  if (!statement) {
    statement = todoPageStatement(db, kind, pageSize, counted);
    statements.set(key, statement);
  }
  return statement;
}

/**
 * A page of a todo list with the read's audit row; with `counted`, also the list's total, which is
 * undefined when the page is empty (past the end, or no todos): count then.
 */
export async function readTodoPage(
  db: Db,
  filter: TodoFilter,
  page: { page: number; pageSize: number },
  audit: Pick<AuditEvent, 'actorUserId' | 'actorRole' | 'ipAddress'>,
  options: { counted: boolean } = { counted: true },
): Promise<{ rows: TodoRow[]; total: number | undefined }> {
  const listId = 'workflowId' in filter ? filter.workflowId : filter.assignedTo;
  if (!Number.isInteger(page.pageSize) || page.pageSize < 1) throw new Error('a page size is a whole number');
  const rows = await preparedPage(db, kindOf(filter), page.pageSize, options.counted).execute({
    listId,
    offset: (page.page - 1) * page.pageSize,
    page: page.page,
    actorUserId: audit.actorUserId ?? null,
    actorRole: audit.actorRole ?? null,
    entityId: listId,
    ipAddress: audit.ipAddress ?? null,
  });
  return {
    rows: rows.map(({ total: _, ...row }) => row),
    total: options.counted ? rows[0]?.total : undefined,
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
