import type { TodoListResponse } from '@telecare/contracts/todos';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { todos } from '../../db/schema/index.ts';
import { CHANGE_CHANNEL, type ChangeFeed, createChangeFeed } from '../../lib/change-feed.ts';
import { bearer, createSessionToken, createUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { openTestDatabase } from '../../test/test-database.ts';
import { createTodoTotals, type TodoTotals } from './todo-totals.ts';

describe('todo list totals (through the API)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function assigneeWithTodos(n: number) {
    const user = await createUser(t.db, { role: 'TELECARE_ADMIN' });
    const token = await createSessionToken(t.db, user.id);
    const ids: string[] = [];
    for (let i = 0; i < n; i++) ids.push(await addTodo(user.id, token));
    return { id: user.id, token, ids };
  }
  async function addTodo(assignedTo: string, token: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/todo',
      headers: bearer(token),
      payload: { assignedTo, urgency: 2, status: 'uncompleted', dueDate: '2026-12-01', description: 'Call' },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  }
  async function totalOf(token: string, pageSize = 10) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/todo?pageSize=${pageSize}`,
      headers: bearer(token),
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as TodoListResponse).total;
  }
  /** A todo written around the todo service, as a script or another tool would. */
  const insertBehindTheService = (assignedTo: string) =>
    t.db.insert(todos).values({
      createdBy: assignedTo,
      assignedTo,
      urgency: 3,
      status: 'uncompleted',
      dueDate: '2026-12-02',
      description: 'Written by hand',
    });

  it('counts a list once, and again after every todo change the service commits', async () => {
    const me = await assigneeWithTodos(3);
    // The NOTIFYs of the service's own adds come back after their answers, and forget the totals too.
    for (const id of me.ids) await t.untilHeard(id);
    expect(await totalOf(me.token)).toBe(3);
    await insertBehindTheService(me.id);
    // Kept: the write went around the change feed (at most a minute, see docs/decisions/0047).
    expect(await totalOf(me.token)).toBe(3);
    expect(await totalOf(me.token, 20)).toBe(3);
    const added = await addTodo(me.id, me.token);
    expect(await totalOf(me.token)).toBe(5);
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/todo/${added}`,
      headers: bearer(me.token),
      payload: { status: 'completed' },
    });
    expect(patch.statusCode).toBe(200);
    expect(await totalOf(me.token)).toBe(4);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/todo/${(await t.db.select().from(todos).where(eq(todos.assignedTo, me.id)))[0]?.id}`,
      headers: bearer(me.token),
    });
    expect(removed.statusCode).toBe(204);
    expect(await totalOf(me.token)).toBe(3);
  });

  it("counts again when another process's todo change arrives by NOTIFY", async () => {
    const me = await assigneeWithTodos(2);
    expect(await totalOf(me.token)).toBe(2);
    const [row] = await insertBehindTheService(me.id).returning({ id: todos.id });
    const event = JSON.stringify({ type: 'todo.changed', ids: [row?.id] });
    await t.db.execute(sql`select pg_notify(${CHANGE_CHANNEL}, ${event})`);
    const deadline = Date.now() + 5000;
    let total = await totalOf(me.token);
    while (total !== 3 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      total = await totalOf(me.token);
    }
    expect(total).toBe(3);
  });
});

describe('todo totals kept in a process', () => {
  let database: Database;
  let changes: ChangeFeed;
  let totals: TodoTotals;
  let clockMs = 0;
  beforeAll(async () => {
    database = await openTestDatabase();
    changes = createChangeFeed(database);
    totals = createTodoTotals({ changes, now: () => clockMs });
    await totals.start();
  });
  afterAll(async () => {
    await changes.close();
    await database.close();
  });

  it('does not keep a total counted while a todo change committed', () => {
    const mark = totals.mark();
    changes.committed([{ type: 'todo.changed', ids: ['a'] }]);
    totals.keep('assignee a', 7, mark);
    expect(totals.known('assignee a')).toBeUndefined();
    totals.keep('assignee a', 8, totals.mark());
    expect(totals.known('assignee a')).toBe(8);
  });

  it('forgets every total on a todo change, and none on other changes', () => {
    totals.keep('assignee b', 2, totals.mark());
    changes.committed([{ type: 'workflow.changed', ids: ['w'] }]);
    expect(totals.known('assignee b')).toBe(2);
    changes.committed([{ type: 'todo.changed', ids: ['t'] }]);
    expect(totals.known('assignee b')).toBeUndefined();
  });

  it('counts again after a minute, for writes nobody announced', () => {
    totals.keep('workflow c', 4, totals.mark());
    clockMs += 59_000;
    expect(totals.known('workflow c')).toBe(4);
    clockMs += 2_000;
    expect(totals.known('workflow c')).toBeUndefined();
  });
});
