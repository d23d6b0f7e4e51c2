import type { ChangeEvent } from '@telecare/contracts/events';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { openTestDatabase } from '../test/test-database.ts';
import { type ChangeFeed, createChangeFeed } from './change-feed.ts';

// Runs with TEST_DATABASE_URL only (vitest.config.ts): PGlite has no connection to drop.
describe('change feed on PostgreSQL', () => {
  let database: Database;
  let feed: ChangeFeed;
  const heard: string[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
    feed = createChangeFeed(database);
    await feed.subscribe((event) => heard.push(event.ids?.[0] ?? ''));
  });
  afterAll(async () => {
    await feed.close();
    await database.close();
  });

  /** Publishes until the subscriber hears it: the listening connection may still be coming back. */
  async function publishUntilHeard(id: string, timeoutMs: number) {
    const event: ChangeEvent = { type: 'workflow.changed', ids: [id] };
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      await feed.publish(database.db, event);
      await new Promise((resolve) => setTimeout(resolve, 100));
      if (heard.includes(id)) return true;
    }
    return false;
  }

  it('hears changes again after the database ends its listening connection', async () => {
    expect(await publishUntilHeard('before', 2_000)).toBe(true);
    const ended = (await database.db.execute(
      sql`select pg_terminate_backend(pid) as ended from pg_stat_activity
          where datname = current_database() and query ilike 'LISTEN%'`,
    )) as unknown as { rows: { ended: boolean }[] };
    expect(ended.rows.map((row) => row.ended)).toEqual([true]);
    expect(await publishUntilHeard('after', 10_000)).toBe(true);
  }, 15_000);
});
