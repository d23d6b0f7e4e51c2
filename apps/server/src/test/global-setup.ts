import { existsSync } from 'node:fs';
import { readdir, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openPglite, openPostgres } from '../db/database.ts';
import {
  PGLITE_TEMPLATE_FILE,
  PGLITE_TEMPLATE_PREFIX,
  POSTGRES_TEMPLATE_DB,
  tablesWithRows,
  withDatabase,
} from './test-database.ts';

/** Migrates one template database (PGlite: unless a current one is kept); test files start from copies. */
export async function setup() {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${POSTGRES_TEMPLATE_DB} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${POSTGRES_TEMPLATE_DB}`);
    await admin.end();
    const template = await openPostgres(withDatabase(url, POSTGRES_TEMPLATE_DB), 1);
    await template.migrate();
    await template.close();
    return;
  }
  if (existsSync(PGLITE_TEMPLATE_FILE)) return;
  const template = await openPglite();
  try {
    await template.migrate();
    const seeded = await tablesWithRows(template.db);
    if (seeded.length > 0) {
      throw new Error(
        `The migrations now insert rows into ${seeded.join(', ')}, but a test database is emptied ` +
          '(TRUNCATE) before the next test file gets it: make emptyPglite in test-database.ts put them back.',
      );
    }
    const dump = await template.dumpDataDir();
    const partial = `${PGLITE_TEMPLATE_FILE}.${process.pid}`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, PGLITE_TEMPLATE_FILE);
  } finally {
    await template.close();
  }
  await removeOlderPgliteTemplates();
}

async function removeOlderPgliteTemplates() {
  const current = path.basename(PGLITE_TEMPLATE_FILE);
  for (const file of await readdir(os.tmpdir())) {
    if (file.startsWith(PGLITE_TEMPLATE_PREFIX) && file !== current) {
      await rm(path.join(os.tmpdir(), file), { force: true });
    }
  }
}
