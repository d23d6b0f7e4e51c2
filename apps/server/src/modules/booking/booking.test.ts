import { BOOKING_MESSAGES as B, type CreateBookingRequest } from '@telecare/contracts/booking';
import { dayAt, instantAt } from '@telecare/domain/calendar';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, auditEvents, emailMessages, sites, workflows } from '../../db/schema/index.ts';
import { createOutboxEmailSender } from '../../integrations/email/email-sender.ts';
import { deliverDueEmails } from '../../jobs/email-delivery.job.ts';
import {
  bearer,
  createAvailability,
  createReferrer,
  createSessionToken,
  createSite,
  createSmsTemplateSet,
  createSpecialist,
  createUser,
  createWorkflow,
} from '../../test/factories.ts';
import { lastOutboxMessage } from '../../test/outbox.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const ZONE = 'Australia/Melbourne';
const URL = '/api/admin/coreplus/appointment';
const EMAIL_URL = '/api/admin/email/delete-appointment';
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

describe('booking', () => {
  let t: TestApp;
  let token: string;
  let smsSetId: string;
  let ownDeviceId: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = await createSessionToken(t.db, (await createUser(t.db)).id);
    smsSetId = (await createSmsTemplateSet(t.db)).id;
    await t.db.insert(sites).values({ name: 'Own Device' }).onConflictDoNothing();
    const [own] = await t.db.select().from(sites).where(eq(sites.name, 'Own Device'));
    ownDeviceId = own?.id ?? '';
  });
  afterAll(() => t.close());

  const call = (method: Method, url: string, payload?: object, as = token) =>
    t.app.inject({ method, url, headers: bearer(as), ...(payload ? { payload } : {}) });

  /** A day some weeks ahead in Melbourne, and an instant at HH:mm on it. */
  const day = (weeks: number, days = 0) =>
    dayAt(t.clock.now().getTime() + (weeks * 7 + days) * 86_400_000, ZONE);
  const at = (date: string, hhmm: string) => instantAt(date, hhmm, ZONE).toISOString();

  /** The cancellation e-mail's text for an appointment of the 'Bea Booker' specialist. */
  const cancellationText = (
    workflow: { clientFirstName: string; clientLastName: string; urn: string | null },
    date: string,
    hhmm: string,
  ) =>
    `The appointment of ${workflow.clientFirstName} ${workflow.clientLastName} with Dr Bea Booker on ` +
    `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)} ${hhmm} (${ZONE}) has been cancelled.\n` +
    `Patient URN: ${workflow.urn}`;

  /** A specialist with a 09:00-12:00 slot (room 2) on `date`, and a workflow to book. */
  async function bookable(date = day(4), specialistOverrides = {}) {
    const specialist = await createSpecialist(
      t.db,
      { firstName: 'Bea', lastName: 'Booker', email: 'bea@specialists.test', ...specialistOverrides },
      ['Dermatology'],
    );
    await createAvailability(t.db, {
      specialistId: specialist.id,
      fullDate: date,
      slots: [{ start: '09:00', end: '12:00' }],
    });
    const workflow = await createWorkflow(t.db, { referralEndDate: '1900-01-01' });
    return { specialist, date, workflow };
  }

  const booking = (
    workflowId: string,
    specialistId: string,
    date: string,
    startTime = '10:00',
    extra: Partial<CreateBookingRequest['appointment']> = {},
  ): CreateBookingRequest => ({
    id: workflowId,
    appointment: {
      specialistId,
      date,
      startTime,
      durationMinutes: 30,
      timezone: ZONE,
      appointmentType: 'atHome',
      consultationType: 'REVIEW',
      contOrTbc: 'CONT',
      ...extra,
    },
    selectedSMSTemplateSetId: smsSetId,
  });

  const refused = async (body: object, status: number, message: string) => {
    const res = await call('POST', URL, body);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ message });
    return res;
  };

  const availability = async (specialistId: string, date: string) => {
    const res = await call(
      'GET',
      `/api/admin/coreplus/availability-slot?specialistId=${specialistId}&month=${date.slice(0, 7).replace('-', '')}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as {
      dates: { date: string; timezone: string; slots: { start: string; end: string }[] }[];
    };
    return body.dates.find((d) => d.date === date);
  };

  it('1. needs an SMS template set, and one that exists', async () => {
    const { specialist, date, workflow } = await bookable();
    const good = booking(workflow.id, specialist.id, date);
    for (const empty of [undefined, null, '', '  ']) {
      const res = await refused({ ...good, selectedSMSTemplateSetId: empty }, 400, B.smsTemplateEmpty);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    for (const unknown of ['00000000-0000-4000-8000-000000000000', 'not-a-set']) {
      const res = await refused(
        { ...good, selectedSMSTemplateSetId: unknown },
        400,
        'The selected SMS template set does not exist.',
      );
      expect(res.json()).toMatchObject({
        code: 'SMS_TEMPLATE_SET_NOT_FOUND',
        fieldErrors: { selectedSMSTemplateSetId: ['The selected SMS template set does not exist.'] },
      });
    }
  });

  it('2. refuses an expired referral (end date today or earlier), not an indefinite one', async () => {
    const { specialist, date, workflow } = await bookable();
    await t.db
      .update(workflows)
      .set({ referralEndDate: day(0) })
      .where(eq(workflows.id, workflow.id));
    await refused(booking(workflow.id, specialist.id, date), 400, B.referralExpired);
  });

  it('3. needs a duration', async () => {
    const { specialist, date, workflow } = await bookable();
    await refused(
      booking(workflow.id, specialist.id, date, '10:00', { durationMinutes: null }),
      400,
      B.durationEmpty,
    );
  });

  it('4. answers no available timeslots on a day without free time', async () => {
    const { specialist, workflow } = await bookable();
    await refused(booking(workflow.id, specialist.id, day(5)), 400, B.noTimeslots);
    // A day whose only timeslot is booked has no free time either.
    const full = day(5, 1);
    await createAvailability(t.db, {
      specialistId: specialist.id,
      fullDate: full,
      slots: [{ start: '09:00', end: '09:30' }],
    });
    const first = await createWorkflow(t.db, { referralEndDate: '1900-01-01' });
    expect((await call('POST', URL, booking(first.id, specialist.id, full, '09:00'))).statusCode).toBe(201);
    await refused(booking(workflow.id, specialist.id, full, '09:00'), 400, B.noTimeslots);
  });

  it('5. answers the time is not available when start plus duration leaves the free slot', async () => {
    const { specialist, date, workflow } = await bookable();
    await refused(booking(workflow.id, specialist.id, date, '11:45'), 400, B.timeNotAvailable);
    await refused(booking(workflow.id, specialist.id, date, '08:30'), 400, B.timeNotAvailable);
  });

  it('6. refuses a time in the past', async () => {
    const { specialist, date, workflow } = await bookable(day(0, -2));
    await refused(booking(workflow.id, specialist.id, date), 400, B.inThePast);
  });

  it('7. needs an active practitioner', async () => {
    const { specialist, date, workflow } = await bookable(day(4), { active: false });
    await refused(booking(workflow.id, specialist.id, date), 400, B.practitioner);
  });

  it('8. needs a valid appointment type', async () => {
    const { specialist, date, workflow } = await bookable();
    await refused(
      booking(workflow.id, specialist.id, date, '10:00', { appointmentType: null }),
      400,
      B.appointmentType,
    );
    await refused(
      booking(workflow.id, specialist.id, date, '10:00', { appointmentType: 'f2f' }),
      400,
      B.appointmentType,
    );
  });

  it('9. needs a site for a Hospital appointment', async () => {
    const { specialist, date, workflow } = await bookable();
    await refused(
      booking(workflow.id, specialist.id, date, '10:00', { appointmentType: 'atGpClinic' }),
      400,
      B.site,
    );
  });

  it("checks in the spec's order", async () => {
    const { specialist, date, workflow } = await bookable(day(4), { active: false });
    await t.db
      .update(workflows)
      .set({ referralEndDate: day(-1) })
      .where(eq(workflows.id, workflow.id));
    const bad = booking(workflow.id, specialist.id, date, '11:45', {
      durationMinutes: null,
      appointmentType: 'atGpClinic',
    });
    await refused({ ...bad, selectedSMSTemplateSetId: null }, 400, B.smsTemplateEmpty);
    await refused(bad, 400, B.referralExpired);
    await t.db.update(workflows).set({ referralEndDate: '1900-01-01' }).where(eq(workflows.id, workflow.id));
    await refused(bad, 400, B.durationEmpty);
    await refused(
      { ...bad, appointment: { ...bad.appointment, durationMinutes: 30, date: day(6) } },
      400,
      B.noTimeslots,
    );
    const timed = { ...bad, appointment: { ...bad.appointment, durationMinutes: 30 } };
    await refused(timed, 400, B.timeNotAvailable);
    const fits = { ...timed, appointment: { ...timed.appointment, startTime: '10:00' } };
    await refused(fits, 400, B.practitioner);
  });

  it('books: updates the workflow copies, occupies the slot, and refuses a second booking', async () => {
    const { specialist, date, workflow } = await bookable();
    expect(await availability(specialist.id, date)).toEqual({
      date,
      timezone: ZONE,
      slots: [{ start: '09:00', end: '12:00', room: 1 }],
    });
    const res = await call('POST', URL, booking(workflow.id, specialist.id, date, '10:00'));
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      workflowId: workflow.id,
      appointment: {
        specialistId: specialist.id,
        startDateTime: at(date, '10:00'),
        endDateTime: at(date, '10:30'),
        durationMinutes: 30,
        timezone: ZONE,
        siteId: ownDeviceId,
        siteName: 'Own Device',
      },
    });
    const [saved] = await t.db.select().from(workflows).where(eq(workflows.id, workflow.id));
    expect(saved).toMatchObject({
      appointmentId: body.appointment.id,
      appointmentTimezone: ZONE,
      bookingStatus: 'booked',
      specialistId: specialist.id,
      caseManagerName: 'Dr Bea Booker',
      specialityName: 'Dermatology',
      siteId: ownDeviceId,
      siteName: 'Own Device',
      isNewAppointment: false,
      contOrTbc: 'CONT',
    });
    expect(saved?.appointmentStart?.toISOString()).toBe(at(date, '10:00'));
    expect((await availability(specialist.id, date))?.slots).toEqual([
      { start: '09:00', end: '10:00', room: 1 },
      { start: '10:30', end: '12:00', room: 1 },
    ]);
    const audit = await t.db.select().from(auditEvents).where(eq(auditEvents.entityId, workflow.id));
    expect(audit.map(({ id: _, occurredAt: __, ...row }) => row)).toEqual([
      {
        action: 'appointment.booked',
        actorUserId: expect.any(String),
        actorRole: 'TELECARE_ADMIN',
        entityType: 'workflow',
        entityId: workflow.id,
        ipAddress: expect.any(String),
        details: { appointmentId: body.appointment.id, specialistId: specialist.id },
      },
    ]);

    const again = await refused(booking(workflow.id, specialist.id, date, '11:00'), 409, B.alreadyBooked);
    expect(again.json().code).toBe('ALREADY_BOOKED');
    // Another workflow cannot take the booked time.
    const other = await createWorkflow(t.db, { referralEndDate: '1900-01-01' });
    await refused(booking(other.id, specialist.id, date, '10:15'), 409, B.timeNotAvailable);
  });

  it('books a Hospital appointment at the chosen site', async () => {
    const { specialist, date, workflow } = await bookable();
    const site = await createSite(t.db);
    const res = await call(
      'POST',
      URL,
      booking(workflow.id, specialist.id, date, '09:00', {
        appointmentType: 'atGpClinic',
        siteId: site.id,
        consultationType: 'NEW',
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const [saved] = await t.db.select().from(workflows).where(eq(workflows.id, workflow.id));
    expect(saved).toMatchObject({ siteId: site.id, siteName: site.name, isNewAppointment: true });
  });

  it("books on the daylight-saving change days in the specialist's zone, whatever the server's zone", async () => {
    const realNow = t.clock.now().getTime();
    const hostZone = process.env.TZ;
    t.clock.advance(Date.parse('2026-03-01T00:00:00Z') - realNow);
    // A host zone with its own 30-minute change on the same nights: the worst case.
    process.env.TZ = 'Australia/Lord_Howe';
    try {
      const slotsOf = async (specialistId: string, date: string) =>
        (await availability(specialistId, date))?.slots.map((s) => `${s.start}-${s.end}`);
      /** Books `startTime` for 30 minutes in a 01:00-04:00 slot of `date` in `zone`. */
      const bookIn = async (
        zone: CreateBookingRequest['appointment']['timezone'],
        date: string,
        startTime: string,
      ) => {
        const specialist = await createSpecialist(t.db, { firstName: 'Dee', lastName: 'Zoned' }, [
          'Dermatology',
        ]);
        await createAvailability(t.db, {
          specialistId: specialist.id,
          fullDate: date,
          timezone: zone,
          slots: [{ start: '01:00', end: '04:00' }],
        });
        const workflow = await createWorkflow(t.db, { referralEndDate: '1900-01-01' });
        const res = await call(
          'POST',
          URL,
          booking(workflow.id, specialist.id, date, startTime, { timezone: zone }),
        );
        expect(res.statusCode, res.body).toBe(201);
        return { specialistId: specialist.id, start: res.json().appointment.startDateTime as string };
      };

      // Perth has no daylight saving: 02:00 is 02:00 (+8), even on a host whose clock jumps then.
      const perth = await bookIn('Australia/Perth', '2026-10-04', '02:00');
      expect(perth.start).toBe('2026-10-03T18:00:00.000Z');
      expect(await slotsOf(perth.specialistId, '2026-10-04')).toEqual(['01:00-02:00', '02:30-04:00']);
      // Sydney's repeated hour (5 April): 02:30 is the second 02:30 (AEST, +10); the slot splits there.
      const sydney = await bookIn('Australia/Sydney', '2026-04-05', '02:30');
      expect(sydney.start).toBe('2026-04-04T16:30:00.000Z');
      expect(await slotsOf(sydney.specialistId, '2026-04-05')).toEqual(['01:00-02:30', '03:00-04:00']);
      // Lord Howe's half-hour gap (4 October): 03:00 is +11 after the change.
      const lordHowe = await bookIn('Australia/Lord_Howe', '2026-10-04', '03:00');
      expect(lordHowe.start).toBe('2026-10-03T16:00:00.000Z');
      expect(await slotsOf(lordHowe.specialistId, '2026-10-04')).toEqual(['01:00-03:00', '03:30-04:00']);
    } finally {
      if (hostZone === undefined) delete process.env.TZ;
      else process.env.TZ = hostZone;
      t.clock.advance(realNow - t.clock.now().getTime());
    }
  });

  it('gives one 201 and one 409 to two bookings of the same slot at the same time', async () => {
    const { specialist, date, workflow } = await bookable();
    const other = await createWorkflow(t.db, { referralEndDate: '1900-01-01' });
    const results = await Promise.all(
      [workflow, other].map((w) => call('POST', URL, booking(w.id, specialist.id, date, '11:00'))),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.statusCode === 409)?.json().message).toBe(B.timeNotAvailable);
    const booked = await t.db.select().from(appointments).where(eq(appointments.specialistId, specialist.id));
    expect(booked).toHaveLength(1);
  });

  it('reschedules with the time checks, its own time counting as free', async () => {
    const { specialist, date, workflow } = await bookable();
    const created = (await call('POST', URL, booking(workflow.id, specialist.id, date, '10:00'))).json();
    const blocker = await createWorkflow(t.db, { referralEndDate: '1900-01-01' });
    expect((await call('POST', URL, booking(blocker.id, specialist.id, date, '11:00'))).statusCode).toBe(201);
    const move = (start: string, duration: number | null = 30) =>
      call('PATCH', URL, {
        id: workflow.id,
        appointmentId: created.appointment.id,
        startDateTime: at(date, start),
        endDateTime: duration
          ? new Date(Date.parse(at(date, start)) + duration * 60_000).toISOString()
          : null,
        duration,
      });
    const outside = await move('11:45');
    expect(outside.statusCode).toBe(400);
    expect(outside.json().message).toBe(B.timeNotAvailable);
    const overlapping = await move('10:45');
    expect(overlapping.statusCode).toBe(409);
    expect(overlapping.json().message).toBe(B.timeNotAvailable);
    expect((await move('10:15', null)).json().message).toBe(B.durationEmpty);
    const moved = await move('10:15');
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().appointment).toMatchObject({
      id: created.appointment.id,
      startDateTime: at(date, '10:15'),
      endDateTime: at(date, '10:45'),
    });
    const [saved] = await t.db.select().from(workflows).where(eq(workflows.id, workflow.id));
    expect(saved?.appointmentStart?.toISOString()).toBe(at(date, '10:15'));
    expect((await availability(specialist.id, date))?.slots).toEqual([
      { start: '09:00', end: '10:15', room: 1 },
      { start: '10:45', end: '11:00', room: 1 },
      { start: '11:30', end: '12:00', room: 1 },
    ]);
    const unknown = await call('PATCH', URL, {
      id: workflow.id,
      appointmentId: '00000000-0000-4000-8000-000000000000',
      startDateTime: at(date, '09:00'),
      duration: 30,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('cancels: keeps the row, clears the workflow copies, frees the slot, queues the e-mails', async () => {
    const { specialist, date, workflow } = await bookable();
    const referrer = await createReferrer(t.db, { email: 'referrer@gp.test' });
    await t.db.update(workflows).set({ referrerId: referrer.id }).where(eq(workflows.id, workflow.id));
    const created = (await call('POST', URL, booking(workflow.id, specialist.id, date, '09:30'))).json();
    const res = await call('DELETE', URL, {
      id: workflow.id,
      appointmentId: created.appointment.id,
      sendCancellationEmail: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      workflowId: workflow.id,
      appointmentId: created.appointment.id,
      emailsQueued: 2,
    });
    const [row] = await t.db.select().from(appointments).where(eq(appointments.id, created.appointment.id));
    expect(row?.cancelledAt).not.toBeNull();
    expect(row?.cancelledBy).not.toBeNull();
    const [saved] = await t.db.select().from(workflows).where(eq(workflows.id, workflow.id));
    expect(saved).toMatchObject({
      appointmentId: null,
      appointmentStart: null,
      bookingStatus: 'awaitingBooking',
    });
    expect((await availability(specialist.id, date))?.slots).toEqual([
      { start: '09:00', end: '12:00', room: 1 },
    ]);
    const emails = await t.db.select().from(emailMessages).where(eq(emailMessages.workflowId, workflow.id));
    expect(emails.map((e) => e.toAddress).sort()).toEqual(['bea@specialists.test', 'referrer@gp.test']);
    expect(
      emails.every(
        (e) => e.kind === 'notification' && e.subject === 'Appointment cancelled' && e.status === 'queued',
      ),
    ).toBe(true);
    expect(emails[0]?.body).toBe(cancellationText(workflow, date, '09:30'));
    // The worker sends them after the commit, here through the built-in outbox adapter.
    const outbox = createOutboxEmailSender(t.db);
    expect(await deliverDueEmails({ db: t.db, email: outbox, clock: t.clock })).toMatchObject({ sent: 2 });
    for (const to of ['bea@specialists.test', 'referrer@gp.test']) {
      expect(await lastOutboxMessage(t.db, 'email', to)).toMatchObject({
        subject: 'Appointment cancelled',
        body: cancellationText(workflow, date, '09:30'),
      });
    }
    const delivered = await t.db
      .select()
      .from(emailMessages)
      .where(eq(emailMessages.workflowId, workflow.id));
    expect(delivered.every((e) => e.status === 'sent' && e.sentAt !== null)).toBe(true);
    const again = await call('DELETE', URL, { id: workflow.id, appointmentId: created.appointment.id });
    expect(again.statusCode).toBe(404);
    // Booked again after the cancel.
    expect((await call('POST', URL, booking(workflow.id, specialist.id, date, '09:30'))).statusCode).toBe(
      201,
    );
  });

  it('omits past dates and days without free time from the availability answer', async () => {
    const { specialist } = await bookable(day(0, -1));
    const res = await call(
      'GET',
      `/api/admin/coreplus/availability-slot?specialistId=${specialist.id}&month=${day(0, -1).slice(0, 7).replace('-', '')}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().dates.map((d: { date: string }) => d.date)).not.toContain(day(0, -1));
    expect(
      (await call('GET', `/api/admin/coreplus/availability-slot?specialistId=${specialist.id}&month=202613`))
        .statusCode,
    ).toBe(400);
  });

  /** A booked, then cancelled (without e-mail) appointment of a workflow with a referrer. */
  async function cancelledAppointment(emails: { referrer?: string | null; specialist?: string | null } = {}) {
    const { specialist, date, workflow } = await bookable(day(4), {
      email: emails.specialist === undefined ? 'bea@specialists.test' : emails.specialist,
    });
    const referrer = await createReferrer(t.db, {
      email: emails.referrer === undefined ? 'gp@clinic.test' : emails.referrer,
    });
    await t.db.update(workflows).set({ referrerId: referrer.id }).where(eq(workflows.id, workflow.id));
    const created = await call('POST', URL, booking(workflow.id, specialist.id, date, '11:00'));
    expect(created.statusCode, created.body).toBe(201);
    const appointmentId: string = created.json().appointment.id;
    const cancelled = await call('DELETE', URL, { id: workflow.id, appointmentId });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    return { workflow, specialist, date, appointmentId };
  }
  const queuedFor = (workflowId: string) =>
    t.db.select().from(emailMessages).where(eq(emailMessages.workflowId, workflowId));

  it('queues the cancellation e-mail to the chosen recipients, built from our records, with an audit row', async () => {
    const { workflow, date, appointmentId } = await cancelledAppointment();
    expect(await queuedFor(workflow.id)).toEqual([]);
    const send = (to: { referrer: boolean; practitioner: boolean }) =>
      call('POST', EMAIL_URL, {
        id: workflow.id,
        appointmentId,
        // The spec's client also sends the content and addresses: never used.
        to: { ...to, email: 'someone@elsewhere.test' },
        content: { specialistName: 'Dr Nobody', patientName: 'Not Thepatient', appointmentTime: 'never' },
        appointment: { referrer: { email: 'someone@elsewhere.test' } },
      });

    const toReferrer = await send({ referrer: true, practitioner: false });
    expect(toReferrer.statusCode, toReferrer.body).toBe(200);
    expect(toReferrer.json()).toEqual({ workflowId: workflow.id, appointmentId, emailsQueued: 1 });
    const [first] = await queuedFor(workflow.id);
    expect(first).toMatchObject({
      toAddress: 'gp@clinic.test',
      kind: 'notification',
      subject: 'Appointment cancelled',
      body: cancellationText(workflow, date, '11:00'),
      status: 'queued',
    });

    expect((await send({ referrer: false, practitioner: true })).json().emailsQueued).toBe(1);
    expect((await send({ referrer: true, practitioner: true })).json().emailsQueued).toBe(2);
    const queued = await queuedFor(workflow.id);
    expect(queued.map((e) => e.toAddress).sort()).toEqual([
      'bea@specialists.test',
      'bea@specialists.test',
      'gp@clinic.test',
      'gp@clinic.test',
    ]);
    expect(JSON.stringify(queued)).not.toMatch(/elsewhere|Nobody|Thepatient|never/);

    const audit = await t.db.select().from(auditEvents).where(eq(auditEvents.entityId, workflow.id));
    const emailed = audit.filter((a) => a.action === 'appointment.cancellation-email.queued');
    expect(emailed.map((a) => a.details)).toEqual(
      expect.arrayContaining([
        { appointmentId, to: { referrer: true, practitioner: false }, emailsQueued: 1 },
        { appointmentId, to: { referrer: false, practitioner: true }, emailsQueued: 1 },
        { appointmentId, to: { referrer: true, practitioner: true }, emailsQueued: 2 },
      ]),
    );
    expect(emailed).toHaveLength(3);
  });

  it('sends one cancellation e-mail when the referrer and the practitioner share an address', async () => {
    const { workflow, appointmentId } = await cancelledAppointment({
      referrer: 'shared@practice.test',
      specialist: 'shared@practice.test',
    });
    const res = await call('POST', EMAIL_URL, {
      id: workflow.id,
      appointmentId,
      to: { referrer: true, practitioner: true },
    });
    expect(res.json().emailsQueued).toBe(1);
  });

  it('refuses the cancellation e-mail for unknown, live or unaddressable appointments with coded 4xx', async () => {
    const { workflow, appointmentId } = await cancelledAppointment();
    const both = { referrer: true, practitioner: true };
    const expectRefused = async (body: object, status: number, code: string, message?: string) => {
      const res = await call('POST', EMAIL_URL, body);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toMatchObject({ code, ...(message ? { message } : {}) });
      return res.json();
    };
    const nobody = '00000000-0000-4000-8000-000000000000';
    await expectRefused({ id: nobody, appointmentId, to: both }, 404, 'NOT_FOUND', B.noSuchWorkflow);
    await expectRefused(
      { id: workflow.id, appointmentId: nobody, to: both },
      404,
      'NOT_FOUND',
      B.noSuchAppointment,
    );
    // Another workflow's appointment.
    const other = await cancelledAppointment();
    await expectRefused(
      { id: workflow.id, appointmentId: other.appointmentId, to: both },
      404,
      'NOT_FOUND',
      B.noSuchAppointment,
    );
    // A booked appointment that is not cancelled.
    const live = await bookable();
    const booked = (await call('POST', URL, booking(live.workflow.id, live.specialist.id, live.date))).json();
    await expectRefused(
      { id: live.workflow.id, appointmentId: booked.appointment.id, to: both },
      409,
      'CONFLICT',
      B.notCancelled,
    );
    // Nobody chosen, or a malformed body.
    const none = await expectRefused(
      { id: workflow.id, appointmentId, to: { referrer: false, practitioner: false } },
      400,
      'VALIDATION_FAILED',
    );
    expect(none.fieldErrors.to).toEqual([B.noRecipientChosen]);
    await expectRefused({ id: workflow.id, appointmentId }, 400, 'VALIDATION_FAILED');
    await expectRefused({ id: 'not-a-uuid', appointmentId, to: both }, 400, 'VALIDATION_FAILED');
    // The chosen recipients have no address.
    const unaddressed = await cancelledAppointment({ referrer: null, specialist: null });
    const noAddress = await expectRefused(
      { id: unaddressed.workflow.id, appointmentId: unaddressed.appointmentId, to: both },
      400,
      'VALIDATION_FAILED',
      B.noRecipientAddress,
    );
    expect(noAddress.fieldErrors).toEqual({ to: [B.noRecipientAddress] });
    const referrerOnly = await cancelledAppointment({ referrer: null });
    await expectRefused(
      {
        id: referrerOnly.workflow.id,
        appointmentId: referrerOnly.appointmentId,
        to: { referrer: true, practitioner: false },
      },
      400,
      'VALIDATION_FAILED',
      B.noRecipientAddress,
    );
    for (const id of [workflow.id, live.workflow.id, unaddressed.workflow.id, referrerOnly.workflow.id]) {
      expect(await queuedFor(id)).toEqual([]);
      const audit = await t.db.select().from(auditEvents).where(eq(auditEvents.entityId, id));
      expect(audit.map((a) => a.action)).not.toContain('appointment.cancellation-email.queued');
    }
  });

  it('refuses the cancellation e-mail to a role without workflow permission (403) and without a session (401)', async () => {
    const { workflow, appointmentId } = await cancelledAppointment();
    const body = { id: workflow.id, appointmentId, to: { referrer: true, practitioner: true } };
    const gp = await createSessionToken(t.db, (await createUser(t.db, { role: 'GP' })).id);
    const forbidden = await call('POST', EMAIL_URL, body, gp);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().code).toBe('FORBIDDEN');
    const anonymous = await t.app.inject({ method: 'POST', url: EMAIL_URL, payload: body });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('UNAUTHENTICATED');
    expect(await queuedFor(workflow.id)).toEqual([]);
  });

  it('refuses a role without workflow permission (403)', async () => {
    const gp = await createSessionToken(t.db, (await createUser(t.db, { role: 'GP' })).id);
    const { specialist, date, workflow } = await bookable();
    const res = await call('POST', URL, booking(workflow.id, specialist.id, date), gp);
    expect(res.statusCode).toBe(403);
  });

  it('answers every booking route 401 without a session and 403 to a GP, changing nothing', async () => {
    const gp = await createSessionToken(t.db, (await createUser(t.db, { role: 'GP' })).id);
    const { specialist, date, workflow } = await bookable();
    const month = date.slice(0, 7).replace('-', '');
    const routes: [Method, string, object | undefined][] = [
      [
        'GET',
        `/api/admin/coreplus/availability-slot?specialistId=${specialist.id}&month=${month}`,
        undefined,
      ],
      ['POST', URL, booking(workflow.id, specialist.id, date)],
      [
        'PATCH',
        URL,
        { id: workflow.id, appointmentId: workflow.id, startDateTime: at(date, '10:00'), duration: 30 },
      ],
      ['DELETE', URL, { id: workflow.id, appointmentId: workflow.id }],
      [
        'POST',
        '/api/admin/coreplus/approve-appointment',
        { id: workflow.id, appointment: {}, selectedSMSTemplateSetId: smsSetId },
      ],
      ['POST', '/api/admin/appointment-requests/list', {}],
    ];
    for (const [method, url, payload] of routes) {
      const anonymous = await t.app.inject({ method, url, ...(payload ? { payload } : {}) });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      expect(anonymous.json().code).toBe('UNAUTHENTICATED');
      const refused = await call(method, url, payload, gp);
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(refused.json().code).toBe('FORBIDDEN');
    }
    expect(
      await t.db.select().from(appointments).where(eq(appointments.specialistId, specialist.id)),
    ).toEqual([]);
  });
});
