import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { citext } from '@electric-sql/pglite/contrib/citext';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  kind: 'postgres' | 'pglite';
  migrate(): Promise<void>;
  /** LISTEN on a channel; returns a function that stops listening. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  // The working set of the lists is cached (or on SSD): random reads cost little more than
  // sequential ones, which lets the planner pick the trigram indexes for substring filters.
  const pool = new pg.Pool({ connectionString: url, max: poolSize, options: '-c random_page_cost=1.1' });
  // An idle pooled connection that the server ends (restart, failover) must not crash the process;
  // the pool drops it and opens a new one on the next query.
  pool.on('error', () => undefined);
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    migrate: () => migratePg(drizzlePg({ client: pool }), { migrationsFolder }),
    listen: (channel, onPayload) => listenPostgres(url, channel, onPayload),
    close: () => pool.end(),
  };
}

/** A dedicated connection for LISTEN that reconnects after a dropped connection or a server restart. */
async function listenPostgres(url: string, channel: string, onPayload: (payload: string) => void) {
  let stopped = false;
  let current: pg.Client | undefined;
  const connect = async (): Promise<void> => {
    if (stopped) return;
    const client = new pg.Client({ connectionString: url });
    current = client;
    client.on('notification', (message) => message.channel === channel && onPayload(message.payload ?? ''));
    client.on('error', () => undefined);
    client.on('end', () => {
      if (!stopped) setTimeout(() => void connect().catch(() => undefined), 1000);
    });
    try {
      await client.connect();
      await client.query(`LISTEN "${channel}"`);
    } catch {
      await client.end().catch(() => undefined);
    }
  };
  await connect();
  return async () => {
    stopped = true;
    await current?.end().catch(() => undefined);
  };
}

type PgliteOptions = { dataDir?: string; loadDataDir?: Blob };

/** dataDir undefined = in memory; loadDataDir restores a dumped database (fast test copies). */
export async function openPglite(options: PgliteOptions = {}) {
  return pgliteDatabase(await createPglite(options));
}

export async function createPglite(options: PgliteOptions = {}) {
  if (options.dataDir) mkdirSync(path.dirname(options.dataDir), { recursive: true });
  return PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: { pg_trgm, citext, btree_gist },
  });
}

/** The Database over an open PGlite instance (tests hand one instance to file after file). */
export function pgliteDatabase(client: PGlite): Database & { dumpDataDir(): Promise<Blob> } {
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite({ client }), { migrationsFolder }),
    listen: async (channel, onPayload) => {
      const stop = await client.listen(channel, onPayload);
      return async () => {
        if (!client.closed) await stop();
      };
    },
    close: () => client.close(),
    dumpDataDir: async () => client.dumpDataDir('gzip'),
  };
}

export function openDatabase(config: { DATABASE_URL?: string | undefined; PGLITE_DIR: string }) {
  return config.DATABASE_URL ? openPostgres(config.DATABASE_URL) : openPglite({ dataDir: config.PGLITE_DIR });
}
