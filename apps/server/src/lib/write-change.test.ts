import type { ChangeEvent } from '@telecare/contracts/events';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { auditEvents, settings } from '../db/schema/index.ts';
import { openTestDatabase } from '../test/test-database.ts';
import { type ChangeFeed, createChangeFeed } from './change-feed.ts';
import { type ChangeWriter, createChangeWriter } from './write-change.ts';

describe('the change writer', () => {
  let database: Database;
  let feed: ChangeFeed;
  let writeChange: ChangeWriter;
  const heard: ChangeEvent[] = [];

  beforeEach(async () => {
    heard.length = 0;
    database = await openTestDatabase();
    feed = createChangeFeed(database);
    await feed.subscribe((event) => heard.push(event));
    writeChange = createChangeWriter({ db: database.db, changes: feed });
  });
  afterEach(async () => {
    await feed.close();
    await database.close();
  });

  const auditRows = (action: string) =>
    database.db.select().from(auditEvents).where(eq(auditEvents.action, action));
  const settingRows = (key: string) => database.db.select().from(settings).where(eq(settings.key, key));
  const settle = () => new Promise((resolve) => setTimeout(resolve, 200));

  it('commits the change, its audit row and its event together', async () => {
    const result = await writeChange(async (tx) => {
      await tx.insert(settings).values({ key: 'writer-test', value: true });
      return {
        result: 'saved',
        audit: [{ action: 'test.saved', entityType: 'settings', entityId: 'writer-test' }],
        events: [{ type: 'settings.changed' }],
      };
    });
    await settle();
    expect(result).toBe('saved');
    expect(await settingRows('writer-test')).toHaveLength(1);
    expect(await auditRows('test.saved')).toHaveLength(1);
    expect(heard).toEqual([{ type: 'settings.changed' }]);
  });

  it('writes none of them when the change fails', async () => {
    const failing = writeChange(async (tx) => {
      await tx.insert(settings).values({ key: 'writer-test-failed', value: true });
      await tx.insert(settings).values({ key: 'writer-test-failed', value: false });
      return { result: null, audit: [{ action: 'test.failed' }], events: [{ type: 'settings.changed' }] };
    });
    await expect(failing).rejects.toThrow();
    await settle();
    expect(await settingRows('writer-test-failed')).toHaveLength(0);
    expect(await auditRows('test.failed')).toHaveLength(0);
    expect(heard).toEqual([]);
  });
});
