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
