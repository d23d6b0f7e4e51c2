/**
 * Text extraction of uploaded referral files, after the upload has answered. One handler
 * (`extractReferralText`) reads one file; a small sweep runs it for every file still pending, so a
 * file uploaded just before a restart is picked up after it. The handler is idempotent and can be
 * registered as a job kind of the general job runner when it lands (docs/decisions/0029).
 */
import { parseReferralLetter } from '@telecare/domain/referral-letter-parser';
import { and, asc, eq, gte, isNull, lt, notInArray } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { clinics, incomingReferralFiles, referrerLocations } from '../../db/schema/index.ts';
import { type FileStorage, readAll } from '../../integrations/storage/file-storage.ts';
import type { ChangeFeed } from '../../lib/change-feed.ts';
import { readLetterText } from './read-letter-text.ts';
import { draftFromLetter, emptyDraft } from './referral-draft.ts';

export const MAX_EXTRACTION_ATTEMPTS = 3;

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

/**
 * Reads one file's text (pdf.js text layer, or OCR for a PNG), parses it into the draft and marks the
 * file done; after MAX_EXTRACTION_ATTEMPTS failures it is marked failed with an empty draft (staff
 * fill the form by hand). A file already done is left as it is. Nothing read is ever logged.
 */
export async function extractReferralText(db: Db, storage: FileStorage, fileId: string) {
  const [file] = await db
    .select()
    .from(incomingReferralFiles)
    .where(eq(incomingReferralFiles.id, fileId))
    .limit(1);
  if (!file || file.deletedAt || file.extractionStatus !== 'pending') return 'skipped' as const;
  // Counted before the work: a file that takes the process down is not tried again for ever.
  const attempts = file.extractionAttempts + 1;
  await db
    .update(incomingReferralFiles)
    .set({ extractionAttempts: attempts })
    .where(and(eq(incomingReferralFiles.id, fileId), eq(incomingReferralFiles.extractionStatus, 'pending')));
  try {
    const body = await storage.get(file.storageKey);
    if (!body) throw new Error('stored file missing');
    const text = await readLetterText(await readAll(body), file.contentType);
    const parsed = parseReferralLetter(text);
    const draft = draftFromLetter(file, parsed, await knownReferrer(db, parsed.referrer.providerNumber));
    await db
      .update(incomingReferralFiles)
      .set({ extractionStatus: 'done', extractedText: text, draft, parsedAt: new Date() })
      .where(
        and(eq(incomingReferralFiles.id, fileId), eq(incomingReferralFiles.extractionStatus, 'pending')),
      );
    return 'done' as const;
  } catch {
    if (attempts < MAX_EXTRACTION_ATTEMPTS) return 'retry' as const;
    await markNotRead(db, file);
    return 'failed' as const;
  }
}

/** Gives up on a file: failed, with an empty draft for staff to fill in by hand. */
async function markNotRead(db: Db, file: typeof incomingReferralFiles.$inferSelect) {
  await db
    .update(incomingReferralFiles)
    .set({ extractionStatus: 'failed', draft: emptyDraft(file), parsedAt: new Date() })
    .where(and(eq(incomingReferralFiles.id, file.id), eq(incomingReferralFiles.extractionStatus, 'pending')));
}

/** Files whose last attempt never finished (the process stopped during it) and that have no tries left. */
async function giveUpOnAbandonedFiles(db: Db) {
  const abandoned = await db
    .select()
    .from(incomingReferralFiles)
    .where(
      and(
        eq(incomingReferralFiles.extractionStatus, 'pending'),
        isNull(incomingReferralFiles.deletedAt),
        gte(incomingReferralFiles.extractionAttempts, MAX_EXTRACTION_ATTEMPTS),
      ),
    );
  for (const file of abandoned) await markNotRead(db, file);
  return abandoned.map((file) => file.id);
}

/** Runs the handler for every pending file, oldest first, one at a time; answers how many it finished. */
export async function extractPendingReferralFiles(deps: {
  db: Db;
  storage: FileStorage;
  changes?: ChangeFeed;
}) {
  const { db, storage, changes } = deps;
  const abandoned = await giveUpOnAbandonedFiles(db);
  if (abandoned.length > 0) await changes?.publish(db, { type: 'referrals.changed', ids: abandoned });
  let finished = abandoned.length;
  const tried = new Set<string>();
  for (;;) {
    const [next] = await db
      .select({ id: incomingReferralFiles.id })
      .from(incomingReferralFiles)
      .where(
        and(
          eq(incomingReferralFiles.extractionStatus, 'pending'),
          isNull(incomingReferralFiles.deletedAt),
          lt(incomingReferralFiles.extractionAttempts, MAX_EXTRACTION_ATTEMPTS),
          tried.size > 0 ? notInArray(incomingReferralFiles.id, [...tried]) : undefined,
        ),
      )
      .orderBy(asc(incomingReferralFiles.createdAt))
      .limit(1);
    if (!next) return finished;
    tried.add(next.id);
    const outcome = await extractReferralText(db, storage, next.id);
    if (outcome === 'done' || outcome === 'failed') {
      finished++;
      await changes?.publish(db, { type: 'referrals.changed', ids: [next.id] });
    }
  }
}

/**
 * The pending-state sweep: every `intervalMs`, and at once when `poke()` is called after an upload.
 * One round at a time; `stop()` waits for the running round.
 */
export function startExtractionSweep(deps: {
  db: Db;
  storage: FileStorage;
  changes?: ChangeFeed;
  intervalMs: number;
  log: { error: (obj: object, msg: string) => void };
}) {
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  const round = () => {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = extractPendingReferralFiles(deps)
      .then(() => undefined)
      // Only the error's name: its message could quote the letter.
      .catch((err: Error) => deps.log.error({ name: err.name }, 'referral extraction round failed'))
      .finally(() => {
        running = undefined;
        if (again && !stopped) {
          again = false;
          void round();
        }
      });
    return running;
  };
  const timer = setInterval(round, deps.intervalMs);
  timer.unref();
  void round();
  return {
    poke: () => void round(),
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
