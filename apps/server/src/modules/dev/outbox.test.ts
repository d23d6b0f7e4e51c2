import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** The outbox holds sign-in codes and reset links: only a caller on this machine may read it. */
describe('the development outbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A proxy is trusted here, to show that what it says about the client does not count.
    t = await createTestApp({
      env: { NODE_ENV: 'development', EMAIL_WORKER_INTERVAL_MS: '0', TRUST_PROXY: '10.0.0.0/8' },
    });
  });
  afterAll(() => t.close());

  const read = (remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/api/dev/outbox', remoteAddress, headers });

  it('answers a caller on this machine', async () => {
    for (const address of ['127.0.0.1', '127.0.0.2', '::1', '::ffff:127.0.0.1']) {
      const res = await read(address);
      expect(res.statusCode, address).toBe(200);
      expect(res.json()).toHaveProperty('messages');
    }
    for (const host of ['localhost:3000', '127.0.0.1:5173', '[::1]:3000', 'LOCALHOST']) {
      expect((await read('127.0.0.1', { host })).statusCode, host).toBe(200);
    }
  });

  it("refuses a page that rebound its name to this machine: the Host is not this machine's", async () => {
    for (const host of ['rebind.attacker.example:3000', 'localhost.attacker.example', '192.168.1.5:5173']) {
      const res = await read('127.0.0.1', { host });
      expect(res.statusCode, host).toBe(403);
    }
    const inbound = await t.app.inject({
      method: 'POST',
      url: '/api/dev/sms/inbound',
      remoteAddress: '127.0.0.1',
      headers: { host: 'rebind.attacker.example:3000' },
      payload: { from: '+61400000000', body: 'yes' },
    });
    expect(inbound.statusCode).toBe(403);
  });

  it('refuses callers from elsewhere, whatever their forwarded headers say', async () => {
    const cases: [string, Record<string, string>][] = [
      ['10.0.0.5', {}],
      ['192.168.1.20', {}],
      ['8.8.8.8', { 'x-forwarded-for': '127.0.0.1' }],
      ['10.0.0.5', { 'x-forwarded-for': '127.0.0.1' }],
      ['127.0.0.1', { 'x-forwarded-for': '8.8.8.8' }],
      ['127.0.0.1', { forwarded: 'for=8.8.8.8' }],
    ];
    for (const [address, headers] of cases) {
      const res = await read(address, headers);
      expect(res.statusCode, `${address} ${JSON.stringify(headers)}`).toBe(403);
      expect(res.json()).toEqual({
        code: 'FORBIDDEN',
        message: 'The outbox can be read from this machine only.',
      });
    }
  });

  it('does not exist outside development', async () => {
    const test = await createTestApp();
    try {
      const res = await test.app.inject({ method: 'GET', url: '/api/dev/outbox' });
      expect(res.statusCode).toBe(404);
    } finally {
      await test.close();
    }
  });
});
