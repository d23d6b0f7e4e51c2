/**
 * Backup and restore, as the README describes them, with every row back:
 * - PostgreSQL: pg_dump (custom format) of a database with the demo data, pg_restore into a new one;
 * - the embedded database: `npm run db:backup` while no server runs (refused while one does), then
 *   `npm run db:restore` into a fresh data folder.
 * Every table's rows are compared by count and by a digest of their content.
 *
 *   npx tsx scripts/resilience/backup-restore.ts
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { createPglite, openPgliteFolder, openPostgres } from '../../apps/server/src/db/database.ts';
import { loadDemoDataIfEmpty } from '../../apps/server/src/db/seed/demo-data.ts';
import { runPostgresProgram, startTemporaryPostgres } from './temporary-postgres.ts';

type Query = (text: string) => Promise<Record<string, unknown>[]>;

let failures = 0;
const check = (ok: boolean, what: string) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures++;
};

/** Every table of the schema with its row count and a digest of its rows. */
async function contents(query: Query) {
  const tables = await query(
    "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1",
  );
  const result: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await query(
      `select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from "${name as string}" t`,
    );
    result[name as string] = `${row?.n} rows ${row?.digest}`;
  }
  return result;
}

function compare(label: string, before: Record<string, string>, after: Record<string, string>) {
  const tables = Object.keys(before);
  const rows = Object.values(before).reduce((sum, v) => sum + Number(v.split(' ')[0]), 0);
  const differ = tables.filter((t) => before[t] !== after[t]);
  check(
    tables.length > 10 && rows > 100 && differ.length === 0 && Object.keys(after).length === tables.length,
    `${label}: ${tables.length} tables, ${rows} rows, all back (${differ.length} differ${differ.length ? `: ${differ.join(', ')}` : ''})`,
  );
}

const pgQuery =
  (client: pg.Client): Query =>
  async (text) =>
    (await client.query(text)).rows;

async function postgresRoundTrip() {
  const postgres = await startTemporaryPostgres();
  try {
    const url = await postgres.createDatabase('telecare');
    const database = await openPostgres(url, 2);
    await database.migrate();
    await loadDemoDataIfEmpty(database.db, { password: 'backup-test-password' });
    await database.close();
    const dump = path.join(postgres.dir, 'telecare.dump');
    await runPostgresProgram('pg_dump', ['-Fc', '-f', dump, url]);
    const restoredUrl = await postgres.createDatabase('restored');
    await runPostgresProgram('pg_restore', ['--no-owner', '-d', restoredUrl, dump]);
    const [before, after] = await Promise.all(
      [url, restoredUrl].map(async (u) => {
        const client = new pg.Client({ connectionString: u });
        await client.connect();
        try {
          return await contents(pgQuery(client));
        } finally {
          await client.end();
        }
      }),
    );
    compare(
      'PostgreSQL pg_dump / pg_restore',
      before as Record<string, string>,
      after as Record<string, string>,
    );
  } finally {
    await postgres.remove();
  }
}

const run = promisify(execFile);
const backupCommand = (args: string[], dataDir: string) =>
  run(process.execPath, ['--import', 'tsx', 'scripts/embedded-backup.ts', ...args], {
    env: { ...process.env, PGLITE_DIR: dataDir },
  }).then(
    (out) => ({ ok: true, output: out.stdout + out.stderr }),
    (err: { stdout: string; stderr: string }) => ({ ok: false, output: err.stdout + err.stderr }),
  );

async function embeddedRoundTrip() {
  const dir = mkdtempSync(path.join(tmpdir(), 'telecare-backup-'));
  try {
    const dataDir = path.join(dir, 'pglite');
    const file = path.join(dir, 'backups', 'telecare.tar.gz');
    const running = await openPgliteFolder(dataDir);
    await running.migrate();
    await loadDemoDataIfEmpty(running.db, { password: 'backup-test-password' });
    const whileRunning = await backupCommand(['backup', file], dataDir);
    check(
      !whileRunning.ok && whileRunning.output.includes('in use by another process'),
      'the embedded backup is refused while a server has the folder open',
    );
    await running.close();
    const backup = await backupCommand(['backup', file], dataDir);
    check(backup.ok, `npm run db:backup with the server stopped: ${backup.output.trim()}`);
    const intoUsed = await backupCommand(['restore', file], dataDir);
    check(
      !intoUsed.ok && intoUsed.output.includes('is not empty'),
      'restore refuses a folder that is not empty',
    );
    const freshDir = path.join(dir, 'restored', 'pglite');
    const restore = await backupCommand(['restore', file], freshDir);
    check(restore.ok, `npm run db:restore into a fresh folder: ${restore.output.trim()}`);
    const [before, after] = await Promise.all(
      [dataDir, freshDir].map(async (d) => {
        const client = await createPglite({ dataDir: d });
        try {
          return await contents(async (text) => (await client.query<Record<string, unknown>>(text)).rows);
        } finally {
          await client.close();
        }
      }),
    );
    compare('embedded backup / restore', before as Record<string, string>, after as Record<string, string>);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await postgresRoundTrip();
await embeddedRoundTrip();
if (failures > 0) {
  console.error(`\n${failures} check(s) failed.`);
  process.exit(1);
}
console.log('\nBackups restore with every row back.');
