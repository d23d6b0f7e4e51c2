/**
 * Backup and restore of the embedded database (PGlite), while the server is stopped.
 *
 *   npm run db:backup -- backups/telecare-2026-11-25.tar.gz    writes PGLITE_DIR into one file
 *   npm run db:restore -- backups/telecare-2026-11-25.tar.gz   fills an empty PGLITE_DIR from it
 *
 * PGLITE_DIR comes from the environment or .env, as for the server (default ./data/pglite).
 * Both refuse while a server (or another backup) has the folder open.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { claimDataDir, DataDirInUse } from '../apps/server/src/db/data-dir-lock.ts';
import { createPglite, pgliteDatabase } from '../apps/server/src/db/database.ts';
import { users } from '../apps/server/src/db/schema/index.ts';

if (existsSync('.env')) process.loadEnvFile('.env');
const dataDir = process.env.PGLITE_DIR ?? './data/pglite';
const [command, file] = process.argv.slice(2);

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function backup(target: string) {
  if (!existsSync(dataDir)) fail(`There is no embedded database in ${dataDir}.`);
  if (existsSync(target)) fail(`${target} exists already: choose a new file name.`);
  const release = claimDataDir(dataDir);
  try {
    const database = pgliteDatabase(await createPglite({ dataDir }));
    const accounts = await database.db.$count(users);
    const blob = await database.dumpDataDir();
    await database.close();
    await mkdir(path.dirname(path.resolve(target)), { recursive: true });
    writeFileSync(target, Buffer.from(await blob.arrayBuffer()), { flag: 'wx' });
    console.log(`Backed up ${dataDir} to ${target} (${accounts} user accounts).`);
  } finally {
    release();
  }
}

async function restore(source: string) {
  if (!existsSync(source)) fail(`There is no backup file ${source}.`);
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    fail(`${dataDir} is not empty. Restore into an empty folder: move the current one away first.`);
  }
  await mkdir(path.dirname(path.resolve(dataDir)), { recursive: true });
  const release = claimDataDir(dataDir);
  try {
    const client = await createPglite({ dataDir, loadDataDir: new Blob([readFileSync(source)]) });
    const database = pgliteDatabase(client);
    const accounts = await database.db.$count(users);
    await database.close();
    console.log(`Restored ${source} into ${dataDir} (${accounts} user accounts).`);
  } finally {
    release();
  }
}

if (!file || (command !== 'backup' && command !== 'restore')) {
  fail('Usage: tsx scripts/embedded-backup.ts backup|restore <file.tar.gz>');
}
try {
  await (command === 'backup' ? backup(file) : restore(file));
} catch (err) {
  if (err instanceof DataDirInUse) fail(err.message);
  throw err;
}
