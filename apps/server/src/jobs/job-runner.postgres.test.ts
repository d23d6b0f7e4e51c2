import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { count, countDistinct, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPostgres } from '../db/database.ts';
import { jobs, outboxMessages, smsMessages } from '../db/schema/index.ts';
import { POSTGRES_TEMPLATE_DB, withDatabase } from '../test/test-database.ts';
import { enqueueJobs } from './job-runner.ts';

// Runs with TEST_DATABASE_URL only (vitest.config.ts): two real server processes on one PostgreSQL.
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const MESSAGES = 1000;

async function admin(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A server process (main.ts) on `databaseUrl`; resolves once it listens. */
function startServer(databaseUrl: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: databaseUrl,
      LOAD_DEMO_DATA: 'false',
      PORT: '0',
      WEB_DIST_DIR: '/nonexistent',
      JOB_RUNNER_INTERVAL_MS: '50',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const ready = new Promise<ChildProcess>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += String(chunk);
      if (output.includes('is running')) resolve(child);
    });
    child.stderr?.on('data', (chunk) => {
      output += String(chunk);
    });
    child.on('exit', (code) => reject(new Error(`server exited ${code}: ${output.slice(-500)}`)));
  });
  return { child, ready };
}

describe('two server processes on one PostgreSQL', () => {
  const baseUrl = process.env.TEST_DATABASE_URL as string;
  const name = `telecare_test_${randomBytes(6).toString('hex')}`;
  const url = withDatabase(baseUrl, name);
  let database: Database;
  const servers: ChildProcess[] = [];

  beforeAll(async () => {
    await admin(baseUrl, `CREATE DATABASE ${name} TEMPLATE ${POSTGRES_TEMPLATE_DB}`);
    database = await openPostgres(url, 4);
  }, 60_000);
  afterAll(async () => {
    for (const server of servers) server.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    await database?.close();
    await admin(baseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }, 60_000);

  it(`send ${MESSAGES} queued SMS through the outbox adapter with 0 duplicates`, async () => {
    const started = [startServer(url), startServer(url)];
    servers.push(...started.map((s) => s.child));
    await Promise.all(started.map((s) => s.ready));

    const { db } = database;
    const start = Date.now();
    await db.transaction(async (tx) => {
      const rows = await tx
        .insert(smsMessages)
        .values(
          Array.from({ length: MESSAGES }, (_, i) => ({
            kind: 'manual' as const,
            direction: 'outbound' as const,
            phoneNumber: `+6140${String(i).padStart(7, '0')}`,
            body: `Message ${i}`,
            status: 'queued' as const,
          })),
        )
        .returning({ id: smsMessages.id });
      await enqueueJobs(
        tx as never,
        rows.map((row) => ({ kind: 'sms.send', payload: { smsMessageId: row.id }, runAt: new Date() })),
      );
    });
    let sent = 0;
    while (sent < MESSAGES && Date.now() - start < 120_000) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      [{ sent }] = (await db
        .select({ sent: count() })
        .from(smsMessages)
        .where(eq(smsMessages.status, 'sent'))) as [{ sent: number }];
    }
    const seconds = (Date.now() - start) / 1000;
    console.log(
      `two processes sent ${sent} SMS in ${seconds.toFixed(1)} s: ${(sent / seconds).toFixed(0)} per second`,
    );
    expect(sent).toBe(MESSAGES);
    const [outbox] = await db
      .select({ rows: count(), references: countDistinct(outboxMessages.reference) })
      .from(outboxMessages);
    expect(outbox).toEqual({ rows: MESSAGES, references: MESSAGES });
    // Every job ran once: a second run needs a second claim, which counts an attempt.
    const [attempts] = await db
      .select({
        done: count(),
        extra: sql<number>`count(*) filter (where ${jobs.attempts} <> 1)`.mapWith(Number),
      })
      .from(jobs)
      .where(eq(jobs.status, 'done'));
    expect(attempts).toEqual({ done: MESSAGES, extra: 0 });
  }, 180_000);
});
