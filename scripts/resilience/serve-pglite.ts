/**
 * An API server over the embedded database in PGLITE_DIR, as `npm start` runs it but without
 * migrating or seeding; prints its port on the first line.
 */
import type { AddressInfo } from 'node:net';
import { buildApp } from '../../apps/server/src/app.ts';
import { readConfig } from '../../apps/server/src/config.ts';
import { openPgliteFolder } from '../../apps/server/src/db/database.ts';

const dataDir = process.env.PGLITE_DIR;
if (!dataDir) throw new Error('Set PGLITE_DIR.');
const config = readConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  WEB_DIST_DIR: '/nonexistent',
  PGLITE_DIR: dataDir,
});
const database = await openPgliteFolder(dataDir);
const app = await buildApp({ config, database, logger: false });
await app.listen({ host: '127.0.0.1', port: 0 });
console.log((app.server.address() as AddressInfo).port);
