import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { createClient } from '../../test/factories.ts';
import { openTestDatabase } from '../../test/test-database.ts';
import { ListReadTimedOut, listDeadline, withinDeadline } from './list-time-budget.ts';
import { selectListPage } from './workflow-list.queries.ts';

// PostgreSQL only: PGlite does not cut statements short.
describe('the time budget of a list request', () => {
  let database: Database;

  beforeAll(async () => {
    database = await openTestDatabase();
    const client = await createClient(database.db);
    await database.db.execute(sql`
      INSERT INTO workflows (client_id, client_first_name, client_last_name, creation_timestamp, urn, admin_check_notes, case_manager_name)
      SELECT ${client.id}, 'Anna', 'Smith', now() - make_interval(mins => g), 'TC' || lpad(g::text, 7, '0'),
        CASE WHEN g % 2 = 0 THEN 'Referral letter checked' END, 'Dr Brooke ' || g % 40
      FROM generate_series(1, 20000) AS g`);
    await database.db.execute(sql`ANALYZE workflows`);
  }, 60_000);
  afterAll(() => database?.close());

  it('cancels a read that runs past the deadline, and leaves no timeout behind', async () => {
    const { db } = database;
    const started = performance.now();
    await expect(
      withinDeadline(db, listDeadline(50), (tx) => tx.execute(sql`SELECT pg_sleep(2)`)),
    ).rejects.toBeInstanceOf(ListReadTimedOut);
    expect(performance.now() - started).toBeLessThan(1_500);
    const setting = (await db.execute(sql`SHOW statement_timeout`)) as unknown as {
      rows: { statement_timeout: string }[];
    };
    expect(setting.rows[0]?.statement_timeout).toBe('0');
    // Other errors are not taken for a timeout.
    await expect(
      withinDeadline(db, listDeadline(1_000), (tx) => tx.execute(sql`SELECT 1 / 0`)),
    ).rejects.not.toBeInstanceOf(ListReadTimedOut);
  });

  it("gives a filtered list's count its own budget: past it the total is the estimate, and the page is read", async () => {
    const { db } = database;
    // The planner's statistics say 8,000 rows of this client; 809 are left, counted exactly if there is time.
    const found = (await db.execute(sql`SELECT client_id AS id FROM workflows LIMIT 1`)) as unknown as {
      rows: { id: string }[];
    };
    const clientId = found.rows[0]?.id;
    await db.execute(sql`ALTER TABLE workflows SET (autovacuum_enabled = false)`);
    await db.execute(sql`
      INSERT INTO workflows (client_id, client_first_name, client_last_name, creation_timestamp, urn)
      SELECT ${clientId}, 'Countme', 'Row' || g, now() - make_interval(secs => g), 'CM' || lpad(g::text, 5, '0')
      FROM generate_series(1, 8000) AS g`);
    await db.execute(sql`ANALYZE workflows`);
    await db.execute(
      sql`DELETE FROM workflows WHERE urn > 'CM00009' AND urn LIKE 'CM%' AND substr(urn, 7, 1) <> '0'`,
    );
    const query = {
      list: 'active' as const,
      page: 2,
      pageSize: 10,
      filters: { client: 'countme' },
      sort: [],
      namedFilters: [],
    };
    const counted = await selectListPage(db, query, new Date());
    expect(counted).toMatchObject({ total: 809, estimated: false, timedOut: false });
    const uncounted = await selectListPage(db, query, new Date(), undefined, 10_000, 1_500, 1);
    expect(uncounted).toMatchObject({ estimated: true, timedOut: false });
    expect(uncounted.total).toBeGreaterThan(809);
    expect(uncounted.rows.map((row) => row.urn)).toEqual(counted.rows.map((row) => row.urn));
    // The last page's rows give the exact total when the count is not waited for.
    const last = await selectListPage(
      db,
      { ...query, page: 17, pageSize: 50 },
      new Date(),
      undefined,
      10_000,
      1_500,
      1,
    );
    expect(last).toMatchObject({ page: 17, total: 809, estimated: false, timedOut: false });
    expect(last.rows).toHaveLength(9);
    await db.execute(sql`DELETE FROM workflows WHERE urn LIKE 'CM%'`);
  });

  it('answers a page not read in time with no rows, the estimated total and the reason', async () => {
    const query = {
      list: 'active' as const,
      page: 3,
      pageSize: 10,
      filters: { adminCheckNotes: 'referral' },
      sort: [
        { column: 'adminCheckNotes' as const, direction: 'asc' as const },
        { column: 'urn' as const, direction: 'desc' as const },
      ],
      namedFilters: [],
    };
    const late = await selectListPage(database.db, query, new Date(), undefined, 10_000, 1);
    expect(late).toMatchObject({ rows: [], page: 3, estimated: true, timedOut: true });
    expect(late.total).toBeGreaterThan(5_000);
    const read = await selectListPage(database.db, query, new Date());
    expect(read).toMatchObject({ page: 3, timedOut: false });
    expect(read.rows.map((row) => row.urn)).toEqual(
      Array.from({ length: 10 }, (_, i) => `TC${String(20_000 - 40 - 2 * i).padStart(7, '0')}`),
    );
  });
});
