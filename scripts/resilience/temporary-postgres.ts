/**
 * A PostgreSQL server of a script's own, in a temporary folder on a free port, that the script may
 * stop abruptly and start again. Uses the newest installed server (Debian: /usr/lib/postgresql/N/bin);
 * when run as root, its programs run as the `postgres` user, as initdb requires.
 */
import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

export function postgresProgram(program: string, root = '/usr/lib/postgresql') {
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(path.join(root, v, 'bin', 'postgres')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions[0]) throw new Error(`No PostgreSQL server found under ${root}: install postgresql.`);
  return path.join(root, versions[0], 'bin', program);
}

async function freePort() {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

const asRoot = userInfo().uid === 0;

/** Runs a PostgreSQL program (asynchronously: a caller's load keeps running while pg_ctl waits). */
export function runPostgresProgram(program: string, args: string[]) {
  const file = postgresProgram(program);
  return asRoot ? run('runuser', ['-u', 'postgres', '--', file, ...args]) : run(file, args);
}

export async function startTemporaryPostgres() {
  const dir = mkdtempSync(path.join(tmpdir(), 'telecare-pg-'));
  if (asRoot)
    chownSync(
      dir,
      Number((await run('id', ['-u', 'postgres'])).stdout),
      Number((await run('id', ['-g', 'postgres'])).stdout),
    );
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  const pgCtl = (...args: string[]) =>
    runPostgresProgram('pg_ctl', ['-D', dataDir, '-l', path.join(dir, 'postgres.log'), ...args]);
  const start = () => pgCtl('-w', '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`, 'start');
  await runPostgresProgram('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '--no-sync']);
  await start();
  const urlOf = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  return {
    dir,
    port,
    urlOf,
    start,
    /** `immediate` is a crash as far as the data is concerned: recovery replays the WAL at start. */
    stop: (mode: 'fast' | 'immediate' = 'fast') => pgCtl('-m', mode, 'stop'),
    async createDatabase(name: string) {
      const admin = new pg.Client({ connectionString: urlOf('postgres') });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      return urlOf(name);
    },
    async remove() {
      await pgCtl('-m', 'immediate', 'stop').catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
