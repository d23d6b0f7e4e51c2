import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { jobs, smsMessages, smsWebhookEvents } from '../../db/schema/index.ts';

export async function storeWebhookEvent(
  db: Db,
  kind: 'incoming' | 'status' | 'ivr-status' | 'ivr-gather',
  payload: Record<string, string>,
) {
  await db.insert(smsWebhookEvents).values({ kind, payload });
}

export function selectFailedSms(db: Db) {
  return db
    .select({
      id: smsMessages.id,
      workflowId: smsMessages.workflowId,
      step: smsMessages.step,
      attempts: smsMessages.attempts,
      lastError: smsMessages.lastError,
      updatedAt: smsMessages.updatedAt,
    })
    .from(smsMessages)
    .where(eq(smsMessages.status, 'failed'))
    .orderBy(desc(smsMessages.updatedAt))
    .limit(200);
}

export function selectUnmatchedSms(db: Db) {
  return db
    .select({
      id: smsMessages.id,
      phoneNumber: smsMessages.phoneNumber,
      body: smsMessages.body,
      sentAt: smsMessages.sentAt,
      createdAt: smsMessages.createdAt,
    })
    .from(smsMessages)
    .where(and(eq(smsMessages.status, 'unmatched'), isNull(smsMessages.workflowId)))
    .orderBy(desc(smsMessages.createdAt))
    .limit(200);
}

export async function findSmsByProviderId(db: Db, providerMessageId: string) {
  const [row] = await db
    .select({ id: smsMessages.id, workflowId: smsMessages.workflowId })
    .from(smsMessages)
    .where(and(eq(smsMessages.providerMessageId, providerMessageId), eq(smsMessages.direction, 'outbound')))
    .limit(1);
  return row;
}

/**
 * The inbound SMS a provider's message id was stored as, if any. Holds a lock on that id until the
 * transaction ends, so two deliveries of one webhook at once store it once.
 */
export async function findInboundByProviderId(tx: Db, providerMessageId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms-inbound:${providerMessageId}`}))`);
  const [row] = await tx
    .select({ id: smsMessages.id, workflowId: smsMessages.workflowId })
    .from(smsMessages)
    .where(and(eq(smsMessages.providerMessageId, providerMessageId), eq(smsMessages.direction, 'inbound')))
    .limit(1);
  return row;
}

export function selectFailedJobs(db: Db) {
  return db
    .select({
      id: jobs.id,
      kind: jobs.kind,
      workflowId: jobs.workflowId,
      attempts: jobs.attempts,
      lastError: jobs.lastError,
      finishedAt: jobs.finishedAt,
    })
    .from(jobs)
    .where(eq(jobs.status, 'failed'))
    .orderBy(desc(jobs.finishedAt))
    .limit(200);
}
