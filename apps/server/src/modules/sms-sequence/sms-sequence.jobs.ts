import {
  DEFAULT_PATIENT_ZONE,
  outOfQuietHours,
  QUIET_HOURS,
  type QuietHours,
  UNANSWERED_ONLY_STEPS,
} from '@telecare/domain/sms-sequence';
import { NO_RESPONSE_AFTER_MS, type SmsStep } from '@telecare/domain/workflow-rules';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { smsMessages } from '../../db/schema/index.ts';
import type { SmsSender } from '../../integrations/sms/sms-sender.ts';
import { enqueueJobs, type Job, JobDelay, type JobKind } from '../../jobs/job-runner.ts';
import type { ChangeFeed } from '../../lib/change-feed.ts';
import type { Clock } from '../../lib/clock.ts';
import { loggableError } from '../../lib/loggable-error.ts';
import { updateWorkflows } from '../workflows/workflows.queries.ts';
import { noResponseKey, SMS_JOB } from './sms-sequence.planner.ts';
import { findWorkflowReply, selectMessagesToSend } from './sms-sequence.queries.ts';

type Deps = {
  db: Db;
  clock: Clock;
  sms: SmsSender;
  changes: ChangeFeed;
  quietHours?: QuietHours;
  /** Provider calls at once when the adapter sends one message per call (default 8). */
  sendConcurrency?: number;
};

const SENDABLE = ['planned', 'queued'] as const;
/** Workflow ids per change event (a NOTIFY payload holds at most 8,000 bytes). */
const IDS_PER_EVENT = 100;

type ToSend = Awaited<ReturnType<typeof selectMessagesToSend>>[number];

/** Why a step no longer goes out, or null when it should. */
function reasonToSkip(row: ToSend) {
  const { message } = row;
  if (message.kind !== 'sequence' || !message.appointmentId) return null;
  if (!row.appointmentFound || row.appointmentCancelledAt) return 'cancelled appointment';
  if (message.workflowId && (!row.workflowFound || row.workflowDeletedAt)) return 'deleted workflow';
  if (row.smsReply === 'no') return 'declined';
  if (row.smsReply === 'yes' && UNANSWERED_ONLY_STEPS.includes(message.step as SmsStep)) return 'answered';
  return null;
}

type SendResult = { providerMessageId?: string; error?: unknown };

/**
 * The idempotency key a send uses: the message's id, or the new key a Retry of a message the
 * provider reported failed was given (kept in the job, so a re-run of that job reuses it).
 */
const referenceOf = (job: Job, message: ToSend['message']) =>
  typeof job.payload.reference === 'string' ? job.payload.reference : message.id;

/** Each message through the adapter, with its idempotency key: an id, or the error it met. */
async function sendAll(
  deps: Deps,
  messages: { message: ToSend['message']; reference: string }[],
): Promise<SendResult[]> {
  const list = messages.map(({ message: m, reference }) => ({ to: m.phoneNumber, body: m.body, reference }));
  const results: SendResult[] = [];
  if (deps.sms.sendMany) {
    try {
      return await deps.sms.sendMany(list);
    } catch (error) {
      return list.map(() => ({ error }));
    }
  }
  let next = 0;
  const lane = async () => {
    while (next < list.length) {
      const index = next;
      next += 1;
      const { to, body, reference } = list[index] as (typeof list)[number];
      try {
        results[index] = await deps.sms.send(to, body, { reference });
      } catch (error) {
        results[index] = { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(deps.sendConcurrency ?? 8, list.length) }, lane));
  return results;
}

async function publishChanged(deps: Deps, workflowIds: (string | null)[]) {
  const ids = [...new Set(workflowIds.filter((id): id is string => Boolean(id)))];
  for (let at = 0; at < ids.length; at += IDS_PER_EVENT) {
    await deps.changes.publish(deps.db, { type: 'workflow.changed', ids: ids.slice(at, at + IDS_PER_EVENT) });
  }
}

/** Marks the sent messages (one statement) and plans the no-response check after initialSecond. */
async function markSent(deps: Deps, sent: { message: ToSend['message']; providerMessageId: string }[]) {
  if (sent.length === 0) return;
  const sentAt = deps.clock.now();
  const providerIds = sql.join(
    sent.map(({ message, providerMessageId }) => sql`when ${message.id}::uuid then ${providerMessageId}`),
    sql` `,
  );
  await deps.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await tx
      .update(smsMessages)
      .set({
        status: 'sent',
        sentAt,
        providerMessageId: sql`(case ${smsMessages.id} ${providerIds} end)`,
        lastError: null,
        attempts: sql`${smsMessages.attempts} + 1`,
      })
      .where(
        and(
          inArray(
            smsMessages.id,
            sent.map(({ message }) => message.id),
          ),
          inArray(smsMessages.status, [...SENDABLE]),
        ),
      );
    await enqueueJobs(
      tx,
      sent.flatMap(({ message }) =>
        message.step === 'initialSecond' && message.appointmentId && message.workflowId
          ? [
              {
                kind: SMS_JOB.noResponse,
                payload: { workflowId: message.workflowId },
                runAt: new Date(sentAt.getTime() + NO_RESPONSE_AFTER_MS),
                dedupeKey: noResponseKey(message.appointmentId),
                workflowId: message.workflowId,
              },
            ]
          : [],
      ),
    );
  });
}

/**
 * The send job: one sms_messages row through the SMS adapter, its id as the idempotency key. A
 * batch of jobs is read in one statement, sent (in one call where the adapter takes several), and
 * marked in one statement; a message that failed is kept queued with the reason and retried.
 */
function sendJob(deps: Deps): JobKind {
  const { db, clock } = deps;
  const handleBatch = async (list: Job[]) => {
    const why = new Map<string, unknown>();
    const rows = await selectMessagesToSend(
      db,
      list.map((job) => String(job.payload.smsMessageId)),
    );
    const byId = new Map(rows.map((row) => [row.message.id, row]));
    const now = clock.now();
    const quiet = deps.quietHours === undefined ? QUIET_HOURS : deps.quietHours;
    const skipped: ToSend['message'][] = [];
    const toSend: { job: Job; message: ToSend['message'] }[] = [];
    for (const job of list) {
      const row = byId.get(String(job.payload.smsMessageId));
      if (!row || !(SENDABLE as readonly string[]).includes(row.message.status)) continue;
      if (reasonToSkip(row)) {
        skipped.push(row.message);
        continue;
      }
      const zone =
        typeof job.payload.patientZone === 'string' ? job.payload.patientZone : DEFAULT_PATIENT_ZONE;
      const allowed = outOfQuietHours(now, zone, quiet);
      if (row.message.kind === 'sequence' && allowed.getTime() !== now.getTime()) {
        why.set(job.id, new JobDelay(allowed));
        continue;
      }
      toSend.push({ job, message: row.message });
    }
    if (skipped.length > 0) {
      await db
        .update(smsMessages)
        .set({ status: 'cancelled' })
        .where(
          inArray(
            smsMessages.id,
            skipped.map((m) => m.id),
          ),
        );
    }

    const results = await sendAll(
      deps,
      toSend.map(({ job, message }) => ({ message, reference: referenceOf(job, message) })),
    );
    const sent: { message: ToSend['message']; providerMessageId: string }[] = [];
    const failed: { job: Job; message: ToSend['message']; error: unknown }[] = [];
    toSend.forEach((entry, index) => {
      const result = results[index];
      if (result?.providerMessageId && result.error === undefined) {
        sent.push({ message: entry.message, providerMessageId: result.providerMessageId });
      } else {
        failed.push({ ...entry, error: result?.error ?? new Error('The SMS adapter gave no answer.') });
      }
    });
    await markSent(deps, sent);
    for (const { job, message, error } of failed) {
      await db
        .update(smsMessages)
        .set({
          status: 'queued',
          attempts: sql`${smsMessages.attempts} + 1`,
          lastError: loggableError(error).message.slice(0, 500),
        })
        .where(eq(smsMessages.id, message.id));
      why.set(job.id, error);
    }
    await publishChanged(deps, [
      ...skipped.map((m) => m.workflowId),
      ...sent.map(({ message }) => message.workflowId),
    ]);
    return why;
  };
  return {
    handleBatch,
    async handle(job) {
      const why = (await handleBatch([job])).get(job.id);
      if (why) throw why;
    },
    async onFailed(job, error) {
      const id = String(job.payload.smsMessageId);
      const [row] = await db
        .update(smsMessages)
        .set({ status: 'failed', lastError: error })
        .where(and(eq(smsMessages.id, id), inArray(smsMessages.status, ['planned', 'queued'])))
        .returning({ workflowId: smsMessages.workflowId });
      await publishChanged(deps, [row?.workflowId ?? null]);
    },
  };
}

/** 8 hours after initialSecond went out: still no reply makes the workflow 'noResponse' (V-2). */
function noResponseJob(deps: Deps): JobKind {
  const { db, changes } = deps;
  return {
    async handle(job) {
      const workflowId = String(job.payload.workflowId);
      const workflow = await findWorkflowReply(db, workflowId);
      if (!workflow || workflow.deletedAt || workflow.smsReply === 'yes' || workflow.smsReply === 'no')
        return;
      await db.transaction(async (transaction) => {
        const tx = transaction as unknown as Db;
        await updateWorkflows(tx, [workflowId], { smsReply: 'noResponse' });
        await changes.publish(tx, { type: 'workflow.changed', ids: [workflowId] });
      });
    },
  };
}

export function smsJobKinds(deps: Deps): Record<string, JobKind> {
  return { [SMS_JOB.send]: sendJob(deps), [SMS_JOB.noResponse]: noResponseJob(deps) };
}
