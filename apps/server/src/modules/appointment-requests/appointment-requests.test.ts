import type { AppointmentRequestListResponse } from '@telecare/contracts/appointment-requests';
import { dayAt, instantAt } from '@telecare/domain/calendar';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.ts';
import { appointmentRequests, appointments, auditEvents, sites, workflows } from '../../db/schema/index.ts';
import { createLocalPracticeManagement } from '../../integrations/practice-management/local-practice-management.ts';
import {
  bearer,
  createAppointmentRequest,
  createAvailability,
  createClient,
  createClinic,
  createSessionToken,
  createSite,
  createSmsTemplateSet,
  createSpecialist,
  createUser,
  createWorkflow,
} from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const ZONE = 'Australia/Melbourne';

describe('appointment requests', () => {
  let t: TestApp;
  let token: string;
  let smsSetId: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = await createSessionToken(t.db, (await createUser(t.db)).id);
    smsSetId = (await createSmsTemplateSet(t.db)).id;
    await t.db.insert(sites).values({ name: 'Own Device' }).onConflictDoNothing();
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST', url: string, payload?: object, as = token) =>
    t.app.inject({ method, url, headers: bearer(as), ...(payload ? { payload } : {}) });
  const list = async (body: object) => {
    const res = await call('POST', '/api/admin/appointment-requests/list', body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as AppointmentRequestListResponse;
  };
  const ids = (page: { rows: { id: string }[] }) => page.rows.map((r) => r.id);

  /** A day some weeks ahead in Melbourne, and an instant at HH:mm on it. */
  const day = (weeks: number) => dayAt(t.clock.now().getTime() + weeks * 7 * 86_400_000, ZONE);
  const at = (date: string, hhmm: string) => instantAt(date, hhmm, ZONE).toISOString();

  /** A bookable request: a specialist with a 09:00-12:00 slot, a workflow with a site, and the request. */
  async function bookable(bookingStatus = 'first', lastName = 'Requester') {
    const specialist = await createSpecialist(t.db, { firstName: 'Sam', lastName: 'Slotter' }, [
      'Cardiology',
    ]);
    const date = day(4);
    await createAvailability(t.db, {
      specialistId: specialist.id,
      fullDate: date,
      slots: [{ start: '09:00', end: '12:00' }],
    });
    const site = await createSite(t.db);
    const client = await createClient(t.db, { lastName });
    const workflow = await createWorkflow(t.db, {
      clientId: client.id,
      clientFirstName: client.firstName,
      clientLastName: client.lastName,
      siteId: site.id,
      siteName: site.name,
      referralEndDate: '1900-01-01',
    });
    const request = await createAppointmentRequest(t.db, {
      clientId: client.id,
      workflowId: workflow.id,
      specialistId: specialist.id,
      requestedStart: new Date(at(date, '10:00')),
      timezone: ZONE,
      bookingStatus,
    });
    return { specialist, date, site, client, workflow, request };
  }

  const approval = (requestId: string, specialistId: string, startDateTime: string, extra: object = {}) => ({
    id: requestId,
    appointment: {
      specialistId,
      startDateTime,
      durationMinutes: 30,
      timezone: ZONE,
      appointmentType: 'atHome',
      consultationType: 'NEW',
      ...extra,
    },
    selectedSMSTemplateSetId: smsSetId,
  });

  it('audits which requests a page showed, by id, without the filter texts', async () => {
    const page = await list({ filters: { client: 'zz-nobody' } });
    expect(page.total).toBe(0);
    const all = await list({});
    const events = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'appointment-request.list.viewed'))
      .orderBy(desc(auditEvents.id))
      .limit(2);
    expect(events[0]?.details).toMatchObject({ page: all.page, requestIds: ids(all), filteredColumns: [] });
    expect(events[1]?.details).toMatchObject({ requestIds: [], filteredColumns: ['client'] });
    expect(JSON.stringify(events)).not.toContain('zz-nobody');
  });

  it('lists by booking status order (first, second, other, fourth, then pending), then newest first', async () => {
    const client = await createClient(t.db, { lastName: 'Ordering' });
    const workflow = await createWorkflow(t.db, { clientId: client.id });
    const minutesAgo = (n: number) => new Date(t.clock.now().getTime() - n * 60_000);
    const make = (bookingStatus: string, age: number) =>
      createAppointmentRequest(t.db, {
        clientId: client.id,
        workflowId: workflow.id,
        bookingStatus,
        createdAt: minutesAgo(age),
      });
    const pending = await make('pending', 1);
    const fourth = await make('fourth', 2);
    const other = await make('other', 3);
    const second = await make('second', 4);
    const oldFirst = await make('first', 10);
    const newFirst = await make('first', 5);
    const page = await list({ filters: { client: 'ordering' } });
    expect(ids(page)).toEqual([newFirst.id, oldFirst.id, second.id, other.id, fourth.id, pending.id]);
    expect(page.total).toBe(6);

    const byStatusDesc = await list({
      filters: { client: 'ordering' },
      sort: [{ column: 'bookingStatus', direction: 'desc' }],
    });
    expect(ids(byStatusDesc)).toEqual([pending.id, fourth.id, other.id, second.id, newFirst.id, oldFirst.id]);
    const byTime = await list({
      filters: { client: 'ordering' },
      sort: [{ column: 'creationTime', direction: 'asc' }],
    });
    expect(ids(byTime)).toEqual([oldFirst.id, newFirst.id, second.id, other.id, fourth.id, pending.id]);
    const onlyPending = await list({ filters: { client: 'ordering', bookingStatus: 'PEND' } });
    expect(ids(onlyPending)).toEqual([pending.id]);
    const paged = await list({ filters: { client: 'ordering' }, pageSize: 10, page: 9 });
    expect(paged.page).toBe(1);
    expect((await call('POST', '/api/admin/appointment-requests/list', { pageSize: 15 })).statusCode).toBe(
      400,
    );
    expect(
      (
        await call('POST', '/api/admin/appointment-requests/list', {
          sort: [{ column: 'nope', direction: 'asc' }],
        })
      ).statusCode,
    ).toBe(400);
  });

  it('shows the columns from the request, the workflow, the client and the clinic', async () => {
    const clinic = await createClinic(t.db, { name: 'Columns Clinic' });
    const { request, workflow, client } = await bookable('second', 'Columnar');
    await t.db
      .update(workflows)
      .set({
        clinicId: clinic.id,
        referrerName: 'Dr Re Ferrer',
        resultsStatus: 'PD',
        adminCheckNotes: 'Check',
      })
      .where(eq(workflows.id, workflow.id));
    const [row] = (await list({ filters: { client: 'columnar', clinic: 'columns' } })).rows;
    expect(row).toMatchObject({
      id: request.id,
      workflowId: workflow.id,
      clientId: client.id,
      client: { firstName: client.firstName, lastName: 'Columnar', dateOfBirth: '1960-05-17' },
      referrer: 'Dr Re Ferrer',
      clinic: 'Columns Clinic',
      appointment: { startDateTime: request.requestedStart?.toISOString(), timezone: ZONE },
      bookings: 'awaitingBooking',
      results: 'PD',
      notes: 'Check',
      bookingStatus: 'second',
      approvedAt: null,
    });
    const dob = await list({ filters: { client: 'columnar', dateOfBirth: '17/05/1960' } });
    expect(ids(dob)).toEqual([request.id]);
  });

  it('approves: books through the adapter, links the workflow, and removes the request from the list', async () => {
    const { specialist, date, workflow, request } = await bookable('first', 'Approvable');
    const start = at(date, '10:00');
    const res = await call(
      'POST',
      '/api/admin/coreplus/approve-appointment',
      approval(request.id, specialist.id, start),
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      requestId: request.id,
      workflowId: workflow.id,
      appointment: { specialistId: specialist.id, startDateTime: start, durationMinutes: 30, timezone: ZONE },
      stillListed: false,
    });
    expect(body.appointment.endDateTime).toBe(new Date(Date.parse(start) + 30 * 60_000).toISOString());
    const [saved] = await t.db.select().from(workflows).where(eq(workflows.id, workflow.id));
    expect(saved).toMatchObject({
      appointmentId: body.appointment.id,
      appointmentTimezone: ZONE,
      bookingStatus: 'booked',
      specialistId: specialist.id,
      caseManagerName: 'Dr Sam Slotter',
      specialityName: 'Cardiology',
      siteName: 'Own Device',
    });
    expect(saved?.appointmentStart?.toISOString()).toBe(start);
    const [appointment] = await t.db
      .select()
      .from(appointments)
      .where(eq(appointments.id, body.appointment.id));
    expect(appointment).toMatchObject({
      workflowId: workflow.id,
      clientId: workflow.clientId,
      smsTemplateSetId: smsSetId,
    });
    const [approved] = await t.db
      .select()
      .from(appointmentRequests)
      .where(eq(appointmentRequests.id, request.id));
    expect(approved?.approvedAt).not.toBeNull();
    expect(ids(await list({ filters: { client: 'approvable' } }))).toEqual([]);
    const audit = await t.db.select().from(auditEvents).where(eq(auditEvents.entityId, request.id));
    expect(audit.map((a) => a.action)).toEqual(['appointment-request.approved']);
    expect(JSON.stringify(audit)).not.toContain('Approvable');

    const again = await call(
      'POST',
      '/api/admin/coreplus/approve-appointment',
      approval(request.id, specialist.id, at(date, '11:00')),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'ALREADY_APPROVED',
      message: 'This appointment request has already been approved.',
    });
  });

  it('refuses approving a request whose workflow already has a booked appointment, and says so in the list', async () => {
    const pending = await bookable('pending', 'Doublebooked');
    const approved = await call(
      'POST',
      '/api/admin/coreplus/approve-appointment',
      approval(pending.request.id, pending.specialist.id, at(pending.date, '09:00')),
    );
    expect(approved.statusCode, approved.body).toBe(200);
    // A second request of the same workflow, still waiting.
    const second = await createAppointmentRequest(t.db, {
      clientId: pending.client.id,
      workflowId: pending.workflow.id,
      specialistId: pending.specialist.id,
      bookingStatus: 'second',
    });
    const { rows } = await list({ filters: { client: 'doublebooked' } });
    expect(rows.find((r) => r.id === second.id)?.bookedAppointment).toEqual({
      startDateTime: at(pending.date, '09:00'),
      timezone: ZONE,
    });

    const res = await call(
      'POST',
      '/api/admin/coreplus/approve-appointment',
      approval(second.id, pending.specialist.id, at(pending.date, '11:00')),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'ALREADY_BOOKED',
      message:
        "This request's workflow already has a booked appointment; reschedule or cancel it in the workflow instead.",
    });
    const booked = await t.db
      .select()
      .from(appointments)
      .where(eq(appointments.workflowId, pending.workflow.id));
    expect(booked).toHaveLength(1);
    const [untouched] = await t.db
      .select()
      .from(appointmentRequests)
      .where(eq(appointmentRequests.id, second.id));
    expect(untouched?.approvedAt).toBeNull();
  });

  it('keeps an approved request in the list when its booking status is the pending value', async () => {
    const { specialist, date, request } = await bookable('pending', 'Pendingly');
    const res = await call(
      'POST',
      '/api/admin/coreplus/approve-appointment',
      approval(request.id, specialist.id, at(date, '09:00')),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().stillListed).toBe(true);
    const rows = (await list({ filters: { client: 'pendingly' } })).rows;
    expect(rows.map((r) => r.id)).toEqual([request.id]);
    expect(rows[0]?.approvedAt).not.toBeNull();
  });

  it('refuses a time taken (409) or outside the availability (400) as a booking does, and changes nothing', async () => {
    const first = await bookable('first', 'Conflicted');
    const booked = await call(
      'POST',
      '/api/admin/coreplus/approve-appointment',
      approval(first.request.id, first.specialist.id, at(first.date, '10:00')),
    );
    expect(booked.statusCode).toBe(200);
    const client = await createClient(t.db, { lastName: 'Conflicted' });
    const workflow = await createWorkflow(t.db, { clientId: client.id, siteId: first.site.id });
    const second = await createAppointmentRequest(t.db, { clientId: client.id, workflowId: workflow.id });
    const refused = async (startDateTime: string, status: number, message: string) => {
      const res = await call(
        'POST',
        '/api/admin/coreplus/approve-appointment',
        approval(second.id, first.specialist.id, startDateTime),
      );
      expect(res.statusCode, startDateTime).toBe(status);
      expect(res.json().message, startDateTime).toBe(message);
      return res.json();
    };
    // Taken by the booked 10:00-10:30: the booking's conflict.
    await refused(at(first.date, '10:15'), 409, 'The time is not available.');
    await refused(at(first.date, '09:45'), 409, 'The time is not available.');
    // Outside the 09:00-12:00 availability: the booking's time check, on the request's field.
    for (const outside of ['11:45', '08:30']) {
      const body = await refused(at(first.date, outside), 400, 'The time is not available.');
      expect(body.fieldErrors).toEqual({ 'appointment.startDateTime': ['The time is not available.'] });
    }
    await refused(at(day(5), '10:00'), 400, 'There is no available timeslots.');
    const [untouched] = await t.db.select().from(workflows).where(eq(workflows.id, workflow.id));
    expect(untouched).toMatchObject({ appointmentId: null, bookingStatus: 'awaitingBooking' });
    const [request] = await t.db
      .select()
      .from(appointmentRequests)
      .where(eq(appointmentRequests.id, second.id));
    expect(request?.approvedAt).toBeNull();
    expect(
      (await t.db.select().from(appointments).where(eq(appointments.workflowId, workflow.id))).length,
    ).toBe(0);

    const fits = await call(
      'POST',
      '/api/admin/coreplus/approve-appointment',
      approval(second.id, first.specialist.id, at(first.date, '10:30'), { durationMinutes: 90 }),
    );
    expect(fits.statusCode, fits.body).toBe(200);
  });

  it('gives one success and conflicts to approvals of the same slot at the same time', async () => {
    const a = await bookable('first', 'Racer');
    const others = [];
    for (let i = 0; i < 5; i++) {
      const client = await createClient(t.db, { lastName: 'Racer' });
      const workflow = await createWorkflow(t.db, { clientId: client.id, siteId: a.site.id });
      others.push(await createAppointmentRequest(t.db, { clientId: client.id, workflowId: workflow.id }));
    }
    const start = at(a.date, '11:00');
    const results = await Promise.all(
      [a.request, ...others].map((request) =>
        call('POST', '/api/admin/coreplus/approve-appointment', approval(request.id, a.specialist.id, start)),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const booked = await t.db
      .select()
      .from(appointments)
      .where(eq(appointments.specialistId, a.specialist.id));
    expect(booked).toHaveLength(1);
  });

  it('makes a second booking of a slot wait for the first one to commit, then answer conflict', async () => {
    const { specialist, date, workflow } = await bookable('first', 'Waiter');
    const input = {
      clientId: workflow.clientId,
      workflowId: null,
      specialistId: specialist.id,
      siteId: null,
      startDateTime: new Date(at(date, '09:00')),
      durationMinutes: 30,
      timezone: ZONE,
      appointmentType: 'atHome' as const,
      consultationType: 'NEW' as const,
      dialInMethod: null,
      notes: null,
      smsTemplateSetId: null,
      bookedBy: null,
    };
    let booked!: () => void;
    let release!: () => void;
    const firstBooked = new Promise<void>((resolve) => {
      booked = resolve;
    });
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const first = t.db.transaction(async (tx) => {
      const result = await createLocalPracticeManagement(tx as unknown as Db).createAppointment(input);
      booked();
      await held;
      return result;
    });
    await firstBooked;
    const second = t.db.transaction((tx) =>
      createLocalPracticeManagement(tx as unknown as Db).createAppointment(input),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    expect((await first).status).toBe('created');
    expect((await second).status).toBe('conflict');
  });

  it("applies the booking checks with the spec's messages", async () => {
    const { specialist, date, request, workflow } = await bookable('first', 'Checked');
    const approve = (body: object) => call('POST', '/api/admin/coreplus/approve-appointment', body);
    const good = approval(request.id, specialist.id, at(date, '10:00'));

    for (const empty of ['', undefined]) {
      const noTemplate = await approve({ ...good, selectedSMSTemplateSetId: empty });
      expect(noTemplate.statusCode).toBe(400);
      expect(noTemplate.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: 'The sms template can not be empty.',
        fieldErrors: { selectedSMSTemplateSetId: ['The sms template can not be empty.'] },
      });
    }
    for (const unknown of ['00000000-0000-4000-8000-000000000000', 'set-one']) {
      const unknownTemplate = await approve({ ...good, selectedSMSTemplateSetId: unknown });
      expect(unknownTemplate.statusCode).toBe(400);
      expect(unknownTemplate.json()).toMatchObject({
        code: 'SMS_TEMPLATE_SET_NOT_FOUND',
        message: 'The selected SMS template set does not exist.',
      });
    }
    const noDuration = await approve({
      ...good,
      appointment: { ...good.appointment, durationMinutes: undefined },
    });
    expect(noDuration.json().fieldErrors['appointment.durationMinutes']).toEqual([
      'The duration can not be empty.',
    ]);
    const badType = await approve({ ...good, appointment: { ...good.appointment, appointmentType: 'x' } });
    expect(badType.json().fieldErrors['appointment.appointmentType']).toEqual([
      'Please select a valid appointment type.',
    ]);
    await createAvailability(t.db, {
      specialistId: specialist.id,
      fullDate: day(-1),
      slots: [{ start: '09:00', end: '12:00' }],
    });
    const past = await approve({
      ...good,
      appointment: { ...good.appointment, startDateTime: at(day(-1), '10:00') },
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe('The appointment can not happen in the past.');
    // The time checks come before the practitioner's: an unknown one has no timeslots.
    const stranger = await approve({
      ...good,
      appointment: { ...good.appointment, specialistId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(stranger.json().message).toBe('There is no available timeslots.');
    const inactive = await createSpecialist(t.db, { active: false });
    await createAvailability(t.db, {
      specialistId: inactive.id,
      fullDate: date,
      slots: [{ start: '09:00', end: '12:00' }],
    });
    const retired = await approve({
      ...good,
      appointment: { ...good.appointment, specialistId: inactive.id },
    });
    expect(retired.json().message).toBe('Please select a valid practitioner.');
    // The booking form's two appointment types only.
    for (const appointmentType of ['ageCare', 'f2f']) {
      const other = await approve({ ...good, appointment: { ...good.appointment, appointmentType } });
      expect(other.statusCode).toBe(400);
      expect(other.json().message).toBe('Please select a valid appointment type.');
    }

    await t.db.update(workflows).set({ siteId: null }).where(eq(workflows.id, workflow.id));
    const hospital = { ...good, appointment: { ...good.appointment, appointmentType: 'atGpClinic' } };
    expect((await approve(hospital)).json().message).toBe('Please select a site first.');
    const site = await createSite(t.db);
    await t.db
      .update(workflows)
      .set({ referralEndDate: day(-1) })
      .where(eq(workflows.id, workflow.id));
    const expired = await approve({ ...good, appointment: { ...good.appointment, siteId: site.id } });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe('The referral is expired.');

    await t.db
      .update(workflows)
      .set({ referralEndDate: day(20) })
      .where(eq(workflows.id, workflow.id));
    const ok = await approve({
      ...hospital,
      appointment: { ...hospital.appointment, siteId: site.id, contOrTbc: 'TBC 01/02/2026' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const [saved] = await t.db.select().from(workflows).where(eq(workflows.id, workflow.id));
    expect(saved).toMatchObject({ siteId: site.id, siteName: site.name, contOrTbc: 'TBC 01/02/2026' });
    const missing = await approve({ ...good, id: '00000000-0000-4000-8000-000000000000' });
    expect(missing.statusCode).toBe(404);
  });

  it('refuses a GP (403)', async () => {
    const gp = await createSessionToken(t.db, (await createUser(t.db, { role: 'GP' })).id);
    expect((await call('POST', '/api/admin/appointment-requests/list', {}, gp)).statusCode).toBe(403);
    expect((await call('POST', '/api/admin/coreplus/approve-appointment', {}, gp)).statusCode).toBe(403);
  });
});
