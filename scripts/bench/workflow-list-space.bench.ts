/**
 * The space benchmark of the workflow lists: every request of the space
 * (apps/server/src/modules/workflows/list-request-space.ts, about 1,300 requests) against the HTTP
 * API in its own process, over whatever the database holds. Prints the worst 20 requests by p95.
 *
 *   DATABASE_URL=postgres://... npm run bench:space -- [repetitions] [nameContains]
 *   PGLITE_DIR=data/pglite npm run bench:space -- [repetitions] [nameContains]   (the embedded database)
 *
 * Each request is sent `repetitions` times (30) by BENCH_CONCURRENCY clients at once (10 on
 * PostgreSQL, 1 on PGlite), after one warm-up round; its p95 is the ceil(0.95 x n)-th fastest of
 * its n times (with 30, the second slowest). BENCH_OUT writes every request's figures as JSON;
 * BENCH_BASELINE reads such a file (say, of the 10,000-row database) and adds each request's ratio
 * to it; BENCH_RERUN reads such a file and measures only its worst 20 again (BENCH_RERUN_COUNT: its
 * worst that many). An answer not read within the server's time budget (`timedOut`, decision 0052)
 * is counted per request: it is quick but it is not a page.
 *
 * BENCH_BASELINE_URL names a second PostgreSQL database (say, of 10,000 workflows) with a server of
 * its own: each request found in both spaces is then measured on both, one right after the other
 * (which first alternates), so that both see the same moment of a noisy machine; its baseline p95
 * is the second server's. A p95 of 30 times is the second slowest, and one stall of either server
 * moves it: two servers of the same 10,000 workflows put 21 of 1,260 requests over 2 x each other
 * (docs/performance.md, session 23). So each request over 2 x its baseline is measured again as a
 * pair BENCH_RECHECK times (2 unless set), and its ratio is the median of all its pairs'. A page
 * that stays over 2 x with more rows than its baseline's page (fuller) is also set against the
 * baseline's pages of its size with at least as many rows.
 *
 * On PostgreSQL it also prints each server's CPU per request: its process (every thread) and its
 * PostgreSQL backends, read from /proc (cpu-time.ts), over the whole run, warm-ups included.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import {
  type Database,
  openPgliteFolder,
  openPostgres,
  SERVER_POOL_SIZE,
} from '../../apps/server/src/db/database.ts';
import {
  type ListSizes,
  listRequestSpace,
  type SpaceRequest,
} from '../../apps/server/src/modules/workflows/list-request-space.ts';
import { selectListPage } from '../../apps/server/src/modules/workflows/workflow-list.queries.ts';
import { benchSessionToken, benchUser } from './bench-session.ts';
import { createCpuMeter } from './cpu-time.ts';
import { createHttpClient } from './http-client.ts';

const url = process.env.DATABASE_URL;
const folder = process.env.PGLITE_DIR;
if (!url && !folder) throw new Error('Set DATABASE_URL (PostgreSQL) or PGLITE_DIR (the embedded database).');
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? (url ? 10 : 1));
const REPETITIONS = Number(process.argv[2] ?? 30);
const TIMED_OUT = Buffer.from('"timedOut":true');
const ONLY = process.argv[3];
const TARGET_MS = Number(process.env.BENCH_TARGET_MS ?? (url ? 100 : 300));

type Result = {
  name: string;
  p50: number;
  p95: number;
  total: number;
  /** Rows on the page answered. */
  shown: number;
  /** Rows a page holds at most (the request's page size). */
  pageSize: number;
  timedOut: number;
  baseline?: number;
  /** Rows on the baseline's page of the same request. */
  baselineShown?: number;
  /** p95 / baseline p95 of each pair measurement after the first (BENCH_RECHECK). */
  rechecked?: number[];
};

/** The API server's connections (serve-api.ts); the in-process run gets as many, so its clients queue alike. */
const API_POOL_SIZE = Number(process.env.BENCH_POOL_SIZE ?? SERVER_POOL_SIZE);

const baselineUrl = process.env.BENCH_BASELINE_URL;
if (baselineUrl && (process.env.BENCH_BASELINE || process.env.BENCH_DIRECT))
  throw new Error(
    'BENCH_BASELINE_URL measures its own baseline through the API: leave BENCH_BASELINE and BENCH_DIRECT unset.',
  );

async function openDatabase(poolSize = 2, at = url): Promise<Database> {
  return at ? openPostgres(at, poolSize) : openPgliteFolder(folder as string);
}

/** The list sizes, and a supervisor's session for the clients (created before the server opens PGlite). */
async function prepare(at = url) {
  const database = await openDatabase(2, at);
  try {
    await database.migrate();
    const { db } = database;
    const counted = (await db.execute(sql`SELECT list_name, total FROM workflow_list_counts`)) as unknown as {
      rows: { list_name: keyof ListSizes; total: string | number }[];
    };
    const sizes: ListSizes = { active: 0, archived: 0, history: 0, deleted: 0 };
    for (const row of counted.rows) sizes[row.list_name] = Number(row.total);
    // IT staff: the only role that sees the deleted list as well as the others.
    const user = await benchUser(db, { email: 'bench-it@telecare.example', role: 'TELECARE_IT' });
    const token = await benchSessionToken(db, user.id, 6);
    return { sizes, token };
  } finally {
    await database.close();
  }
}

/** A page this many rows fuller than the baseline's is counted apart: the same request, but more rows to read, audit and send. */
const FULLER_BY = 5;
const isFuller = (r: Result) => r.baselineShown !== undefined && r.shown > r.baselineShown + FULLER_BY;

/** A request's ratios to its baseline: its first pair's, then its rechecks'. */
const ratiosOf = (r: Result) => [r.p95 / (r.baseline ?? 1), ...(r.rechecked ?? [])];

/** The median of a rechecked request's ratios to its baseline, the first pair's included. */
const medianRatio = (r: Result) =>
  percentile(
    ratiosOf(r).sort((a, b) => a - b),
    50,
  );

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

const { sizes, token } = await prepare();
// BENCH_SERVER_NODE_OPTIONS: options for the server's Node (say, --cpu-prof), which NODE_OPTIONS does not take.
const serverNodeOptions = (process.env.BENCH_SERVER_NODE_OPTIONS ?? '').split(' ').filter(Boolean);
// BENCH_DIRECT=1: the list queries in this process (selectListPage), without the API, for a quick look.
const direct = process.env.BENCH_DIRECT ? await openDatabase(API_POOL_SIZE) : undefined;

/** The API server over `databaseUrl` (or the embedded database), and a client signed in with `session`. */
async function startServer(databaseUrl: string | undefined, session: string, applicationName: string) {
  const env = {
    ...process.env,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    PGAPPNAME: applicationName,
  };
  const server = spawn(
    process.execPath,
    [...serverNodeOptions, '--import', 'tsx', fileURLToPath(new URL('serve-api.ts', import.meta.url))],
    { env, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const [port] = (await once(createInterface({ input: server.stdout }), 'line')) as [string];
  return { server, client: createHttpClient(Number(port), session), applicationName, sent: 0 };
}

const main = direct ? undefined : await startServer(url, token, 'bench-space');
const server = main?.server;
const client = main?.client;
const baselinePrepared = baselineUrl ? await prepare(baselineUrl) : undefined;
const second =
  baselineUrl && baselinePrepared
    ? await startServer(baselineUrl, baselinePrepared.token, 'bench-space-baseline')
    : undefined;

async function measure(request: SpaceRequest, served = main): Promise<Result> {
  let total = 0;
  let timedOut = 0;
  const now = new Date();
  const client = served?.client;
  const send = async () => {
    if (!served || !client) {
      const page = await selectListPage((direct as Database).db, request.query, now);
      if (page.timedOut) timedOut++;
      return { status: 200, body: Buffer.from(JSON.stringify({ total: page.total })) };
    }
    served.sent++;
    const res = await client.postJson('/api/admin/workflow/list', request.query);
    if (res.status !== 200) throw new Error(`${request.name}: HTTP ${res.status} ${res.body}`);
    // Not parsed: the client's work shares the machine with the server's (http-client.ts), and a
    // page of 50 rows (37 KB) took it 0.27-0.29 ms to parse. The key is written once, unescaped, by JSON.stringify.
    if (res.body.includes(TIMED_OUT)) timedOut++;
    return res;
  };
  const first = await send();
  const answer = JSON.parse(first.body.toString()) as { total: number; rows?: unknown[] };
  total = answer.total;
  await Promise.all(Array.from({ length: CONCURRENCY - 1 }, send));
  timedOut = 0; // the measured answers only, not the warm-up's
  const times: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next++ < REPETITIONS) {
        const started = performance.now();
        await send();
        times.push(performance.now() - started);
      }
    }),
  );
  times.sort((a, b) => a - b);
  return {
    name: request.name,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    total,
    shown: answer.rows?.length ?? 0,
    pageSize: request.query.pageSize,
    timedOut,
  };
}

/**
 * Each fuller page against the baseline's pages of its size that hold at least as many rows: the
 * median of their p95s. Its own baseline's page holds fewer rows; this compares pages of as many
 * rows, so what is left is what the store's size costs.
 */
function printAgainstAsManyRows(fuller: Result[]) {
  const compared = fuller.flatMap((r) => {
    const like = results
      .filter((b) => b.baseline && (b.baselineShown ?? 0) >= r.shown && b.pageSize === r.pageSize)
      .map((b) => b.baseline as number)
      .sort((x, y) => x - y);
    return like.length > 0 ? [{ r, ratio: r.p95 / percentile(like, 50), pages: like.length }] : [];
  });
  if (compared.length === 0) return;
  const ratios = compared.map((c) => c.ratio).sort((x, y) => x - y);
  console.log(
    `Against the median p95 of the baseline's pages of as many rows or more (${compared.length} of those ${fuller.length} ` +
      `fuller; ${Math.min(...compared.map((c) => c.pages))}-${Math.max(...compared.map((c) => c.pages))} pages each): ` +
      `${ratios.map((q) => q.toFixed(2)).join(' ')}; ${ratios.filter((q) => q > 2).length} over 2 x.`,
  );
}

const readResults = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as { results: Result[] };
const baseline = process.env.BENCH_BASELINE
  ? new Map(readResults(process.env.BENCH_BASELINE).results.map((r) => [r.name, r.p95]))
  : second
    ? new Map<string, number>()
    : undefined;
const baselineSpace = baselinePrepared
  ? new Map(listRequestSpace(baselinePrepared.sizes).map((r) => [r.name, r]))
  : undefined;
const rerun = process.env.BENCH_RERUN
  ? new Set(
      readResults(process.env.BENCH_RERUN)
        .results.sort((a, b) => b.p95 - a.p95)
        .slice(0, Number(process.env.BENCH_RERUN_COUNT ?? 20))
        .map((r) => r.name),
    )
  : undefined;
const space = listRequestSpace(sizes).filter(
  (r) => (!ONLY || r.name.includes(ONLY)) && (!rerun || rerun.has(r.name)),
);

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
const loadBefore = load();
// CPU per request of each server and its PostgreSQL backends: unlike latency, it does not grow with the machine's queue.
const meterDatabase = url && main ? await openDatabase(1) : undefined;
const meters = meterDatabase
  ? [main, second].flatMap((served) =>
      served
        ? [
            {
              served,
              meter: createCpuMeter(meterDatabase.db, served.server.pid as number, served.applicationName),
            },
          ]
        : [],
    )
  : [];
const cpuBefore = await Promise.all(meters.map(({ meter }) => meter.sample()));
const sentBefore = meters.map(({ served }) => served.sent);
const started = performance.now();
console.log(
  `\n${url ? 'PostgreSQL' : 'PGlite'}; lists ${JSON.stringify(sizes)}; ${space.length} requests x ${REPETITIONS} ` +
    `repetitions, ${CONCURRENCY} concurrent client(s); load average before: ${loadBefore}`,
);
const results: Result[] = [];
/** The request on this server and the baseline's, one right after the other, `baselineFirst` or not. */
async function measurePair(request: SpaceRequest, paired: SpaceRequest, baselineFirst: boolean) {
  const before = baselineFirst ? await measure(paired, second) : undefined;
  const result = await measure(request);
  const after = baselineFirst ? undefined : await measure(paired, second);
  return { result, baselineResult: (before ?? after) as Result };
}
for (const [index, request] of space.entries()) {
  const paired = second && baselineSpace?.get(request.name);
  let result: Result;
  if (paired) {
    const pair = await measurePair(request, paired, index % 2 === 1);
    result = pair.result;
    baseline?.set(request.name, pair.baselineResult.p95);
    result.baselineShown = pair.baselineResult.shown;
  } else result = await measure(request);
  const was = baseline?.get(request.name);
  if (was !== undefined) result.baseline = was;
  results.push(result);
  if (process.env.BENCH_PROGRESS && index % 100 === 99) console.error(`${index + 1}/${space.length}`);
}
const RECHECKS = Number(process.env.BENCH_RECHECK ?? 2);
// results[i] is space[i]'s.
for (const [index, request] of space.entries()) {
  const result = results[index] as Result;
  if (!result.baseline || result.p95 <= 2 * result.baseline) continue;
  const paired = second && baselineSpace?.get(request.name);
  if (!paired) continue;
  result.rechecked = [];
  for (let again = 0; again < RECHECKS; again++) {
    const pair = await measurePair(request, paired, again % 2 === 0);
    result.rechecked.push(pair.result.p95 / pair.baselineResult.p95);
  }
}
const minutes = (performance.now() - started) / 60_000;
const cpuAfter = await Promise.all(meters.map(({ meter }) => meter.sample()));
const cpuPerRequest = meters.map(({ served, meter }, at) => ({
  server: served === main ? 'this database' : 'baseline',
  ...meter.perRequest(
    cpuBefore[at] as Awaited<ReturnType<typeof meter.sample>>,
    cpuAfter[at] as Awaited<ReturnType<typeof meter.sample>>,
    Math.max(1, served.sent - (sentBefore[at] as number)),
  ),
}));
await meterDatabase?.close();

const worst = [...results].sort((a, b) => b.p95 - a.p95).slice(0, 20);
console.log(`\nWorst 20 of ${results.length} requests by p95 (ms):\n`);
console.log(
  `| request | rows found | p50 | p95 | timed out |${baseline ? ' p95 at baseline | ratio |' : ''}`,
);
console.log(`|---|---:|---:|---:|---:|${baseline ? '---:|---:|' : ''}`);
for (const r of worst) {
  const ratio = r.baseline ? (r.p95 / r.baseline).toFixed(2) : '';
  console.log(
    `| ${r.name} | ${r.total.toLocaleString('en-AU')} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.timedOut} |` +
      (baseline ? ` ${r.baseline?.toFixed(1) ?? '-'} | ${ratio} |` : ''),
  );
}
const over = results.filter((r) => r.p95 > TARGET_MS);
const p95s = results.map((r) => r.p95).sort((a, b) => a - b);
console.log(
  `\n${over.length} of ${results.length} requests over ${TARGET_MS} ms p95; median request p95 ${percentile(p95s, 50).toFixed(1)} ms; ` +
    `${minutes.toFixed(1)} min; load average before ${loadBefore}, after ${load()}.`,
);
for (const { server, api, database } of cpuPerRequest)
  console.log(
    `CPU per request, ${server}: API process ${api.toFixed(2)} ms, its PostgreSQL backends ${database.toFixed(2)} ms.`,
  );
const late = results.filter((r) => r.timedOut > 0);
console.log(
  `${late.length} requests had answers not read in time (timedOut), ` +
    `${late.reduce((sum, r) => sum + r.timedOut, 0)} answers in all.`,
);
if (baseline) {
  const ratios = results
    .filter((r) => r.baseline)
    .map((r) => ({ name: r.name, ratio: r.p95 / (r.baseline ?? 1), fuller: isFuller(r) }));
  const far = ratios.filter((r) => r.ratio > 2).sort((a, b) => b.ratio - a.ratio);
  console.log(`${far.length} of ${ratios.length} requests over 2 x their baseline p95.`);
  const fuller = ratios.filter((r) => r.fuller);
  if (fuller.length > 0)
    console.log(
      `  ${far.filter((r) => r.fuller).length} of them are among the ${fuller.length} requests whose page holds ` +
        `more than ${FULLER_BY} rows more than the baseline's (say 50 rows against 2).`,
    );
  for (const r of far.slice(0, 20)) console.log(`  ${r.ratio.toFixed(2)}  ${r.name}`);
  const rechecked = results.filter((r) => r.rechecked?.length);
  if (rechecked.length > 0) {
    const medians = rechecked
      .map((r) => ({ ...r, median: medianRatio(r), fuller: isFuller(r) }))
      .sort((a, b) => b.median - a.median);
    const still = medians.filter((r) => r.median > 2);
    console.log(
      `${still.length} of those ${rechecked.length} stay over 2 x in the median of their ${RECHECKS + 1} pair measurements ` +
        `(${still.filter((r) => r.fuller).length} of them fuller):`,
    );
    for (const r of still)
      console.log(
        `  ${r.median.toFixed(2)} (${ratiosOf(r)
          .map((q) => q.toFixed(2))
          .join(', ')})  ${r.name}`,
      );
    printAgainstAsManyRows(still.filter((r) => r.fuller));
  }
}
if (process.env.BENCH_OUT) {
  writeFileSync(
    process.env.BENCH_OUT,
    JSON.stringify(
      { sizes, repetitions: REPETITIONS, concurrency: CONCURRENCY, cpuPerRequest, results },
      null,
      1,
    ),
  );
}
client?.close();
second?.client.close();
await direct?.close();
for (const running of [server, second?.server]) {
  if (!running) continue;
  running.kill('SIGTERM');
  await once(running, 'exit');
}
