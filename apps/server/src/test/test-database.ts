import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import { createPglite, type Database, type Db, openPostgres, pgliteDatabase } from '../db/database.ts';

const runId = createHash('sha1').update(process.cwd()).digest('hex').slice(0, 8);

/** What the migrated PGlite template depends on: the migrations, how PGlite opens, its version. */
function pgliteTemplateHash() {
  const hash = createHash('sha1');
  const migrations = fileURLToPath(new URL('../db/migrations/', import.meta.url));
  for (const file of readdirSync(migrations, { recursive: true }).map(String).sort()) {
    const full = path.join(migrations, file);
    if (statSync(full).isFile()) hash.update(file).update(readFileSync(full));
  }
  hash.update(readFileSync(new URL('../db/database.ts', import.meta.url)));
  const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  hash.update(readFileSync(path.join(path.dirname(pgliteEntry), '..', 'package.json')));
  return hash.digest('hex').slice(0, 12);
}

export const PGLITE_TEMPLATE_PREFIX = `telecare-test-template-${runId}`;
/** Kept between runs: migrating a new PGlite takes seconds, so it is done when an input changed. */
export const PGLITE_TEMPLATE_FILE = path.join(
  os.tmpdir(),
  `${PGLITE_TEMPLATE_PREFIX}-${pgliteTemplateHash()}.tgz`,
);
export const POSTGRES_TEMPLATE_DB = `telecare_test_template_${runId}`;

export function withDatabase(url: string, database: string) {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function adminQuery(url: string, statement: string) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

async function rowsOf<T>(db: Db, query: SQL) {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The tables of the schema that hold rows (the migrated template has none: see emptyPglite). */
export async function tablesWithRows(db: Db) {
  const tables = await rowsOf<{ name: string }>(
    db,
    sql`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`,
  );
  const withRows: string[] = [];
  for (const { name } of tables) {
    const [table] = await rowsOf<{ found: boolean }>(
      db,
      sql`SELECT EXISTS (SELECT FROM ${sql.identifier(name)}) AS found`,
    );
    if (table?.found) withRows.push(name);
  }
  return withRows;
}

/**
 * PGlite instances that a test file of this worker has closed. The next file gets one back, emptied,
 * instead of loading the template again (~1-2 s and ~250 MB each).
 */
const idlePglites: PGlite[] = [];

async function loadPgliteTemplate() {
  return createPglite({ loadDataDir: new Blob([await readFile(PGLITE_TEMPLATE_FILE)]) });
}

/**
 * Back to the migrated template: no rows (the migrations insert none outside drizzle's own table),
 * sequences restarted, no planner statistics, no session state (settings, temp tables, LISTENs).
 */
async function emptyPglite(client: PGlite) {
  await client.exec('DISCARD ALL');
  const tables = await client.query<{ name: string }>(
    `SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables
     WHERE schemaname NOT IN ('pg_catalog', 'information_schema', 'drizzle')`,
  );
  const names = tables.rows.map((table) => table.name).join(', ');
  await client.exec(`
    TRUNCATE ${names} RESTART IDENTITY CASCADE;
    DELETE FROM pg_statistic WHERE starelid IN (SELECT oid FROM pg_class WHERE relnamespace = 'public'::regnamespace);`);
}

async function openPgliteCopy(): Promise<Database> {
  const reused = idlePglites.pop();
  const client = reused ?? (await loadPgliteTemplate());
  if (reused) await emptyPglite(client);
  let open = true;
  return {
    ...pgliteDatabase(client),
    close: async () => {
      if (open) idlePglites.push(client);
      open = false;
    },
  };
}

/** A fresh, migrated database of its own: PostgreSQL when TEST_DATABASE_URL is set, else PGlite. */
export async function openTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return openPgliteCopy();
  const name = `telecare_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(url, `CREATE DATABASE ${name} TEMPLATE ${POSTGRES_TEMPLATE_DB}`);
  const database = await openPostgres(withDatabase(url, name), 4);
  return {
    ...database,
    close: async () => {
      await database.close();
      await adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
