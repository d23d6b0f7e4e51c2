import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '../db/database.ts';

const runId = createHash('sha1').update(process.cwd()).digest('hex').slice(0, 8);
export const PGLITE_TEMPLATE_FILE = path.join(os.tmpdir(), `telecare-test-template-${runId}.tgz`);
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

/** A fresh, migrated database of its own: PostgreSQL when TEST_DATABASE_URL is set, else PGlite. */
export async function openTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const dump = await readFile(PGLITE_TEMPLATE_FILE);
    return openPglite({ loadDataDir: new Blob([dump]) });
  }
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
