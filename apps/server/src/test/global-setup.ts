import { writeFile } from 'node:fs/promises';
import pg from 'pg';
import { openPglite, openPostgres } from '../db/database.ts';
import { PGLITE_TEMPLATE_FILE, POSTGRES_TEMPLATE_DB, tablesWithRows, withDatabase } from './test-database.ts';

/** Migrates one template database; every test file starts from a copy of it. */
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
  const template = await openPglite();
  await template.migrate();
  const seeded = await tablesWithRows(template.db);
  if (seeded.length > 0) {
    throw new Error(
      `The migrations now insert rows into ${seeded.join(', ')}, but a test database is emptied (TRUNCATE) ` +
        'before the next test file gets it: make emptyPglite in test-database.ts put them back.',
    );
  }
  const dump = await template.dumpDataDir();
  await writeFile(PGLITE_TEMPLATE_FILE, Buffer.from(await dump.arrayBuffer()));
  await template.close();
}
