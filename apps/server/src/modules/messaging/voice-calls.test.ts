import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ivrCalls, smsWebhookEvents } from '../../db/schema/index.ts';
import { enqueueJobs } from '../../jobs/job-runner.ts';
import { bearer, createSessionToken, createUser, createWorkflow } from '../../test/factories.ts';
import { type FakeSmsProvider, startFakeSmsProvider } from '../../test/fake-sms-provider.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { VOICE_JOB } from './voice-calls.ts';

const SID = 'AC0123456789';
const TOKEN = 'voice-test-token';
const PUBLIC_URL = 'https://staff.telecare.test';
const SCRIPT = 'This is Telecare. Press 1 to confirm your appointment, or 2 if you cannot attend.';

describe('voice calls through a Twilio-style provider', () => {
  let t: TestApp;
  let provider: FakeSmsProvider;
  let token: string;

  beforeAll(async () => {
    provider = await startFakeSmsProvider({ accountSid: SID, authToken: TOKEN });
    t = await createTestApp({
      env: {
        VOICE_PROVIDER: 'http',
        SMS_API_URL: provider.url,
        SMS_ACCOUNT_SID: SID,
        SMS_AUTH_TOKEN: TOKEN,
        SMS_FROM: '+61400000000',
        PUBLIC_URL,
      },
    });
    token = await createSessionToken(t.db, (await createUser(t.db)).id);
  });
  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  async function queuedCall() {
    const workflow = await createWorkflow(t.db);
    const [call] = await t.db
      .insert(ivrCalls)
      .values({ workflowId: workflow.id, phoneNumber: '+61412345678', voiceContent: SCRIPT })
      .returning();
    if (!call) throw new Error('no call');
    await enqueueJobs(t.db, [
      { kind: VOICE_JOB.call, payload: { ivrCallId: call.id }, runAt: t.clock.now() },
    ]);
    return { workflow, call };
  }
  const post = (path: string, params: Record<string, string>, signed = true) => {
    const request = provider.signed(`${PUBLIC_URL}${path}`, params);
    return t.app.inject({
      method: 'POST',
      url: path,
      headers: signed ? request.headers : { 'content-type': 'application/x-www-form-urlencoded' },
      payload: request.payload,
    });
  };
  const callRow = async (id: string) => (await t.db.select().from(ivrCalls).where(eq(ivrCalls.id, id)))[0];
  const voiceDot = async (workflowId: string) =>
    (
      await t.app.inject({ method: 'GET', url: `/api/admin/workflow/${workflowId}`, headers: bearer(token) })
    ).json().voiceCallDot;

  it('places a queued call once, keyed, with the script and a gather for 1 or 2', async () => {
    const { call } = await queuedCall();
    await t.app.jobs.drain();
    const placed = provider.calls.get(call.id);
    expect(placed?.to).toBe('+61412345678');
    expect(placed?.twiml).toContain(
      '<Gather numDigits="1" action="https://staff.telecare.test/api/ivr/gather"',
    );
    expect(placed?.twiml).toContain('Press 1 to confirm');
    expect(placed?.statusCallback).toBe(`${PUBLIC_URL}/api/ivr/status`);
    expect(provider.callRequests.at(-1)?.authorization).toBe(
      `Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`,
    );
    expect((await callRow(call.id))?.providerCallId).toBe(placed?.sid);

    // Queued again (e.g. after a crash before marking): the row already has the provider's id.
    await enqueueJobs(t.db, [
      { kind: VOICE_JOB.call, payload: { ivrCallId: call.id }, runAt: t.clock.now() },
    ]);
    await t.app.jobs.drain();
    expect(provider.callRequests.filter((r) => r.idempotencyKey === call.id)).toHaveLength(1);
  });

  it('refuses unsigned call webhooks (403, nothing stored); signed ones set the status and the reply', async () => {
    const { workflow, call } = await queuedCall();
    await t.app.jobs.drain();
    const sid = (await callRow(call.id))?.providerCallId as string;
    const stored = async () => (await t.db.select().from(smsWebhookEvents)).length;
    const before = await stored();

    expect((await post('/api/ivr/gather', { CallSid: sid, Digits: '1' }, false)).statusCode).toBe(403);
    expect((await post('/api/ivr/status', { CallSid: sid, CallStatus: 'completed' }, false)).statusCode).toBe(
      403,
    );
    expect(await stored()).toBe(before);
    expect((await callRow(call.id))?.reply).toBeNull();

    expect((await post('/api/ivr/status', { CallSid: sid, CallStatus: 'ringing' })).statusCode).toBe(200);
    expect((await callRow(call.id))?.status).toBe('ringing');
    const gathered = await post('/api/ivr/gather', { CallSid: sid, Digits: '1' });
    expect(gathered.statusCode).toBe(200);
    expect(gathered.headers['content-type']).toContain('text/xml');
    expect((await callRow(call.id))?.reply).toBe('1');
    expect(await voiceDot(workflow.id)).toBe('green');
    expect(await stored()).toBe(before + 2);

    // A key other than 1 or 2 is stored as received but is no reply.
    const other = await queuedCall();
    await t.app.jobs.drain();
    const otherSid = (await callRow(other.call.id))?.providerCallId as string;
    expect((await post('/api/ivr/gather', { CallSid: otherSid, Digits: '7' })).statusCode).toBe(200);
    expect((await callRow(other.call.id))?.reply).toBeNull();
  });
});
