import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/database.ts';
import { auditEvents } from '../db/schema/index.ts';
import { createWorkflow } from './factories.ts';
import { openTestDatabase, tablesWithRows } from './test-database.ts';

async function firstValue<T>(db: Db, query: ReturnType<typeof sql>) {
  const { rows } = (await db.execute(query)) as unknown as { rows: { value: T }[] };
  return rows[0]?.value;
}

const statistics = sql`SELECT count(*)::int AS value FROM pg_statistic
  WHERE starelid IN (SELECT oid FROM pg_class WHERE relnamespace = 'public'::regnamespace)`;

describe('test databases', () => {
  it('start as the migrated template, whatever the test file before did to its database', async () => {
    const used = await openTestDatabase();
    const pageCost = await firstValue<string>(
      used.db,
      sql`SELECT current_setting('random_page_cost') AS value`,
    );
    await createWorkflow(used.db);
    await used.db.insert(auditEvents).values({ action: 'test.used' });
    await used.db.execute(sql`ANALYZE workflows`);
    await used.db.execute(sql`SET random_page_cost = 7`);
    expect(await tablesWithRows(used.db)).toEqual([
      'audit_events',
      'clients',
      'workflow_list_counts',
      'workflow_list_rows',
      'workflows',
    ]);
    expect(await firstValue<number>(used.db, statistics)).toBeGreaterThan(0);
    await used.close();

    const next = await openTestDatabase();
    try {
      expect(await tablesWithRows(next.db)).toEqual([]);
      expect(await firstValue<number>(next.db, statistics)).toBe(0);
      expect(
        await firstValue<string>(next.db, sql`SELECT current_setting('random_page_cost') AS value`),
      ).toBe(pageCost);
      const [audit] = await next.db.insert(auditEvents).values({ action: 'test.next' }).returning();
      expect(audit?.id).toBe(1);
    } finally {
      await next.close();
    }
  });
});
