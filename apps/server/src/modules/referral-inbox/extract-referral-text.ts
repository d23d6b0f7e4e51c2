/**
 * Text extraction of uploaded referral files, after the upload has answered: a kind of the one job
 * runner (docs/decisions/0031, 0043). The upload queues a `referral.extract` job in its own
 * transaction; the handler reads the file, parses it into the draft and marks it done. A failure is
 * retried by the runner (1, 2 minutes later); after the last attempt the file is marked failed with
 * an empty draft (staff fill the form by hand). Nothing read is ever logged or kept in a job's error.
 */
import { parseReferralLetter } from '@telecare/domain/referral-letter-parser';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { clinics, incomingReferralFiles, referrerLocations } from '../../db/schema/index.ts';
import { type FileStorage, readAll } from '../../integrations/storage/file-storage.ts';
import { enqueueJobs, type JobKind, type NewJob } from '../../jobs/job-runner.ts';
import type { ChangeFeed } from '../../lib/change-feed.ts';
import { readLetterText } from './read-letter-text.ts';
import { draftFromLetter, emptyDraft } from './referral-draft.ts';

export const REFERRAL_EXTRACTION = {
  kind: 'referral.extract',
  maxAttempts: 3,
} as const;

/** The job that reads one file; its key keeps one live job per file. */
export function extractionJob(fileId: string, runAt: Date): NewJob {
  return {
    kind: REFERRAL_EXTRACTION.kind,
    payload: { fileId },
    runAt,
    dedupeKey: `${REFERRAL_EXTRACTION.kind}:${fileId}`,
    maxAttempts: REFERRAL_EXTRACTION.maxAttempts,
  };
}

async function knownReferrer(db: Db, providerNumber: string) {
  if (!providerNumber) return undefined;
  const [row] = await db
    .select({ referrerId: referrerLocations.referrerId, clinicId: clinics.id, clinicName: clinics.name })
    .from(referrerLocations)
    .innerJoin(clinics, eq(clinics.id, referrerLocations.clinicId))
    .where(eq(referrerLocations.providerNumber, providerNumber))
    .limit(1);
  return row;
}

async function findPendingFile(db: Db, fileId: string) {
  const [file] = await db
    .select()
    .from(incomingReferralFiles)
    .where(eq(incomingReferralFiles.id, fileId))
    .limit(1);
  return file && !file.deletedAt && file.extractionStatus === 'pending' ? file : undefined;
}

/**
 * Reads one file's text (pdf.js text layer, or OCR for a PNG), parses it into the draft and marks the
 * file done. A file already done, failed or deleted is skipped. Throws (without the letter's words)
 * when the file cannot be read.
 */
export async function extractReferralText(db: Db, storage: FileStorage, fileId: string) {
  const file = await findPendingFile(db, fileId);
  if (!file) return 'skipped' as const;
  let text: string;
  try {
    const body = await storage.get(file.storageKey);
    if (!body) throw new Error('stored file missing');
    text = await readLetterText(await readAll(body), file.contentType);
  } catch (err) {
    // Only the error's name: a reader's message could quote the letter.
    throw new Error(`The referral letter could not be read (${err instanceof Error ? err.name : 'Error'}).`);
  }
  const parsed = parseReferralLetter(text);
  const draft = draftFromLetter(file, parsed, await knownReferrer(db, parsed.referrer.providerNumber));
  await db
    .update(incomingReferralFiles)
    .set({ extractionStatus: 'done', extractedText: text, draft, parsedAt: new Date() })
    .where(and(eq(incomingReferralFiles.id, fileId), eq(incomingReferralFiles.extractionStatus, 'pending')));
  return 'done' as const;
}

/** After the last attempt: an empty draft, so staff fill the form by hand. */
export async function markExtractionFailed(db: Db, fileId: string, attempts: number) {
  const file = await findPendingFile(db, fileId);
  if (!file) return false;
  await db
    .update(incomingReferralFiles)
    .set({
      extractionStatus: 'failed',
      extractionAttempts: attempts,
      draft: emptyDraft(file),
      parsedAt: new Date(),
    })
    .where(and(eq(incomingReferralFiles.id, fileId), eq(incomingReferralFiles.extractionStatus, 'pending')));
  return true;
}

/** The runner's `referral.extract` kind; the inbox refreshes live when a draft is ready or failed. */
export function referralExtractionJobKinds(deps: {
  db: Db;
  storage: FileStorage;
  changes?: ChangeFeed;
}): Record<string, JobKind> {
  const { db, storage, changes } = deps;
  const changed = (fileId: string) => changes?.publish(db, { type: 'referrals.changed', ids: [fileId] });
  return {
    [REFERRAL_EXTRACTION.kind]: {
      async handle(job) {
        const fileId = String(job.payload.fileId);
        if ((await extractReferralText(db, storage, fileId)) === 'done') await changed(fileId);
      },
      async onFailed(job) {
        const fileId = String(job.payload.fileId);
        if (await markExtractionFailed(db, fileId, job.attempts)) await changed(fileId);
      },
    },
  };
}

/**
 * Queues a job for every pending file that has none (files uploaded before extraction became a job
 * kind, and the demo's inbox). Idempotent: a file whose job is queued keeps it.
 */
export async function queuePendingExtractions(db: Db, now: Date) {
  const pending = await db
    .select({ id: incomingReferralFiles.id })
    .from(incomingReferralFiles)
    .where(
      and(eq(incomingReferralFiles.extractionStatus, 'pending'), isNull(incomingReferralFiles.deletedAt)),
    );
  await enqueueJobs(
    db,
    pending.map((file) => extractionJob(file.id, now)),
  );
  return pending.length;
}
