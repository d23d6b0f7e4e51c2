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
import { updateWorkflows } from '../workflows/workflows.queries.ts';
import { noResponseKey, SMS_JOB } from './sms-sequence.planner.ts';
import { findAppointmentState, findSmsMessage, findWorkflowReply } from './sms-sequence.queries.ts';

type Deps = { db: Db; clock: Clock; sms: SmsSender; changes: ChangeFeed; quietHours?: QuietHours };

const SENDABLE = ['planned', 'queued'] as const;

/** Why a step no longer goes out, or null when it should. */
async function reasonToSkip(db: Db, message: typeof smsMessages.$inferSelect) {
  if (message.kind !== 'sequence' || !message.appointmentId) return null;
  const appointment = await findAppointmentState(db, message.appointmentId);
  if (!appointment || appointment.cancelledAt) return 'cancelled appointment';
  const workflow = message.workflowId ? await findWorkflowReply(db, message.workflowId) : undefined;
  if (message.workflowId && (!workflow || workflow.deletedAt)) return 'deleted workflow';
  if (workflow?.smsReply === 'no') return 'declined';
  if (workflow?.smsReply === 'yes' && UNANSWERED_ONLY_STEPS.includes(message.step as SmsStep))
    return 'answered';
  return null;
}

/** The send job: one sms_messages row through the SMS adapter, its id as the idempotency key. */
function sendJob(deps: Deps): JobKind {
  const { db, clock, sms, changes } = deps;
  const changed = async (workflowId: string | null) => {
    if (workflowId) await changes.publish(db, { type: 'workflow.changed', ids: [workflowId] });
  };
  return {
    async handle(job: Job) {
      const message = await findSmsMessage(db, String(job.payload.smsMessageId));
      if (!message || !(SENDABLE as readonly string[]).includes(message.status)) return;
      if (await reasonToSkip(db, message)) {
        await db.update(smsMessages).set({ status: 'cancelled' }).where(eq(smsMessages.id, message.id));
        await changed(message.workflowId);
        return;
      }
      const now = clock.now();
      const zone =
        typeof job.payload.patientZone === 'string' ? job.payload.patientZone : DEFAULT_PATIENT_ZONE;
      const allowed = outOfQuietHours(
        now,
        zone,
        deps.quietHours === undefined ? QUIET_HOURS : deps.quietHours,
      );
      if (message.kind === 'sequence' && allowed.getTime() !== now.getTime()) throw new JobDelay(allowed);
      try {
        const { providerMessageId } = await sms.send(message.phoneNumber, message.body, {
          reference: message.id,
        });
        const sentAt = clock.now();
        await db.transaction(async (transaction) => {
          const tx = transaction as unknown as Db;
          await tx
            .update(smsMessages)
            .set({
              status: 'sent',
              sentAt,
              providerMessageId,
              lastError: null,
              attempts: sql`${smsMessages.attempts} + 1`,
            })
            .where(and(eq(smsMessages.id, message.id), inArray(smsMessages.status, [...SENDABLE])));
          if (message.step === 'initialSecond' && message.appointmentId && message.workflowId) {
            await enqueueJobs(tx, [
              {
                kind: SMS_JOB.noResponse,
                payload: { workflowId: message.workflowId },
                runAt: new Date(sentAt.getTime() + NO_RESPONSE_AFTER_MS),
                dedupeKey: noResponseKey(message.appointmentId),
                workflowId: message.workflowId,
              },
            ]);
          }
        });
      } catch (err) {
        await db
          .update(smsMessages)
          .set({
            status: 'queued',
            attempts: sql`${smsMessages.attempts} + 1`,
            lastError: (err instanceof Error ? err.message : String(err)).slice(0, 500),
          })
          .where(eq(smsMessages.id, message.id));
        throw err;
      }
      await changed(message.workflowId);
    },
    async onFailed(job, error) {
      const id = String(job.payload.smsMessageId);
      const [row] = await db
        .update(smsMessages)
        .set({ status: 'failed', lastError: error })
        .where(and(eq(smsMessages.id, id), inArray(smsMessages.status, ['planned', 'queued'])))
        .returning({ workflowId: smsMessages.workflowId });
      await changed(row?.workflowId ?? null);
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
