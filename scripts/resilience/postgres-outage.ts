/**
 * The server survives its database: two API processes serve a mixed read and write load on a
 * PostgreSQL server of this script's own, which is stopped abruptly (immediate shutdown, as in a
 * crash) and started again. Checks: no process exits; every answer comes within 5 s and is a 2xx or
 * a coded 503, never a 500; health is ok within 10 s of the database's return; live updates flow
 * between the processes again; every write answered 2xx is in the database afterwards.
 *
 *   npx tsx scripts/resilience/postgres-outage.ts      (needs PostgreSQL's server binaries installed)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openPostgres } from '../../apps/server/src/db/database.ts';
import { createSessionToken, createUser } from '../../apps/server/src/test/factories.ts';
import { startTemporaryPostgres } from './temporary-postgres.ts';

const LOAD_BEFORE_MS = 3_000;
const OUTAGE_MS = 8_000;
const LOAD_AFTER_MS = 12_000;
const WORKERS = 8;
const ANSWER_LIMIT_MS = 5_000;
const HEALTHY_LIMIT_MS = 10_000;

type Answer = { status: number; code?: string; ms: number; at: number; email?: string };

const postgres = await startTemporaryPostgres();
const servers: ChildProcess[] = [];
let failures = 0;
const check = (ok: boolean, what: string) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures++;
};

try {
  const url = await postgres.createDatabase('telecare');

  const setup = await openPostgres(url, 2);
  await setup.migrate();
  const user = await createUser(setup.db, { role: 'TELECARE_SUPERVISOR' });
  const token = await createSessionToken(setup.db, user.id);
  await setup.close();

  const ports: number[] = [];
  for (let i = 0; i < 2; i++) {
    const server = spawn(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(new URL('../bench/serve-api.ts', import.meta.url))],
      { env: { ...process.env, DATABASE_URL: url }, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    servers.push(server);
    const [port] = (await once(
      createInterface({ input: server.stdout as NodeJS.ReadableStream }),
      'line',
    )) as [string];
    ports.push(Number(port));
  }
  const base = (i: number) => `http://127.0.0.1:${ports[i % ports.length]}`;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

  async function timed(url: string, init: RequestInit = {}, email?: string): Promise<Answer> {
    const started = Date.now();
    try {
      const res = await fetch(url, { ...init, headers, signal: AbortSignal.timeout(30_000) });
      const body = (await res.json().catch(() => ({}))) as { code?: string };
      return {
        status: res.status,
        ...(body.code ? { code: body.code } : {}),
        ms: Date.now() - started,
        at: started,
        ...(email ? { email } : {}),
      };
    } catch {
      return { status: 0, ms: Date.now() - started, at: started };
    }
  }

  const answers: Answer[] = [];
  let writes = 0;
  let loading = true;
  const worker = async (n: number) => {
    while (loading) {
      if (n % 2 === 0) {
        answers.push(await timed(`${base(n)}/api/admin/auth/users`));
      } else {
        const email = `outage-${n}-${writes++}@telecare.test`;
        const body = JSON.stringify({
          email,
          firstName: 'Outage',
          lastName: 'Writer',
          role: 'TELECARE_SUPERVISOR',
          timezone: 'Australia/Melbourne',
        });
        answers.push(await timed(`${base(n)}/api/admin/auth/users`, { method: 'POST', body }, email));
      }
    }
  };
  const load = Promise.all(Array.from({ length: WORKERS }, (_, n) => worker(n)));

  await new Promise((r) => setTimeout(r, LOAD_BEFORE_MS));
  const stoppedAt = Date.now();
  await postgres.stop('immediate');
  console.log('PostgreSQL stopped (immediate shutdown)');
  await new Promise((r) => setTimeout(r, OUTAGE_MS));
  await postgres.start();
  // The database is back once it accepts connections again (pg_ctl -w waits for its crash recovery).
  const startedAt = Date.now();
  console.log('PostgreSQL started again');

  const healthyAfter: number[] = [];
  for (let i = 0; i < ports.length; i++) {
    while (Date.now() - startedAt < 30_000) {
      const res = await fetch(`${base(i)}/api/health`).catch(() => undefined);
      if (res?.status === 200) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    healthyAfter.push(Date.now() - startedAt);
  }

  await new Promise((r) => setTimeout(r, LOAD_AFTER_MS));
  loading = false;
  await load;

  // Live updates between the processes: a browser on server 1 hears a change made through server 0.
  const stream = await fetch(`${base(1)}/api/events`, { headers, signal: AbortSignal.timeout(10_000) }).catch(
    () => undefined,
  );
  const reader = stream?.body?.getReader();
  const heard = (async () => {
    if (!reader) return false;
    let text = '';
    while (!text.includes('users.changed')) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    return text.includes('users.changed');
  })();
  await new Promise((r) => setTimeout(r, 300));
  const liveWrite = await timed(
    `${base(0)}/api/admin/auth/users`,
    {
      method: 'POST',
      body: JSON.stringify({
        email: 'outage-live@telecare.test',
        firstName: 'Live',
        lastName: 'Update',
        role: 'TELECARE_SUPERVISOR',
        timezone: 'Australia/Melbourne',
      }),
    },
    'outage-live@telecare.test',
  );
  const liveHeard = await Promise.race([
    heard,
    new Promise<boolean>((r) => setTimeout(() => r(false), 5_000)),
  ]);
  await reader?.cancel().catch(() => undefined);

  const during = answers.filter((a) => a.at >= stoppedAt && a.at < startedAt);
  const okWrites = [...answers, liveWrite].filter((a) => a.email && a.status >= 200 && a.status < 300);
  const check2 = new pg.Client({ connectionString: url });
  await check2.connect();
  const saved = new Set(
    (
      await check2.query<{ email: string }>(
        "select email from users where email like 'outage-%@telecare.test'",
      )
    ).rows.map((r) => r.email),
  );
  await check2.end();
  const lost = okWrites.filter((a) => !saved.has(a.email as string));
  const slowest = Math.max(...answers.map((a) => a.ms));
  // A request that waits behind others hanging on the stopped server (for a connection of the full
  // pool, or for its turn to write) is told the server is busy: also a 503 with a code, never a 500.
  const badStatus = answers.filter(
    (a) =>
      !(a.status >= 200 && a.status < 300) &&
      !(a.status === 503 && (a.code === 'SERVICE_UNAVAILABLE' || a.code === 'SERVER_BUSY')),
  );
  const statusCounts = answers.reduce<Record<string, number>>((acc, a) => {
    acc[a.status] = (acc[a.status] ?? 0) + 1;
    return acc;
  }, {});

  for (const a of [...answers].sort((x, y) => y.ms - x.ms).slice(0, 5)) {
    console.log(
      `slow: ${a.ms} ms, status ${a.status} ${a.code ?? ''}, ${a.at - stoppedAt} ms after the stop`,
    );
  }
  for (const a of badStatus.slice(0, 3)) console.log(`unexpected: status ${a.status} ${a.code ?? ''}`);
  console.log(
    `\n${answers.length} answers (${JSON.stringify(statusCounts)}); ${during.length} during the outage; ` +
      `${okWrites.length} writes answered 2xx; slowest answer ${slowest} ms; ` +
      `health ok after ${healthyAfter.join(' / ')} ms\n`,
  );
  check(
    servers.every((s) => s.exitCode === null && s.signalCode === null),
    'both server processes are still running',
  );
  check(
    badStatus.length === 0,
    `every answer is 2xx or 503 SERVICE_UNAVAILABLE or SERVER_BUSY (${badStatus.length} others)`,
  );
  check(
    during.some((a) => a.status === 503),
    'requests during the outage are answered 503 with a code',
  );
  check(slowest <= ANSWER_LIMIT_MS, `every answer within ${ANSWER_LIMIT_MS} ms (slowest ${slowest} ms)`);
  check(
    healthyAfter.every((ms) => ms <= HEALTHY_LIMIT_MS),
    `health ok within ${HEALTHY_LIMIT_MS} ms of the database's return`,
  );
  check(liveWrite.status === 201 && liveHeard, 'live updates flow between the two processes again');
  check(lost.length === 0, `every write answered 2xx is in the database (${lost.length} missing)`);
} finally {
  for (const server of servers) server.kill('SIGTERM');
  await Promise.all(servers.map((s) => (s.exitCode === null ? once(s, 'exit') : undefined)));
  await postgres.remove();
}
if (failures > 0) {
  console.error(`\n${failures} check(s) failed.`);
  process.exit(1);
}
console.log('\nThe server survived its database.');
