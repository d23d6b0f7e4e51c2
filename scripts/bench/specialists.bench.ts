/**
 * Specialists page benchmark: the month calendars of every specialist (one request, as the page
 * makes it) and of one speciality, plus the page's specialities-and-cards request, with 10
 * concurrent clients against the HTTP API on PostgreSQL. The data is the issue's booking target per
 * specialist: two years of availability (one behind, one ahead; weekdays, two sessions a day) and
 * 5,000 booked appointments, for a demo-sized number of specialists. The benchmark writes its own
 * specialists (practitioner ids 'BENCH-...'), replacing those of an earlier run.
 *
 *   DATABASE_URL=postgres://... npx tsx scripts/bench/specialists.bench.ts [requests] [specialists]
 *
 * BENCH_CONCURRENCY changes the number of clients (10); BENCH_SEED=0 measures the data of an earlier run.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { addDays, stepMonth, todayIn } from '@telecare/domain/calendar';
import { sql } from 'drizzle-orm';
import { openPostgres } from '../../apps/server/src/db/database.ts';
import { benchSessionToken, benchUser } from './bench-session.ts';
import { createHttpClient } from './http-client.ts';

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);
const REQUESTS = Number(process.argv[2] ?? 1000);
const SPECIALISTS = Number(process.argv[3] ?? 18);
const APPOINTMENTS_PER_SPECIALIST = 5000;
const SPECIALITIES = ['Bench Cardiology', 'Bench Endocrinology', 'Bench Neurology', 'Bench Psychiatry'];
const url = process.env.DATABASE_URL;
if (!url) throw new Error('Set DATABASE_URL to the PostgreSQL database to measure.');

const database = await openPostgres(url, CONCURRENCY * 2);
await database.migrate();
const { db } = database;
const ZONE = 'Australia/Melbourne';
const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;
const today = todayIn(ZONE);
const from = addDays(today, -365);
const to = addDays(today, 365);

/** Replaces the benchmark's specialists with fresh ones, all in SQL (about 150,000 rows). */
async function seed() {
  const started = performance.now();
  await db.execute(
    sql`delete from appointments where specialist_id in (select id from specialists where practitioner_id like 'BENCH-%')`,
  );
  await db.execute(sql`delete from specialists where practitioner_id like 'BENCH-%'`);
  await db.execute(sql`delete from specialities where name like 'Bench %'`);
  await db.execute(sql`delete from clients where urn = 'BENCH-CLIENT'`);
  await db.execute(sql`
    insert into specialities (name)
    select unnest(${sql.raw(`array[${SPECIALITIES.map((s) => `'${s}'`).join(',')}]`)})`);
  await db.execute(sql`
    insert into clients (urn, first_name, last_name) values ('BENCH-CLIENT', 'Bench', 'Client')`);
  await db.execute(sql`
    insert into specialists (practitioner_id, title, first_name, last_name, timezone,
                             new_appointment_minutes, review_appointment_minutes)
    select 'BENCH-' || n, 'Dr', 'Bench' || n, 'Specialist' || n,
           (array['Australia/Melbourne','Australia/Brisbane','Australia/Perth','Australia/Adelaide'])[1 + n % 4],
           30, 15
    from generate_series(1, ${SPECIALISTS}) n`);
  await db.execute(sql`
    insert into specialist_profiles (specialist_id, title, qualification, language, profile, schedule_description)
    select id, 'Consultant Physician', 'MBBS, FRACP', 'English',
           '["Sees adults by telehealth.", "Works with regional GPs."]'::jsonb, 'Weekdays 09:00-12:00 and 13:00-17:00'
    from specialists where practitioner_id like 'BENCH-%'`);
  await db.execute(sql`
    insert into specialist_specialities (specialist_id, speciality_id)
    select s.id, sp.id from specialists s
    join specialities sp on sp.name = (${sql.raw(`array[${SPECIALITIES.map((s) => `'${s}'`).join(',')}]`)})[1 + (substring(s.practitioner_id from 7)::int % ${SPECIALITIES.length})]
    where s.practitioner_id like 'BENCH-%'`);
  // Weekdays from a year ago to a year ahead; two sessions a day.
  await db.execute(sql`
    insert into specialist_availability (specialist_id, full_date, timezone, is_private)
    select s.id, d::date, s.timezone, extract(dow from d) = 5 and s.practitioner_id like '%3'
    from specialists s, generate_series(${from}::date, ${to}::date, interval '1 day') d
    where s.practitioner_id like 'BENCH-%' and extract(isodow from d) < 6`);
  await db.execute(sql`
    insert into specialist_timeslots (availability_id, start_time, end_time, room)
    select a.id, t.start_time, t.end_time, t.room
    from specialist_availability a
    join specialists s on s.id = a.specialist_id and s.practitioner_id like 'BENCH-%'
    cross join (values ('09:00'::time, '12:00'::time, 1), ('13:00'::time, '17:00'::time, 2)) t(start_time, end_time, room)`);
  // 5,000 appointments a specialist, spread over the days: the k-th of a day at 09:00 + 30 min x k
  // (mornings, then afternoons), leaving free stretches of different lengths.
  await db.execute(sql`
    with days as (
      select a.specialist_id, a.full_date, a.timezone,
             row_number() over (partition by a.specialist_id order by a.full_date) - 1 as i,
             count(*) over (partition by a.specialist_id) as n
      from specialist_availability a
      join specialists s on s.id = a.specialist_id and s.practitioner_id like 'BENCH-%'
    ), slots as (
      select d.*, k, (k * d.n / ${APPOINTMENTS_PER_SPECIALIST})::int as day_index,
             k % 10 as slot
      from days d, generate_series(0, ${APPOINTMENTS_PER_SPECIALIST - 1}) k
    )
    insert into appointments (client_id, specialist_id, start_date_time, end_date_time, duration_minutes,
                              timezone, appointment_type, consultation_type)
    select c.id, s.specialist_id, ts, ts + interval '30 minutes', 30, s.timezone, 'atHome',
           case when s.slot % 2 = 0 then 'NEW' else 'REVIEW' end
    from slots s
    cross join (select id from clients where urn = 'BENCH-CLIENT') c
    cross join lateral (select ((s.full_date + (case when s.slot < 5 then time '09:00' + s.slot * interval '35 minutes'
                                                      else time '13:00' + (s.slot - 5) * interval '45 minutes' end))
                                at time zone s.timezone) as ts) t
    where s.i = s.day_index`);
  await db.execute(sql`analyze`);
  const [counts] = await rowsOf<{ specialists: number; days: number; appointments: number }>(sql`
      select (select count(*) from specialists where practitioner_id like 'BENCH-%')::int as specialists,
             (select count(*) from specialist_availability a join specialists s on s.id = a.specialist_id
               where s.practitioner_id like 'BENCH-%')::int as days,
             (select count(*) from appointments a join specialists s on s.id = a.specialist_id
               where s.practitioner_id like 'BENCH-%')::int as appointments`);
  console.log(
    `Seeded ${counts?.specialists} specialists, ${counts?.days} availability days, ${counts?.appointments} appointments in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

async function benchUserSession() {
  const user = await benchUser(db, { email: 'bench@telecare.example', role: 'TELECARE_SUPERVISOR' });
  return benchSessionToken(db, user.id);
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

async function measure(run: () => Promise<void>) {
  for (let round = 0; round < 3; round++) await Promise.all(Array.from({ length: CONCURRENCY }, run));
  const times: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next++ < REQUESTS) {
        const started = performance.now();
        await run();
        times.push(performance.now() - started);
      }
    }),
  );
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), max: times.at(-1) ?? 0 };
}

if (process.env.BENCH_SEED !== '0') await seed();
const server = spawn(
  process.execPath,
  ['--import', 'tsx', fileURLToPath(new URL('serve-api.ts', import.meta.url))],
  {
    env: { ...process.env, DATABASE_URL: url },
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
const [port] = (await once(createInterface({ input: server.stdout }), 'line')) as [string];
const client = createHttpClient(Number(port), await benchUserSession());
const [speciality] = await rowsOf<{ id: string }>(
  sql`select id from specialities where name = ${SPECIALITIES[0]}`,
);
const month = stepMonth(today, 1).slice(0, 7).replace('-', '');
const [{ active } = { active: 0 }] = await rowsOf<{ active: number }>(
  sql`select count(*)::int as active from specialists where active`,
);

const scenarios = [
  {
    name: `month calendars, all ${active} specialists (NEW)`,
    path: `/api/admin/specialists/available-dates?month=${month}&type=NEW`,
    target: 100,
  },
  {
    name: `month calendars, all ${active} specialists (Review)`,
    path: `/api/admin/specialists/available-dates?month=${month}&type=REVIEW`,
    target: 100,
  },
  {
    name: `month calendars, one speciality (NEW)`,
    path: `/api/admin/specialists/available-dates?month=${month}&type=NEW&specialityId=${speciality?.id}`,
    target: 100,
  },
  { name: 'specialities with cards', path: '/api/admin/specialists/specialities', target: 100 },
];

console.log(`\n${CONCURRENCY} concurrent clients, ${REQUESTS} requests each scenario, month ${month}\n`);
console.log('| scenario | dates found | p50 ms | p95 ms | max ms | target p95 ms |');
console.log('|---|---:|---:|---:|---:|---:|');
let failures = 0;
for (const scenario of scenarios) {
  let found: number | undefined;
  const result = await measure(async () => {
    const res = await client.getJson(scenario.path);
    if (res.status !== 200) throw new Error(`${scenario.name}: HTTP ${res.status} ${res.body}`);
    if (found === undefined) {
      const body = JSON.parse(res.body.toString()) as { specialists?: { dates: unknown[] }[] } | unknown[];
      found = Array.isArray(body)
        ? body.length
        : (body.specialists ?? []).reduce((sum, s) => sum + s.dates.length, 0);
    }
  });
  if (result.p95 > scenario.target) failures++;
  console.log(
    `| ${scenario.name} | ${found ?? 0} | ${result.p50.toFixed(1)} | ${result.p95.toFixed(1)} | ${result.max.toFixed(1)} | ${scenario.target} |`,
  );
}
console.log(`\n${failures === 0 ? 'All scenarios within' : `${failures} scenario(s) outside`} the target.`);
client.close();
server.kill('SIGTERM');
await once(server, 'exit');
await database.close();
process.exitCode = failures === 0 ? 0 : 1;
