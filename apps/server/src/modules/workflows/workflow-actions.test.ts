import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditEvents,
  clients,
  documents,
  ivrCalls,
  referrals,
  referrers,
  smsMessages,
  workflows,
} from '../../db/schema/index.ts';
import {
  bearer,
  createClient,
  createReferrer,
  createSessionToken,
  createSpecialist,
  createUser,
  createWorkflow,
} from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const TASKS = {
  appointment_t: {
    coordinator: null,
    status: 'awaitingBooking',
    notes: 'Call patient',
    urgent: false,
    biologics: false,
    interpreter: true,
    name_referral: false,
    weeks_to_appointment: 6,
    is_new_appointment: true,
    triage: false,
    cont_or_tbc: 'CONT',
    payment_consent: false,
  },
  pre_consult_t: {
    coordinator: null,
    status: 'PD',
    notes: null,
    urgent: false,
    inspections: ['MRI', 'Pathology'],
  },
  letter_t: { coordinator: null, status: 'NS', notes: 'Check letter', urgent: true },
  gp_report_t: { status: null, is_nurse_check: false },
};

describe('workflow detail and actions', () => {
  let t: TestApp;
  let token: string;
  let staffId: string;
  beforeAll(async () => {
    t = await createTestApp();
    const staff = await createUser(t.db, { firstName: 'Cora', lastName: 'Ordinator' });
    staffId = staff.id;
    token = await createSessionToken(t.db, staff.id);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, as = token) =>
    t.app.inject({ method, url, headers: bearer(as), ...(payload ? { payload } : {}) });
  const rowOf = async (id: string) => (await t.db.select().from(workflows).where(eq(workflows.id, id)))[0];
  const actions = async (id: string) =>
    (await t.db.select().from(auditEvents).where(eq(auditEvents.entityId, id))).map((e) => e.action);

  it('shows the panel data, audits the read, and keeps patient data out of the audit row', async () => {
    const workflow = await createWorkflow(t.db);
    const t0 = new Date(Date.now() - 10 * 3_600_000);
    await t.db.insert(smsMessages).values([
      {
        workflowId: workflow.id,
        kind: 'sequence',
        step: 'initial',
        direction: 'outbound',
        phoneNumber: '+61411111111',
        body: 'Reply YES',
        sentAt: t0,
      },
      {
        workflowId: workflow.id,
        kind: 'sequence',
        step: 'initialSecond',
        direction: 'outbound',
        phoneNumber: '+61411111111',
        body: 'Reply YES',
        sentAt: t0,
      },
      {
        workflowId: workflow.id,
        kind: 'sequence',
        step: 'second',
        direction: 'outbound',
        phoneNumber: '+61411111111',
        body: 'Unsent',
        sentAt: null,
      },
    ]);
    const res = await call('GET', `/api/admin/workflow/${workflow.id}`);
    expect(res.statusCode).toBe(200);
    const detail = res.json();
    expect(detail.client).toMatchObject({ firstName: workflow.clientFirstName, clientId: workflow.clientId });
    expect(detail.smsDots).toMatchObject({
      initial: 'yellow',
      initialSecond: 'yellow',
      initialThird: 'blue',
    });
    expect(detail.logs.appointmentSms.find((s: { step: string }) => s.step === 'second').sentAt).toBeNull();
    expect(detail.tasks.gp_report_t.status).toBe('NC');
    const [event] = await t.db.select().from(auditEvents).where(eq(auditEvents.entityId, workflow.id));
    expect(event).toMatchObject({ action: 'workflow.viewed', actorUserId: staffId });
    expect(JSON.stringify(event)).not.toContain(workflow.clientFirstName);
    expect((await call('GET', '/api/admin/workflow/00000000-0000-0000-0000-000000000000')).statusCode).toBe(
      404,
    );
  });

  it('lists the other workflows of the same client by name and date of birth', async () => {
    const client = await createClient(t.db, {
      firstName: 'Harriet',
      lastName: 'Twice',
      dateOfBirth: '1950-01-02',
    });
    const same = {
      clientId: client.id,
      clientFirstName: 'Harriet',
      clientLastName: 'Twice',
      clientDateOfBirth: '1950-01-02',
    };
    const first = await createWorkflow(t.db, same);
    const second = await createWorkflow(t.db, same);
    await createWorkflow(t.db, { ...same, clientDateOfBirth: '1950-01-03' });
    const res = (await call('GET', `/api/admin/workflow/${first.id}/history`)).json();
    expect(res.rows.map((r: { id: string }) => r.id)).toEqual([second.id]);
    const alone = await createWorkflow(t.db);
    expect((await call('GET', `/api/admin/workflow/${alone.id}/history`)).json().rows).toEqual([]);
  });

  it('archives and un-archives with selectedCaIds, audited', async () => {
    const a = await createWorkflow(t.db);
    const b = await createWorkflow(t.db);
    const res = await call('POST', '/api/admin/workflow/archive', { selectedCaIds: [a.id, b.id] });
    expect(res.json()).toEqual({ updated: 2 });
    expect((await rowOf(a.id))?.listName).toBe('archived');
    await call('POST', '/api/admin/workflow/un-archive', { selectedCaIds: [a.id] });
    expect((await rowOf(a.id))?.listName).toBe('active');
    expect(await actions(a.id)).toEqual(
      expect.arrayContaining(['workflow.archived', 'workflow.un-archived']),
    );
    expect((await call('POST', '/api/admin/workflow/archive', { selectedCaIds: [] })).statusCode).toBe(400);
    const missing = await call('POST', '/api/admin/workflow/archive', {
      selectedCaIds: ['00000000-0000-0000-0000-000000000000'],
    });
    expect(missing.statusCode).toBe(404);
  });

  it('archives and un-archives several workflows at once, one audit row each, all or none', async () => {
    const a = await createWorkflow(t.db);
    const b = await createWorkflow(t.db);
    const c = await createWorkflow(t.db);
    const archived = await call('POST', '/api/admin/workflow/archive', { selectedCaIds: [a.id, b.id, c.id] });
    expect(archived.json()).toEqual({ updated: 3 });
    for (const w of [a, b, c]) {
      expect((await rowOf(w.id))?.listName).toBe('archived');
      expect(await actions(w.id)).toEqual(['workflow.archived']);
    }
    const back = await call('POST', '/api/admin/workflow/un-archive', { selectedCaIds: [a.id, b.id] });
    expect(back.json()).toEqual({ updated: 2 });
    expect((await rowOf(a.id))?.listName).toBe('active');
    expect((await rowOf(b.id))?.listName).toBe('active');
    expect((await rowOf(c.id))?.listName).toBe('archived');

    // One unknown id refuses the whole request: nothing changes.
    const partly = await call('POST', '/api/admin/workflow/archive', {
      selectedCaIds: [a.id, '00000000-0000-0000-0000-000000000000'],
    });
    expect(partly.statusCode).toBe(404);
    expect((await rowOf(a.id))?.listName).toBe('active');
  });

  it('deletes softly, and only IT staff can restore', async () => {
    const workflow = await createWorkflow(t.db);
    expect((await call('POST', '/api/admin/workflow/delete', { ids: [workflow.id] })).json()).toEqual({
      updated: 1,
    });
    expect((await rowOf(workflow.id))?.listName).toBe('deleted');
    expect((await call('GET', `/api/admin/workflow/${workflow.id}`)).statusCode).toBe(404);
    expect((await call('POST', '/api/admin/workflow/restore', { ids: [workflow.id] })).statusCode).toBe(403);
    const deletedList = { list: 'deleted', filters: { urn: workflow.urn } };
    const refused = await call('POST', '/api/admin/workflow/list', deletedList);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Only IT staff can see deleted workflows.',
    });
    const it = await createUser(t.db, { role: 'TELECARE_IT', isItStaff: true });
    const itToken = await createSessionToken(t.db, it.id);
    const listed = (await call('POST', '/api/admin/workflow/list', deletedList, itToken)).json();
    expect(listed.rows.map((r: { id: string; list: string }) => [r.id, r.list])).toEqual([
      [workflow.id, 'deleted'],
    ]);
    // A link to one workflow finds a deleted one on the deleted list only.
    const byId = (list: string) =>
      call('POST', '/api/admin/workflow/list', { list, id: workflow.id }, itToken).then(
        (r) => r.json().total,
      );
    expect(await byId('deleted')).toBe(1);
    expect(await byId('active')).toBe(0);
    const restored = await call('POST', '/api/admin/workflow/restore', { ids: [workflow.id] }, itToken);
    expect(restored.json()).toEqual({ updated: 1 });
    expect((await rowOf(workflow.id))?.listName).toBe('active');
    expect((await call('POST', '/api/admin/workflow/list', deletedList, itToken)).json().total).toBe(0);
    expect(await actions(workflow.id)).toEqual(
      expect.arrayContaining(['workflow.deleted', 'workflow.restored']),
    );
  });

  it('rebuilds the copied fields from the client and the referral', async () => {
    const client = await createClient(t.db, { firstName: 'Original', lastName: 'Name', urn: 'TC-R1' });
    const [referrer] = await t.db
      .insert(referrers)
      .values({ title: 'Dr', firstName: 'Rita', lastName: 'Ferrer' })
      .returning();
    const [referral] = await t.db
      .insert(referrals)
      .values({
        clientId: client.id,
        referrerId: referrer?.id,
        startDate: '2026-01-01',
        endDate: '2027-01-01',
      })
      .returning();
    const workflow = await createWorkflow(t.db, {
      clientId: client.id,
      clientFirstName: 'Stale',
      clientLastName: 'Copy',
      referralId: referral?.id,
      referrerName: 'Dr Nobody',
    });
    await t.db.update(clients).set({ firstName: 'Renamed' }).where(eq(clients.id, client.id));
    // A GET changes nothing.
    expect((await call('GET', `/api/admin/workflow/rebuild?id=${workflow.id}`)).statusCode).not.toBe(200);
    expect((await rowOf(workflow.id))?.clientFirstName).toBe('Stale');
    const res = await call('POST', '/api/admin/workflow/rebuild', { id: workflow.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      client: { firstName: 'Renamed', lastName: 'Name' },
      referrer: { name: 'Dr Rita Ferrer', referralEndDate: '2027-01-01' },
      urn: 'TC-R1',
    });
    expect((await call('POST', '/api/admin/workflow/rebuild', { id: 'nope' })).statusCode).toBe(400);
  });

  it("rebuilds the referrer and case manager names as the domain's doctor name when the title is empty", async () => {
    const client = await createClient(t.db);
    const referrer = await createReferrer(t.db, { title: '', firstName: 'Jane', lastName: 'Doe' });
    const [referral] = await t.db
      .insert(referrals)
      .values({
        clientId: client.id,
        referrerId: referrer.id,
        startDate: '2026-01-01',
        endDate: '2027-01-01',
      })
      .returning();
    const untitled = await createSpecialist(t.db, { title: null, firstName: 'Sam', lastName: 'Plain' }, [
      'Neurology',
    ]);
    const blank = await createSpecialist(t.db, { title: '  ', firstName: 'Kim', lastName: 'Blank' });
    const rebuilt = async (specialistId: string) => {
      const workflow = await createWorkflow(t.db, {
        clientId: client.id,
        referralId: referral?.id,
        specialistId,
      });
      const res = await call('POST', '/api/admin/workflow/rebuild', { id: workflow.id });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    expect(await rebuilt(untitled.id)).toMatchObject({
      referrer: { name: 'Dr Jane Doe' },
      caseManager: 'Dr Sam Plain',
      speciality: 'Neurology',
    });
    expect((await rebuilt(blank.id)).caseManager).toBe('Dr Kim Blank');
  });

  it('acts for the patient: the reply text, the reply state and the voice-call record', async () => {
    const workflow = await createWorkflow(t.db);
    await t.db.insert(ivrCalls).values({
      workflowId: workflow.id,
      phoneNumber: '+61411111111',
      voiceContent: 'x',
      status: 'completed',
    });
    const yes = await call('POST', '/api/admin/workflow/acting-patient', {
      id: workflow.id,
      answer: 'confirm',
    });
    expect(yes.json()).toMatchObject({ reply: 'YES FROM TELECARE' });
    const after = await rowOf(workflow.id);
    expect(after).toMatchObject({ smsReply: 'yes', ivrReply: '1', lastActivityName: 'confirm' });
    const [ivr] = await t.db.select().from(ivrCalls).where(eq(ivrCalls.workflowId, workflow.id));
    expect(ivr?.reply).toBe('1');
    const detail = (await call('GET', `/api/admin/workflow/${workflow.id}`)).json();
    expect(detail.row.rowColour).toBe('green');
    expect(detail.voiceCallDot).toBe('green');

    const plain = await createWorkflow(t.db);
    const no = await call('POST', '/api/admin/workflow/acting-patient', { id: plain.id, answer: 'decline' });
    expect(no.json().reply).toBe('NO FROM TELECARE');
    expect(await rowOf(plain.id)).toMatchObject({ smsReply: 'no', ivrReply: null });
  });

  it('saves tasks, archives when the booking status moves into the archivable set, and reverses on archived', async () => {
    const workflow = await createWorkflow(t.db);
    const saved = await call('PATCH', '/api/admin/workflow/tasks', { id: workflow.id, tasks: TASKS });
    expect(saved.statusCode).toBe(200);
    expect(await rowOf(workflow.id)).toMatchObject({
      bookingNotes: 'Call patient',
      interpreter: true,
      resultsInspections: ['MRI', 'Pathology'],
      adminCheckUrgent: true,
      gpReportStatus: 'NC',
      archived: false,
    });

    const discharged = { ...TASKS, appointment_t: { ...TASKS.appointment_t, status: 'discharged' } };
    const archivedRow = (
      await call('PATCH', '/api/admin/workflow/tasks', { id: workflow.id, tasks: discharged })
    ).json();
    expect(archivedRow.list).toBe('archived');
    expect((await rowOf(workflow.id))?.bookingStatusUpdatedAt).not.toBeNull();

    const notesOnly = { ...discharged, letter_t: { ...TASKS.letter_t, notes: 'still archived' } };
    expect(
      (await call('PATCH', '/api/admin/workflow/tasks', { id: workflow.id, tasks: notesOnly })).json().list,
    ).toBe('archived');

    const rebook = { ...TASKS, appointment_t: { ...TASKS.appointment_t, status: 'ftaRebook' } };
    expect(
      (await call('PATCH', '/api/admin/workflow/tasks', { id: workflow.id, tasks: rebook })).json().list,
    ).toBe('active');
    expect(await actions(workflow.id)).toEqual(
      expect.arrayContaining(['workflow.tasks.updated', 'workflow.archived', 'workflow.un-archived']),
    );
  });

  it('refuses task values outside their lists, and a GP report status without a report', async () => {
    const workflow = await createWorkflow(t.db);
    const patch = (tasks: object) => call('PATCH', '/api/admin/workflow/tasks', { id: workflow.id, tasks });
    const badStatus = await patch({
      ...TASKS,
      appointment_t: { ...TASKS.appointment_t, status: 'whatever' },
    });
    expect(badStatus.statusCode).toBe(400);
    expect(Object.keys(badStatus.json().fieldErrors)).toEqual(['tasks.appointment_t.status']);
    expect((await patch({ ...TASKS, letter_t: { ...TASKS.letter_t, status: 'XX' } })).statusCode).toBe(400);
    expect(
      (await patch({ ...TASKS, pre_consult_t: { ...TASKS.pre_consult_t, inspections: ['Tarot'] } }))
        .statusCode,
    ).toBe(400);
    const gp = await patch({ ...TASKS, gp_report_t: { status: 'CP', is_nurse_check: false } });
    expect(gp.json().message).toBe('The GP report status can not be chosen while the GP report is empty.');
    const outsider = await createUser(t.db, { role: 'TELECARE_IT', isItStaff: true });
    const badCoordinator = await patch({
      ...TASKS,
      appointment_t: { ...TASKS.appointment_t, coordinator: outsider.id },
    });
    expect(badCoordinator.statusCode).toBe(400);

    const [doc] = await t.db
      .insert(documents)
      .values({
        workflowId: workflow.id,
        kind: 'gp_report',
        name: 'report.pdf',
        storageKey: 'k',
        contentType: 'application/pdf',
      })
      .returning();
    await t.db.update(workflows).set({ gpReportDocumentId: doc?.id }).where(eq(workflows.id, workflow.id));
    expect((await patch({ ...TASKS, gp_report_t: { status: 'CP', is_nurse_check: true } })).statusCode).toBe(
      200,
    );
  });

  it('changes the category on the active list only', async () => {
    const workflow = await createWorkflow(t.db, { category: '1' });
    const res = await call('PATCH', '/api/admin/workflow/category', { id: workflow.id, category: 'RC' });
    expect(res.json().category).toBe('RC');
    expect(
      (await call('PATCH', '/api/admin/workflow/category', { id: workflow.id, category: '4' })).statusCode,
    ).toBe(400);
    const archived = await createWorkflow(t.db, { archived: true });
    expect(
      (await call('PATCH', '/api/admin/workflow/category', { id: archived.id, category: '2' })).statusCode,
    ).toBe(409);
  });

  it('refuses writes to a role without WORKFLOW_WRITE', async () => {
    const gp = await createUser(t.db, { role: 'GP' });
    const workflow = await createWorkflow(t.db);
    const res = await call(
      'POST',
      '/api/admin/workflow/archive',
      { selectedCaIds: [workflow.id] },
      await createSessionToken(t.db, gp.id),
    );
    expect(res.statusCode).toBe(403);
    expect((await rowOf(workflow.id))?.archived).toBe(false);
  });
});
