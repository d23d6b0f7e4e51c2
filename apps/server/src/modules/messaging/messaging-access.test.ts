import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createSessionToken, createUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

describe('the staff routes of messaging', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('refuse a GP (403) and an anonymous caller (401): failed messages, Retry, failed jobs, unmatched replies', async () => {
    const gp = await createUser(t.db, { role: 'GP' });
    const gpToken = await createSessionToken(t.db, gp.id, t.clock.now());
    const staffToken = await createSessionToken(t.db, (await createUser(t.db)).id, t.clock.now());
    const routes: [method: 'GET' | 'POST', url: string][] = [
      ['GET', '/api/admin/messages/failed'],
      ['POST', '/api/admin/messages/00000000-0000-4000-8000-000000000000/retry'],
      ['GET', '/api/admin/jobs/failed'],
      ['GET', '/api/admin/messages/unmatched'],
    ];
    for (const [method, url] of routes) {
      expect((await t.app.inject({ method, url })).statusCode, `${method} ${url}`).toBe(401);
      expect(
        (await t.app.inject({ method, url, headers: bearer(gpToken) })).statusCode,
        `${method} ${url}`,
      ).toBe(403);
    }
    // The same routes answer staff who may change workflows (the Retry of an unknown message: 404).
    const answers = await Promise.all(
      routes.map(([method, url]) => t.app.inject({ method, url, headers: bearer(staffToken) })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 404, 200, 200]);
  });
});
