import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, instant, timestamps } from './columns.ts';
import { workflows } from './workflows.ts';

export type JobStatus = 'queued' | 'done' | 'failed' | 'cancelled';

/**
 * The one job queue (docs/decisions/0031-one-job-runner.md): a row per job, written in the
 * transaction of the change that asks for it, claimed with FOR UPDATE SKIP LOCKED.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    /** When it is due; while an attempt runs, the end of its claim. */
    runAt: instant('run_at').notNull(),
    status: text('status').$type<JobStatus>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    /** The last failure's message (at most 500 characters): never patient data. */
    lastError: text('last_error'),
    /** At most one live (queued) job per key; cancel by key. */
    dedupeKey: text('dedupe_key'),
    workflowId: uuid('workflow_id').references(() => workflows.id),
    finishedAt: instant('finished_at'),
    ...timestamps,
  },
  (t) => [
    index('jobs_due_idx').on(t.runAt).where(sql`status = 'queued'`),
    uniqueIndex('jobs_live_key_idx').on(t.dedupeKey).where(sql`status = 'queued'`),
    index('jobs_workflow_idx').on(t.workflowId),
  ],
);

/** Signed provider webhook payloads, kept as received (never logged); unsigned ones are not stored. */
export const smsWebhookEvents = pgTable('sms_webhook_events', {
  id: id(),
  kind: text('kind').$type<'incoming' | 'status' | 'ivr-status' | 'ivr-gather'>().notNull(),
  payload: jsonb('payload').$type<Record<string, string>>().notNull(),
  ...timestamps,
});
