import type { ChangeEvent } from '@telecare/contracts/events';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { auditEvents, changeOutbox, settings } from '../db/schema/index.ts';
import { openTestDatabase } from '../test/test-database.ts';
import { type ChangeFeed, createChangeFeed } from './change-feed.ts';
import { type ChangeWriter, closingStatement, createChangeWriter } from './write-change.ts';

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
  const outbox = async () => (await database.db.select().from(changeOutbox)).map((row) => row.events);

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
    expect(await outbox()).toEqual([]);
  });

  it('writes several audit rows and the events in one go, publishing every event once', async () => {
    await writeChange(async () => ({
      result: null,
      audit: [{ action: 'test.first' }, { action: 'test.second' }],
      events: [{ type: 'settings.changed' }, { type: 'todo.changed', ids: ['t1'] }],
    }));
    await settle();
    expect(await auditRows('test.first')).toHaveLength(1);
    expect(await auditRows('test.second')).toHaveLength(1);
    expect(heard).toEqual([{ type: 'settings.changed' }, { type: 'todo.changed', ids: ['t1'] }]);
    expect(await outbox()).toEqual([]);
  });

  it('keeps the events of a process that died after its commit in the outbox, and a later sweep publishes them', async () => {
    // The process dies between the commit and the publish: its release never runs.
    const dying = createChangeWriter({
      db: database.db,
      changes: { ...feed, release: async () => undefined },
    });
    await dying(async (tx) => {
      await tx.insert(settings).values({ key: 'writer-test-died', value: true });
      return { result: null, events: [{ type: 'workflow.changed', ids: ['w1'] }] };
    });
    await settle();
    expect(await settingRows('writer-test-died')).toHaveLength(1);
    expect(heard).toEqual([]);
    expect(await outbox()).toEqual([[{ type: 'workflow.changed', ids: ['w1'] }]]);
    // A sweep leaves rows younger than OUTBOX_SWEEP_AGE_MS to their writer ...
    await feed.sweep(database.db);
    await settle();
    expect(heard).toEqual([]);
    // ... and publishes older ones, once.
    await database.db.execute(sql`update ${changeOutbox} set created_at = now() - interval '10 seconds'`);
    await feed.sweep(database.db);
    await feed.sweep(database.db);
    await settle();
    expect(heard).toEqual([{ type: 'workflow.changed', ids: ['w1'] }]);
    expect(await outbox()).toEqual([]);
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
    expect(await outbox()).toEqual([]);
  });

  it('publishes the events of changes committed side by side in shared batches, each once', async () => {
    const ids = Array.from({ length: 12 }, (_, i) => `w${i}`);
    await Promise.all(
      ids.map((id) =>
        writeChange(async (tx) => {
          await tx.insert(settings).values({ key: `writer-test-${id}`, value: true });
          return { result: null, events: [{ type: 'workflow.changed', ids: [id] }] };
        }),
      ),
    );
    await settle();
    const heardIds = heard.flatMap((event) => ('ids' in event ? (event.ids ?? []) : []));
    expect(heardIds.sort()).toEqual([...ids].sort());
    expect(await outbox()).toEqual([]);
  });

  const closeWithSetting = closingStatement('test_close_with_setting', () => [
    sql`INSERT INTO ${settings} (key, value) VALUES (${sql.placeholder('key')}::text, 'true'::jsonb)`,
  ]);

  it('runs closing writes in the statement of the audit rows and the outbox row, or not at all', async () => {
    await writeChange(async () => ({
      result: null,
      closingWrites: { statement: closeWithSetting, values: { key: 'writer-test-closing' } },
      audit: [
        { action: 'test.closed', entityType: 'settings', entityId: 'writer-test-closing', details: { n: 1 } },
      ],
      events: [{ type: 'settings.changed' }],
    }));
    await settle();
    expect(await settingRows('writer-test-closing')).toHaveLength(1);
    expect((await auditRows('test.closed')).map((row) => [row.entityId, row.details])).toEqual([
      ['writer-test-closing', { n: 1 }],
    ]);
    expect(heard).toEqual([{ type: 'settings.changed' }]);
    expect(await outbox()).toEqual([]);

    // The same key again: the closing insert fails, and with it the audit row and the events.
    const failing = writeChange(async () => ({
      result: null,
      closingWrites: { statement: closeWithSetting, values: { key: 'writer-test-closing' } },
      audit: [{ action: 'test.closed-twice' }],
      events: [{ type: 'todo.changed', ids: ['t2'] }],
    }));
    await expect(failing).rejects.toThrow();
    await settle();
    expect(await auditRows('test.closed-twice')).toHaveLength(0);
    expect(heard).toEqual([{ type: 'settings.changed' }]);
    expect(await outbox()).toEqual([]);
  });
});
