/**
 * Workflow list benchmark: 10 concurrent clients against the HTTP API, and the same queries run
 * directly through the query module, over whatever the database holds (seed it with
 * `npm run seed:large -- 1000000`). Needs DATABASE_URL (PostgreSQL). The API server runs in its own
 * process (serve-api.ts), as it does in production, so the clients do not share its event loop.
 *
 *   DATABASE_URL=postgres://... npm run bench -- [requestsPerScenario] [scenarioNameContains]
 *
 * BENCH_CONCURRENCY changes the number of clients (10); BENCH_BLOCKS the number of alternating API and
 * SQL blocks each scenario's requests are split into (10); BENCH_NODE_ARGS passes flags to the API
 * server's Node (e.g. --cpu-prof).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { WorkflowListRequest } from '@telecare/contracts/workflows';
import { count, eq } from 'drizzle-orm';
import { openPostgres } from '../../apps/server/src/db/database.ts';
import { workflows } from '../../apps/server/src/db/schema/index.ts';
import {
  selectListPage,
  type WorkflowListQuery,
} from '../../apps/server/src/modules/workflows/workflow-list.queries.ts';
import { listViewedAudit } from '../../apps/server/src/modules/workflows/workflows.service.ts';
import { benchSessionToken, benchUser } from './bench-session.ts';
import { createHttpClient } from './http-client.ts';

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);
const REQUESTS = Number(process.argv[2] ?? 1500);
const ONLY = process.argv[3];
const BLOCKS = Number(process.env.BENCH_BLOCKS ?? 10);
const url = process.env.DATABASE_URL;
if (!url) throw new Error('Set DATABASE_URL to the PostgreSQL database to measure.');

const FILTERS: [keyof NonNullable<WorkflowListRequest['filters']>, string][] = [
  ['urn', 'TC0012'],
  ['category', 'RC'],
  ['client', 'smith'],
  ['creationTimestamp', '/03/2026'],
  ['referrer', 'singh'],
  ['caseManager', 'brooke'],
  ['speciality', 'cardio'],
  ['site', 'mackay'],
  ['appointmentDate', '/12/2026'],
  ['bookings', 'booked'],
  ['results', 'PD'],
  ['adminCheckNotes', 'referral'],
  ['adminCheck', 'CP'],
  ['gpReport', 'QR'],
];

const database = await openPostgres(url, CONCURRENCY * 2);
await database.migrate();
const { db } = database;
const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(workflows);
const [{ active } = { active: 0 }] = await db
  .select({ active: count() })
  .from(workflows)
  .where(eq(workflows.listName, 'active'));
const deepPage = Math.max(1, Math.floor(active / 10 / 2));

const scenarios: { name: string; body: WorkflowListRequest }[] = [
  { name: 'first page', body: {} },
  { name: `deep page (${deepPage})`, body: { page: deepPage } },
  ...FILTERS.map(([column, text]) => ({
    name: `filter ${column} "${text}"`,
    body: { filters: { [column]: text } },
  })),
  {
    name: 'sort speciality asc, APT date desc',
    body: {
      sort: [
        { column: 'speciality', direction: 'asc' },
        { column: 'appointmentDate', direction: 'desc' },
      ],
    },
  },
];

async function benchUserSession() {
  const user = await benchUser(db, { email: 'bench@telecare.example', role: 'TELECARE_SUPERVISOR' });
  const token = await benchSessionToken(db, user.id);
  return { token, user: { user: { uid: user.id, role: 'TELECARE_SUPERVISOR' as const } } };
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

async function warmUp(run: () => Promise<void>) {
  // Three rounds of every client at once (plans, caches, the server's JIT).
  for (let round = 0; round < 3; round++) await Promise.all(Array.from({ length: CONCURRENCY }, run));
}

async function timeRequests(run: () => Promise<void>, requests: number, times: number[]) {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next++ < requests) {
        const started = performance.now();
        await run();
        times.push(performance.now() - started);
      }
    }),
  );
}

function summarise(times: number[]) {
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

/**
 * Times the API and the direct SQL in alternating blocks (API, SQL, SQL, API, ...), so that a burst
 * of the machine's other work falls on both sides alike instead of on whichever ran at that moment.
 */
async function measurePair(api: () => Promise<void>, direct: () => Promise<void>) {
  await warmUp(api);
  await warmUp(direct);
  const apiTimes: number[] = [];
  const directTimes: number[] = [];
  const perBlock = Math.max(CONCURRENCY, Math.ceil(REQUESTS / BLOCKS));
  for (let block = 0; block * perBlock < REQUESTS; block++) {
    const requests = Math.min(perBlock, REQUESTS - block * perBlock);
    if (block % 2 === 0) {
      await timeRequests(api, requests, apiTimes);
      await timeRequests(direct, requests, directTimes);
    } else {
      await timeRequests(direct, requests, directTimes);
      await timeRequests(api, requests, apiTimes);
    }
  }
  return { api: summarise(apiTimes), direct: summarise(directTimes) };
}

const server = spawn(
  process.execPath,
  [
    ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
    '--import',
    'tsx',
    fileURLToPath(new URL('serve-api.ts', import.meta.url)),
  ],
  {
    env: { ...process.env, DATABASE_URL: url },
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
const [port] = (await once(createInterface({ input: server.stdout }), 'line')) as [string];
const { token, user: benchAuth } = await benchUserSession();
const client = createHttpClient(Number(port), token);

console.log(
  `\n${total.toLocaleString()} workflows (${active.toLocaleString()} active); ${CONCURRENCY} concurrent clients, ${REQUESTS} requests each scenario\n`,
);
console.log('| scenario | rows found | API p50 ms | API p95 ms | SQL p50 ms | SQL p95 ms | API/SQL p95 |');
console.log('|---|---:|---:|---:|---:|---:|---:|');
let failures = 0;
for (const scenario of scenarios.filter((s) => !ONLY || s.name.includes(ONLY))) {
  const query: WorkflowListQuery = {
    list: 'active',
    page: 1,
    pageSize: 10,
    sort: [],
    filters: {},
    namedFilters: [],
    ...(scenario.body as Partial<WorkflowListQuery>),
  };
  let found: number | undefined;
  const now = new Date();
  // The statements the API runs, the page's audit row included.
  const audit = listViewedAudit(benchAuth, { ipAddress: '127.0.0.1' }, query);
  const { api, direct } = await measurePair(
    async () => {
      const res = await client.postJson('/api/admin/workflow/list', scenario.body);
      if (res.status !== 200) throw new Error(`${scenario.name}: HTTP ${res.status} ${res.body}`);
      // Read once: parsing every answer would add the benchmark client's work to the API's time.
      found ??= (JSON.parse(res.body.toString()) as { total: number }).total;
    },
    async () => {
      await selectListPage(db, query, now, audit);
    },
  );
  const ratio = api.p95 / direct.p95;
  if (api.p95 > 100 || ratio > 1.5) failures++;
  console.log(
    `| ${scenario.name} | ${(found ?? 0).toLocaleString()} | ${api.p50.toFixed(1)} | ${api.p95.toFixed(1)} | ${direct.p50.toFixed(1)} | ${direct.p95.toFixed(1)} | ${ratio.toFixed(2)} |`,
  );
}
console.log(
  `\n${failures === 0 ? 'All scenarios within' : `${failures} scenario(s) outside`} the target (API p95 <= 100 ms and <= 1.5 x SQL p95).`,
);
client.close();
server.kill('SIGTERM');
await once(server, 'exit');
await database.close();
