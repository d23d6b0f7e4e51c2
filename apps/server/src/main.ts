import { existsSync } from 'node:fs';
import { buildApp } from './app.ts';
import { type Config, readConfig } from './config.ts';
import { DataDirInUse } from './db/data-dir-lock.ts';
import { openDatabase } from './db/database.ts';
import { writeDemoFiles } from './db/seed/demo-files.ts';
import { createFileStorage } from './integrations/storage/storage-from-config.ts';
import { prepareData, StartRefused } from './startup.ts';

function refuseToStart(message: string): never {
  console.error(`\nTelecare Staff did not start.\n${message}\n`);
  process.exit(1);
}

if (existsSync('.env')) process.loadEnvFile('.env');
let config: Config;
try {
  config = readConfig();
} catch (err) {
  refuseToStart((err as Error).message);
}
const database = await openDatabase(config).catch((err) => {
  if (err instanceof DataDirInUse) refuseToStart(err.message);
  throw err;
});
await database.migrate();
let prepared: Awaited<ReturnType<typeof prepareData>>;
try {
  prepared = await prepareData(config, database.db);
} catch (err) {
  if (!(err instanceof StartRefused)) throw err;
  await database.close();
  refuseToStart(err.message);
}
const storage = createFileStorage(config);
// The demo documents and inbox letters get their real files (only the missing ones are written).
if (config.loadDemoData) await writeDemoFiles(database.db, storage);
const app = await buildApp({ config, database, storage });

const shutdown = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);

await app.listen({ host: config.host, port: config.PORT });
const url = `http://localhost:${config.PORT}`;
console.log(`\nTelecare Staff is running at ${url}/admin (API docs: ${url}/api/docs)`);
console.log(
  `Database: ${database.kind === 'pglite' ? `embedded PGlite in ${config.PGLITE_DIR}` : 'PostgreSQL (DATABASE_URL)'}`,
);
const { demoSignIn } = prepared;
if (demoSignIn) {
  const once =
    config.NODE_ENV === 'production' ? ' (a new password for every demo account, shown only this once)' : '';
  console.log(`Demo sign-in: ${demoSignIn.email} / ${demoSignIn.password}${once}`);
}
if (config.NODE_ENV === 'development') {
  console.log(
    `Sign-in codes and e-mails go to the outbox: ${url}/api/dev/outbox (from this machine only; SMS texts also go to this log).`,
  );
}
