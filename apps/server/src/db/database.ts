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
import { claimDataDir } from './data-dir-lock.ts';

/**
 * Drizzle without its relational query API (`db.query.*`, unused): given the schema, it builds a
 * query builder for every table on every transaction.
 */
export type Db = PgDatabase<PgQueryResultHKT>;

export type Database = {
  db: Db;
  kind: 'postgres' | 'pglite';
  migrate(): Promise<void>;
  /**
   * LISTEN on a channel; returns a function that stops listening. `onResumed` runs when listening
   * resumes after a lost connection: notifications sent meanwhile were missed.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onResumed?: () => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * The server's connections to PostgreSQL, per process. A list request may hold two at once (its
 * count and its page) for up to its 1.5 s budget: with 10, fifteen staff opening heavy lists
 * together waited more than connectionTimeoutMillis for one and were told the database could not
 * be reached. The list benchmarks have always run with 20.
 */
export const SERVER_POOL_SIZE = 20;

export async function openPostgres(url: string, poolSize = SERVER_POOL_SIZE): Promise<Database> {
  // The working set of the lists is cached (or on SSD): random reads cost little more than
  // sequential ones, which lets the planner pick the trigram indexes for substring filters.
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    options: '-c random_page_cost=1.1',
    // While the server is down a query waits at most this long for a connection; the request then
    // answers 503 well within the 5 s a user waits.
    connectionTimeoutMillis: 2000,
  });
  // A connection that the server ends (restart, failover) must never crash the process: idle ones
  // are dropped by the pool, and one in use fails its query, which the request answers with 503.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzlePg({ client: pool }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    migrate: () => migratePg(drizzlePg({ client: pool }), { migrationsFolder }),
    listen: (channel, onPayload, onResumed) => listenPostgres(url, channel, onPayload, onResumed),
    close: () => pool.end(),
  };
}

/**
 * A dedicated connection for LISTEN that reconnects, once a second, after a dropped connection or
 * a server restart, for as long as the database is away.
 */
async function listenPostgres(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onResumed: () => void = () => undefined,
) {
  let stopped = false;
  let broken = false;
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const reconnectSoon = (client: pg.Client) => {
    if (stopped || current !== client || retry) return;
    broken = true;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, 1000);
  };
  const connect = async (): Promise<void> => {
    if (stopped) return;
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
    current = client;
    client.on('notification', (message) => message.channel === channel && onPayload(message.payload ?? ''));
    client.on('error', () => reconnectSoon(client));
    client.on('end', () => reconnectSoon(client));
    try {
      await client.connect();
      await client.query(`LISTEN "${channel}"`);
      if (broken) {
        broken = false;
        onResumed();
      }
    } catch {
      reconnectSoon(client);
      await client.end().catch(() => undefined);
    }
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
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
  const db = drizzlePglite({ client }) as unknown as Db;
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

/** The embedded database in a folder claimed for this process until `close()` (see data-dir-lock.ts). */
export async function openPgliteFolder(dataDir: string): Promise<Database> {
  mkdirSync(path.dirname(dataDir), { recursive: true });
  const release = claimDataDir(dataDir);
  try {
    const database = await openPglite({ dataDir });
    return {
      ...database,
      close: async () => {
        await database.close();
        release();
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}

export function openDatabase(config: { DATABASE_URL?: string | undefined; PGLITE_DIR: string }) {
  return config.DATABASE_URL ? openPostgres(config.DATABASE_URL) : openPgliteFolder(config.PGLITE_DIR);
}
