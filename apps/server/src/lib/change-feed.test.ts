import type { ChangeEvent } from '@telecare/contracts/events';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { openTestDatabase } from '../test/test-database.ts';
import { type ChangeFeed, createChangeFeed } from './change-feed.ts';

describe('change feed', () => {
  let database: Database;
  let feed: ChangeFeed;
  const heard: ChangeEvent[] = [];

  beforeEach(async () => {
    heard.length = 0;
    database = await openTestDatabase();
    feed = createChangeFeed(database);
    await feed.subscribe((event) => heard.push(event));
  });
  afterEach(async () => {
    await feed.close();
    await database.close();
  });

  const change = (id: string): ChangeEvent => ({ type: 'workflow.changed', ids: [id] });

  /** Publishes until a subscriber hears it: the listening connection may still be coming back. */
  async function publishUntilHeard(event: ChangeEvent, timeoutMs: number) {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      await feed.publish(database.db, event);
      await new Promise((resolve) => setTimeout(resolve, 100));
      if (heard.some((e) => JSON.stringify(e) === JSON.stringify(event))) return true;
    }
    return false;
  }

  it('tells subscribers of a change once it is committed, not before', async () => {
    const id = '7d3c1f5e-0000-4000-8000-000000000001';
    await database.db.transaction(async (tx) => {
      await feed.publish(tx, change(id));
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(heard).toEqual([]);
    });
    expect(await publishUntilHeard(change(id), 2_000)).toBe(true);
  });
});
