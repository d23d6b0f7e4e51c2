/**
 * Booking benchmark (issue 11 §6): one specialist with two years of availability (weekdays
 * 08:00-18:00) and 5,000 booked appointments, 10 concurrent clients against the HTTP API on
 * PostgreSQL: the month availability (free slots) and booking. Targets: p95 <= 30 ms and <= 60 ms.
 * It builds its own database (`<DATABASE_URL's name>_booking_bench`, dropped and made again).
 *
 *   DATABASE_URL=postgres://... npx tsx scripts/bench/booking.bench.ts [requests] [races]
 *
 * `requests`: measured requests of each kind (bookings at most as many as there are free slots
 * left after the warm-up and the races; 2,000 take about 20 s, so that one pause of a second
 * decides no p95). BENCH_WARM_UP: requests of each kind before the measured ones (1,000). BENCH_KEEP=1 keeps the
 * database afterwards; BENCH_CPU_PROF_DIR writes the API process's CPU profile; BENCH_SAMPLE_WAITS=1
 * samples the sessions' wait events while the bookings run (wait-sampler.ts).
 * `races` (default 0): that many extra races of 10 clients booking one slot each, counting double
 * bookings afterwards (the reliability check; 1,000 races take minutes).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { addDays, dayAt, instantAt, weekdayOf } from '@telecare/domain/calendar';
import { toHhmm } from '@telecare/domain/slots';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openPostgres } from '../../apps/server/src/db/database.ts';
import {
  appointments,
  sites,
  smsTemplateSets,
  specialistAvailability,
  specialistTimeslots,
} from '../../apps/server/src/db/schema/index.ts';
import {
  createClient,
  createSessionToken,
  createSpecialist,
  createUser,
  createWorkflow,
} from '../../apps/server/src/test/factories.ts';
import { createHttpClient } from './http-client.ts';
import { startCpuMeter, startWaitSampler } from './wait-sampler.ts';

const CONCURRENCY = Number(process.env.BENCH_CLIENTS ?? 10);
const REQUESTS = Number(process.argv[2] ?? 1000);
const RACES = Number(process.argv[3] ?? 0);
const ZONE = 'Australia/Sydney';
const BOOKED = 5000;
const baseUrl = process.env.DATABASE_URL;
if (!baseUrl) throw new Error('Set DATABASE_URL to a PostgreSQL server.');
const parsed = new URL(baseUrl);
const benchName = `${parsed.pathname.slice(1) || 'telecare'}_booking_bench`;
const admin = new pg.Client({ connectionString: baseUrl });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS ${benchName} WITH (FORCE)`);
await admin.query(`CREATE DATABASE ${benchName}`);
await admin.end();
parsed.pathname = `/${benchName}`;
const url = parsed.toString();

const database = await openPostgres(url, 4);
await database.migrate();
const { db } = database;

// Two years of weekdays from today, 08:00-18:00, each 30-minute start a slot.
const today = dayAt(new Date(), ZONE);
const specialist = await createSpecialist(db, { timezone: ZONE });
const days: string[] = [];
for (let d = 1; d <= 730; d++) {
  const day = addDays(today, d);
  if (weekdayOf(day) !== 0 && weekdayOf(day) !== 6) days.push(day);
}
const availabilityRows = await db
  .insert(specialistAvailability)
  .values(days.map((fullDate) => ({ specialistId: specialist.id, fullDate, timezone: ZONE })))
  .returning({ id: specialistAvailability.id });
await db
  .insert(specialistTimeslots)
  .values(availabilityRows.map((a) => ({ availabilityId: a.id, startTime: '08:00', endTime: '18:00' })));
const slots = days.flatMap((date) =>
  Array.from({ length: 20 }, (_, i) => ({ date, time: toHhmm(480 + i * 30) })),
);
// A fixed shuffle: 5,000 slots booked, the rest free for the booking requests.
for (let i = slots.length - 1; i > 0; i--) {
  const j = (i * 7919 + 104729) % (i + 1);
  [slots[i], slots[j]] = [slots[j] as (typeof slots)[number], slots[i] as (typeof slots)[number]];
}
const client = await createClient(db);
const booked = slots.slice(0, BOOKED);
for (let i = 0; i < booked.length; i += 1000) {
  await db.insert(appointments).values(
    booked.slice(i, i + 1000).map((s) => {
      const start = instantAt(s.date, s.time, ZONE);
      return {
        clientId: client.id,
        specialistId: specialist.id,
        startDateTime: start,
        endDateTime: new Date(start.getTime() + 30 * 60_000),
        durationMinutes: 30,
        timezone: ZONE,
        appointmentType: 'atHome' as const,
        consultationType: 'REVIEW' as const,
      };
    }),
  );
}
const free = slots.slice(BOOKED);
await db.insert(sites).values({ name: 'Own Device' }).onConflictDoNothing();
const [smsSet] = await db.insert(smsTemplateSets).values({ name: 'Bench' }).returning();
const user = await createUser(db, { role: 'TELECARE_SUPERVISOR' });
const token = await createSessionToken(db, user.id, new Date());
// As in a database that has run for a while: the seeded rows vacuumed as well as analysed, so that
// autovacuum's first pass over 5,000 new appointments does not land among the measured requests.
await db.execute(sql`VACUUM ANALYZE`);

const profileDir = process.env.BENCH_CPU_PROF_DIR;
const server = spawn(
  process.execPath,
  [
    ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
    '--import',
    'tsx',
    fileURLToPath(new URL('serve-api.ts', import.meta.url)),
  ],
  { env: { ...process.env, DATABASE_URL: url }, stdio: ['ignore', 'pipe', 'inherit'] },
);
const [port] = (await once(createInterface({ input: server.stdout }), 'line')) as [string];
const http = createHttpClient(Number(port), token);

/**
 * Requests of each kind before the measured ones: the server's code is compiled to its fastest
 * form by then, as in a server that has run for a while (BENCH_WARM_UP, 1,000; after 200 a
 * booking still cost the API process a quarter more CPU than after 1,000).
 */
const WARM_UP = Number(process.env.BENCH_WARM_UP ?? 1000);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

async function measure(requests: number, run: (i: number) => Promise<void>) {
  const times: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let i = next++; i < requests; i = next++) {
        const started = performance.now();
        await run(i);
        times.push(performance.now() - started);
      }
    }),
  );
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), n: times.length };
}

const months = [...new Set(days.map((d) => d.slice(0, 7).replace('-', '')))];
const monthRequest = async (i: number) => {
  const answer = await http.getJson(
    `/api/admin/coreplus/availability-slot?specialistId=${specialist.id}&month=${months[i % months.length]}`,
  );
  if (answer.status !== 200) throw new Error(`availability ${answer.status}: ${answer.body}`);
};
await measure(WARM_UP, monthRequest);
const month = await measure(REQUESTS, monthRequest);

const bookings = Math.min(REQUESTS, free.length - WARM_UP - RACES);
if (bookings < 1) throw new Error(`Only ${free.length} free slots: lower BENCH_WARM_UP or the races.`);
const workflows: { id: string }[] = [];
for (let i = 0; i < bookings + WARM_UP; i++) {
  workflows.push(await createWorkflow(db, { clientId: client.id, referralEndDate: '1900-01-01' }));
}
const book = (workflowId: string, slot: { date: string; time: string }) =>
  http.postJson('/api/admin/coreplus/appointment', {
    id: workflowId,
    appointment: {
      specialistId: specialist.id,
      date: slot.date,
      startTime: slot.time,
      durationMinutes: 30,
      timezone: ZONE,
      appointmentType: 'atHome',
      consultationType: 'REVIEW',
    },
    selectedSMSTemplateSetId: smsSet?.id,
  });
let slotIndex = 0;
const bookRequest = async (i: number) => {
  const answer = await book(workflows[i]?.id ?? '', free[slotIndex++] ?? { date: '', time: '' });
  if (answer.status !== 201) throw new Error(`booking ${answer.status}: ${answer.body}`);
};
await measure(WARM_UP, (i) => bookRequest(bookings + i));
const sampler = process.env.BENCH_SAMPLE_WAITS === '1' ? await startWaitSampler(url) : undefined;
const cpu = await startCpuMeter(url, server.pid ?? 0);
const booking = await measure(bookings, bookRequest);
const bookingCpu = await cpu.stop();
const waits = await sampler?.stop();

console.log(
  `\n${days.length} availability days over two years, ${BOOKED} booked appointments, ${CONCURRENCY} concurrent clients\n`,
);
console.log('| scenario | requests | p50 ms | p95 ms | target p95 ms |');
console.log('|---|---:|---:|---:|---:|');
console.log(
  `| month availability (free slots) | ${month.n} | ${month.p50.toFixed(1)} | ${month.p95.toFixed(1)} | 30 |`,
);
console.log(`| booking | ${booking.n} | ${booking.p50.toFixed(1)} | ${booking.p95.toFixed(1)} | 60 |`);
console.log(
  `\nCPU per booking: API process ${(bookingCpu.apiMs / bookings).toFixed(1)} ms, database sessions ${(bookingCpu.databaseMs / bookings).toFixed(1)} ms`,
);
if (waits) {
  console.log(`\nSessions while booking (${waits.rounds} samples; sessions per sample, busiest first):\n`);
  for (const w of waits.samples.filter((w) => w.share >= 0.01))
    console.log(`${w.share.toFixed(2).padStart(6)}  ${w.what}`);
}

if (RACES > 0) {
  // Each race: 10 new workflows book the same free slot at once; exactly one may win.
  let wrong = 0;
  for (let race = 0; race < RACES; race++) {
    const slot = free[slotIndex++];
    if (!slot) break;
    const racers = [];
    for (let i = 0; i < CONCURRENCY; i++) {
      racers.push(await createWorkflow(db, { clientId: client.id, referralEndDate: '1900-01-01' }));
    }
    const answers = await Promise.all(racers.map((w) => book(w.id, slot)));
    if (answers.filter((a) => a.status === 201).length !== 1) wrong++;
  }
  const doubles = await db.execute(sql`
    SELECT count(*)::int AS n FROM appointments a JOIN appointments b
      ON a.specialist_id = b.specialist_id AND a.id < b.id
     AND a.cancelled_at IS NULL AND b.cancelled_at IS NULL
     AND a.start_date_time < b.end_date_time AND b.start_date_time < a.end_date_time`);
  console.log(
    `\n${RACES} races of ${CONCURRENCY}: ${wrong} without exactly one winner; double bookings: ${JSON.stringify((doubles as unknown as { rows: unknown[] }).rows[0])}`,
  );
}

http.close();
server.kill('SIGTERM');
await once(server, 'exit');
await database.close();
if (process.env.BENCH_KEEP === '1') process.exit(0);
const cleanup = new pg.Client({ connectionString: baseUrl });
await cleanup.connect();
await cleanup.query(`DROP DATABASE IF EXISTS ${benchName} WITH (FORCE)`);
await cleanup.end();
