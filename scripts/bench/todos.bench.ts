/**
 * My Todo List benchmark: 10 concurrent clients call `GET /api/admin/todo` over HTTP for one
 * assignee, with the todos table holding TODOS rows (100,000; the benchmark tops it up itself), over
 * every page size and page the screen offers (first, middle and last page) and both ways of opening
 * it (one's own list; a supervisor choosing the assignee). The API server runs in its own process
 * (serve-api.ts), as in production. "SQL" times the service's statement run directly through the
 * query module (page, total and the read's audit row in one), right after the API, to show what the
 * HTTP hop and the machine's other work add.
 *
 *   DATABASE_URL=postgres://... npx tsx scripts/bench/todos.bench.ts [requestsPerScenario]
 *
 * "CPU" columns: CPU ms per request spent by the API process and by its PostgreSQL backends
 * (cpu-time.ts), the figures that do not grow with the machine's other load. BENCH_DIRECT_SQL=0 skips
 * the direct SQL runs; BENCH_CPU_PROF_DIR writes the API process's CPU profile there.
 *
 * Target (issue 14): p95 <= 30 ms for every scenario; the worst is reported last.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { PAGE_SIZES } from '@telecare/contracts/lists';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { openPostgres } from '../../apps/server/src/db/database.ts';
import { todos } from '../../apps/server/src/db/schema/index.ts';
import { loadDemoDataIfEmpty } from '../../apps/server/src/db/seed/demo-data.ts';
import { readTodoPage } from '../../apps/server/src/modules/todos/todos.queries.ts';
import { benchSessionToken, benchUser } from './bench-session.ts';
import { createCpuMeter } from './cpu-time.ts';
import { createHttpClient } from './http-client.ts';

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);
const REQUESTS = Number(process.argv[2] ?? 500);
const TODOS = Number(process.env.BENCH_TODOS ?? 100_000);
/** The measured assignee's share of the table: a busy coordinator with 10,000 todos, half of them open. */
const ASSIGNEE_SHARE = 10;
const TARGET_P95_MS = 30;
const DIRECT_SQL = process.env.BENCH_DIRECT_SQL !== '0';
const API_APPLICATION_NAME = 'todos-bench-api';
const url = process.env.DATABASE_URL;
if (!url) throw new Error('Set DATABASE_URL to the PostgreSQL database to measure.');

const database = await openPostgres(url, CONCURRENCY * 2);
await database.migrate();
const { db } = database;
await loadDemoDataIfEmpty(db);

const todoBenchUser = (email: string, role: 'TELECARE_ADMIN' | 'TELECARE_SUPERVISOR') =>
  benchUser(db, {
    email,
    role,
    lastName: role === 'TELECARE_ADMIN' ? 'Assignee' : 'Supervisor',
    isSupervisor: role === 'TELECARE_SUPERVISOR',
  });
const sessionToken = (userId: string) => benchSessionToken(db, userId);

const assignee = await todoBenchUser('bench-todos@telecare.example', 'TELECARE_ADMIN');
const supervisor = await todoBenchUser('bench-todos-supervisor@telecare.example', 'TELECARE_SUPERVISOR');

/**
 * Tops the table up to TODOS rows in one statement: every ASSIGNEE_SHARE-th row is the measured
 * assignee's, the rest go round the other staff; 7 in 10 are about a demo workflow; due dates spread
 * over a year; about half completed and 1 in 50 deleted.
 */
const [{ existing } = { existing: 0 }] = await db.select({ existing: count() }).from(todos);
if (existing < TODOS) {
  const started = performance.now();
  await db.execute(sql`
    WITH staff AS (
      SELECT array_agg(id ORDER BY id) AS ids FROM users
      WHERE role IN ('TELECARE_ADMIN', 'TELECARE_SUPERVISOR') AND NOT disabled AND id <> ${assignee.id}
    ), flows AS (
      SELECT array_agg(id ORDER BY id) AS ids, array_agg(client_full_name ORDER BY id) AS names FROM workflows
    )
    INSERT INTO todos (workflow_id, client_full_name, created_by, assigned_to, urgency, status, due_date,
      description, deleted_at, created_at, updated_at)
    SELECT
      CASE WHEN n % 10 < 7 THEN flows.ids[1 + n % cardinality(flows.ids)] END,
      CASE WHEN n % 10 < 7 THEN flows.names[1 + n % cardinality(flows.ids)] END,
      staff.ids[1 + (n / 7) % cardinality(staff.ids)],
      CASE WHEN n % ${ASSIGNEE_SHARE} = 0 THEN ${assignee.id}::uuid ELSE staff.ids[1 + n % cardinality(staff.ids)] END,
      1 + n % 3,
      CASE WHEN (n / ${ASSIGNEE_SHARE}) % 2 = 0 THEN 'uncompleted' ELSE 'completed' END,
      current_date - 180 + (hashint4(n) & 2147483647) % 365,
      'Benchmark todo ' || n,
      CASE WHEN n % 50 = 7 THEN now() END,
      now() - (n % 1000) * interval '1 hour',
      now()
    FROM generate_series(1, ${TODOS - existing}) AS n, staff, flows
  `);
  await db.execute(sql`VACUUM ANALYZE todos`);
  console.log(
    `Added ${(TODOS - existing).toLocaleString()} todos in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
  );
}
const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(todos);
const [{ open } = { open: 0 }] = await db
  .select({ open: count() })
  .from(todos)
  .where(and(eq(todos.assignedTo, assignee.id), eq(todos.status, 'uncompleted'), isNull(todos.deletedAt)));

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

const WARM_UP_ROUNDS = 3;

async function measure(run: () => Promise<void>) {
  // Rounds of every client at once (plans, caches, the server's JIT).
  for (let round = 0; round < WARM_UP_ROUNDS; round++) {
    await Promise.all(Array.from({ length: CONCURRENCY }, run));
  }
  const times: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next++ < REQUESTS) {
        const started = performance.now();
        await run();
        times.push(performance.now() - started);
      }
    }),
  );
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), max: times.at(-1) ?? 0 };
}

/** The direct SQL's figures, or null when BENCH_DIRECT_SQL=0. */
function measureDirectSql(run: () => Promise<void>) {
  return DIRECT_SQL ? measure(run) : Promise.resolve(null);
}

const profileDir = process.env.BENCH_CPU_PROF_DIR;
const server = spawn(
  process.execPath,
  [
    ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
    '--import',
    'tsx',
    fileURLToPath(new URL('serve-api.ts', import.meta.url)),
  ],
  {
    env: { ...process.env, DATABASE_URL: url, PGAPPNAME: API_APPLICATION_NAME },
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
const [port] = (await once(createInterface({ input: server.stdout }), 'line')) as [string];
const cpu = createCpuMeter(db, server.pid as number, API_APPLICATION_NAME);
const viewers = {
  own: createHttpClient(Number(port), await sessionToken(assignee.id)),
  supervisor: createHttpClient(Number(port), await sessionToken(supervisor.id)),
};

const scenarios = (['own', 'supervisor'] as const).flatMap((viewer) =>
  PAGE_SIZES.flatMap((pageSize) => {
    const last = Math.max(1, Math.ceil(open / pageSize));
    return [1, Math.max(1, Math.floor(last / 2)), last].map((page) => ({ viewer, pageSize, page }));
  }),
);

console.log(
  `\n${total.toLocaleString()} todos in the table; the assignee has ${open.toLocaleString()} open; ${CONCURRENCY} concurrent clients, ${REQUESTS} requests each scenario\n`,
);
console.log(
  '| list | page size | page | rows | API p50 ms | API p95 ms | API max ms | API CPU ms | DB CPU ms | SQL p50 ms | SQL p95 ms |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
const cpuTotals = { api: 0, database: 0 };
let worst = { name: '', p95: 0 };
for (const { viewer, pageSize, page } of scenarios) {
  const query = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  if (viewer === 'supervisor') query.set('assignedTo', assignee.id);
  const path = `/api/admin/todo?${query}`;
  let rows: number | undefined;
  const cpuBefore = await cpu.sample();
  const result = await measure(async () => {
    const res = await viewers[viewer].getJson(path);
    if (res.status !== 200) throw new Error(`${path}: HTTP ${res.status} ${res.body}`);
    // Read once: parsing every answer would add the benchmark client's work to the API's time.
    rows ??= (JSON.parse(res.body.toString()) as { rows: unknown[] }).rows.length;
  });
  const cpuPerRequest = cpu.perRequest(
    cpuBefore,
    await cpu.sample(),
    REQUESTS + WARM_UP_ROUNDS * CONCURRENCY,
  );
  cpuTotals.api += cpuPerRequest.api / scenarios.length;
  cpuTotals.database += cpuPerRequest.database / scenarios.length;
  const direct = await measureDirectSql(async () => {
    // The service's statement with the total counted (its first read of a list; later reads of the
    // same list use the kept total): page, total and the read's audit row in one.
    await readTodoPage(
      db,
      { assignedTo: assignee.id },
      { page, pageSize },
      { actorUserId: viewer === 'own' ? assignee.id : supervisor.id, actorRole: null, ipAddress: null },
      { counted: true },
    );
  });
  const name = `${viewer === 'own' ? 'own list' : 'supervisor, chosen assignee'}, ${pageSize} a page, page ${page}`;
  if (result.p95 > worst.p95) worst = { name, p95: result.p95 };
  console.log(
    `| ${viewer === 'own' ? 'own' : 'chosen by a supervisor'} | ${pageSize} | ${page} | ${rows ?? 0} | ${result.p50.toFixed(1)} | ${result.p95.toFixed(1)} | ${result.max.toFixed(1)} | ${cpuPerRequest.api.toFixed(2)} | ${cpuPerRequest.database.toFixed(2)} | ${direct ? direct.p50.toFixed(1) : '-'} | ${direct ? direct.p95.toFixed(1) : '-'} |`,
  );
}
console.log(
  `\nCPU per request, mean of the scenarios: API process ${cpuTotals.api.toFixed(2)} ms, PostgreSQL ${cpuTotals.database.toFixed(2)} ms.`,
);
console.log(
  `Load average at the end: ${loadavg()
    .map((n) => n.toFixed(1))
    .join(
      ', ',
    )}. Worst API p95: ${worst.p95.toFixed(1)} ms (${worst.name}); target <= ${TARGET_P95_MS} ms: ${worst.p95 <= TARGET_P95_MS ? 'met' : 'NOT met'}.`,
);
for (const client of Object.values(viewers)) client.close();
server.kill('SIGTERM');
await once(server, 'exit');
await database.close();
