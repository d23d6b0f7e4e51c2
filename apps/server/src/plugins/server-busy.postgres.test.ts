import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBusyAnswer } from '../test/busy-answer.ts';
import { bearer, createSessionToken, createUser } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

// Runs with TEST_DATABASE_URL only (vitest.config.ts): PGlite has one connection, no pool to fill.
describe('a server whose connections are all in use', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp();
    const user = await createUser(t.db, { role: 'TELECARE_ADMIN' });
    token = await createSessionToken(t.db, user.id);
  });
  afterAll(() => t?.close());

  /** A read that needs a connection (the session itself is cached after the first request). */
  const todos = () => t.app.inject({ method: 'GET', url: '/api/admin/todo', headers: bearer(token) });

  it('answers 503 SERVER_BUSY, not "the database cannot be reached", and answers again once one is free', async () => {
    expect((await todos()).statusCode).toBe(200);
    const pool = (t.db as unknown as { $client: pg.Pool }).$client;
    const max = pool.options.max as number;
    const held: pg.PoolClient[] = [];
    try {
      for (let i = 0; i < max; i++) held.push(await pool.connect());
      expect(pool.totalCount).toBe(max);
      expect(pool.idleCount).toBe(0);
      const started = Date.now();
      expectBusyAnswer(await todos());
      // It waited its connectionTimeoutMillis (2 s) in the queue of the full pool.
      expect(Date.now() - started).toBeGreaterThanOrEqual(1950);
    } finally {
      for (const client of held) client.release();
    }
    expect((await todos()).statusCode).toBe(200);
  });
});
