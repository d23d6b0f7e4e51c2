import { existsSync } from 'node:fs';
import { buildApp } from './app.ts';
import { readConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { loadDemoDataIfEmpty } from './db/seed/demo-data.ts';

if (existsSync('.env')) process.loadEnvFile('.env');
const config = readConfig();
const database = await openDatabase(config);
await database.migrate();
const demo = config.LOAD_DEMO_DATA ? await loadDemoDataIfEmpty(database.db) : null;
const app = await buildApp({ config, database });

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
if (demo) {
  console.log(`Demo sign-in: ${demo.signInEmail} / ${demo.signInPassword}`);
}
if (config.NODE_ENV === 'development') {
  console.log(
    `Sign-in codes and e-mails go to the outbox: ${url}/api/dev/outbox (from this machine only; SMS texts also go to this log).`,
  );
}
