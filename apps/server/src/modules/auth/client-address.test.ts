import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, TEST_PASSWORD } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const US = '8.8.8.8';
const AU = '1.128.0.1';

const signIn = (t: TestApp, email: string, password: string, remoteAddress: string, forwardedFor?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email, password },
    remoteAddress,
    ...(forwardedFor ? { headers: { 'x-forwarded-for': forwardedFor } } : {}),
  });

/**
 * Who the client is (TRUST_PROXY) decides the country check and the per-address throttle; which
 * addresses skip the country check is configured (COUNTRY_CHECK_EXEMPT_NETWORKS), not assumed.
 */
describe('the client address when no proxy is trusted', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('ignores X-Forwarded-For', async () => {
    const user = await createUser(t.db);
    const res = await signIn(t, user.email, TEST_PASSWORD, US, AU);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('COUNTRY_NOT_ALLOWED');
  });

  it('exempts loopback from the country check by default outside production, and nothing else', async () => {
    const user = await createUser(t.db);
    expect((await signIn(t, user.email, TEST_PASSWORD, '127.0.0.1')).statusCode).toBe(200);
    expect((await signIn(t, user.email, TEST_PASSWORD, '::1')).statusCode).toBe(200);
    expect((await signIn(t, user.email, TEST_PASSWORD, '10.1.2.3')).statusCode).toBe(403);
    expect((await signIn(t, user.email, TEST_PASSWORD, '192.168.1.20')).statusCode).toBe(403);
  });
});

describe('the client address behind listed proxies', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' } });
  });
  afterAll(() => t.close());

  it('is what the trusted proxy added, not what the client wrote before it', async () => {
    const user = await createUser(t.db);
    for (const forged of [`${AU}, ${US}`, `10.9.9.9, ${US}`, `127.0.0.1, ${US}`]) {
      const res = await signIn(t, user.email, TEST_PASSWORD, '127.0.0.1', forged);
      expect(res.statusCode, forged).toBe(403);
      expect(res.json().code).toBe('COUNTRY_NOT_ALLOWED');
    }
    expect((await signIn(t, user.email, TEST_PASSWORD, '127.0.0.1', `${US}, ${AU}`)).statusCode).toBe(200);
  });

  it('is the rightmost address that no listed proxy added, through a chain of them', async () => {
    const user = await createUser(t.db);
    const through = (forwardedFor: string) => signIn(t, user.email, TEST_PASSWORD, '127.0.0.1', forwardedFor);
    expect((await through(`${US}, ${AU}, 10.1.1.1`)).statusCode).toBe(200);
    expect((await through(`${AU}, ${US}, 10.1.1.1`)).statusCode).toBe(403);
  });

  it('is the socket address when the caller is not a listed proxy, whatever its header says', async () => {
    const user = await createUser(t.db);
    expect((await signIn(t, user.email, TEST_PASSWORD, US, AU)).statusCode).toBe(403);
    expect((await signIn(t, user.email, TEST_PASSWORD, US, `${AU}, 127.0.0.1`)).statusCode).toBe(403);
  });

  it('keys the throttle, so a new X-Forwarded-For value does not reset it', async () => {
    const client = '1.128.0.2';
    for (let i = 0; i < 20; i++) {
      const res = await signIn(t, `guess${i}@telecare.test`, 'x', '127.0.0.1', `10.0.${i}.1, ${client}`);
      expect(res.statusCode).toBe(401);
    }
    const user = await createUser(t.db);
    const res = await signIn(t, user.email, TEST_PASSWORD, '127.0.0.1', `10.0.99.1, ${client}`);
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe('TOO_MANY_ATTEMPTS');
  });
});

describe('the country check in production', () => {
  const production = { NODE_ENV: 'production', EMAIL_WORKER_INTERVAL_MS: '0' };

  it('checks private and loopback addresses too', async () => {
    const t = await createTestApp({ env: production });
    try {
      const user = await createUser(t.db);
      for (const address of ['10.1.2.3', '192.168.1.20', '127.0.0.1']) {
        const res = await signIn(t, user.email, TEST_PASSWORD, address);
        expect(res.statusCode, address).toBe(403);
        expect(res.json().code).toBe('COUNTRY_NOT_ALLOWED');
      }
    } finally {
      await t.close();
    }
  });

  it('exempts the networks listed in COUNTRY_CHECK_EXEMPT_NETWORKS', async () => {
    const t = await createTestApp({ env: { ...production, COUNTRY_CHECK_EXEMPT_NETWORKS: '10.0.0.0/8' } });
    try {
      const user = await createUser(t.db);
      expect((await signIn(t, user.email, TEST_PASSWORD, '10.1.2.3')).statusCode).toBe(200);
      expect((await signIn(t, user.email, TEST_PASSWORD, '192.168.1.20')).statusCode).toBe(403);
    } finally {
      await t.close();
    }
  });
});
