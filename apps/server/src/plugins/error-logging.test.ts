import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createSessionToken, createUser } from '../test/factories.ts';
import { type LoggedApp, openLoggedApp } from '../test/logged-app.ts';

const PATIENT = 'Zelda Leaktest';

describe('errors in the log', () => {
  let t: LoggedApp;
  beforeAll(async () => {
    t = await openLoggedApp((app, db) => {
      app.get('/api/test/missing-table', { config: { access: 'public' } }, () =>
        db.execute(sql`select * from no_such_table where name = ${PATIENT}`),
      );
      app.get('/api/test/bad-value', { config: { access: 'public' } }, () =>
        db.execute(sql`select ${`${PATIENT} 1962`}::date`),
      );
    });
  });
  afterAll(() => t?.close());

  it('keeps the kind of a database error, its SQLSTATE and statement, never the values it quotes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/missing-table' });
    expect(res.statusCode).toBe(500);
    const logged = t.lines.join('');
    expect(logged).toContain('42P01');
    expect(logged).toContain('no_such_table');
    expect(logged).not.toContain('Zelda');
    expect(logged).not.toContain('Leaktest');
  });

  it('answers 400 when the database refuses a value, and logs only its SQLSTATE', async () => {
    t.lines.length = 0;
    const res = await t.app.inject({ method: 'GET', url: '/api/test/bad-value' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    const logged = t.lines.join('');
    expect(logged).toMatch(/"sqlState":"22/);
    expect(logged).not.toContain('Leaktest');
  });

  it('refuses a date that does not exist before it reaches the database', async () => {
    const { db } = t;
    const user = await createUser(db, { role: 'TELECARE_SUPERVISOR', isSupervisor: true });
    const token = await createSessionToken(db, user.id);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/user-activity/report?startDate=2026-13-45&endDate=2026-14-01',
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('You must select a valid time range.');
  });
});
