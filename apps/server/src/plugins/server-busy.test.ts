import { ErrorCode } from '@telecare/contracts/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBusyAnswer } from '../test/busy-answer.ts';
import { type LoggedApp, openLoggedApp } from '../test/logged-app.ts';

const PATIENT = 'Zelda Busytest';

/** How drizzle wraps a driver error: the statement and its values in the message, the error as cause. */
const failedQuery = (cause: Error) =>
  new Error(`Failed query: select * from users where name = $1\nparams: ${PATIENT}`, { cause });

// PGlite has no pool to fill (server-busy.postgres.test.ts fills a real one): these routes throw the
// errors pg-pool throws, as drizzle hands them on.
describe('a busy server and an unreachable database', () => {
  let t: LoggedApp;
  beforeAll(async () => {
    t = await openLoggedApp((app) => {
      app.get('/api/test/full-pool', { config: { access: 'public' } }, async () => {
        // pg-pool, to a request that waited connectionTimeoutMillis on a pool whose connections are all in use.
        throw failedQuery(new Error('timeout exceeded when trying to connect'));
      });
      app.get('/api/test/no-connection', { config: { access: 'public' } }, async () => {
        // pg-pool, when a new connection to the database does not come within connectionTimeoutMillis.
        throw failedQuery(
          new Error('Connection terminated due to connection timeout', {
            cause: new Error('Connection terminated unexpectedly'),
          }),
        );
      });
    });
  });
  afterAll(() => t?.close());

  it('answers a full connection pool 503 SERVER_BUSY with Retry-After, and logs only the code', async () => {
    t.lines.length = 0;
    expectBusyAnswer(await t.app.inject({ method: 'GET', url: '/api/test/full-pool' }));
    const warned = t.lines.map((line) => JSON.parse(line)).filter((entry) => entry.level === 40);
    expect(warned).toMatchObject([{ code: ErrorCode.busy, msg: 'server busy' }]);
    expect(t.lines.join('')).not.toContain('Busytest');
  });

  it('still answers a connection that does not come 503 SERVICE_UNAVAILABLE', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/no-connection' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: ErrorCode.unavailable });
    expect(res.json().message).toMatch(/^The database cannot be reached right now\./);
    expect(res.headers['retry-after']).toBeUndefined();
  });
});
