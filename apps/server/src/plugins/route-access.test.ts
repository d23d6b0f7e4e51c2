import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../db/schema/index.ts';
import { bearer, createSessionToken, createUser } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/** Every API route refuses a caller with no session, and one whose role lacks the route's permission. */
describe('API route access', () => {
  let t: TestApp;
  let gpToken: string;
  beforeAll(async () => {
    t = await createTestApp();
    gpToken = await createSessionToken(t.db, (await createUser(t.db, { role: 'GP' })).id, t.clock.now());
  });
  afterAll(() => t.close());

  const concrete = (url: string) => url.replace(/:[a-zA-Z]+/g, '00000000-0000-0000-0000-000000000000');

  it('knows the API routes', () => {
    expect(t.app.apiRoutes.length).toBeGreaterThan(3);
  });

  it('refuses every non-public route without a session (401)', async () => {
    for (const route of t.app.apiRoutes.filter((r) => r.access !== 'public')) {
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: concrete(route.url),
        payload: {},
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('refuses every permission route to a role without that permission (403)', async () => {
    const guarded = t.app.apiRoutes.filter((r) => !['public', 'signed-in', 'mfa-pending'].includes(r.access));
    expect(guarded.length).toBeGreaterThan(0);
    for (const route of guarded) {
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: concrete(route.url),
        headers: { authorization: `Bearer ${gpToken}` },
        payload: {},
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
  });

  it('audits a refusal of a signed-in user: who, role, method, route pattern and address, never the URL', async () => {
    const coordinator = await createUser(t.db, { role: 'TELECARE_ADMIN' });
    const token = await createSessionToken(t.db, coordinator.id, t.clock.now());
    const someone = '11111111-2222-4333-8444-555555555555';
    const restore = await t.app.inject({
      method: 'POST',
      url: '/api/admin/workflow/restore',
      headers: bearer(token),
      payload: { ids: [someone] },
      remoteAddress: '10.7.7.7',
    });
    expect(restore.statusCode).toBe(403);
    const user = await t.app.inject({
      method: 'GET',
      url: `/api/admin/auth/user/${someone}?name=Smith`,
      headers: bearer(token),
      remoteAddress: '10.7.7.7',
    });
    expect(user.statusCode).toBe(403);

    const rows = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorUserId, coordinator.id), eq(auditEvents.action, 'access.refused')))
      .orderBy(auditEvents.id);
    const refusal = (method: string, route: string, access: string) => ({
      actorRole: 'TELECARE_ADMIN',
      entityType: 'route',
      entityId: `${method} ${route}`,
      ipAddress: '10.7.7.7',
      details: { method, route, access },
    });
    expect(rows).toMatchObject([
      refusal('POST', '/api/admin/workflow/restore', 'WORKFLOW_RESTORE'),
      refusal('GET', '/api/admin/auth/user/:uid', 'OTHER_SETTINGS'),
    ]);
    expect(JSON.stringify(rows)).not.toMatch(/Smith|11111111/);
  });

  it('refuses every route past the second-factor step to a session that has not finished it (401)', async () => {
    const user = await createUser(t.db);
    const pending = await createSessionToken(t.db, user.id, t.clock.now(), { mfaComplete: false });
    const gated = t.app.apiRoutes.filter((r) => r.access !== 'public' && r.access !== 'mfa-pending');
    expect(gated.length).toBeGreaterThan(5);
    for (const route of gated) {
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: concrete(route.url),
        headers: { authorization: `Bearer ${pending}` },
        payload: {},
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(res.json().code).toBe('MFA_REQUIRED');
    }
  });

  it('will not start with an API route that declares no access', async () => {
    const { default: Fastify } = await import('fastify');
    const { registerAuth } = await import('./auth.ts');
    const app = Fastify();
    registerAuth(app, { resolveSession: async () => null } as never);
    const start = async () => {
      app.get('/api/unguarded', async () => 'open');
      await app.ready();
    };
    await expect(start()).rejects.toThrow(/declares no access/);
  });
});
