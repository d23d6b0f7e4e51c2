import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, emailMessages, settings, workflows } from '../../db/schema/index.ts';
import {
  bearer,
  createAppointmentRequest,
  createClinic,
  createReferrer,
  createReferrerLocation,
  createSessionToken,
  createUser,
  createWorkflow,
} from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const TASKS = {
  appointment_t: {
    coordinator: null,
    status: 'awaitingBooking',
    notes: null,
    urgent: false,
    biologics: false,
    interpreter: false,
    name_referral: false,
    weeks_to_appointment: null,
    is_new_appointment: true,
    triage: false,
    cont_or_tbc: null,
    payment_consent: false,
  },
  pre_consult_t: { coordinator: null, status: null, notes: null, urgent: false, inspections: [] },
  letter_t: { coordinator: null, status: null, notes: null, urgent: false },
  gp_report_t: { status: null, is_nurse_check: false },
};

/** The panel's remaining fields (roadmap K): snap form, the set-workflow-status flag, referrer location. */
describe('workflow panel leftovers', () => {
  let t: TestApp;
  let token: string;
  let gpToken: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = await createSessionToken(t.db, (await createUser(t.db, { role: 'TELECARE_ADMIN' })).id);
    gpToken = await createSessionToken(t.db, (await createUser(t.db, { role: 'GP' })).id);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'PUT' | 'PATCH', url: string, payload?: object, as: string | null = token) =>
    t.app.inject({ method, url, headers: as ? bearer(as) : {}, ...(payload ? { payload } : {}) });
  const setFlag = async (value: boolean) => {
    await t.db
      .insert(settings)
      .values({ key: 'setWorkflowStatus', value })
      .onConflictDoUpdate({ target: settings.key, set: { value } });
  };

  describe('snap form', () => {
    it('records Yes and No, shows it in the panel, and audits it', async () => {
      const workflow = await createWorkflow(t.db);
      const yes = await call('PUT', `/api/snapform/patient-submitted/${workflow.id}`, { answer: true });
      expect(yes.statusCode).toBe(200);
      expect(yes.json()).toEqual({ id: workflow.id, snapformSubmitted: true });
      expect((await call('GET', `/api/admin/workflow/${workflow.id}`)).json().snapformSubmitted).toBe(true);
      await call('PUT', `/api/snapform/patient-submitted/${workflow.id}`, { answer: false });
      const [row] = await t.db.select().from(workflows).where(eq(workflows.id, workflow.id));
      expect(row?.patientSnapformSubmitted).toBe(false);
      const audit = await t.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.entityId, workflow.id), eq(auditEvents.action, 'workflow.snapform')));
      expect(audit.map((a) => a.details)).toEqual([
        { answer: true, previous: null },
        { answer: false, previous: true },
      ]);
    });

    it('refuses a missing answer (400), an unknown workflow (404), a GP (403) and no session (401)', async () => {
      const workflow = await createWorkflow(t.db);
      const url = `/api/snapform/patient-submitted/${workflow.id}`;
      expect((await call('PUT', url, {})).statusCode).toBe(400);
      expect((await call('PUT', url, { answer: 'yes' })).statusCode).toBe(400);
      const unknown = '/api/snapform/patient-submitted/00000000-0000-4000-8000-000000000000';
      expect((await call('PUT', unknown, { answer: true })).statusCode).toBe(404);
      expect((await call('PUT', url, { answer: true }, gpToken)).statusCode).toBe(403);
      expect((await call('PUT', url, { answer: true }, null)).statusCode).toBe(401);
    });
  });

  describe('set-workflow-status flag', () => {
    it('refuses a booking status change while off (409) and allows other task edits; on: the change saves', async () => {
      const workflow = await createWorkflow(t.db, { bookingStatus: 'awaitingBooking' });
      await setFlag(false);
      try {
        const changed = await call('PATCH', '/api/admin/workflow/tasks', {
          id: workflow.id,
          tasks: { ...TASKS, appointment_t: { ...TASKS.appointment_t, status: 'booked' } },
        });
        expect(changed.statusCode).toBe(409);
        expect(changed.json().message).toBe(
          "The booking status can not be changed while the 'Set workflow status' setting is off.",
        );
        const notes = await call('PATCH', '/api/admin/workflow/tasks', {
          id: workflow.id,
          tasks: { ...TASKS, appointment_t: { ...TASKS.appointment_t, notes: 'Rang twice' } },
        });
        expect(notes.statusCode).toBe(200);
      } finally {
        await setFlag(true);
      }
      const on = await call('PATCH', '/api/admin/workflow/tasks', {
        id: workflow.id,
        tasks: { ...TASKS, appointment_t: { ...TASKS.appointment_t, status: 'booked' } },
      });
      expect(on.statusCode).toBe(200);
      expect(on.json().bookingStatus).toBe('booked');
    });
  });

  describe('created by and pending appointment', () => {
    it('shows who created the workflow as initials with a colour, nothing when unknown, and a pending request', async () => {
      const creator = await createUser(t.db, { firstName: 'Cora', lastName: 'Reed' });
      const workflow = await createWorkflow(t.db, { createdBy: creator.id });
      await createAppointmentRequest(t.db, {
        clientId: workflow.clientId,
        workflowId: workflow.id,
        requestedStart: new Date('2026-12-01T00:30:00Z'),
        timezone: 'Australia/Melbourne',
      });
      const detail = (await call('GET', `/api/admin/workflow/${workflow.id}`)).json();
      expect(detail.createdBy).toMatchObject({ name: 'Cora Reed', initials: 'CR' });
      expect(typeof detail.createdBy.colour).toBe('string');
      expect(detail.bookedBy).toBeNull();
      expect(detail.pendingAppointment).toEqual({
        startDateTime: '2026-12-01T00:30:00.000Z',
        timezone: 'Australia/Melbourne',
      });
      const seeded = (await call('GET', `/api/admin/workflow/${(await createWorkflow(t.db)).id}`)).json();
      expect(seeded.createdBy).toBeNull();
      expect(seeded.pendingAppointment).toBeNull();
    });
  });

  describe('alerts', () => {
    it('computes the badges: an expired referral, no mobile, a failed message', async () => {
      const workflow = await createWorkflow(t.db, { referralEndDate: '2020-01-31' });
      await t.db.insert(emailMessages).values({
        workflowId: workflow.id,
        kind: 'manual',
        toAddress: 'patient@example.com',
        subject: 'Appointment',
        body: 'Hello',
        status: 'failed',
      });
      const detail = (await call('GET', `/api/admin/workflow/${workflow.id}`)).json();
      expect(detail.alerts).toEqual(['REFERRAL_EXPIRED', 'NO_MOBILE', 'MESSAGE_FAILED']);
    });
  });

  describe('FIN No.', () => {
    it('is saved from Edit Client on the workflow, shown in the detail, audited, and cleared by an empty value', async () => {
      const workflow = await createWorkflow(t.db);
      const client = {
        firstName: workflow.clientFirstName,
        lastName: workflow.clientLastName,
        dateOfBirth: '1960-05-17',
      };
      const saved = await call('PATCH', '/api/admin/coreplus/patient', {
        id: workflow.id,
        clientId: workflow.clientId,
        client: { ...client, finNo: ' FIN-0042 ' },
      });
      expect(saved.statusCode).toBe(200);
      expect((await call('GET', `/api/admin/workflow/${workflow.id}`)).json().finNo).toBe('FIN-0042');
      const [audit] = await t.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.entityId, workflow.clientId), eq(auditEvents.action, 'client.updated')));
      expect((audit?.details as { fields?: string[] } | undefined)?.fields).toContain('finNo');
      const tooLong = await call('PATCH', '/api/admin/coreplus/patient', {
        id: workflow.id,
        clientId: workflow.clientId,
        client: { ...client, finNo: 'x'.repeat(51) },
      });
      expect(tooLong.statusCode).toBe(400);
      await call('PATCH', '/api/admin/coreplus/patient', {
        id: workflow.id,
        clientId: workflow.clientId,
        client: { ...client, finNo: '' },
      });
      expect((await call('GET', `/api/admin/workflow/${workflow.id}`)).json().finNo).toBeNull();
    });
  });

  describe('referrer location lookup', () => {
    it('answers the provider number of a known pair and an empty list otherwise', async () => {
      const referrer = await createReferrer(t.db);
      const clinic = await createClinic(t.db);
      const other = await createClinic(t.db);
      const location = await createReferrerLocation(t.db, {
        referrerId: referrer.id,
        clinicId: clinic.id,
        providerNumber: '2345678A',
      });
      const known = await call(
        'GET',
        `/api/admin/coreplus/referrer-location?referrerId=${referrer.id}&clinicId=${clinic.id}`,
      );
      expect(known.statusCode).toBe(200);
      expect(known.json()).toEqual({
        referrerLocations: [{ id: location.id, providerNumber: '2345678A', email: null }],
      });
      const unknown = await call(
        'GET',
        `/api/admin/coreplus/referrer-location?referrerId=${referrer.id}&clinicId=${other.id}`,
      );
      expect(unknown.json()).toEqual({ referrerLocations: [] });
      expect(
        (await call('GET', '/api/admin/coreplus/referrer-location?referrerId=x&clinicId=y')).statusCode,
      ).toBe(400);
      const url = `/api/admin/coreplus/referrer-location?referrerId=${referrer.id}&clinicId=${clinic.id}`;
      expect((await call('GET', url, undefined, gpToken)).statusCode).toBe(403);
      expect((await call('GET', url, undefined, null)).statusCode).toBe(401);
    });
  });
});
