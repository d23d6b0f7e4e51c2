import { readFileSync, writeFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../../db/database.ts';
import * as schema from '../../db/schema/index.ts';
import { createClient, createUser } from '../../test/factories.ts';
import { openTestDatabase, withDatabase } from '../../test/test-database.ts';
import { BOOKMARK_SPACING } from './list-bookmarks.ts';
import { type ListSizes, listRequestSpace } from './list-request-space.ts';
import { selectListPage } from './workflow-list.queries.ts';

/** Enough rows that the planner chooses as it does at a million (index walks, not sorts of everything). */
const GENERATED_ROWS = 100_000;
/** The requests of the space still known to read too much, one `request: problem` a line (PLAN_CHECK_WRITE=1 rewrites it). */
const KNOWN_FILE = new URL('./workflow-list-plans.known.txt', import.meta.url);
/** Requests explained at once. */
const WORKERS = 4;

/**
 * Rows spread like the benchmark's seed over the columns the lists sort and filter, generated in one
 * statement without the indexes (built afterwards, which is several times faster than keeping them).
 */
async function generateWorkflows(db: Db, clientId: string, coordinatorIds: string[]) {
  const h = (n: number) => sql.raw(`(hashint8extended(g, ${n}) & 2147483647)`);
  const of = (n: number, values: string[]) =>
    sql.raw(
      `(ARRAY[${values.map((v) => `'${v}'`).join(',')}])[1 + mod((hashint8extended(g, ${n}) & 2147483647), ${values.length})]`,
    );
  const statuses = [
    ...Array(8).fill('NS'),
    ...Array(19).fill('awaitingBooking'),
    ...Array(26).fill('booked'),
    ...Array(10).fill('checkOut'),
    ...Array(6).fill('adminAudit'),
    ...Array(4).fill('fta'),
    ...Array(4).fill('ftaRebook'),
    ...Array(6).fill('discharged'),
    ...Array(4).fill('remove'),
    ...Array(3).fill('nrfc'),
    ...Array(2).fill('relocated'),
  ];
  const indexes = (await db.execute(
    sql`SELECT indexname, indexdef FROM pg_indexes WHERE tablename IN ('workflows', 'workflow_list_rows')
      AND indexname NOT IN (SELECT conname FROM pg_constraint)`,
  )) as unknown as { rows: { indexname: string; indexdef: string }[] };
  for (const { indexname } of indexes.rows) await db.execute(sql.raw(`DROP INDEX "${indexname}"`));
  await db.execute(sql`
    INSERT INTO workflows (client_id, creation_timestamp, archived, deleted_at, urn, category,
      client_first_name, client_last_name, client_date_of_birth, referrer_name, referral_end_date,
      case_manager_name, speciality_name, site_name, appointment_start, booking_status,
      booking_coordinator_id, booking_urgent, is_new_appointment, triage, cont_or_tbc, results_status,
      admin_check_status, admin_check_notes, gp_report_status, sms_reply)
    SELECT ${clientId}, v.created, v.status IN ('remove', 'discharged', 'relocated') AND mod(${h(7)}, 2) = 0,
      CASE WHEN mod(${h(34)}, 100) = 0 THEN v.created END,
      'TC' || lpad(mod(${h(1)}, 90000)::text, 7, '0'), ${of(8, ['1', '1', '1', '2', '2', '2', '2', '3', '3', 'RC'])},
      ${of(35, ['Anna', 'Ben', 'Chloe', 'David', 'Ella', 'Frank', 'Grace', 'Harry', 'Isla', 'Jack', 'Kate', 'Liam'])} || mod(${h(36)}, 300),
      ${of(37, ['Smith', 'Jones', 'Williams', 'Brown', 'Wilson', 'Taylor', 'Nguyen', 'Singh', 'Martin', 'Lee'])} || mod(${h(38)}, 200),
      date '1930-01-01' + mod(${h(39)}, 30000)::int,
      'Dr ' || ${of(40, ['Singh', 'Patel', 'Chen', 'Brown', 'Walker', 'Young'])} || ' ' || mod(${h(41)}, 60),
      CASE WHEN mod(${h(42)}, 5) = 0 THEN date '1900-01-01' ELSE date '2026-01-01' + mod(${h(43)}, 700)::int END,
      'Dr Brooke ' || mod(${h(44)}, 40), 'Speciality ' || mod(${h(45)}, 30) || 'ology',
      CASE WHEN mod(${h(4)}, 10) < 6 THEN 'Own Device' ELSE 'Hospital ' || mod(${h(46)}, 12) END,
      CASE WHEN v.status = 'booked' THEN now() + make_interval(mins => mod(${h(6)}, 80000)::int)
        WHEN v.status IN ('checkOut', 'fta', 'discharged') THEN v.created + interval '3 days' END,
      v.status,
      CASE WHEN mod(${h(10)}, 5) = 0 THEN NULL
        ELSE (${sql.raw(`ARRAY[${coordinatorIds.map((id) => `'${id}'`).join(',')}]::uuid[]`)})[1 + mod(${h(11)}, ${coordinatorIds.length})] END,
      mod(${h(14)}, 12) = 0, mod(${h(16)}, 10) < 7, mod(${h(17)}, 10) = 0,
      CASE WHEN mod(${h(18)}, 10) < 2 THEN ${of(19, ['CONT', 'TBC', 'NRR X 1 01/01/2026', 'NRR X 2 02/02/2026'])} END,
      ${of(20, ['NS', 'PD', 'CP'])}, ${of(23, ['NS', 'PD', 'CP'])},
      CASE WHEN mod(${h(26)}, 5) < 3 THEN ${of(27, ['Referral letter checked', 'Called patient', 'Awaiting updated referral', 'Medicare details confirmed'])} END,
      ${of(28, ['NC', 'NC', 'NC', 'NC', 'NC', 'NC', 'NC', 'NC', 'QR', 'CP', 'CP', 'CP'])},
      ${of(29, ['yes', 'no', 'noResponse', 'pending'])}
    FROM generate_series(1, ${GENERATED_ROWS}::bigint) AS g
    CROSS JOIN LATERAL (SELECT ${of(2, statuses)} AS status,
      date_trunc('minute', now() - make_interval(mins => mod(${h(3)}, 548 * 1440)::int)) AS created) v`);
  for (const { indexdef } of indexes.rows) await db.execute(sql.raw(indexdef));
  await db.execute(sql`VACUUM workflows, workflow_list_rows`);
  // Statistics from every row, not a random sample, so the plans are the same on every run.
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`SET LOCAL default_statistics_target = ${sql.raw(String(Math.ceil(GENERATED_ROWS / 300) + 100))}`,
    );
    await tx.execute(sql`ANALYZE workflows, workflow_list_rows`);
  });
}

type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Plan Rows': number;
  Plans?: PlanNode[];
};

/**
 * What makes a statement read the whole list, from its plan and its OFFSET: a sequential scan of
 * the workflows or of their list columns, a sort of more than `most` rows, a bitmap of more than
 * `most` rows (a substring matching most of the table), or an OFFSET past `most` rows (a deep page
 * walked row by row).
 */
function wholeListReads(plan: PlanNode, offset: number, most: number): string[] {
  const problems: string[] = [];
  if (offset > most) problems.push(`OFFSET ${offset}`);
  const visit = (node: PlanNode) => {
    const type = node['Node Type'];
    const relation = node['Relation Name'];
    if (type === 'Seq Scan' && (relation === 'workflows' || relation === 'workflow_list_rows'))
      problems.push(`Seq Scan on ${relation}`);
    const input = node.Plans?.[0]?.['Plan Rows'] ?? 0;
    if (type === 'Sort' && input > most) problems.push(`Sort of ${Math.round(input)} rows`);
    if (type === 'Bitmap Index Scan' && node['Plan Rows'] > most)
      problems.push(`${node['Index Name']} bitmap of ${Math.round(node['Plan Rows'])} rows`);
    for (const child of node.Plans ?? []) visit(child);
  };
  visit(plan);
  return problems;
}

/** The OFFSET of a statement as drizzle and the list queries write it (a parameter or a number). */
function offsetOf(query: string, params: unknown[]) {
  const match = /\boffset\s+(\$(\d+)|\d+)/i.exec(query);
  if (!match) return 0;
  return Number(match[2] ? params[Number(match[2]) - 1] : match[1]);
}

// Runs with TEST_DATABASE_URL only (vitest.config.ts): the plans are PostgreSQL's.
describe('workflow list plans at scale', () => {
  let database: Database;
  let pool: pg.Pool;
  let sizes: ListSizes;
  let tableRows: number;

  beforeAll(async () => {
    database = await openTestDatabase();
    const { db } = database;
    const client = await createClient(db);
    const coordinators = await Promise.all(
      ['Alice', 'Bob', 'Carol', 'Dan'].map((firstName) => createUser(db, { firstName })),
    );
    await generateWorkflows(
      db,
      client.id,
      coordinators.map((user) => user.id),
    );
    const name = (
      (await db.execute(sql`SELECT current_database() AS name`)) as unknown as {
        rows: { name: string }[];
      }
    ).rows[0]?.name as string;
    pool = new pg.Pool({
      connectionString: withDatabase(process.env.TEST_DATABASE_URL as string, name),
      max: WORKERS + 1,
      options: '-c random_page_cost=1.1',
    });
    const counted = (await db.execute(sql`SELECT list_name, total FROM workflow_list_counts`)) as unknown as {
      rows: { list_name: keyof ListSizes; total: string | number }[];
    };
    sizes = { active: 0, archived: 0, history: 0, deleted: 0 };
    for (const row of counted.rows) sizes[row.list_name] = Number(row.total);
    tableRows = Object.values(sizes).reduce((sum, n) => sum + n, 0);
  }, 180_000);
  afterAll(async () => {
    await pool?.end();
    await database?.close();
  });

  it('has no request of the space that sorts or scans the whole list', async () => {
    const space = listRequestSpace(sizes);
    expect(space.length).toBeGreaterThan(1200);
    // A twentieth of the table, and never less than the bookmarks' spacing (a page skips fewer rows).
    const most = Math.max(tableRows / 20, BOOKMARK_SPACING);
    const failures: string[] = [];
    const now = new Date();
    let next = 0;
    await Promise.all(
      Array.from({ length: WORKERS }, async () => {
        const statements: { query: string; params: unknown[] }[] = [];
        const logged = drizzle({
          client: pool,
          schema,
          logger: { logQuery: (query, params) => statements.push({ query, params }) },
        }) as unknown as Db;
        for (let request = space[next++]; request; request = space[next++]) {
          statements.length = 0;
          await selectListPage(logged, request.query, now);
          for (const { query, params } of statements) {
            // Bookmark builds read the whole list by design, once a minute at most, not per request.
            if (!/^\s*(with|select|\()/i.test(query) || /row_number\(\) over/i.test(query)) continue;
            const explained = await pool.query(`EXPLAIN (FORMAT JSON) ${query}`, params);
            const [{ Plan }] = explained.rows[0]['QUERY PLAN'] as [{ Plan: PlanNode }];
            for (const problem of wholeListReads(Plan, offsetOf(query, params), most))
              failures.push(`${request.name}: ${problem}`);
          }
        }
      }),
    );
    // Requests not yet served without a long read (docs/performance.md, issue 15): listed so that
    // any other request that starts reading the whole list fails, and a fixed one is taken off.
    const found = [
      ...new Set(failures.map((f) => f.replace(/\d+ rows|OFFSET \d+/g, (m) => m.replace(/\d+/, 'N')))),
    ].sort();
    if (process.env.PLAN_CHECK_WRITE) writeFileSync(KNOWN_FILE, `${found.join('\n')}\n`);
    const known = readFileSync(KNOWN_FILE, 'utf8').split('\n').filter(Boolean);
    expect(found.filter((f) => !known.includes(f))).toEqual([]);
    expect(
      known.filter((f) => !found.includes(f)),
      'no longer slow: take them off the list',
    ).toEqual([]);
  }, 600_000);
});
