/**
 * The lists' index in memory alone (decision 0059): loads it from the database, then times every
 * request of the space in process, one at a time (the work one request puts on the server's one
 * thread, without HTTP and without reading the page's rows). Prints the load time and memory, the
 * worst 20 requests and how many take longer than BENCH_TARGET_MS (10). BENCH_OUT writes every
 * request's figures as JSON.
 *
 *   DATABASE_URL=postgres://... npx tsx scripts/bench/list-memory.bench.ts [repetitions] [nameContains]
 */
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openPgliteFolder, openPostgres } from '../../apps/server/src/db/database.ts';
import { ListMemory } from '../../apps/server/src/modules/workflows/list-memory/list-memory.ts';
import {
  type ListSizes,
  listRequestSpace,
} from '../../apps/server/src/modules/workflows/list-request-space.ts';
import { PAGED_ROWS } from '../../apps/server/src/modules/workflows/workflow-list.queries.ts';

const url = process.env.DATABASE_URL;
const folder = process.env.PGLITE_DIR;
if (!url && !folder) throw new Error('Set DATABASE_URL (PostgreSQL) or PGLITE_DIR (the embedded database).');
const REPETITIONS = Number(process.argv[2] ?? 5);
const ONLY = process.argv[3];
const TARGET_MS = Number(process.env.BENCH_TARGET_MS ?? 10);

const database = url ? await openPostgres(url, 2) : await openPgliteFolder(folder as string);
await database.migrate();
const started = performance.now();
const memory = new ListMemory(database.db);
await memory.load();
const loadMs = performance.now() - started;
const { heapUsed, rss } = process.memoryUsage();
console.log(
  `loaded in ${(loadMs / 1000).toFixed(1)} s; this thread's heap ${(heapUsed / 1e6).toFixed(0)} MB (the index's is on its own thread), resident ${(rss / 1e6).toFixed(0)} MB`,
);

const counted = (await database.db.execute(
  sql`SELECT list_name AS list, count(*)::int AS n FROM workflow_list_rows GROUP BY 1`,
)) as unknown as { rows: { list: keyof ListSizes; n: number }[] };
const sizes: ListSizes = { active: 0, archived: 0, history: 0, deleted: 0 };
for (const { list, n } of counted.rows) sizes[list] = n;
const space = listRequestSpace(sizes).filter(({ name }) => !ONLY || name.includes(ONLY));
const now = new Date();

// The first round makes every order; it is reported apart.
const firstRound = performance.now();
for (const { query } of space) await memory.page(query, now, PAGED_ROWS);
console.log(`first round (orders made): ${((performance.now() - firstRound) / 1000).toFixed(1)} s`);

const results: { name: string; p50: number; worst: number }[] = [];
for (const { name, query } of space) {
  const times: number[] = [];
  for (let n = 0; n < REPETITIONS; n++) {
    const start = performance.now();
    await memory.page(query, now, PAGED_ROWS);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  results.push({ name, p50: times[Math.floor(times.length / 2)] as number, worst: times.at(-1) as number });
}
results.sort((a, b) => b.p50 - a.p50);
if (process.env.BENCH_OUT) writeFileSync(process.env.BENCH_OUT, JSON.stringify({ loadMs, results }, null, 1));
console.log(
  `\nWorst 20 of ${results.length} by p50 (ms; each one at a time, with its two small statements):\n`,
);
for (const { name, p50, worst } of results.slice(0, 20))
  console.log(`${p50.toFixed(1).padStart(7)} ${worst.toFixed(1).padStart(7)}  ${name}`);
const medians = results.map((r) => r.p50).sort((a, b) => a - b);
console.log(
  `\n${results.filter((r) => r.p50 > TARGET_MS).length} of ${results.length} over ${TARGET_MS} ms (p50); median ${medians[Math.floor(medians.length / 2)]?.toFixed(2)} ms`,
);
console.log(`resident after every request: ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB`);
await memory.close();
await database.close();
