/**
 * Messaging benchmark on PostgreSQL (issue 13, figures in docs/performance.md):
 * 1. what planning the SMS sequence adds to the booking p95 (bookings with a six-template set
 *    against bookings with an empty set, interleaved);
 * 2. the job runner draining 10,000 due SMS jobs through the outbox adapter;
 * 3. a signed inbound reply until its workflow.changed event reaches another signed-in client's
 *    event stream (what makes a second browser refetch and turn the dot green).
 * Run under the shared lock: `flock /work/wt/heavy.lock npx tsx scripts/bench/messaging.bench.ts`.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { addDays, dayAt } from '@telecare/domain/calendar';
import { count, eq } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app.ts';
import { readConfig } from '../../apps/server/src/config.ts';
import { openPostgres } from '../../apps/server/src/db/database.ts';
import { sites, smsMessages, smsTemplates } from '../../apps/server/src/db/schema/index.ts';
import { webhookSignature } from '../../apps/server/src/integrations/sms/webhook-signature.ts';
import { enqueueJobs } from '../../apps/server/src/jobs/job-runner.ts';
import {
  bearer,
  createAvailability,
  createClient,
  createSessionToken,
  createSmsTemplateSet,
  createSpecialist,
  createUser,
  createWorkflow,
} from '../../apps/server/src/test/factories.ts';

const BASE = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres:telecare-dev@127.0.0.1:5432/postgres';
const NAME = process.env.BENCH_DATABASE_NAME ?? 'messaging_bench';
const ZONE = 'Australia/Melbourne';
const TOKEN = 'bench-webhook-token';
const PUBLIC_URL = 'http://bench.telecare.test';
const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 150);
const JOBS = Number(process.env.BENCH_JOBS ?? 10_000);
const REPLIES = Number(process.env.BENCH_REPLIES ?? 100);

const p = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
};
const ms = (n: number) => `${n.toFixed(1)} ms`;

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: BASE });
  await client.connect();
  await client.query(statement);
  await client.end();
}

await admin(`DROP DATABASE IF EXISTS ${NAME} WITH (FORCE)`);
await admin(`CREATE DATABASE ${NAME}`);
const url = new URL(BASE);
url.pathname = `/${NAME}`;
const database = await openPostgres(url.toString(), 20);
await database.migrate();
const { db } = database;
const config = readConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  WEB_DIST_DIR: '/nonexistent',
  DATABASE_URL: url.toString(),
  SMS_AUTH_TOKEN: TOKEN,
  PUBLIC_URL,
});
const app = await buildApp({ config, database, logger: false });
await app.listen({ host: '127.0.0.1', port: 0 });
const port = (app.server.address() as AddressInfo).port;
const userId = (await createUser(db)).id;
const token = await createSessionToken(db, userId);

// --- 1. booking p95 with and without planning ----------------------------------------------------
await db.insert(sites).values({ name: 'Own Device' }).onConflictDoNothing();
const full = await createSmsTemplateSet(db, 'Standard');
await db.insert(smsTemplates).values(
  ([1, 2, 3] as const).flatMap((order) =>
    (['AT_HOME', 'AT_GP'] as const).map((type) => ({
      setId: full.id,
      name: `${type} ${order}`,
      type,
      sortOrder: order,
      content: 'Hi {patientName}, {specialistName} {appointmentTime} {videoLink}. Reply Y or N.',
    })),
  ),
);
const empty = await createSmsTemplateSet(db, 'Empty');
const specialist = await createSpecialist(db, {
  firstName: 'Bench',
  lastName: 'Mark',
  videoLink: 'https://v.test/b',
});
const today = dayAt(Date.now(), ZONE);
const slotsPerDay = 6;
const days = Math.ceil((2 * BOOKINGS) / slotsPerDay) + 1;
for (let d = 0; d < days; d += 1) {
  await createAvailability(db, {
    specialistId: specialist.id,
    fullDate: addDays(today, 10 + d),
    slots: [{ start: '09:00', end: '12:00' }],
  });
}
const withPlanning: number[] = [];
const withoutPlanning: number[] = [];
const mobiles: { mobile: string; workflowId: string }[] = [];
for (let i = 0; i < 2 * BOOKINGS; i += 1) {
  const mobile = `04${String(10_000_000 + i).slice(-8)}`;
  const client = await createClient(db, { phoneMobile: mobile });
  const workflow = await createWorkflow(db, { clientId: client.id, referralEndDate: '1900-01-01' });
  const planned = i % 2 === 0;
  const slot = i % slotsPerDay;
  const started = performance.now();
  const res = await app.inject({
    method: 'POST',
    url: '/api/admin/coreplus/appointment',
    headers: bearer(token),
    payload: {
      id: workflow.id,
      appointment: {
        specialistId: specialist.id,
        date: addDays(today, 10 + Math.floor(i / slotsPerDay)),
        startTime: `${String(9 + Math.floor(slot / 2)).padStart(2, '0')}:${slot % 2 ? '30' : '00'}`,
        durationMinutes: 30,
        timezone: ZONE,
        appointmentType: 'atHome',
        consultationType: 'REVIEW',
        contOrTbc: 'CONT',
      },
      selectedSMSTemplateSetId: planned ? full.id : empty.id,
    },
  });
  const took = performance.now() - started;
  if (res.statusCode !== 201) throw new Error(`booking ${i}: ${res.statusCode} ${res.body}`);
  if (i >= 20) (planned ? withPlanning : withoutPlanning).push(took); // after warm-up
  if (planned) mobiles.push({ mobile, workflowId: workflow.id });
}
const planP95 = p(withPlanning, 0.95);
const plainP95 = p(withoutPlanning, 0.95);
console.log(
  `booking p95 with planning ${ms(planP95)}, without ${ms(plainP95)}: planning adds ${ms(planP95 - plainP95)} ` +
    `(p50 ${ms(p(withPlanning, 0.5))} vs ${ms(p(withoutPlanning, 0.5))}; ${withPlanning.length} + ${withoutPlanning.length} bookings)`,
);

// --- 2. drain 10,000 due jobs through the outbox adapter -------------------------------------------
for (let done = 0; done < JOBS; done += 1000) {
  await db.transaction(async (tx) => {
    const rows = await tx
      .insert(smsMessages)
      .values(
        Array.from({ length: Math.min(1000, JOBS - done) }, (_, i) => ({
          kind: 'manual' as const,
          direction: 'outbound' as const,
          phoneNumber: `+6149${String(done + i).padStart(7, '0')}`,
          body: `Bench message ${done + i}`,
          status: 'queued' as const,
        })),
      )
      .returning({ id: smsMessages.id });
    await enqueueJobs(
      tx as never,
      rows.map((row) => ({ kind: 'sms.send', payload: { smsMessageId: row.id }, runAt: new Date() })),
    );
  });
}
const drainStart = performance.now();
const drained = await app.jobs.drain();
const drainSeconds = (performance.now() - drainStart) / 1000;
const [{ sent } = { sent: 0 }] = await db
  .select({ sent: count() })
  .from(smsMessages)
  .where(eq(smsMessages.status, 'sent'));
console.log(
  `runner drained ${drained} due jobs in ${drainSeconds.toFixed(1)} s: ${(drained / drainSeconds).toFixed(0)} per second ` +
    `(${sent} SMS sent in all, outbox adapter, one process, 8 at a time)`,
);

// --- 3. inbound reply until the other client's event stream hears it -------------------------------
const otherToken = await createSessionToken(db, userId);
const waiting = new Map<string, () => void>();
await new Promise<void>((resolve, reject) => {
  const request = http.get(
    { host: '127.0.0.1', port, path: '/api/events', headers: { authorization: `Bearer ${otherToken}` } },
    (res) => {
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const line = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf('\n\n');
          if (!line.startsWith('data: ')) continue;
          const event = JSON.parse(line.slice(6)) as { type: string; ids?: string[] };
          for (const id of event.ids ?? []) waiting.get(id)?.();
        }
      });
      resolve();
    },
  );
  request.on('error', reject);
});
await new Promise((resolve) => setTimeout(resolve, 200));
const replyLatency: number[] = [];
for (const { mobile, workflowId } of mobiles.slice(0, REPLIES)) {
  const params = { From: `+61${mobile.slice(1)}`, Body: 'Yes', MessageSid: `SMbench${workflowId}` };
  const heard = new Promise<void>((resolve) => waiting.set(workflowId, resolve));
  const started = performance.now();
  const res = await fetch(`http://127.0.0.1:${port}/api/sms/incoming`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': webhookSignature(TOKEN, `${PUBLIC_URL}/api/sms/incoming`, params),
    },
    body: new URLSearchParams(params).toString(),
  });
  if (res.status !== 200) throw new Error(`reply: ${res.status} ${await res.text()}`);
  await Promise.race([
    heard,
    new Promise((_, reject) => setTimeout(() => reject(new Error('no event within 5 s')), 5000)),
  ]);
  replyLatency.push(performance.now() - started);
  waiting.delete(workflowId);
}
console.log(
  `inbound reply -> workflow.changed on another client's stream: p50 ${ms(p(replyLatency, 0.5))}, ` +
    `p95 ${ms(p(replyLatency, 0.95))}, max ${ms(Math.max(...replyLatency))} (${replyLatency.length} replies)`,
);

await app.close();
await database.close();
await admin(`DROP DATABASE IF EXISTS ${NAME} WITH (FORCE)`);
process.exit(0);
