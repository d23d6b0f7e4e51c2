/**
 * The API server of the benchmark, in its own process as in production: built over the
 * benchmark's database (DATABASE_URL, or the embedded database in PGLITE_DIR) without migrating or
 * seeding; prints its port on the first line. It logs nothing, unless BENCH_LOG_FILE names a file:
 * then it logs there as production logs to its output (level info, the request log included).
 * DATABASE_CHANGES_AT_ONCE is passed on (decision 0055; the server's default when unset), and
 * BENCH_POOL_SIZE sets its PostgreSQL connections (the server's own number when unset). LIST_MEMORY is
 * passed on too (decision 0059); the server listens once the lists' index in memory has loaded.
 */
import type { AddressInfo } from 'node:net';
import { buildApp, loggerOptions } from '../../apps/server/src/app.ts';
import { readConfig } from '../../apps/server/src/config.ts';
import { openPgliteFolder, openPostgres, SERVER_POOL_SIZE } from '../../apps/server/src/db/database.ts';
import { listMemoryOf } from '../../apps/server/src/modules/workflows/list-memory/list-memory.ts';

const url = process.env.DATABASE_URL;
const folder = process.env.PGLITE_DIR;
if (!url && !folder) throw new Error('Set DATABASE_URL or PGLITE_DIR.');
const logFile = process.env.BENCH_LOG_FILE;
const config = readConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: logFile ? 'info' : 'silent',
  WEB_DIST_DIR: '/nonexistent',
  ...(url ? { DATABASE_URL: url } : { PGLITE_DIR: folder }),
  DATABASE_CHANGES_AT_ONCE: process.env.DATABASE_CHANGES_AT_ONCE,
  LIST_MEMORY: process.env.LIST_MEMORY,
});
// The server's own pool unless BENCH_POOL_SIZE asks for another.
const poolSize = Number(process.env.BENCH_POOL_SIZE ?? SERVER_POOL_SIZE);
const database = url ? await openPostgres(url, poolSize) : await openPgliteFolder(folder as string);
const logger = logFile ? { ...(loggerOptions(config) as object), file: logFile } : false;
const app = await buildApp({ config, database, logger });
// Measured once the lists' index in memory has loaded (decision 0059); the database answers them until then.
await listMemoryOf(database.db)?.loading;
await app.listen({ host: '127.0.0.1', port: 0 });
console.log((app.server.address() as AddressInfo).port);
process.once('SIGTERM', async () => {
  await app.close();
  await database.close();
  process.exit(0);
});
