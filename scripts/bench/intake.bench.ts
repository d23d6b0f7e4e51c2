/**
 * Referral intake benchmark (issue 12): a 3-page PDF letter from upload to draft, a one-page PNG
 * scan from upload to draft, and the inbox list over 10,000 files. The app runs in this process
 * over PostgreSQL (DATABASE_URL, migrated here; the inbox rows are added once) and is called
 * through app.inject, so the figures are the server's time without the network.
 *
 *   DATABASE_URL=postgres://... npx tsx scripts/bench/intake.bench.ts [pdfRuns] [pngRuns] [listRuns]
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { count, isNull } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app.ts';
import { readConfig } from '../../apps/server/src/config.ts';
import { openPostgres } from '../../apps/server/src/db/database.ts';
import { incomingReferralFiles, sessions, users } from '../../apps/server/src/db/schema/index.ts';
import { createLocalFileStorage } from '../../apps/server/src/integrations/storage/local-file-storage.ts';
import { hashToken } from '../../apps/server/src/modules/auth/auth.service.ts';
import { referralLetterCorpus } from '../../apps/server/src/modules/referral-inbox/letters/referral-letter-corpus.ts';
import { renderLetterPdf } from '../../apps/server/src/modules/referral-inbox/letters/referral-letter-layouts.ts';
import { multipartBody } from '../../apps/server/src/test/files/sample-files.ts';

const pdfRuns = Number(process.argv[2] ?? 30);
const pngRuns = Number(process.argv[3] ?? 5);
const listRuns = Number(process.argv[4] ?? 300);
const url = process.env.DATABASE_URL;
if (!url) throw new Error('Set DATABASE_URL to the PostgreSQL database to measure.');
const INBOX_FILES = 10_000;

const p = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
};
const report = (name: string, ms: number[], target: number) =>
  console.log(
    `${name.padEnd(44)} runs ${String(ms.length).padStart(4)}  p50 ${p(ms, 0.5).toFixed(1).padStart(8)} ms  p95 ${p(ms, 0.95).toFixed(1).padStart(8)} ms  target ${target} ms  ${p(ms, 0.95) <= target ? 'OK' : 'OVER'}`,
  );

const files = await mkdtemp(path.join(os.tmpdir(), 'telecare-intake-bench-'));
const database = await openPostgres(url, 10);
await database.migrate();
const config = readConfig({
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  WEB_DIST_DIR: '/nonexistent',
  DATABASE_URL: url,
  FILE_STORAGE_DIR: files,
  JOB_RUNNER_INTERVAL_MS: '0',
});
const storage = createLocalFileStorage(files);
const app = await buildApp({ config, database, storage, logger: false });
await app.ready();
const { db } = database;

const [user] = await db
  .insert(users)
  .values({
    email: `bench-${randomBytes(4).toString('hex')}@telecare.test`,
    firstName: 'Bench',
    lastName: 'Mark',
    shortName: 'BM',
    role: 'TELECARE_ADMIN',
    passwordHash: 'x',
  })
  .returning();
if (!user) throw new Error('no user');
const token = randomBytes(32).toString('base64url');
await db.insert(sessions).values({
  tokenHash: hashToken(token),
  userId: user.id,
  lastSeenAt: new Date(),
  mfaCompletedAt: new Date(),
  expiresAt: new Date(Date.now() + 3_600_000),
});
const auth = { authorization: `Bearer ${token}` };

async function uploadToDraft(name: string, bytes: Buffer) {
  const started = performance.now();
  const body = multipartBody({ name, bytes }, { speciality: 'Cardiology' });
  const res = await app.inject({
    method: 'POST',
    url: '/api/admin/incoming-referrals/raw',
    headers: { ...auth, ...body.headers },
    payload: body.payload,
  });
  if (res.statusCode !== 200) throw new Error(`upload ${res.statusCode}`);
  const id = res.json().id as string;
  // The upload's extraction job, run as the job runner's round runs it.
  await app.jobs.drain();
  const draft = await app.inject({
    method: 'GET',
    url: `/api/admin/incoming-referrals/raw/${id}/draft`,
    headers: auth,
  });
  if (draft.json().file.extractionStatus !== 'done') throw new Error('not extracted');
  const ms = performance.now() - started;
  await app.inject({ method: 'DELETE', url: `/api/admin/incoming-referrals/raw/${id}`, headers: auth });
  return ms;
}

const letter = referralLetterCorpus()[0]?.letter;
if (!letter) throw new Error('no corpus');
const threePages = await renderLetterPdf({ ...letter, extraPages: 2 });
const png = await readFile(
  path.resolve('apps/server/src/modules/referral-inbox/letters/corpus/referral-19-letterhead.png'),
);

if (pdfRuns > 0) await uploadToDraft('warm-up.pdf', threePages);
const pdfTimes: number[] = [];
for (let i = 0; i < pdfRuns; i++) pdfTimes.push(await uploadToDraft(`letter-${i}.pdf`, threePages));
if (pdfRuns > 0) report('3-page PDF, upload to draft', pdfTimes, 2000);

const pngTimes: number[] = [];
for (let i = 0; i < pngRuns; i++) pngTimes.push(await uploadToDraft(`scan-${i}.png`, png));
if (pngRuns > 0) report('1-page PNG scan, upload to draft (cold first)', pngTimes, 15000);

const [existing] = await db
  .select({ n: count() })
  .from(incomingReferralFiles)
  .where(isNull(incomingReferralFiles.deletedAt));
const missing = INBOX_FILES - (existing?.n ?? 0);
for (let done = 0; done < missing; done += 1000) {
  const now = Date.now();
  await db.insert(incomingReferralFiles).values(
    Array.from({ length: Math.min(1000, missing - done) }, (_, i) => ({
      fileName: `Fax_${done + i}_1732000000-8f3a2c.pdf`,
      specialityName:
        (done + i) % 5 === 0 ? null : ['Cardiology', 'Dermatology', 'Neurology'][(done + i) % 3],
      storageKey: `referral-upload-working/bench-${done + i}.pdf`,
      contentType: 'application/pdf',
      extractionStatus: 'done' as const,
      createdAt: new Date(now - (done + i) * 60_000),
    })),
  );
}
await db.execute('ANALYZE incoming_referral_files');
for (const [name, query] of [
  ['inbox list, 10,000 files, first 100', ''],
  ['inbox list, filter Unidentified', '&speciality=Unidentified'],
  ['inbox list, two specialities, page 10', '&speciality=Cardiology&speciality=Neurology&page=10'],
] as const) {
  const times: number[] = [];
  for (let i = 0; i < listRuns; i++) {
    const started = performance.now();
    const res = await app.inject({
      method: 'GET',
      url: `/api/admin/incoming-referrals/raw?pageSize=100${query}`,
      headers: auth,
    });
    if (res.statusCode !== 200) throw new Error(`list ${res.statusCode}`);
    times.push(performance.now() - started);
  }
  report(name, times, 50);
}

await app.close();
await database.close();
await rm(files, { recursive: true, force: true });
