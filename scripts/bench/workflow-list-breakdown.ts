/**
 * Where a list request's time goes: each request of a space benchmark's results (BENCH_RERUN, its
 * slowest BENCH_RERUN_COUNT, default 300) is read in this process (selectListPage), one at a time,
 * once to warm up and once measured, and every statement it sends is timed and named by the read
 * it is (the estimate, a count, the few-matches read, the walk, the page ...). Prints the requests
 * grouped by the read that took most of their time.
 *
 *   DATABASE_URL=postgres://... BENCH_RERUN=/tmp/space-1m.json npx tsx scripts/bench/workflow-list-breakdown.ts
 *
 * BENCH_OUT writes every request's reads as JSON. PostgreSQL only (the statements are timed in pg).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openPostgres } from '../../apps/server/src/db/database.ts';
import {
  type ListSizes,
  listRequestSpace,
} from '../../apps/server/src/modules/workflows/list-request-space.ts';
import { selectListPage } from '../../apps/server/src/modules/workflows/workflow-list.queries.ts';

const url = process.env.DATABASE_URL;
const rerunFile = process.env.BENCH_RERUN;
if (!url || !rerunFile)
  throw new Error('Set DATABASE_URL and BENCH_RERUN (a space benchmark BENCH_OUT file).');

/** The read a statement is, by its text (the shapes workflow-list.queries.ts and its helpers send). */
const READS: [string, RegExp][] = [
  ['estimate', /^EXPLAIN/],
  ['budget (begin, set, commit)', /^(begin|commit|rollback|SET LOCAL)/i],
  ['few matches', /WITH matches AS MATERIALIZED/],
  ['capped count', /select count\(\*\) from \(select 1/i],
  ['exact count', /select count\(\*\) from "workflows"/i],
  ['walk', /"hit"/],
  ['distinct values', /WITH RECURSIVE found/],
  ['bookmark keys', /row_number\(\) OVER/],
  ['bookmarked page', /(OFFSET \$\d+ LIMIT|UNION ALL)/],
  ['kept totals', /workflow_list_counts/],
  ['rows and audit', /"workflows"\."id" in|insert into "audit/i],
  ['staff lookup', /^select "users"\."id" from "users"/i],
  ['page by the planner, past an offset', /order by .* offset \$\d+/i],
  ['first page by the planner, or a group walk', /order by .* limit \$\d+$/i],
];
const readOf = (text: string) =>
  READS.find(([, shape]) => shape.test(text.trim()))?.[0] ?? `other: ${text.slice(0, 60)}`;

type Timed = { read: string; ms: number };
let timed: Timed[] = [];

// Every statement of every connection is timed from when its connection sends it to its answer.
type Query = (this: pg.Client, ...args: unknown[]) => unknown;
const send = pg.Client.prototype.query as unknown as Query;
(pg.Client.prototype as unknown as { query: Query }).query = function (this: pg.Client, ...args: unknown[]) {
  const first = args[0];
  const text = typeof first === 'string' ? first : ((first as { text?: string })?.text ?? '');
  const started = performance.now();
  const done = () => timed.push({ read: readOf(text), ms: performance.now() - started });
  const callback = args.findIndex((arg) => typeof arg === 'function');
  if (callback >= 0) {
    const answer = args[callback] as (...result: unknown[]) => void;
    args[callback] = (...result: unknown[]) => {
      done();
      answer(...result);
    };
    return send.apply(this, args);
  }
  const result = send.apply(this, args) as Promise<unknown> | undefined;
  result?.then(done, done);
  return result;
};

type Slow = { name: string; p95: number; total: number };
const slow = (JSON.parse(readFileSync(rerunFile, 'utf8')) as { results: Slow[] }).results
  .sort((a, b) => b.p95 - a.p95)
  .slice(0, Number(process.env.BENCH_RERUN_COUNT ?? 300));
const slowByName = new Map(slow.map((r) => [r.name, r]));

const database = await openPostgres(url, 20);
const { db } = database;
const counted = (await db.execute(sql`SELECT list_name, total FROM workflow_list_counts`)) as unknown as {
  rows: { list_name: keyof ListSizes; total: string | number }[];
};
const sizes: ListSizes = { active: 0, archived: 0, history: 0, deleted: 0 };
for (const row of counted.rows) sizes[row.list_name] = Number(row.total);
const space = listRequestSpace(sizes).filter((r) => slowByName.has(r.name));

type Measured = {
  name: string;
  ms: number;
  timedOut: boolean;
  reads: Record<string, number>;
  dominant: string;
};
const measured: Measured[] = [];
const loadBefore = loadavg().map((n) => n.toFixed(2));
for (const request of space) {
  const now = new Date();
  await selectListPage(db, request.query, now);
  timed = [];
  const started = performance.now();
  const page = await selectListPage(db, request.query, now);
  const ms = performance.now() - started;
  const reads: Record<string, number> = {};
  for (const { read, ms: took } of timed) reads[read] = (reads[read] ?? 0) + took;
  const dominant = Object.entries(reads).sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'none';
  measured.push({ name: request.name, ms, timedOut: page.timedOut, reads, dominant });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const groups = new Map<string, Measured[]>();
for (const m of measured) groups.set(m.dominant, [...(groups.get(m.dominant) ?? []), m]);
console.log(
  `\n${measured.length} requests, one at a time in process; load average before ${loadBefore.join(' ')}, after ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}\n`,
);
console.log(
  '| read that took most of the time | requests | over 100 ms alone | median ms | median ms in that read | cut |',
);
console.log('|---|---:|---:|---:|---:|---:|');
for (const [read, members] of [...groups].sort((a, b) => b[1].length - a[1].length)) {
  console.log(
    `| ${read} | ${members.length} | ${members.filter((m) => m.ms > 100).length} | ${median(members.map((m) => m.ms)).toFixed(0)} | ` +
      `${median(members.map((m) => m.reads[read] ?? 0)).toFixed(0)} | ${members.filter((m) => m.timedOut).length} |`,
  );
}
console.log('\nSlowest 25 alone (ms; reads over 5 ms):');
for (const m of [...measured].sort((a, b) => b.ms - a.ms).slice(0, 25)) {
  const reads = Object.entries(m.reads)
    .filter(([, ms]) => ms > 5)
    .map(([read, ms]) => `${read} ${ms.toFixed(0)}`)
    .join(', ');
  console.log(`${m.ms.toFixed(0).padStart(6)}  ${m.name}\n        ${reads}${m.timedOut ? ' (cut)' : ''}`);
}
if (process.env.BENCH_OUT) writeFileSync(process.env.BENCH_OUT, JSON.stringify({ sizes, measured }, null, 1));
await database.close();
