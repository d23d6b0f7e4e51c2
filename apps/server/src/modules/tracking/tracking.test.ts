import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, referrals, specialistStaffAssignments, workflows } from '../../db/schema/index.ts';
import {
  bearer,
  createClient,
  createClinic,
  createReferrer,
  createSessionToken,
  createSpecialist,
  createUser,
  createWorkflow,
} from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

describe('track patients', () => {
  let t: TestApp;
  let token: string;
  let adminId: string;
  let gpToken: string;
  beforeAll(async () => {
    t = await createTestApp();
    adminId = (await createUser(t.db, { role: 'TELECARE_ADMIN' })).id;
    token = await createSessionToken(t.db, adminId);
    gpToken = await createSessionToken(t.db, (await createUser(t.db, { role: 'GP' })).id);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST', url: string, payload?: object, as: string | null = token) =>
    t.app.inject({ method, url, headers: as ? bearer(as) : {}, ...(payload ? { payload } : {}) });
  const check = (clientId: string, as?: string | null) =>
    call('GET', `/api/admin/workflow/track-patient?clientId=${clientId}`, undefined, as);
  const track = (clientId: unknown, as?: string | null) =>
    call('POST', '/api/admin/workflow/patient', { clientId }, as);
  const workflowsOf = (clientId: string) =>
    t.db.select().from(workflows).where(eq(workflows.clientId, clientId));

  it("opens a NEW workflow from the client's record when the client has none: referral, referrer, case manager, awaitingBooking; audited", async () => {
    const specialist = await createSpecialist(t.db, { firstName: 'Ada', lastName: 'Byron' }, ['Cardiology']);
    const client = await createClient(t.db, { practitionerId: specialist.practitionerId });
    const referrer = await createReferrer(t.db, { firstName: 'Rae', lastName: 'Ferrer' });
    const clinic = await createClinic(t.db);
    await t.db.insert(referrals).values({
      clientId: client.id,
      referrerId: referrer.id,
      clinicId: clinic.id,
      endDate: '2027-03-31',
      createdAt: new Date('2026-01-01T00:00:00Z'),
    });
    const [latest] = await t.db
      .insert(referrals)
      .values({ clientId: client.id, referrerId: referrer.id, clinicId: clinic.id, endDate: '2027-06-30' })
      .returning();

    const checked = await check(client.id);
    expect(checked.statusCode).toBe(200);
    expect(checked.json()).toEqual({ activeWorkflows: [] });

    const res = await track(client.id);
    expect(res.statusCode).toBe(201);
    const { workflow } = res.json();
    expect(workflow).toMatchObject({
      listName: 'active',
      bookingStatus: 'awaitingBooking',
      consultationType: 'NEW',
    });
    const [row] = await workflowsOf(client.id);
    expect(row).toMatchObject({
      id: workflow.id,
      clientFirstName: client.firstName,
      clientLastName: client.lastName,
      urn: client.urn,
      referralId: latest?.id,
      referrerId: referrer.id,
      clinicId: clinic.id,
      referrerName: 'Dr Rae Ferrer',
      referralEndDate: '2027-06-30',
      specialistId: specialist.id,
      caseManagerName: 'Dr Ada Byron',
      specialityName: 'Cardiology',
      bookingStatus: 'awaitingBooking',
      isNewAppointment: true,
      createdBy: adminId,
    });
    // The panel's Add Appointment starts with this case manager.
    const detail = await call('GET', `/api/admin/workflow/${workflow.id}`);
    expect(detail.json().caseManagerId).toBe(specialist.id);
    const audit = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, workflow.id), eq(auditEvents.action, 'workflow.created')));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.details).toEqual({ source: 'track', clientId: client.id });
    expect(JSON.stringify(audit)).not.toContain(client.lastName);
  });

  it('gives the new workflow the coordinator mapped to its case manager, skipping IT staff and disabled users', async () => {
    const specialist = await createSpecialist(t.db, {}, ['Cardiology']);
    const client = await createClient(t.db, { practitionerId: specialist.practitionerId });
    const [itStaff, disabled, coordinator, later] = [
      await createUser(t.db, { isItStaff: true }),
      await createUser(t.db, { disabled: true }),
      await createUser(t.db),
      await createUser(t.db),
    ];
    await t.db.insert(specialistStaffAssignments).values(
      [itStaff, disabled, coordinator, later].map((user, day) => ({
        specialistId: specialist.id,
        userId: user.id,
        createdAt: new Date(Date.UTC(2026, 0, day + 1)),
      })),
    );
    const unmapped = await createClient(t.db);
    expect((await track(client.id)).statusCode).toBe(201);
    expect((await track(unmapped.id)).statusCode).toBe(201);
    expect((await workflowsOf(client.id))[0]?.bookingCoordinatorId).toBe(coordinator.id);
    expect((await workflowsOf(unmapped.id))[0]?.bookingCoordinatorId).toBeNull();
  });

  it('reports an active workflow, and Track Anyway opens a second one as REVIEW', async () => {
    const client = await createClient(t.db);
    const active = await createWorkflow(t.db, { clientId: client.id, clientFirstName: client.firstName });
    const checked = await check(client.id);
    expect(checked.json().activeWorkflows.map((w: { id: string }) => w.id)).toEqual([active.id]);

    const res = await track(client.id);
    expect(res.statusCode).toBe(201);
    expect(res.json().workflow.consultationType).toBe('REVIEW');
    expect(await workflowsOf(client.id)).toHaveLength(2);
    const listed = await call('GET', `/api/admin/workflow/patients?clientId=${client.id}`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().workflows.map((w: { id: string }) => w.id)).toEqual([
      res.json().workflow.id,
      active.id,
    ]);
    const reads = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'client.workflows.viewed'), eq(auditEvents.entityId, client.id)))
      .orderBy(auditEvents.id);
    expect(reads.map((r) => r.details)).toEqual([
      { lists: 'active', workflowIds: [active.id] },
      { lists: 'all', workflowIds: [res.json().workflow.id, active.id] },
    ]);
    expect(reads.every((r) => r.actorUserId === adminId)).toBe(true);
  });

  it('does not count archived, history or deleted workflows as active', async () => {
    const client = await createClient(t.db);
    await createWorkflow(t.db, { clientId: client.id, archived: true });
    await createWorkflow(t.db, { clientId: client.id, bookingStatus: 'discharged' });
    await createWorkflow(t.db, { clientId: client.id, deletedAt: new Date() });
    expect((await check(client.id)).json()).toEqual({ activeWorkflows: [] });
    const listed = await call('GET', `/api/admin/workflow/patients?clientId=${client.id}`);
    expect(listed.json().workflows).toHaveLength(2);
  });

  it('refuses a missing or malformed client with a clear 400, and an unknown one with 404', async () => {
    const none = await call('POST', '/api/admin/workflow/patient', {});
    expect(none.statusCode).toBe(400);
    expect(none.json().fieldErrors.clientId).toEqual(['Please select a client to track.']);
    expect((await track('not-an-id')).statusCode).toBe(400);
    expect((await check('not-an-id')).statusCode).toBe(400);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await track(unknown)).statusCode).toBe(404);
    expect((await check(unknown)).statusCode).toBe(404);
    expect((await call('GET', `/api/admin/workflow/patients?clientId=${unknown}`)).statusCode).toBe(404);
  });

  it('refuses a GP (403) and a caller without a session (401) on all three routes', async () => {
    const client = await createClient(t.db);
    for (const as of [gpToken, null]) {
      const status = as ? 403 : 401;
      expect((await check(client.id, as)).statusCode).toBe(status);
      expect((await track(client.id, as)).statusCode).toBe(status);
      expect(
        (await call('GET', `/api/admin/workflow/patients?clientId=${client.id}`, undefined, as)).statusCode,
      ).toBe(status);
    }
    expect(await workflowsOf(client.id)).toHaveLength(0);
  });

  it('tells other browsers of the new workflow', async () => {
    const client = await createClient(t.db);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    const controller = new AbortController();
    const response = await fetch(`http://127.0.0.1:${port}/api/events`, {
      headers: bearer(token),
      signal: controller.signal,
    });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const id = (await track(client.id)).json().workflow.id as string;
    let received = '';
    while (!received.includes(id)) {
      const { value, done } = await reader.read();
      if (done) break;
      received += new TextDecoder().decode(value);
    }
    controller.abort();
    expect(received).toContain('"type":"workflow.changed"');
    expect(received).not.toContain(client.lastName);
  });
});
