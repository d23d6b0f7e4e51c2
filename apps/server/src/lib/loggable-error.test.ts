import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { smsMessages } from '../db/schema/index.ts';
import { openTestDatabase } from '../test/test-database.ts';
import { loggableError } from './loggable-error.ts';

describe('loggableError', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('keeps the SQLSTATE and routine of a failed query, none of its parameters or quoted values', async () => {
    const failed = await database.db
      .insert(smsMessages)
      .values({
        workflowId: 'not-a-uuid',
        kind: 'manual',
        direction: 'outbound',
        phoneNumber: '+61498765432',
        body: 'Hi Ava, your appointment',
      })
      .catch((err: unknown) => err);
    expect(String((failed as Error).message)).toContain('+61498765432');
    const safe = loggableError(failed);
    expect(safe.message).toMatch(/^A database query failed \(22P02, \w+\)$/);
    expect(`${safe.message} ${safe.stack}`).not.toContain('not-a-uuid');
    expect(`${safe.message} ${safe.stack}`).not.toContain('+61498765432');
    expect(`${safe.message} ${safe.stack}`).not.toContain('Hi Ava');
  });

  it('leaves other errors as they are', () => {
    const err = new TypeError('boom');
    expect(loggableError(err)).toBe(err);
    expect(loggableError('text').message).toBe('text');
  });
});
