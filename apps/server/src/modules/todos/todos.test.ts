import type { AddressInfo } from 'node:net';
import { TODO_MESSAGES as M, type Todo, type TodoListResponse } from '@telecare/contracts/todos';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, todos, workflows } from '../../db/schema/index.ts';
import { bearer, createSessionToken, createUser, createWorkflow } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

describe('todos', () => {
  let t: TestApp;
  /** A coordinator (TELECARE_ADMIN): WORKFLOW_WRITE, no VIEW_ALL_TODOS. */
  let admin: { id: string; token: string };
  let otherAdmin: { id: string; token: string };
  let supervisor: { id: string; token: string };
  let gpToken: string;

  const signedIn = async (role: 'TELECARE_ADMIN' | 'TELECARE_SUPERVISOR' | 'GP') => {
    const user = await createUser(t.db, { role, isSupervisor: role === 'TELECARE_SUPERVISOR' });
    return { id: user.id, token: await createSessionToken(t.db, user.id) };
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedIn('TELECARE_ADMIN');
    otherAdmin = await signedIn('TELECARE_ADMIN');
    supervisor = await signedIn('TELECARE_SUPERVISOR');
    gpToken = (await signedIn('GP')).token;
  });
  afterAll(() => t.close());

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
    as: string | null = admin.token,
  ) => t.app.inject({ method, url, headers: as ? bearer(as) : {}, ...(payload ? { payload } : {}) });

  const form = (overrides: object = {}) => ({
    assignedTo: admin.id,
    urgency: 2,
    status: 'uncompleted',
    dueDate: '2026-12-01',
    description: 'Call the GP about the referral',
    ...overrides,
  });
  const add = async (overrides: object = {}, as = admin.token) => {
    const res = await call('POST', '/api/admin/todo', form(overrides), as);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Todo;
  };
  const listOf = async (query: string, as = admin.token) => {
    const res = await call('GET', `/api/admin/todo?${query}`, undefined, as);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TodoListResponse;
  };
  const ids = (page: TodoListResponse) => page.rows.map((row) => row.id);
  const auditOf = (action: string, id: string) =>
    t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, action), eq(auditEvents.entityId, id)));

  describe('refusals', () => {
    it('answers 401 without a session and 403 to a GP on every endpoint', async () => {
      const todo = await add();
      const requests = [
        ['GET', '/api/admin/todo', undefined],
        ['POST', '/api/admin/todo', form()],
        ['PATCH', `/api/admin/todo/${todo.id}`, { status: 'completed' }],
        ['DELETE', `/api/admin/todo/${todo.id}`, undefined],
      ] as const;
      for (const [method, url, body] of requests) {
        expect((await call(method, url, body, null)).statusCode, `${method} anonymous`).toBe(401);
        expect((await call(method, url, body, gpToken)).statusCode, `${method} GP`).toBe(403);
      }
      const [row] = await t.db.select().from(todos).where(eq(todos.id, todo.id));
      expect(row).toMatchObject({ status: 'uncompleted', deletedAt: null });
    });

    it("refuses another person's list without VIEW_ALL_TODOS, and gives it to a supervisor", async () => {
      const theirs = await add({ assignedTo: otherAdmin.id });
      const refused = await call('GET', `/api/admin/todo?assignedTo=${otherAdmin.id}`);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'FORBIDDEN', message: M.othersTodos });
      expect(ids(await listOf(`assignedTo=${otherAdmin.id}`, supervisor.token))).toContain(theirs.id);
      expect(ids(await listOf('', otherAdmin.token))).toContain(theirs.id);
    });

    it('names each missing field of the form with its own message', async () => {
      const res = await call('POST', '/api/admin/todo', { description: 'Only a description' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        fieldErrors: {
          assignedTo: [M.assignedToRequired],
          urgency: [M.urgencyRequired],
          status: [M.statusRequired],
          dueDate: [M.dueDateRequired],
        },
      });
      const empty = await call('POST', '/api/admin/todo', {});
      expect(Object.keys(empty.json().fieldErrors)).toEqual([
        'assignedTo',
        'urgency',
        'status',
        'dueDate',
        'description',
      ]);
      expect(empty.json().fieldErrors.description).toEqual([M.descriptionRequired]);
      const blank = await call('POST', '/api/admin/todo', form({ description: '   ', dueDate: '' }));
      expect(blank.json().fieldErrors).toEqual({
        dueDate: [M.dueDateRequired],
        description: [M.descriptionRequired],
      });
    });

    it('refuses wrong values: a day that does not exist, urgency 4, a long description, a bad status', async () => {
      const res = await call(
        'POST',
        '/api/admin/todo',
        form({ dueDate: '2026-02-30', urgency: 4, status: 'done', description: 'x'.repeat(2001) }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors).toEqual({
        urgency: [M.urgencyRequired],
        status: [M.statusRequired],
        dueDate: [M.dueDateInvalid],
        description: [M.descriptionTooLong],
      });
    });

    it('gives todos only to staff who are neither IT staff nor disabled', async () => {
      const it = await createUser(t.db, { role: 'TELECARE_SUPERVISOR', isItStaff: true });
      const disabled = await createUser(t.db, { disabled: true });
      const gp = await createUser(t.db, { role: 'GP' });
      for (const user of [it, disabled, gp]) {
        const res = await call('POST', '/api/admin/todo', form({ assignedTo: user.id }));
        expect(res.statusCode).toBe(400);
        expect(res.json().fieldErrors).toEqual({ assignedTo: [M.assigneeNotStaff] });
      }
      const todo = await add();
      const handedOver = await call('PATCH', `/api/admin/todo/${todo.id}`, { assignedTo: it.id });
      expect(handedOver.statusCode).toBe(400);
    });

    it('answers 404 for an unknown todo or workflow, and 400 for an empty edit or two lists at once', async () => {
      const unknown = '00000000-0000-4000-8000-000000000000';
      expect((await call('PATCH', `/api/admin/todo/${unknown}`, { status: 'completed' })).statusCode).toBe(
        404,
      );
      expect((await call('DELETE', `/api/admin/todo/${unknown}`)).statusCode).toBe(404);
      const noWorkflow = await call('POST', '/api/admin/todo', form({ workflowId: unknown }));
      expect(noWorkflow.statusCode).toBe(404);
      expect(noWorkflow.json().message).toBe(M.noSuchWorkflow);
      const todo = await add();
      const empty = await call('PATCH', `/api/admin/todo/${todo.id}`, {});
      expect(empty.statusCode).toBe(400);
      expect(empty.json().fieldErrors).toEqual({ _: [M.nothingToChange] });
      const both = await call('GET', `/api/admin/todo?workflowId=${unknown}&assignedTo=${admin.id}`);
      expect(both.statusCode).toBe(400);
      expect((await call('GET', '/api/admin/todo?assignedTo=not-an-id')).statusCode).toBe(400);
    });
  });

  describe('the panel and My Todo List', () => {
    it('adds a todo to a workflow: audited, in the panel list and in the assignee list', async () => {
      const workflow = await createWorkflow(t.db);
      const todo = await add({ workflowId: workflow.id, assignedTo: otherAdmin.id });
      expect(todo).toMatchObject({
        workflowId: workflow.id,
        workflowList: 'active',
        clientFullName: `${workflow.clientFirstName} ${workflow.clientLastName}`,
        createdBy: admin.id,
        createdByName: expect.stringContaining('Staff'),
        assignedTo: otherAdmin.id,
        urgency: 2,
        status: 'uncompleted',
        dueDate: '2026-12-01',
      });
      expect(ids(await listOf(`workflowId=${workflow.id}`))).toEqual([todo.id]);
      expect(ids(await listOf('', otherAdmin.token))).toContain(todo.id);
      expect(ids(await listOf(''))).not.toContain(todo.id);
      const [audit] = await auditOf('todo.created', todo.id);
      expect(audit).toMatchObject({ actorUserId: admin.id, details: { workflowId: workflow.id } });
    });

    it('hides a completed todo from My Todo List and keeps it, Completed, in the panel; unticking brings it back', async () => {
      const workflow = await createWorkflow(t.db);
      const todo = await add({ workflowId: workflow.id });
      const done = await call('PATCH', `/api/admin/todo/${todo.id}`, { status: 'completed' });
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json().status).toBe('completed');
      expect(ids(await listOf(''))).not.toContain(todo.id);
      expect((await listOf(`workflowId=${workflow.id}`)).rows[0]?.status).toBe('completed');
      await call('PATCH', `/api/admin/todo/${todo.id}`, { status: 'uncompleted' });
      expect(ids(await listOf(''))).toContain(todo.id);
      const audits = await auditOf('todo.updated', todo.id);
      expect(audits.map((a) => a.details)).toEqual([
        { fields: ['status'], status: 'completed' },
        { fields: ['status'], status: 'uncompleted' },
      ]);
    });

    it('edits the form fields', async () => {
      const todo = await add();
      const res = await call('PATCH', `/api/admin/todo/${todo.id}`, {
        urgency: 1,
        dueDate: '2026-12-24',
        description: 'Chase the GP report',
        assignedTo: otherAdmin.id,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        urgency: 1,
        dueDate: '2026-12-24',
        description: 'Chase the GP report',
      });
      const [audit] = await auditOf('todo.updated', todo.id);
      expect(audit?.details).toEqual({
        fields: ['assignedTo', 'urgency', 'dueDate', 'description'],
        from: admin.id,
        to: otherAdmin.id,
      });
    });

    it('orders by due date ascending, then status descending', async () => {
      const workflow = await createWorkflow(t.db);
      const late = await add({ workflowId: workflow.id, dueDate: '2026-12-10' });
      const doneEarly = await add({ workflowId: workflow.id, dueDate: '2026-12-05', status: 'completed' });
      const openEarly = await add({ workflowId: workflow.id, dueDate: '2026-12-05' });
      expect(ids(await listOf(`workflowId=${workflow.id}`))).toEqual([openEarly.id, doneEarly.id, late.id]);
      const user = await signedIn('TELECARE_ADMIN');
      const second = await add({ assignedTo: user.id, dueDate: '2026-11-02' });
      const third = await add({ assignedTo: user.id, dueDate: '2026-11-03' });
      const first = await add({ assignedTo: user.id, dueDate: '2026-11-01' });
      expect(ids(await listOf('', user.token))).toEqual([first.id, second.id, third.id]);
      const page2 = await listOf('page=2&pageSize=10', user.token);
      expect(page2).toMatchObject({ page: 1, total: 3 });
    });

    it("links to the workflow's current list, and not at all without a live workflow", async () => {
      const user = await signedIn('TELECARE_ADMIN');
      const history = await createWorkflow(t.db, { bookingStatus: 'discharged' });
      const archived = await createWorkflow(t.db, { archived: true });
      const deleted = await createWorkflow(t.db);
      await add({ assignedTo: user.id, workflowId: history.id, dueDate: '2026-10-01' });
      await add({ assignedTo: user.id, workflowId: archived.id, dueDate: '2026-10-02' });
      await add({ assignedTo: user.id, workflowId: deleted.id, dueDate: '2026-10-03' });
      await add({ assignedTo: user.id, dueDate: '2026-10-04' });
      await t.db.update(workflows).set({ deletedAt: new Date() }).where(eq(workflows.id, deleted.id));
      const rows = (await listOf('', user.token)).rows;
      expect(rows.map((r) => r.workflowList)).toEqual(['history', 'archived', null, null]);
      expect(rows[2]?.clientFullName).toBe(`${deleted.clientFirstName} ${deleted.clientLastName}`);
      expect(rows[3]?.clientFullName).toBeNull();
    });

    it("answers 404 for a deleted workflow's todos, with its client's name, except to IT staff", async () => {
      const workflow = await createWorkflow(t.db);
      const todo = await add({ workflowId: workflow.id });
      await t.db.update(workflows).set({ deletedAt: new Date() }).where(eq(workflows.id, workflow.id));
      for (const as of [admin.token, otherAdmin.token, supervisor.token]) {
        const res = await call('GET', `/api/admin/todo?workflowId=${workflow.id}`, undefined, as);
        expect(res.statusCode).toBe(404);
        expect(res.json().message).toBe(M.noSuchWorkflow);
      }
      const it = await createUser(t.db, { role: 'TELECARE_IT', isItStaff: true });
      const itToken = await createSessionToken(t.db, it.id);
      expect(ids(await listOf(`workflowId=${workflow.id}`, itToken))).toEqual([todo.id]);
    });

    it("shows the client's name as it is now", async () => {
      const workflow = await createWorkflow(t.db);
      const todo = await add({ workflowId: workflow.id });
      await t.db.update(workflows).set({ clientLastName: 'Renamed' }).where(eq(workflows.id, workflow.id));
      const [row] = (await listOf(`workflowId=${workflow.id}`)).rows;
      expect(row?.id).toBe(todo.id);
      expect(row?.clientFullName).toBe(`${workflow.clientFirstName} Renamed`);
    });

    it('audits which todos a list showed', async () => {
      const todo = await add();
      await listOf('');
      const [audit] = await t.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'todo.list.viewed'), eq(auditEvents.entityId, admin.id)))
        .orderBy(desc(auditEvents.id))
        .limit(1);
      expect(audit?.details).toMatchObject({ todoIds: expect.arrayContaining([todo.id]) });
    });

    it('audits exactly the page shown, with the read, and the clamped page past the end', async () => {
      const user = await signedIn('TELECARE_ADMIN');
      const added: Todo[] = [];
      for (let day = 10; day <= 21; day++)
        added.push(await add({ assignedTo: user.id, dueDate: `2026-09-${day}` }));
      const audits = () =>
        t.db
          .select({ details: auditEvents.details })
          .from(auditEvents)
          .where(and(eq(auditEvents.action, 'todo.list.viewed'), eq(auditEvents.entityId, user.id)));
      const second = await listOf('page=2&pageSize=10', user.token);
      expect(second).toMatchObject({ page: 2, total: 12 });
      expect(ids(second)).toEqual(added.slice(10).map((todo) => todo.id));
      expect((await audits()).map((row) => row.details)).toEqual([
        { page: 2, todoIds: added.slice(10).map((todo) => todo.id) },
      ]);
      const clamped = await listOf('page=5&pageSize=10', user.token);
      expect(clamped).toMatchObject({ page: 2, total: 12 });
      expect((await audits()).map((row) => row.details)).toContainEqual({ page: 5, todoIds: [] });
      expect(
        (await audits()).filter((row) => JSON.stringify(row.details).includes(added[11]?.id ?? '-')),
      ).toHaveLength(2);
    });
  });

  describe('change', () => {
    it('lets the creator, the assignee and a supervisor change a todo, and no one else', async () => {
      const todo = await add({ assignedTo: otherAdmin.id });
      const outsider = await signedIn('TELECARE_ADMIN');
      for (const edit of [
        { status: 'completed' },
        { assignedTo: outsider.id },
        { description: 'mine now' },
      ]) {
        const refused = await call('PATCH', `/api/admin/todo/${todo.id}`, edit, outsider.token);
        expect(refused.statusCode).toBe(403);
        expect(refused.json().message).toBe(M.mayNotChange);
      }
      const [unchanged] = await t.db.select().from(todos).where(eq(todos.id, todo.id));
      expect(unchanged).toMatchObject({
        status: todo.status,
        assignedTo: otherAdmin.id,
        description: todo.description,
      });
      expect(await auditOf('todo.updated', todo.id)).toHaveLength(0);
      for (const [status, token] of [
        ['completed', admin.token],
        ['uncompleted', otherAdmin.token],
        ['completed', supervisor.token],
      ] as const) {
        const res = await call('PATCH', `/api/admin/todo/${todo.id}`, { status }, token);
        expect(res.statusCode).toBe(200);
        expect(res.json().status).toBe(status);
      }
    });
  });

  describe('delete', () => {
    it('lets the creator, the assignee and a supervisor delete (soft, audited), and no one else', async () => {
      const byCreator = await add({ assignedTo: otherAdmin.id });
      const byAssignee = await add({ assignedTo: otherAdmin.id });
      const bySupervisor = await add({ assignedTo: otherAdmin.id });
      const outsider = await signedIn('TELECARE_ADMIN');
      const refused = await call('DELETE', `/api/admin/todo/${byCreator.id}`, undefined, outsider.token);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(M.mayNotDelete);
      for (const [todo, token] of [
        [byCreator, admin.token],
        [byAssignee, otherAdmin.token],
        [bySupervisor, supervisor.token],
      ] as const) {
        expect((await call('DELETE', `/api/admin/todo/${todo.id}`, undefined, token)).statusCode).toBe(204);
        const [row] = await t.db.select().from(todos).where(eq(todos.id, todo.id));
        expect(row?.deletedAt).toBeInstanceOf(Date);
        expect(await auditOf('todo.deleted', todo.id)).toHaveLength(1);
      }
      const left = ids(await listOf('', otherAdmin.token));
      expect(left).not.toContain(byCreator.id);
      expect(
        (await call('PATCH', `/api/admin/todo/${byCreator.id}`, { status: 'completed' })).statusCode,
      ).toBe(404);
    });
  });

  it('tells other browsers which todo changed, without its text', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    const controller = new AbortController();
    const response = await fetch(`http://127.0.0.1:${port}/api/events`, {
      headers: bearer(otherAdmin.token),
      signal: controller.signal,
    });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const todo = await add({ assignedTo: otherAdmin.id, description: 'Secret follow-up' });
    let received = '';
    while (!received.includes(todo.id)) {
      const { value, done } = await reader.read();
      if (done) break;
      received += new TextDecoder().decode(value);
    }
    controller.abort();
    expect(received).toContain('"type":"todo.changed"');
    expect(received).not.toContain('Secret');
  });
});
