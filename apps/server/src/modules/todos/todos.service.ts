import { ErrorCode } from '@telecare/contracts/errors';
import {
  type CreateTodoRequestSchema,
  TODO_MESSAGES as M,
  type Todo,
  type TodoListQuery,
  type TodoListResponse,
  type UpdateTodoRequestSchema,
} from '@telecare/contracts/todos';
import { hasPermission, Permission } from '@telecare/domain/roles';
import type { TodoStatus } from '@telecare/domain/todos';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { auditedBy, type ChangeWriter } from '../../lib/write-change.ts';
import type { AuthContext, RequestOrigin } from '../auth/auth.service.ts';
import { findLiveWorkflow } from '../workflows/workflows.queries.ts';
import type { TodoTotals } from './todo-totals.ts';
import { assertAssignee, mayChangeTodo, mayListTodosOf } from './todos.policy.ts';
import {
  countTodos,
  findTodoRow,
  insertTodo,
  lockTodo,
  readTodoPage,
  type TodoFilter,
  type TodoRecord,
  type TodoRow,
  updateTodo,
} from './todos.queries.ts';

type CreateTodo = z.output<typeof CreateTodoRequestSchema>;
type UpdateTodo = z.output<typeof UpdateTodoRequestSchema>;

function toTodo({ todo, workflowList, workflowClientName, createdByName, assignedToName }: TodoRow): Todo {
  const list = workflowList === 'deleted' ? null : workflowList;
  return {
    id: todo.id,
    workflowId: todo.workflowId,
    workflowList: list,
    clientFullName: (list ? workflowClientName : null) ?? todo.clientFullName,
    createdBy: todo.createdBy,
    createdByName,
    creationDateTime: todo.createdAt.toISOString(),
    urgency: todo.urgency,
    status: todo.status,
    assignedTo: todo.assignedTo,
    assignedToName,
    dueDate: todo.dueDate,
    description: todo.description,
  };
}

const changed = (todo: TodoRecord) => [{ type: 'todo.changed' as const, ids: [todo.id] }];

export function createTodoService(deps: {
  db: Db;
  clock: Clock;
  writeChange: ChangeWriter;
  totals: TodoTotals;
}) {
  const { db, clock, writeChange, totals } = deps;

  async function present(id: string): Promise<Todo> {
    const row = await findTodoRow(db, id);
    if (!row) throw new AppError(ErrorCode.notFound, M.notFound);
    return toTodo(row);
  }

  return {
    /** The panel's list (a workflow's todos) or My Todo List (an assignee's open todos; self by default). */
    async list(auth: AuthContext, origin: RequestOrigin, query: TodoListQuery): Promise<TodoListResponse> {
      if (query.workflowId && query.assignedTo) throw new AppError(ErrorCode.validation, M.oneListAtATime);
      const filter: TodoFilter = query.workflowId
        ? { workflowId: query.workflowId }
        : { assignedTo: query.assignedTo ?? auth.user.uid };
      if ('assignedTo' in filter && !mayListTodosOf(auth.user, filter.assignedTo)) {
        throw new AppError(ErrorCode.forbidden, M.othersTodos);
      }
      // A deleted workflow's todos (and its client's name) go with it: to IT staff only (decision 0016).
      if (
        'workflowId' in filter &&
        !hasPermission(auth.user.role, Permission.workflowRestore) &&
        !(await findLiveWorkflow(db, filter.workflowId))
      ) {
        throw new AppError(ErrorCode.notFound, M.noSuchWorkflow);
      }
      // Which todos (and so which clients' names) were shown, by id, recorded by the read itself.
      const audit = auditedBy(auth, origin);
      const read = (page: number, counted: boolean) =>
        readTodoPage(db, filter, { page, pageSize: query.pageSize }, audit, { counted });
      const list = 'workflowId' in filter ? `workflow ${filter.workflowId}` : `assignee ${filter.assignedTo}`;
      const mark = totals.mark();
      const known = totals.known(list);
      let page = query.page;
      let { rows, total } = await read(page, known === undefined);
      if (rows.length === 0) {
        // An empty page: no todos at all, or a page past the end, which is clamped to the last.
        total = await countTodos(db, filter);
        const lastPage = Math.max(1, Math.ceil(total / query.pageSize));
        if (page > lastPage) {
          page = lastPage;
          ({ rows } = await read(page, false));
        }
      }
      if (total === undefined) total = known ?? 0;
      else totals.keep(list, total, mark);
      return { rows: rows.map(toTodo), page, pageSize: query.pageSize, total };
    },

    async create(auth: AuthContext, origin: RequestOrigin, input: CreateTodo): Promise<Todo> {
      const todo = await writeChange(async (tx) => {
        const workflow = input.workflowId ? await findLiveWorkflow(tx, input.workflowId) : undefined;
        if (input.workflowId && !workflow) throw new AppError(ErrorCode.notFound, M.noSuchWorkflow);
        await assertAssignee(tx, input.assignedTo);
        const now = clock.now();
        const row = await insertTodo(tx, {
          workflowId: workflow?.id ?? null,
          clientFullName: workflow ? `${workflow.clientFirstName} ${workflow.clientLastName}` : null,
          createdBy: auth.user.uid,
          assignedTo: input.assignedTo,
          urgency: input.urgency,
          status: input.status,
          dueDate: input.dueDate,
          description: input.description,
          createdAt: now,
          updatedAt: now,
        });
        return {
          result: row,
          audit: [
            {
              action: 'todo.created',
              ...auditedBy(auth, origin),
              entityType: 'todo',
              entityId: row.id,
              details: { workflowId: row.workflowId, assignedTo: row.assignedTo },
            },
          ],
          events: changed(row),
        };
      });
      return present(todo.id);
    },

    /** The status toggle and edits of the form's fields; the audit row names the fields changed. */
    async update(auth: AuthContext, origin: RequestOrigin, id: string, input: UpdateTodo): Promise<Todo> {
      await writeChange(async (tx) => {
        const before = await lockTodo(tx, id);
        if (!before) throw new AppError(ErrorCode.notFound, M.notFound);
        if (!mayChangeTodo(auth.user, before)) throw new AppError(ErrorCode.forbidden, M.mayNotChange);
        if (input.assignedTo && input.assignedTo !== before.assignedTo)
          await assertAssignee(tx, input.assignedTo);
        const values = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
        const after = await updateTodo(tx, id, { ...values, updatedAt: clock.now() });
        const fields = Object.keys(values).filter(
          (field) => before[field as keyof TodoRecord] !== after[field as keyof TodoRecord],
        );
        return {
          result: after,
          audit: [
            {
              action: 'todo.updated',
              ...auditedBy(auth, origin),
              entityType: 'todo',
              entityId: id,
              details: {
                fields,
                ...(fields.includes('status') ? { status: after.status as TodoStatus } : {}),
                // Both assignees' lists change when a todo is handed over.
                ...(fields.includes('assignedTo') ? { from: before.assignedTo, to: after.assignedTo } : {}),
              },
            },
          ],
          events: changed(after),
        };
      });
      return present(id);
    },

    /** A soft delete: the row stays with `deleted_at` set, and an audit row says who. */
    async remove(auth: AuthContext, origin: RequestOrigin, id: string): Promise<void> {
      await writeChange(async (tx) => {
        const todo = await lockTodo(tx, id);
        if (!todo) throw new AppError(ErrorCode.notFound, M.notFound);
        if (!mayChangeTodo(auth.user, todo)) throw new AppError(ErrorCode.forbidden, M.mayNotDelete);
        const deleted = await updateTodo(tx, id, { deletedAt: clock.now(), updatedAt: clock.now() });
        return {
          result: undefined,
          audit: [
            {
              action: 'todo.deleted',
              ...auditedBy(auth, origin),
              entityType: 'todo',
              entityId: id,
              details: { workflowId: todo.workflowId, assignedTo: todo.assignedTo },
            },
          ],
          events: changed(deleted),
        };
      });
    },
  };
}

export type TodoService = ReturnType<typeof createTodoService>;
