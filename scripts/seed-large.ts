/**
 * Adds N synthetic workflows for benchmarks: `npx tsx scripts/seed-large.ts 1000000` (default 10000).
 * Uses DATABASE_URL (PostgreSQL) when set, otherwise PGlite in PGLITE_DIR (default data/pglite).
 *
 * The rows are generated server-side (INSERT ... SELECT FROM generate_series) in batches of 50,000. Each
 * row picks a demo referral (and so its client, referrer, clinic and specialist) and a site by row number
 * from numbered copies of the demo rows (hash joins), and coordinators from one aggregated array; statuses, categories, replies and dates are spread by hashing
 * the row number, so a run is deterministic apart from being relative to now().
 */
import { type SQL, sql } from 'drizzle-orm';
import { type Database, openPglite, openPostgres } from '../apps/server/src/db/database.ts';
import { loadDemoDataIfEmpty } from '../apps/server/src/db/seed/demo-data.ts';
import { ADMIN_CHECK_NOTES, BOOKING_NOTES } from '../apps/server/src/db/seed/reference-data.ts';

const BATCH_SIZE = 50_000;

const total = Number(process.argv[2] ?? 10_000);
if (!Number.isInteger(total) || total <= 0) {
  console.error('Usage: npx tsx scripts/seed-large.ts [count]   (count: a positive whole number)');
  process.exit(1);
}

/** Weighted value lists: a value appears as often as its weight; the row hash picks one. */
const STATUS_WEIGHTS: [string, number][] = [
  ['NS', 8],
  ['adminAudit', 6],
  ['awaitingBooking', 19],
  ['booked', 26],
  ['expiredReferral', 4],
  ['ftaRebook', 4],
  ['nrfc', 3],
  ['checkOut', 10],
  ['fta', 4],
  ['discharged', 6],
  ['remove', 4],
  ['relocated', 2],
  ['ftaRemoved', 2],
  ['f2fTransfer', 2],
];
const CATEGORY_WEIGHTS: [string, number][] = [
  ['1', 3],
  ['2', 4],
  ['3', 2],
  ['RC', 1],
];
const SMS_REPLY_WEIGHTS: [string | null, number][] = [
  ['yes', 5],
  ['no', 1],
  ['noResponse', 2],
  ['pending', 2],
  [null, 6],
];
const TASK_STATUS_WEIGHTS: [string | null, number][] = [
  ['NS', 3],
  ['PD', 2],
  ['CP', 3],
  [null, 2],
];
// No GP report file is generated, so a workflow's status is NC unless one was set (QR, CP).
const GP_REPORT_WEIGHTS: [string | null, number][] = [
  ['NC', 8],
  ['QR', 1],
  ['CP', 3],
];
const ACTIVITY_WEIGHTS: [string | null, number][] = [
  ['confirm', 4],
  ['postpone', 2],
  ['cancel', 1],
  [null, 8],
];
const CONT_OR_TBC_WEIGHTS: [string | null, number][] = [
  ['CONT', 2],
  ['TBC', 2],
  ['NRR X 1', 1],
  ['NRR X 2', 1],
  [null, 14],
];

const literal = (value: string | null) => (value === null ? 'NULL' : `'${value.replaceAll("'", "''")}'`);

/** A text[] literal holding each value `weight` times. */
function weightedArray(weights: [string | null, number][]): SQL {
  const values = weights.flatMap(([value, weight]) => Array.from({ length: weight }, () => literal(value)));
  return sql.raw(`ARRAY[${values.join(', ')}]::text[]`);
}

const textArray = (values: readonly string[]) => sql.raw(`ARRAY[${values.map(literal).join(', ')}]::text[]`);

/** The n-th independent hash of the row number, as a non-negative bigint. */
const hash = (n: number) => sql.raw(`(hashint8extended(g, ${n}) & 2147483647)`);

/** 1-based index into an array of `length` values using hash n. */
const pick = (n: number, length: SQL | number) => sql`(1 + mod(${hash(n)}, ${length}))`;

function batchStatement(from: number, to: number): SQL {
  const statuses = weightedArray(STATUS_WEIGHTS);
  const statusCount = STATUS_WEIGHTS.reduce((sum, [, w]) => sum + w, 0);
  return sql`
    WITH pool AS (
      SELECT
        row_number() OVER (ORDER BY r.id) AS rn,
        r.id AS referral_id, r.client_id, c.urn, c.first_name, c.last_name, c.date_of_birth, r.referrer_id,
        'Dr ' || rf.first_name || ' ' || rf.last_name AS referrer_name, r.clinic_id, r.end_date, r.specialist_id,
        'Dr ' || s.first_name || ' ' || s.last_name AS case_manager_name, s.timezone, sp.name AS speciality_name
      FROM referrals r
      JOIN clients c ON c.id = r.client_id
      JOIN referrers rf ON rf.id = r.referrer_id
      JOIN specialists s ON s.id = r.specialist_id
      CROSS JOIN LATERAL (
        SELECT x.name FROM specialist_specialities ss JOIN specialities x ON x.id = ss.speciality_id
        WHERE ss.specialist_id = s.id ORDER BY x.name LIMIT 1
      ) sp
    ),
    site_pool AS (SELECT row_number() OVER (ORDER BY sort_order, name) AS rn, id, name FROM sites),
    staff AS (
      SELECT array_agg(id ORDER BY email) AS ids, count(*)::int AS n
      FROM users WHERE role IN ('TELECARE_ADMIN', 'TELECARE_SUPERVISOR') AND NOT disabled
    ),
    sizes AS (SELECT (SELECT count(*) FROM pool)::int AS pool_n, (SELECT count(*) FROM site_pool)::int AS site_n)
    INSERT INTO workflows (
      client_id, referral_id, referrer_id, clinic_id, site_id, specialist_id, creation_timestamp, created_by,
      archived, urn, category, client_first_name, client_last_name, client_date_of_birth, referrer_name,
      referral_end_date, case_manager_name, speciality_name, site_name, appointment_start, appointment_timezone,
      last_activity_name, booking_status, booking_coordinator_id, booking_notes, booking_urgent, weeks_to_appointment,
      is_new_appointment, triage, cont_or_tbc, booking_status_updated_at, results_status, results_coordinator_id,
      admin_check_status, admin_check_coordinator_id, admin_check_notes, gp_report_status, sms_reply, ivr_status,
      ivr_reply, created_at, updated_at
    )
    SELECT
      p.client_id, p.referral_id, p.referrer_id, p.clinic_id, site.id, p.specialist_id, v.created, staff.ids[v.ci],
      v.status IN ('remove', 'discharged', 'ftaRemoved', 'relocated', 'f2fTransfer') AND mod(${hash(7)}, 2) = 0,
      p.urn, (${weightedArray(CATEGORY_WEIGHTS)})[${pick(8, 10)}],
      p.first_name, p.last_name, p.date_of_birth, p.referrer_name,
      p.end_date, p.case_manager_name, p.speciality_name, site.name,
      a.start, CASE WHEN a.start IS NULL THEN NULL ELSE p.timezone END,
      (${weightedArray(ACTIVITY_WEIGHTS)})[${pick(9, 15)}],
      v.status,
      CASE WHEN mod(${hash(10)}, 5) = 0 THEN NULL ELSE staff.ids[${pick(11, sql`staff.n`)}] END,
      CASE WHEN mod(${hash(12)}, 4) = 0 THEN (${textArray(BOOKING_NOTES)})[${pick(13, BOOKING_NOTES.length)}] END,
      mod(${hash(14)}, 12) = 0,
      mod(${hash(15)}, 13)::int,
      mod(${hash(16)}, 10) < 7,
      mod(${hash(17)}, 10) = 0,
      CASE WHEN v.cont_or_tbc LIKE 'NRR%' THEN v.cont_or_tbc || ' ' || to_char(v.created, 'DD/MM/YYYY')
        ELSE v.cont_or_tbc END,
      least(now(), v.created + make_interval(mins => mod(${hash(19)}, 20160)::int)),
      (${weightedArray(TASK_STATUS_WEIGHTS)})[${pick(20, 10)}],
      CASE WHEN mod(${hash(21)}, 4) = 0 THEN NULL ELSE staff.ids[${pick(22, sql`staff.n`)}] END,
      (${weightedArray(TASK_STATUS_WEIGHTS)})[${pick(23, 10)}],
      CASE WHEN mod(${hash(24)}, 4) = 0 THEN NULL ELSE staff.ids[${pick(25, sql`staff.n`)}] END,
      CASE WHEN mod(${hash(26)}, 5) < 3
        THEN (${textArray(ADMIN_CHECK_NOTES)})[${pick(27, ADMIN_CHECK_NOTES.length)}] END,
      (${weightedArray(GP_REPORT_WEIGHTS)})[${pick(28, 12)}],
      CASE WHEN a.start IS NULL THEN NULL ELSE (${weightedArray(SMS_REPLY_WEIGHTS)})[${pick(29, 16)}] END,
      CASE WHEN a.start IS NOT NULL AND mod(${hash(30)}, 10) = 0
        THEN (ARRAY['completed', 'completed', 'no-answer'])[${pick(31, 3)}] END,
      CASE WHEN a.start IS NOT NULL AND mod(${hash(30)}, 10) = 0 THEN (ARRAY['1', '2', NULL])[${pick(32, 3)}] END,
      v.created, v.created
    FROM generate_series(${from}::bigint, ${to}::bigint) AS g
    CROSS JOIN sizes
    CROSS JOIN staff
    CROSS JOIN LATERAL (
      SELECT
        (${statuses})[${pick(1, statusCount)}] AS status,
        date_trunc('minute', now() - make_interval(mins => mod(${hash(2)}, 548 * 1440)::int)) AS created,
        ${pick(3, sql`sizes.pool_n`)} AS ri,
        -- Own Device (the first site) for 60%, the hospitals share the rest
        CASE WHEN mod(${hash(4)}, 10) < 6 THEN 1 ELSE 1 + ${pick(33, sql`sizes.site_n - 1`)} END AS si,
        (${weightedArray(CONT_OR_TBC_WEIGHTS)})[${pick(18, 20)}] AS cont_or_tbc,
        ${pick(5, sql`staff.n`)} AS ci
    ) v
    JOIN pool p ON p.rn = v.ri
    JOIN site_pool site ON site.rn = v.si
    CROSS JOIN LATERAL (
      SELECT CASE
        -- booked: a quarter-hour within the next eight weeks
        WHEN v.status = 'booked'
          THEN date_trunc('hour', now()) + make_interval(mins => (4 + mod(${hash(6)}, 56 * 96))::int * 15)
        -- seen, missed or closed after an appointment: one in the past, after creation
        WHEN v.created < now() - interval '2 days' AND (
          v.status IN ('checkOut', 'fta', 'ftaRebook', 'ftaRemoved', 'discharged')
          OR (v.status IN ('f2fTransfer', 'relocated', 'remove', 'nrfc') AND mod(${hash(6)}, 3) = 0)
        )
          THEN least(
            date_trunc('hour', now()) - interval '1 day',
            date_trunc('hour', v.created) + make_interval(mins => (96 + mod(${hash(6)}, 90 * 96))::int * 15)
          )
      END AS start
    ) a
  `;
}

async function open(): Promise<Database> {
  if (process.env.DATABASE_URL) return openPostgres(process.env.DATABASE_URL, 1);
  return openPglite({ dataDir: process.env.PGLITE_DIR ?? 'data/pglite' });
}

const rate = (rows: number, ms: number) => Math.round(rows / (ms / 1000)).toLocaleString('en-AU');
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const database = await open();
try {
  const started = performance.now();
  console.log(
    `Database: ${database.kind === 'pglite' ? `PGlite in ${process.env.PGLITE_DIR ?? 'data/pglite'}` : 'PostgreSQL'}`,
  );
  await database.migrate();
  const demo = await loadDemoDataIfEmpty(database.db);
  console.log(demo.loaded ? 'Loaded the demo data first.' : 'Demo data already present.');

  const countRows = async () => {
    const result = (await database.db.execute(
      sql`SELECT count(*)::bigint AS n FROM workflows`,
    )) as unknown as {
      rows: { n: string | number }[];
    };
    return Number(result.rows[0]?.n ?? 0);
  };
  const before = await countRows();
  console.log(
    `Adding ${total.toLocaleString('en-AU')} workflows to ${before.toLocaleString('en-AU')} existing ones.`,
  );

  const insertStarted = performance.now();
  const batches = Math.ceil(total / BATCH_SIZE);
  for (let batch = 0; batch < batches; batch++) {
    // Row numbers continue after the existing rows, so a second run adds different combinations.
    const from = before + batch * BATCH_SIZE + 1;
    const to = before + Math.min(total, (batch + 1) * BATCH_SIZE);
    const batchStarted = performance.now();
    await database.db.execute(batchStatement(from, to));
    const now = performance.now();
    const done = to - before;
    console.log(
      `batch ${batch + 1}/${batches}: ${(to - from + 1).toLocaleString('en-AU')} rows in ${seconds(now - batchStarted)} ` +
        `(${rate(to - from + 1, now - batchStarted)} rows/s); ${done.toLocaleString('en-AU')} in ` +
        `${seconds(now - insertStarted)} (${rate(done, now - insertStarted)} rows/s)`,
    );
  }
  const insertMs = performance.now() - insertStarted;

  const analyzeStarted = performance.now();
  await database.db.execute(sql`ANALYZE workflows`);
  console.log(`ANALYZE workflows: ${seconds(performance.now() - analyzeStarted)}`);

  const after = await countRows();
  console.log(
    `Done: inserted ${total.toLocaleString('en-AU')} workflows in ${seconds(insertMs)} (${rate(total, insertMs)} rows/s); ` +
      `${after.toLocaleString('en-AU')} in the table; total time ${seconds(performance.now() - started)}.`,
  );
} finally {
  await database.close();
}
