import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../../db/database.ts';
import * as schema from '../../db/schema/index.ts';
import { createClient } from '../../test/factories.ts';
import { openTestDatabase, withDatabase } from '../../test/test-database.ts';
import { ListReadTimedOut, listDeadline, withinDeadline } from './list-time-budget.ts';
import { selectListPage } from './workflow-list.queries.ts';

// PostgreSQL only: PGlite does not cut statements short.
describe('the time budget of a list request', () => {
  let database: Database;
  let pool: pg.Pool;

  beforeAll(async () => {
    database = await openTestDatabase();
    const client = await createClient(database.db);
    await database.db.execute(sql`
      INSERT INTO workflows (client_id, client_first_name, client_last_name, creation_timestamp, urn, admin_check_notes, case_manager_name)
      SELECT ${client.id}, 'Anna', 'Smith', now() - make_interval(mins => g), 'TC' || lpad(g::text, 7, '0'),
        CASE WHEN g % 2 = 0 THEN 'Referral letter checked' END, 'Dr Brooke ' || g % 40
      FROM generate_series(1, 20000) AS g`);
    await database.db.execute(sql`ANALYZE workflows, workflow_list_rows`);
    const named = (await database.db.execute(sql`SELECT current_database() AS name`)) as unknown as {
      rows: { name: string }[];
    };
    pool = new pg.Pool({
      connectionString: withDatabase(process.env.TEST_DATABASE_URL as string, named.rows[0]?.name as string),
      max: 2,
      options: '-c random_page_cost=1.1',
    });
  }, 60_000);
  afterAll(async () => {
    await pool?.end();
    await database?.close();
  });

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
    await db.execute(sql`ALTER TABLE workflow_list_rows SET (autovacuum_enabled = false)`);
    await db.execute(sql`
      INSERT INTO workflows (client_id, client_first_name, client_last_name, creation_timestamp, urn)
      SELECT ${clientId}, 'Countme', 'Row' || g, now() - make_interval(secs => g), 'CM' || lpad(g::text, 5, '0')
      FROM generate_series(1, 8000) AS g`);
    await db.execute(sql`ANALYZE workflows, workflow_list_rows`);
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

  it('looks for the matches of a first page by the filters before the planner walks the list for them', async () => {
    const { db } = database;
    const found = (await db.execute(sql`SELECT client_id AS id FROM workflows LIMIT 1`)) as unknown as {
      rows: { id: string }[];
    };
    const clientId = found.rows[0]?.id;
    // The statistics say 6,000 rows of this client in a list of 66,000: too few for the walk of a
    // 50-row page, too many to read whole; 3 are left.
    await db.execute(sql`ALTER TABLE workflows SET (autovacuum_enabled = false)`);
    await db.execute(sql`ALTER TABLE workflow_list_rows SET (autovacuum_enabled = false)`);
    await db.execute(sql`
      INSERT INTO workflows (client_id, client_first_name, client_last_name, creation_timestamp, urn)
      SELECT ${clientId}, CASE WHEN g <= 6000 THEN 'Probeme' ELSE 'Someone' END, 'Row' || g,
        now() - interval '1 year' - make_interval(secs => g), 'PR' || lpad(g::text, 5, '0')
      FROM generate_series(1, 46000) AS g`);
    await db.execute(sql`ANALYZE workflows, workflow_list_rows`);
    await db.execute(
      sql`UPDATE workflows SET client_first_name = 'Gone' WHERE client_first_name = 'Probeme' AND urn > 'PR00003'`,
    );
    const statements: string[] = [];
    const logged = drizzle({
      client: pool,
      schema,
      logger: { logQuery: (query) => statements.push(query) },
    }) as unknown as Db;
    const query = {
      list: 'active' as const,
      page: 1,
      pageSize: 50,
      filters: { client: 'probeme' },
      sort: [],
      namedFilters: [],
    };
    // In the default order, and sorted by the coordinator then the URN (which is read group by group).
    const sorts = [
      [],
      [
        { column: 'coordinator' as const, direction: 'desc' as const },
        { column: 'urn' as const, direction: 'asc' as const },
      ],
    ];
    for (const sort of sorts) {
      statements.length = 0;
      const page = await selectListPage(logged, { ...query, sort }, new Date());
      expect(page).toMatchObject({ total: 3, estimated: false, timedOut: false });
      expect(page.rows.map((row) => row.urn)).toEqual(['PR00001', 'PR00002', 'PR00003']);
      expect(statements.some((s) => s.includes('WITH matches AS MATERIALIZED'))).toBe(true);
      // No ORDER BY of the planner or of a group walk over the list (it would read every row, testing each).
      expect(
        statements.filter((s) =>
          /^select "workflow_list_rows"\."id" from "workflow_list_rows" .* order by/i.test(s),
        ),
      ).toEqual([]);
    }
    await db.execute(sql`DELETE FROM workflows WHERE urn LIKE 'PR%'`);
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
