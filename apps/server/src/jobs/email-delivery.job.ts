import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { emailMessages } from '../db/schema/index.ts';
import type { EmailSender } from '../integrations/email/email-sender.ts';
import type { ChangeFeed } from '../lib/change-feed.ts';
import type { Clock } from '../lib/clock.ts';

/**
 * Delivers the e-mails that services queue in `email_messages` (status 'queued'), after their
 * transaction has committed. docs/decisions/0012-email-delivery-worker.md explains the design.
 *
 * - Claim: a short transaction takes a batch of due rows with `FOR UPDATE SKIP LOCKED`, counts the
 *   attempt and moves `next_attempt_at` to the end of a claim period, then commits. Concurrent
 *   workers (several server processes on PostgreSQL) skip each other's rows; nothing is held
 *   locked while the mail server is talking, so PGlite's single connection is not blocked.
 * - Send: each message goes through the EmailSender adapter (SMTP, or the outbox table).
 * - Mark: 'sent' with `sent_at`; on an error the message stays 'queued' with a later
 *   `next_attempt_at` (1, 2, 4, 8 minutes) and the mail server's error, and becomes 'failed' after
 *   the fifth attempt.
 * - At least once: a process that stops between send and mark leaves the row claimed; when the
 *   claim period ends, the message is due again and may be sent a second time.
 */
export const EMAIL_DELIVERY = {
  id: 'email-delivery',
  batchSize: 10,
  maxAttempts: 5,
  firstRetryMs: 60_000,
  /** A claimed message is due again after this long (longer than a send may take). */
  claimMs: 5 * 60_000,
  sendTimeoutMs: 60_000,
  lastErrorLength: 500,
} as const;

/** The wait after the `attempt`-th failed attempt: 1, 2, 4, 8 minutes. */
export function retryDelayMs(attempt: number) {
  return EMAIL_DELIVERY.firstRetryMs * 2 ** Math.max(0, attempt - 1);
}

/** What the worker logs: ids, counts and error codes, never addresses, names or message text. */
export type DeliveryLog = {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
};

export type EmailDeliveryDeps = {
  db: Db;
  email: EmailSender;
  clock: Clock;
  changes?: ChangeFeed;
  log?: DeliveryLog;
  batchSize?: number;
};

export type EmailDeliveryResult = { claimed: number; sent: number; retrying: number; failed: number };

type ClaimedEmail = {
  id: string;
  workflowId: string | null;
  toAddress: string;
  subject: string;
  body: string;
  /** Including the attempt just claimed. */
  attempts: number;
};

// --- queries ---------------------------------------------------------------------------------------

/** Queues an e-mail: call it inside the transaction of the change it belongs to. */
export async function queueEmail(db: Db, values: typeof emailMessages.$inferInsert) {
  await db.insert(emailMessages).values(values);
}

/** Claims up to `limit` due queued messages (oldest first), skipping rows another worker holds. */
async function claimDueEmails(db: Db, now: Date, limit: number): Promise<ClaimedEmail[]> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const due = await tx
      .select({
        id: emailMessages.id,
        workflowId: emailMessages.workflowId,
        toAddress: emailMessages.toAddress,
        subject: emailMessages.subject,
        body: emailMessages.body,
        attempts: emailMessages.attempts,
      })
      .from(emailMessages)
      .where(
        and(
          eq(emailMessages.status, 'queued'),
          or(isNull(emailMessages.nextAttemptAt), lte(emailMessages.nextAttemptAt, now)),
        ),
      )
      .orderBy(asc(emailMessages.createdAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    await tx
      .update(emailMessages)
      .set({
        attempts: sql`${emailMessages.attempts} + 1`,
        nextAttemptAt: new Date(now.getTime() + EMAIL_DELIVERY.claimMs),
      })
      .where(
        inArray(
          emailMessages.id,
          due.map((row) => row.id),
        ),
      );
    return due.map((row) => ({ ...row, attempts: row.attempts + 1 }));
  });
}

async function markSent(db: Db, id: string, now: Date) {
  await db
    .update(emailMessages)
    .set({ status: 'sent', sentAt: now, nextAttemptAt: null, lastError: null })
    .where(and(eq(emailMessages.id, id), eq(emailMessages.status, 'queued')));
}

async function markFailedAttempt(db: Db, id: string, values: { retryAt: Date | null; lastError: string }) {
  await db
    .update(emailMessages)
    .set({
      status: values.retryAt ? 'queued' : 'failed',
      nextAttemptAt: values.retryAt,
      lastError: values.lastError,
    })
    .where(and(eq(emailMessages.id, id), eq(emailMessages.status, 'queued')));
}

// --- the handler -----------------------------------------------------------------------------------

/** The mail server's own words, shortened; the codes go to the log. */
function describeError(err: unknown) {
  const message = err instanceof Error ? err.message : String(err);
  return message.slice(0, EMAIL_DELIVERY.lastErrorLength);
}
function errorCodes(err: unknown) {
  const e = (err ?? {}) as { name?: unknown; code?: unknown; responseCode?: unknown };
  return {
    ...(typeof e.name === 'string' ? { errorName: e.name } : {}),
    ...(typeof e.code === 'string' ? { errorCode: e.code } : {}),
    ...(typeof e.responseCode === 'number' ? { responseCode: e.responseCode } : {}),
  };
}

async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`No answer from the mail server within ${ms / 1000} s.`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * One round: claims a batch of due queued e-mails and sends them. Idempotent per message: a row
 * that is no longer queued is never sent again. Tests call this directly.
 */
export async function deliverDueEmails(deps: EmailDeliveryDeps): Promise<EmailDeliveryResult> {
  const { db, email, clock, log } = deps;
  const claimed = await claimDueEmails(db, clock.now(), deps.batchSize ?? EMAIL_DELIVERY.batchSize);
  const result: EmailDeliveryResult = { claimed: claimed.length, sent: 0, retrying: 0, failed: 0 };
  const changedWorkflows = new Set<string>();
  for (const message of claimed) {
    if (message.attempts > EMAIL_DELIVERY.maxAttempts) {
      // Claimed again after its last attempt never finished (the process stopped): give up.
      await markFailedAttempt(db, message.id, {
        retryAt: null,
        lastError: 'The last delivery attempt did not finish.',
      });
      result.failed += 1;
      log?.error({ emailMessageId: message.id, attempts: message.attempts }, 'e-mail delivery failed');
    } else {
      try {
        await withTimeout(
          email.send({ to: message.toAddress, subject: message.subject, text: message.body }),
          EMAIL_DELIVERY.sendTimeoutMs,
        );
        await markSent(db, message.id, clock.now());
        result.sent += 1;
      } catch (err) {
        const last = message.attempts >= EMAIL_DELIVERY.maxAttempts;
        const retryAt = last ? null : new Date(clock.now().getTime() + retryDelayMs(message.attempts));
        await markFailedAttempt(db, message.id, { retryAt, lastError: describeError(err) });
        const details = { emailMessageId: message.id, attempts: message.attempts, ...errorCodes(err) };
        if (last) {
          result.failed += 1;
          log?.error(details, 'e-mail delivery failed');
        } else {
          result.retrying += 1;
          log?.warn({ ...details, retryAt: retryAt?.toISOString() }, 'e-mail delivery attempt failed');
        }
      }
    }
    if (message.workflowId) changedWorkflows.add(message.workflowId);
  }
  if (changedWorkflows.size > 0 && deps.changes) {
    await deps.changes.publish(db, { type: 'workflow.changed', ids: [...changedWorkflows] });
  }
  if (claimed.length > 0) log?.info(result, 'e-mail delivery round');
  return result;
}
