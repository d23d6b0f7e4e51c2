import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, isServerBusy, SERVER_BUSY } from './database-errors.ts';

describe('isDatabaseUnavailable', () => {
  it('recognises a refused, dropped or shutting-down database, also when wrapped', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(isDatabaseUnavailable(new Error('Failed query: select 1', { cause: refused }))).toBe(true);
    const shutdown = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
    });
    expect(isDatabaseUnavailable(new Error('Failed query', { cause: shutdown }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
  });

  it('leaves every other error alone', () => {
    const unique = Object.assign(new Error('duplicate key value violates unique constraint'), {
      code: '23505',
    });
    expect(isDatabaseUnavailable(new Error('Failed query', { cause: unique }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
  });
});

/** The errors of a busy server, as thrown: pg-pool's for a waiter on a full pool, change-slots' own. */
const fullPool = () => new Error('timeout exceeded when trying to connect');
const noTurn = () =>
  Object.assign(new Error('No turn to write: the database is busy.'), { code: SERVER_BUSY });
/** How drizzle wraps a driver error. */
const failedQuery = (cause: unknown) => new Error('Failed query: select 1\nparams: ', { cause });

describe('isServerBusy', () => {
  it('recognises a full connection pool and no turn to write, also when wrapped, and neither is unavailable', () => {
    for (const busy of [fullPool(), noTurn(), failedQuery(fullPool()), failedQuery(noTurn())]) {
      expect(isServerBusy(busy), busy.message).toBe(true);
      expect(isDatabaseUnavailable(busy), busy.message).toBe(false);
    }
  });

  it('leaves an unreachable database to isDatabaseUnavailable', () => {
    // pg-pool's error for a new connection that did not come in time: the server is not answering.
    const newConnection = new Error('Connection terminated due to connection timeout', {
      cause: new Error('Connection terminated unexpectedly'),
    });
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    for (const unreachable of [newConnection, refused, failedQuery(newConnection), failedQuery(refused)]) {
      expect(isDatabaseUnavailable(unreachable), unreachable.message).toBe(true);
      expect(isServerBusy(unreachable), unreachable.message).toBe(false);
    }
  });

  it('leaves every other error alone', () => {
    const unique = Object.assign(new Error('duplicate key value violates unique constraint'), {
      code: '23505',
    });
    expect(isServerBusy(failedQuery(unique))).toBe(false);
    expect(isServerBusy(new TypeError('x is undefined'))).toBe(false);
    expect(isServerBusy(undefined)).toBe(false);
    expect(isServerBusy('timeout exceeded when trying to connect')).toBe(false);
  });
});
