import { ErrorCode } from '@telecare/contracts/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsWebhookEvents } from '../../db/schema/index.ts';
import { webhookSignature } from '../../integrations/sms/webhook-signature.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { WEBHOOK_RATE_MESSAGE } from './webhook-rate-limit.ts';

const TOKEN = 'rate-test-token';
const PUBLIC_URL = 'https://staff.telecare.test';
const LIMIT = 5;

describe('rate limit on the provider webhooks', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { SMS_AUTH_TOKEN: TOKEN, PUBLIC_URL, WEBHOOK_REQUESTS_PER_MINUTE: String(LIMIT) },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (path: string, n: number, remoteAddress: string) => {
    const params = { MessageSid: `SMrate${n}`, MessageStatus: 'delivered', From: '+61400000001', Body: 'x' };
    return t.app.inject({
      method: 'POST',
      url: path,
      remoteAddress,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': webhookSignature(TOKEN, `${PUBLIC_URL}${path}`, params),
      },
      payload: new URLSearchParams(params).toString(),
    });
  };
  const stored = async () => (await t.db.select().from(smsWebhookEvents)).length;

  it('answers a flood from one address 429 and stores none of it; other addresses and the next minute pass', async () => {
    const flooder = '203.0.113.7';
    const statuses: number[] = [];
    for (let n = 0; n < LIMIT + 20; n += 1) {
      statuses.push((await post(n % 2 ? '/api/sms/status' : '/api/sms/incoming', n, flooder)).statusCode);
    }
    expect(statuses.slice(0, LIMIT)).toEqual(Array(LIMIT).fill(200));
    expect(statuses.slice(LIMIT)).toEqual(Array(20).fill(429));
    expect(await stored()).toBe(LIMIT);

    const refused = await post('/api/sms/status', 999, flooder);
    expect(refused.json()).toMatchObject({ code: ErrorCode.tooManyAttempts, message: WEBHOOK_RATE_MESSAGE });

    expect((await post('/api/sms/status', 1000, '198.51.100.9')).statusCode).toBe(200);
    t.clock.advance(60_000);
    expect((await post('/api/sms/status', 1001, flooder)).statusCode).toBe(200);
    expect(await stored()).toBe(LIMIT + 2);
  });
});
