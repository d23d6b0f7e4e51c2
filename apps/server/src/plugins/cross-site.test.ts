import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../db/schema/index.ts';
import { bearer, createSessionToken, createUser, TEST_PASSWORD } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/** A state-changing API request sent by a page of another site is refused before any work. */
describe('cross-site requests', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = await createSessionToken(t.db, (await createUser(t.db)).id);
  });
  afterAll(() => t.close());

  const refusal = {
    code: 'CROSS_SITE_REQUEST',
    message: 'This request came from another site and was refused.',
  };
  const signIn = (email: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers,
      payload: { email, password: TEST_PASSWORD },
    });
  const listWorkflows = (headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/workflow/list',
      headers: { ...bearer(token), ...headers },
      payload: {},
    });

  it('refuses a sign-in from another origin with 403, before the password is checked', async () => {
    const user = await createUser(t.db);
    for (const origin of ['https://evil.example', 'null', 'http://localhost:3000.evil.example']) {
      const res = await signIn(user.email, { origin });
      expect(res.statusCode, origin).toBe(403);
      expect(res.json()).toEqual(refusal);
    }
    expect(await t.db.select().from(auditEvents).where(eq(auditEvents.entityId, user.id))).toEqual([]);
  });

  it('refuses a signed-in POST from another origin, and the same host under another scheme', async () => {
    const evil = await listWorkflows({ origin: 'https://evil.example' });
    expect(evil.statusCode).toBe(403);
    expect(evil.json()).toEqual(refusal);
    const otherScheme = await listWorkflows({
      host: 'staff.telecare.test',
      origin: 'https://staff.telecare.test',
    });
    expect(otherScheme.statusCode).toBe(403);
  });

  it("lets through the app's own origin, the request's own host, and requests without an Origin", async () => {
    expect(t.config.publicUrl).toBe('http://localhost:3000');
    expect(
      (await signIn((await createUser(t.db)).email, { origin: 'http://localhost:3000' })).statusCode,
    ).toBe(200);
    expect((await listWorkflows({ origin: 'http://localhost:3000' })).statusCode).toBe(200);
    expect(
      (await listWorkflows({ host: 'staff.telecare.test', origin: 'http://staff.telecare.test' })).statusCode,
    ).toBe(200);
    expect((await listWorkflows({})).statusCode).toBe(200);
    expect((await signIn((await createUser(t.db)).email)).statusCode).toBe(200);
  });

  it('leaves reads alone', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { ...bearer(token), origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(200);
  });
});
