/**
 * What a list page's rows cost the server's thread, by stage, for pages of 3, 10 and 50 rows: the
 * statement that reads them by id and writes their audit row (selectPageRows), the rows as the
 * list shows them (toWorkflowRow), and the answer's encoding (the route's compiled serializer). One
 * client, in process, so the figures are this process's CPU, not a queue's.
 *
 *   DATABASE_URL=postgres://... npx tsx scripts/bench/page-rows.bench.ts [repetitions]
 */
import { performance } from 'node:perf_hooks';
import { WorkflowListResponseSchema } from '@telecare/contracts/workflows';
import { sql } from 'drizzle-orm';
import { openPgliteFolder, openPostgres } from '../../apps/server/src/db/database.ts';
import type { AuditEvent } from '../../apps/server/src/modules/audit/audit.queries.ts';
import { selectPageRows } from '../../apps/server/src/modules/workflows/workflow-page-rows.ts';
import { toWorkflowRow } from '../../apps/server/src/modules/workflows/workflow-row.presenter.ts';
import { compiledSerializer } from '../../apps/server/src/plugins/compiled-serializer.ts';
import { benchUser } from './bench-session.ts';

const url = process.env.DATABASE_URL;
const folder = process.env.PGLITE_DIR;
if (!url && !folder) throw new Error('Set DATABASE_URL (PostgreSQL) or PGLITE_DIR (the embedded database).');
const REPETITIONS = Number(process.argv[2] ?? 2000);
const PAGE_SIZES = [3, 10, 50];

const database = url ? await openPostgres(url, 2) : await openPgliteFolder(folder as string);
const { db } = database;
const serialize = compiledSerializer({ schema: WorkflowListResponseSchema });
const found = (await db.execute(
  sql`SELECT id FROM workflows WHERE list_name = 'active' ORDER BY id LIMIT 500`,
)) as unknown as { rows: { id: string }[] };
const pool = found.rows.map((row) => row.id);
if (pool.length < 100) throw new Error('The database needs 100 active workflows or more.');
const user = await benchUser(db, { email: 'bench-it@telecare.example', role: 'TELECARE_IT' });
const auditOf = (ids: string[]): AuditEvent => ({
  action: 'workflow.list.viewed',
  actorUserId: user.id,
  actorRole: user.role,
  entityType: 'workflow-list',
  entityId: 'active',
  ipAddress: '127.0.0.1',
  details: { page: 1, workflowIds: ids, filteredColumns: [], namedFilters: [], sort: [] },
});

console.log(
  `\n${url ? 'PostgreSQL' : 'PGlite'}; ${REPETITIONS} pages of each size, the first quarter not timed\n`,
);
console.log(
  '| rows | read (wall) | presented | encoded | answer | this process CPU per page | per row over the 3-row page |',
);
console.log('|---:|---:|---:|---:|---:|---:|---:|');
// Every size once untimed first: the first size measured would otherwise pay for the JIT's warm-up.
for (const size of PAGE_SIZES)
  for (let i = 0; i < REPETITIONS / 4; i++)
    await selectPageRows(db, pool.slice(i % 100, (i % 100) + size), undefined);
let cpuOfThree = 0;
for (const size of PAGE_SIZES) {
  const spent = { read: 0, presented: 0, encoded: 0 };
  let bytes = 0;
  let cpuFrom = process.cpuUsage();
  const warmUp = Math.floor(REPETITIONS / 4);
  for (let i = 0; i < REPETITIONS; i++) {
    if (i === warmUp) cpuFrom = process.cpuUsage();
    const start = (i * 7) % (pool.length - size);
    const ids = pool.slice(start, start + size);
    const began = performance.now();
    const rows = await selectPageRows(db, ids, auditOf(ids));
    const read = performance.now();
    const now = new Date();
    const shown = rows.map((row) => toWorkflowRow(row, now));
    const presented = performance.now();
    const body = serialize({
      rows: shown,
      page: 1,
      pageSize: size,
      total: pool.length,
      totalIsEstimate: false,
      rowLimit: null,
      timedOut: false,
    });
    const encoded = performance.now();
    bytes = body.length;
    if (i < warmUp) continue;
    spent.read += read - began;
    spent.presented += presented - read;
    spent.encoded += encoded - presented;
  }
  const timed = REPETITIONS - warmUp;
  const used = process.cpuUsage(cpuFrom);
  const cpu = (used.user + used.system) / 1000 / timed;
  if (size === 3) cpuOfThree = cpu;
  const perRow = size === 3 ? '' : `${(((cpu - cpuOfThree) / (size - 3)) * 1000).toFixed(1)} µs`;
  console.log(
    `| ${size} | ${(spent.read / timed).toFixed(3)} ms | ${(spent.presented / timed).toFixed(3)} ms | ` +
      `${(spent.encoded / timed).toFixed(3)} ms | ${bytes.toLocaleString('en-AU')} B | ${cpu.toFixed(3)} ms | ${perRow} |`,
  );
}
await database.close();
