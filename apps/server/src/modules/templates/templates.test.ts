import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsTemplates } from '../../db/schema/index.ts';
import { bearer, createSessionToken, createSmsTemplateSet, createUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const URL = '/api/templates/sms-template-sets';

describe('GET /api/templates/sms-template-sets', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const get = (headers = {}) => t.app.inject({ method: 'GET', url: URL, headers });

  it('lists every set by name with how many templates it holds', async () => {
    const regional = await createSmsTemplateSet(t.db, 'Zz Regional');
    const standard = await createSmsTemplateSet(t.db, 'Aa Standard');
    await t.db.insert(smsTemplates).values(
      [1, 2, 3].map((sortOrder) => ({
        setId: standard.id,
        name: `Reminder ${sortOrder}`,
        content: 'See you soon',
        type: 'AT_HOME' as const,
        sortOrder,
      })),
    );
    const token = await createSessionToken(t.db, (await createUser(t.db)).id);
    const res = await get(bearer(token));
    expect(res.statusCode, res.body).toBe(200);
    const { sets } = res.json() as { sets: { id: string; name: string }[] };
    const ids = sets.map((set) => set.id);
    expect(ids.indexOf(standard.id)).toBeLessThan(ids.indexOf(regional.id));
    expect(sets.find((set) => set.id === standard.id)).toEqual({
      id: standard.id,
      name: 'Aa Standard',
      type: null,
      templateCount: 3,
    });
    expect(sets.find((set) => set.id === regional.id)).toMatchObject({ templateCount: 0 });
  });

  it('refuses a caller without a session (401) and a role without workflow permission (403)', async () => {
    expect((await get()).statusCode).toBe(401);
    const gp = await createSessionToken(t.db, (await createUser(t.db, { role: 'GP' })).id);
    const forbidden = await get(bearer(gp));
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().code).toBe('FORBIDDEN');
  });
});
