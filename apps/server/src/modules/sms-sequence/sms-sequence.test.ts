import { addDays, dayAt, instantAt } from '@telecare/domain/calendar';
import { MOBILE_REFUSED } from '@telecare/domain/phone-numbers';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditEvents,
  clientAddresses,
  clients,
  jobs,
  postcodeTimezones,
  sites,
  smsMessages,
  smsTemplates,
  smsWebhookEvents,
  workflowActivities,
  workflows,
} from '../../db/schema/index.ts';
import {
  bearer,
  createAvailability,
  createClient,
  createSessionToken,
  createSite,
  createSmsTemplateSet,
  createSpecialist,
  createUser,
  createWorkflow,
} from '../../test/factories.ts';
import { type FakeSmsProvider, startFakeSmsProvider } from '../../test/fake-sms-provider.ts';
import { captureLog } from '../../test/logged-app.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { SMS_MAX_ATTEMPTS } from './sms-sequence.planner.ts';

const MEL = 'Australia/Melbourne';
const BOOKING_URL = '/api/admin/coreplus/appointment';
const SID = 'AC0123456789';
const TOKEN = 'webhook-test-token';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const TEMPLATES = [
  {
    type: 'AT_HOME',
    sortOrder: 1,
    content: 'Hi {patientName}, {specialistName} will see you {appointmentTime} by video. Reply Y or N.',
  },
  {
    type: 'AT_HOME',
    sortOrder: 2,
    content: 'Reminder {patientName}: {specialistName} {appointmentTime}. {videoLink}',
  },
  {
    type: 'AT_HOME',
    sortOrder: 3,
    content: 'Tomorrow: {specialistName} {appointmentTime}. Link {videoLink}',
  },
  {
    type: 'AT_GP',
    sortOrder: 1,
    content: 'Hi {patientName}, {specialistName} at {siteName} {appointmentTime}. Reply Y or N.',
  },
  { type: 'AT_GP', sortOrder: 2, content: 'GP reminder: {siteName} {appointmentTime}' },
  { type: 'AT_GP', sortOrder: 3, content: 'GP tomorrow: {siteName} {appointmentTime}' },
] as const;

describe('the automatic SMS sequence through a Twilio-style provider', () => {
  let t: TestApp;
  let provider: FakeSmsProvider;
  let userId: string;
  let setId: string;
  const log = captureLog();
  const logLines = log.lines;
  let mobileCounter = 10_000_000 + Math.floor(Math.random() * 80_000_000);

  beforeAll(async () => {
    provider = await startFakeSmsProvider({ accountSid: SID, authToken: TOKEN });
    t = await createTestApp({
      env: {
        SMS_PROVIDER: 'http',
        SMS_API_URL: provider.url,
        SMS_ACCOUNT_SID: SID,
        SMS_AUTH_TOKEN: TOKEN,
        SMS_FROM: '+61400000000',
        PUBLIC_URL: 'https://staff.telecare.test',
      },
      logger: {
        level: 'info',
        stream: log.stream,
      },
    });
    userId = (await createUser(t.db)).id;
    const set = await createSmsTemplateSet(t.db, 'Standard');
    setId = set.id;
    await t.db.insert(smsTemplates).values(TEMPLATES.map((tpl, i) => ({ ...tpl, setId, name: `T${i}` })));
    await t.db.insert(sites).values({ name: 'Own Device' }).onConflictDoNothing();
    await t.db
      .insert(postcodeTimezones)
      .values({ postcode: '6000', timezone: 'Australia/Perth' })
      .onConflictDoNothing();
  });
  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  /** Moves the test clock forward to `time` in Melbourne on the day `days` after today there. */
  function moveTo(days: number, time: string) {
    const target = instantAt(addDays(dayAt(t.clock.now(), MEL), days), time, MEL);
    t.clock.advance(target.getTime() - t.clock.now().getTime());
  }
  const drain = () => t.app.jobs.drain();
  /** A fresh session at the test clock's time (the clock jumps days ahead). */
  const staff = async () => bearer(await createSessionToken(t.db, userId, t.clock.now()));

  const nextMobile = () => {
    mobileCounter += 1;
    const mobile = `04${String(mobileCounter).slice(-8)}`;
    return { mobile, e164: `+61${mobile.slice(1)}` };
  };

  /** A patient with a fresh mobile, a specialist with a slot `daysAhead` days on, and a booking of it. */
  async function book(
    options: { daysAhead?: number; type?: 'atHome' | 'atGpClinic'; mobile?: string; postcode?: string } = {},
  ) {
    const mobile = options.mobile ?? nextMobile().mobile;
    const client = await createClient(t.db, { phoneMobile: mobile, firstName: 'Ava' });
    if (options.postcode) {
      await t.db
        .insert(clientAddresses)
        .values({ clientId: client.id, kind: 'residential', postcode: options.postcode });
    }
    const workflow = await createWorkflow(t.db, {
      clientId: client.id,
      clientFirstName: client.firstName,
      clientLastName: client.lastName,
      referralEndDate: '1900-01-01',
    });
    const date = addDays(dayAt(t.clock.now(), MEL), options.daysAhead ?? 10);
    const specialist = await createSpecialist(
      t.db,
      { firstName: 'Bea', lastName: 'Booker', videoLink: 'https://video.test/bea' },
      ['Dermatology'],
    );
    await createAvailability(t.db, {
      specialistId: specialist.id,
      fullDate: date,
      slots: [{ start: '09:00', end: '12:00' }],
    });
    const site =
      options.type === 'atGpClinic' ? await createSite(t.db, { name: `Clinic ${mobileCounter}` }) : undefined;
    const res = await t.app.inject({
      method: 'POST',
      url: BOOKING_URL,
      headers: await staff(),
      payload: {
        id: workflow.id,
        appointment: {
          specialistId: specialist.id,
          date,
          startTime: '09:30',
          durationMinutes: 30,
          timezone: MEL,
          appointmentType: options.type ?? 'atHome',
          consultationType: 'REVIEW',
          contOrTbc: 'CONT',
          ...(site ? { siteId: site.id } : {}),
        },
        selectedSMSTemplateSetId: setId,
      },
    });
    return { res, workflow, client, mobile, site, date, e164: `+61${mobile.slice(1)}` };
  }

  const steps = (workflowId: string) =>
    t.db
      .select()
      .from(smsMessages)
      .where(and(eq(smsMessages.workflowId, workflowId), eq(smsMessages.direction, 'outbound')));
  const sentTo = (e164: string) => provider.requests.filter((r) => r.to === e164);
  const deliveredTo = (e164: string) => [...provider.delivered.values()].filter((r) => r.to === e164);
  const detail = async (workflowId: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/workflow/${workflowId}`,
      headers: await staff(),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const incoming = (params: Record<string, string>, signature?: string) => {
    const signed = provider.signed('https://staff.telecare.test/api/sms/incoming', params);
    return t.app.inject({
      method: 'POST',
      url: '/api/sms/incoming',
      payload: signed.payload,
      headers: { ...signed.headers, ...(signature !== undefined ? { 'x-twilio-signature': signature } : {}) },
    });
  };
  const reply = (from: string, body: string) =>
    incoming({ From: from, Body: body, MessageSid: `SMin${Math.random()}` });
  const workflowRow = async (id: string) =>
    (await t.db.select().from(workflows).where(eq(workflows.id, id)))[0];

  it('plans six Not Sent steps on booking; the initial SMS goes out through the provider, keyed, form-encoded, basic auth', async () => {
    moveTo(1, '10:00');
    const booked = await book({ daysAhead: 10 });
    expect(booked.res.statusCode, booked.res.body).toBe(201);
    const planned = await steps(booked.workflow.id);
    expect(planned.map((s) => s.step).sort()).toEqual([
      'fourth',
      'initial',
      'initialSecond',
      'initialThird',
      'second',
      'third',
    ]);
    expect(planned.every((s) => s.status === 'planned' && s.sentAt === null && s.plannedAt)).toBe(true);
    const before = await detail(booked.workflow.id);
    expect(before.logs.appointmentSms).toHaveLength(6);
    expect(before.logs.appointmentSms.every((s: { sentAt: string | null }) => s.sentAt === null)).toBe(true);
    expect((await workflowRow(booked.workflow.id))?.smsReply).toBe('pending');

    await drain();
    const [request, ...more] = sentTo(booked.e164);
    expect(more).toHaveLength(0);
    const initial = planned.find((s) => s.step === 'initial');
    expect(request).toMatchObject({
      idempotencyKey: initial?.id,
      contentType: 'application/x-www-form-urlencoded',
      from: '+61400000000',
      authorization: `Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`,
    });
    expect(request?.body).toMatch(
      /^Hi Ava, Dr Bea Booker will see you \w{3} \d\d\/\d\d\/\d{4} 09:30 AE[SD]T by video/,
    );
    const after = await detail(booked.workflow.id);
    const sent = after.logs.appointmentSms.filter((s: { sentAt: string | null }) => s.sentAt !== null);
    expect(sent.map((s: { step: string }) => s.step)).toEqual(['initial']);
    expect(after.smsDots.initial).toBe('blue');
  });

  it('refuses a booking whose mobile is not an Australian mobile, before anything is queued', async () => {
    moveTo(1, '10:00');
    const jobsBefore = (await t.db.select().from(jobs)).length;
    const booked = await book({ mobile: '03 9123 4567' });
    expect(booked.res.statusCode).toBe(400);
    expect(booked.res.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: MOBILE_REFUSED });
    expect((await t.db.select().from(jobs)).length).toBe(jobsBefore);
    expect(await steps(booked.workflow.id)).toHaveLength(0);
  });

  it('refuses unsigned or wrongly signed webhooks with 403 and stores nothing', async () => {
    const count = async () => ({
      events: (await t.db.select().from(smsWebhookEvents)).length,
      sms: (await t.db.select().from(smsMessages).where(eq(smsMessages.direction, 'inbound'))).length,
    });
    const before = await count();
    const params = { From: '+61411111111', Body: 'yes', MessageSid: 'SMx' };
    expect((await incoming(params, '')).statusCode).toBe(403);
    expect((await incoming(params, 'bm90IHRoZSBzaWduYXR1cmU=')).statusCode).toBe(403);
    const tampered = provider.signed('https://staff.telecare.test/api/sms/incoming', params);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sms/incoming',
      headers: tampered.headers,
      payload: new URLSearchParams({ ...params, Body: 'no' }).toString(),
    });
    expect(res.statusCode).toBe(403);
    const status = await t.app.inject({
      method: 'POST',
      url: '/api/sms/status',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'MessageSid=SMx&MessageStatus=delivered',
    });
    expect(status.statusCode).toBe(403);
    expect(await count()).toEqual(before);
    const good = await incoming(params);
    expect(good.statusCode, good.body).toBe(200);
    expect(await count()).toEqual({ events: before.events + 1, sms: before.sms + 1 });
  });

  it('a signed yes turns the initial dot green, confirms, and stops initialSecond and initialThird', async () => {
    moveTo(1, '10:00');
    const booked = await book();
    await drain();
    const res = await reply(booked.e164, "Yes I'll be there");
    expect(res.statusCode, res.body).toBe(200);
    expect((await workflowRow(booked.workflow.id))?.smsReply).toBe('yes');
    const activities = await t.db
      .select()
      .from(workflowActivities)
      .where(eq(workflowActivities.workflowId, booked.workflow.id));
    expect(activities.map((a) => a.name)).toEqual(['confirm']);
    const audit = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'sms.reply'), eq(auditEvents.entityId, booked.workflow.id)));
    expect(audit).toHaveLength(1);
    const shown = await detail(booked.workflow.id);
    expect(shown.smsDots.initial).toBe('green');
    expect(shown.lastActivityName ?? shown.rowColour ?? 'confirm').toBeTruthy();
    t.clock.advance(3 * DAY);
    await drain();
    // Only the initial asked for a reply; 'second' (7 days before) has gone out by now.
    expect(sentTo(booked.e164).filter((r) => r.body.startsWith('Hi Ava'))).toHaveLength(1);
    const rows = await steps(booked.workflow.id);
    expect(
      rows
        .filter((r) => r.step?.startsWith('initial') && r.step !== 'initial')
        .every((r) => r.status === 'cancelled'),
    ).toBe(true);
    expect(rows.find((r) => r.step === 'third')?.status).toBe('planned');
  });

  it('a no (nope) turns the dot red, puts the workflow under needFollowUp and stops every reminder', async () => {
    moveTo(1, '10:00');
    const booked = await book();
    await drain();
    await reply(booked.mobile, 'nope');
    expect((await workflowRow(booked.workflow.id))?.smsReply).toBe('no');
    const answered = await detail(booked.workflow.id);
    expect(answered.smsDots.initial).toBe('red');
    expect(answered.smsReplies).toEqual({ initial: 'nope' });
    const list = await t.app.inject({
      method: 'POST',
      url: '/api/admin/workflow/list',
      headers: await staff(),
      payload: { filter: 'needFollowUp', page: 1, pageSize: 50 },
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().rows.map((r: { id: string }) => r.id)).toContain(booked.workflow.id);
    t.clock.advance(11 * DAY);
    await drain();
    expect(sentTo(booked.e164)).toHaveLength(1);
  });

  it('without a reply: initialSecond goes out 24 h later, and 8 hours after it the dots are yellow and the workflow needs follow-up', async () => {
    moveTo(1, '10:00');
    const booked = await book();
    await drain();
    t.clock.advance(24 * HOUR);
    await drain();
    expect(sentTo(booked.e164)).toHaveLength(2);
    t.clock.advance(8 * HOUR - MINUTE);
    await drain();
    expect((await workflowRow(booked.workflow.id))?.smsReply).toBe('pending');
    t.clock.advance(MINUTE);
    await drain();
    expect((await workflowRow(booked.workflow.id))?.smsReply).toBe('noResponse');
    const dots = (await detail(booked.workflow.id)).smsDots;
    expect([dots.initial, dots.initialSecond, dots.second]).toEqual(['yellow', 'yellow', 'blue']);
  });

  it('sends nothing between 20:00 and 08:00 in the patient zone (Perth postcode)', async () => {
    moveTo(1, '22:30'); // 19:30 in Perth: allowed there
    const perth = await book({ postcode: '6000' });
    await drain();
    expect(sentTo(perth.e164)).toHaveLength(1);
    moveTo(1, '23:30'); // 20:30 in Perth: quiet
    const later = await book({ postcode: '6000' });
    await drain();
    expect(sentTo(later.e164)).toHaveLength(0);
    moveTo(1, '10:59'); // 07:59 in Perth
    await drain();
    expect(sentTo(later.e164)).toHaveLength(0);
    t.clock.advance(MINUTE); // 08:00 in Perth
    await drain();
    expect(sentTo(later.e164)).toHaveLength(1);
  });

  it('reschedule re-plans from the new time; after a cancel nothing is ever sent', async () => {
    moveTo(1, '10:00');
    const booked = await book({ daysAhead: 12 });
    const appointmentId = booked.res.json().appointment.id as string;
    await drain();
    const newStart = instantAt(addDays(booked.date, 0), '11:00', MEL);
    const moved = await t.app.inject({
      method: 'PATCH',
      url: BOOKING_URL,
      headers: await staff(),
      payload: {
        id: booked.workflow.id,
        appointmentId,
        startDateTime: newStart.toISOString(),
        endDateTime: new Date(newStart.getTime() + 30 * MINUTE).toISOString(),
        duration: 30,
      },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const live = (await steps(booked.workflow.id)).filter((s) => s.status === 'planned');
    expect(live.map((s) => s.step).sort()).toEqual([
      'fourth',
      'initial',
      'initialSecond',
      'initialThird',
      'second',
      'third',
    ]);
    expect(live.find((s) => s.step === 'third')?.plannedAt?.toISOString()).toBe(
      new Date(newStart.getTime() - 2 * DAY).toISOString(),
    );
    await drain();
    const texts = sentTo(booked.e164).map((r) => r.body);
    expect(texts).toHaveLength(2);
    expect(texts[1]).toContain('11:00');

    const cancelled = await t.app.inject({
      method: 'DELETE',
      url: BOOKING_URL,
      headers: await staff(),
      payload: { id: booked.workflow.id, appointmentId },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    t.clock.advance(13 * DAY);
    await drain();
    expect(sentTo(booked.e164)).toHaveLength(2);
    expect((await steps(booked.workflow.id)).filter((s) => s.status === 'planned')).toHaveLength(0);
  });

  it('a Hospital appointment uses the AT_GP templates with the site; order 3 only for the fourth step', async () => {
    moveTo(1, '10:00');
    const booked = await book({ type: 'atGpClinic' });
    expect(booked.res.statusCode, booked.res.body).toBe(201);
    const rows = await steps(booked.workflow.id);
    const body = (step: string) => rows.find((r) => r.step === step)?.body ?? '';
    expect(body('initial')).toContain(`at ${booked.site?.name} `);
    expect(body('second')).toMatch(/^GP reminder: /);
    expect(body('fourth')).toMatch(/^GP tomorrow: /);
    expect(rows.filter((r) => r.body.startsWith('GP tomorrow')).map((r) => r.step)).toEqual(['fourth']);
  });

  it('a reply from an unknown number changes no workflow and is listed as unmatched', async () => {
    const res = await reply('+61499999999', 'yes');
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select().from(smsMessages).where(eq(smsMessages.phoneNumber, '+61499999999'));
    expect(row).toMatchObject({ workflowId: null, status: 'unmatched' });
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/messages/unmatched',
      headers: await staff(),
    });
    expect(list.json().rows.map((r: { id: string }) => r.id)).toContain(row?.id);
    const [read] = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'sms.unmatched.viewed'))
      .orderBy(desc(auditEvents.id))
      .limit(1);
    expect(read?.details).toMatchObject({ smsIds: expect.arrayContaining([row?.id]) });
  });

  it('retries with backoff: three provider errors then success sends once, after 4 attempts 1, 2 and 4 minutes apart', async () => {
    moveTo(1, '10:00');
    const { mobile, e164 } = nextMobile();
    provider.failNext(3, e164);
    const booked = await book({ mobile });
    const times: number[] = [];
    for (let minute = 0; minute <= 8; minute += 1) {
      const before = sentTo(booked.e164).length;
      await drain();
      if (sentTo(booked.e164).length > before) times.push(minute);
      t.clock.advance(MINUTE);
    }
    expect(times).toEqual([0, 1, 3, 7]);
    expect(deliveredTo(booked.e164)).toHaveLength(1);
    const initial = (await steps(booked.workflow.id)).find((s) => s.step === 'initial');
    expect(initial).toMatchObject({ status: 'sent', attempts: 4 });
  });

  it('provider down for 10 minutes then up, and answers lost after sending: 0 lost, 0 duplicates', async () => {
    moveTo(1, '10:00');
    provider.setDown(true);
    const bookings = [];
    for (let i = 0; i < 5; i += 1) bookings.push(await book());
    for (let minute = 0; minute < 10; minute += 1) {
      await drain();
      t.clock.advance(MINUTE);
    }
    expect(bookings.every((b) => deliveredTo(b.e164).length === 0)).toBe(true);
    provider.setDown(false);
    provider.loseAnswerNext(1, bookings[0]?.e164);
    provider.loseAnswerNext(1, bookings[3]?.e164);
    for (let minute = 0; minute < 40; minute += 1) {
      await drain();
      t.clock.advance(MINUTE);
    }
    for (const b of bookings) {
      expect(deliveredTo(b.e164)).toHaveLength(1);
      const initial = (await steps(b.workflow.id)).find((s) => s.step === 'initial');
      expect(initial?.status).toBe('sent');
      // Every call for the message carried the same key.
      expect(new Set(sentTo(b.e164).map((r) => r.idempotencyKey))).toEqual(new Set([initial?.id]));
    }
    // Two messages were accepted twice (answer lost), yet reached the phone once.
    expect(bookings.reduce((n, b) => n + sentTo(b.e164).length, 0)).toBe(7);
  });

  it('a message that used its attempts shows failed with the reason, and Retry sends it once', async () => {
    moveTo(1, '10:00');
    const { mobile, e164 } = nextMobile();
    provider.failNext(SMS_MAX_ATTEMPTS, e164);
    const booked = await book({ mobile });
    for (let minute = 0; minute <= 130; minute += 1) {
      await drain();
      t.clock.advance(MINUTE);
    }
    const initial = (await steps(booked.workflow.id)).find((s) => s.step === 'initial');
    expect(initial).toMatchObject({ status: 'failed', attempts: SMS_MAX_ATTEMPTS });
    expect(initial?.lastError).toContain('500');
    const failed = await t.app.inject({
      method: 'GET',
      url: '/api/admin/messages/failed',
      headers: await staff(),
    });
    expect(failed.json().rows).toContainEqual(
      expect.objectContaining({ id: initial?.id, lastError: initial?.lastError }),
    );
    const jobsFailed = await t.app.inject({
      method: 'GET',
      url: '/api/admin/jobs/failed',
      headers: await staff(),
    });
    expect(jobsFailed.json().rows).toContainEqual(
      expect.objectContaining({
        kind: 'sms.send',
        workflowId: booked.workflow.id,
        attempts: SMS_MAX_ATTEMPTS,
      }),
    );
    const shown = (await detail(booked.workflow.id)).logs.appointmentSms.find(
      (s: { id: string }) => s.id === initial?.id,
    );
    expect(shown).toMatchObject({ status: 'failed', sentAt: null });
    const retry = await t.app.inject({
      method: 'POST',
      url: `/api/admin/messages/${initial?.id}/retry`,
      headers: await staff(),
    });
    expect(retry.statusCode, retry.body).toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/messages/${initial?.id}/retry`,
      headers: await staff(),
    });
    expect(again.statusCode).toBe(404);
    await drain();
    expect(deliveredTo(booked.e164)).toHaveLength(1);
    expect((await steps(booked.workflow.id)).find((s) => s.step === 'initial')?.status).toBe('sent');
  });

  it('a signed delivered status sets delivered_at', async () => {
    moveTo(1, '10:00');
    const booked = await book();
    await drain();
    const initial = (await steps(booked.workflow.id)).find((s) => s.step === 'initial');
    const signed = provider.signed('https://staff.telecare.test/api/sms/status', {
      MessageSid: initial?.providerMessageId ?? '',
      MessageStatus: 'delivered',
    });
    const res = await t.app.inject({ method: 'POST', url: '/api/sms/status', ...signed });
    expect(res.statusCode, res.body).toBe(200);
    const after = (await steps(booked.workflow.id)).find((s) => s.step === 'initial');
    expect(after?.deliveredAt).toBeInstanceOf(Date);
    expect(after?.status).toBe('delivered');
  });

  it('a webhook delivered again (provider retry or replay) changes nothing the second time', async () => {
    moveTo(1, '10:00');
    const booked = await book();
    await drain();
    const no = { From: booked.e164, Body: 'No thanks', MessageSid: `SMno${booked.workflow.id}` };
    const [first, concurrent] = await Promise.all([incoming(no), incoming(no)]);
    expect([first.statusCode, concurrent.statusCode]).toEqual([200, 200]);
    const yes = await incoming({ From: booked.e164, Body: 'yes', MessageSid: `SMyes${booked.workflow.id}` });
    expect(yes.statusCode).toBe(200);
    expect((await workflowRow(booked.workflow.id))?.smsReply).toBe('yes');
    // The same signed "no" posted again a day later: stored as an event, never as a second reply.
    t.clock.advance(DAY);
    expect((await incoming(no)).statusCode).toBe(200);
    expect((await workflowRow(booked.workflow.id))?.smsReply).toBe('yes');
    const inbound = await t.db
      .select()
      .from(smsMessages)
      .where(and(eq(smsMessages.workflowId, booked.workflow.id), eq(smsMessages.direction, 'inbound')));
    expect(inbound.map((m) => m.body).sort()).toEqual(['No thanks', 'yes']);
    const activities = await t.db
      .select()
      .from(workflowActivities)
      .where(eq(workflowActivities.workflowId, booked.workflow.id));
    const replies = activities.map((a) => a.name).filter((name) => name === 'confirm' || name === 'decline');
    expect(replies.sort()).toEqual(['confirm', 'decline']);
  });

  it('a message the provider reports undelivered shows failed, and Retry sends it again under a new key', async () => {
    moveTo(1, '10:00');
    const booked = await book();
    await drain();
    const initial = (await steps(booked.workflow.id)).find((s) => s.step === 'initial');
    expect(deliveredTo(booked.e164)).toHaveLength(1);
    const report = provider.signed('https://staff.telecare.test/api/sms/status', {
      MessageSid: initial?.providerMessageId ?? '',
      MessageStatus: 'undelivered',
      ErrorCode: '30003',
    });
    expect((await t.app.inject({ method: 'POST', url: '/api/sms/status', ...report })).statusCode).toBe(200);
    const shown = () =>
      detail(booked.workflow.id).then((d) =>
        d.logs.appointmentSms.find((s: { id: string }) => s.id === initial?.id),
      );
    expect(await shown()).toMatchObject({
      status: 'failed',
      lastError: 'The provider reported undelivered (error 30003).',
    });

    const retry = await t.app.inject({
      method: 'POST',
      url: `/api/admin/messages/${initial?.id}/retry`,
      headers: await staff(),
    });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(await shown()).toMatchObject({ status: 'queued', sentAt: null });
    await drain();
    await drain();
    // The first key would have answered the undelivered message again: a new key, one new message.
    const keys = deliveredTo(booked.e164).map((m) => m.idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(initial?.id);
    expect(keys[1]).toMatch(new RegExp(`^${initial?.id}-retry-`));
    const after = await shown();
    expect(after).toMatchObject({ status: 'sent', lastError: null });
    expect(after.sentAt).toEqual(expect.any(String));
    const [row] = await t.db
      .select()
      .from(smsMessages)
      .where(eq(smsMessages.id, initial?.id ?? ''));
    expect(row?.providerMessageId).not.toBe(initial?.providerMessageId);
  });

  it('logs no phone number and no message text', async () => {
    const everything = logLines.join('\n');
    expect(logLines.length).toBeGreaterThan(0);
    const numbers = (await t.db.select({ phone: clients.phoneMobile }).from(clients))
      .map((r) => r.phone)
      .filter(Boolean);
    for (const phone of numbers) {
      expect(everything).not.toContain(phone);
      expect(everything).not.toContain(`+61${(phone as string).slice(1)}`);
    }
    expect(everything).not.toContain('Bea Booker');
    expect(everything).not.toContain("I'll be there");
    expect(everything).not.toContain('nope');
  });
});
