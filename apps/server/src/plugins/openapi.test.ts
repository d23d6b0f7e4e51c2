import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { readConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { bearer, createSessionToken, createUser } from '../test/factories.ts';
import { createTestApp } from '../test/test-app.ts';
import { openTestDatabase } from '../test/test-database.ts';

/** The API description names every route and field: in production only signed-in staff read it. */
describe('the OpenAPI document', () => {
  describe('in production', () => {
    let database: Database;
    let app: Awaited<ReturnType<typeof buildApp>>;
    beforeAll(async () => {
      database = await openTestDatabase();
      const config = readConfig({
        NODE_ENV: 'production',
        LOG_LEVEL: 'silent',
        WEB_DIST_DIR: '/nonexistent',
        PUBLIC_URL: 'https://staff.telecare.test',
        EMAIL_WORKER_INTERVAL_MS: '0',
      });
      app = await buildApp({ config, database, logger: false });
      await app.ready();
    });
    afterAll(async () => {
      await app.close();
      await database.close();
    });

    it('answers 401 without a session, for the document and the page', async () => {
      for (const url of ['/api/docs/json', '/api/docs/yaml', '/api/docs', '/api/docs/static/index.html']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(401);
        expect(res.json().code, url).toBe('UNAUTHENTICATED');
      }
    });

    it('answers 401 to a session still at the second sign-in step', async () => {
      const user = await createUser(database.db);
      const pending = await createSessionToken(database.db, user.id, new Date(), { mfaComplete: false });
      const res = await app.inject({ method: 'GET', url: '/api/docs/json', headers: bearer(pending) });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('MFA_REQUIRED');
    });

    it('answers a signed-in staff member, by bearer token or session cookie', async () => {
      const token = await createSessionToken(database.db, (await createUser(database.db)).id);
      const byBearer = await app.inject({ method: 'GET', url: '/api/docs/json', headers: bearer(token) });
      expect(byBearer.statusCode).toBe(200);
      expect(byBearer.json().paths).toHaveProperty(['/api/auth/sign-in']);
      const byCookie = await app.inject({ method: 'GET', url: '/api/docs', cookies: { tc_session: token } });
      expect(byCookie.statusCode).toBeLessThan(400);
    });
  });

  it('stays public in development and test', async () => {
    const t = await createTestApp();
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(res.statusCode).toBe(200);
      expect(res.json().openapi).toMatch(/^3\./);
    } finally {
      await t.close();
    }
  });
});
