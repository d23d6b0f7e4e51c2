import { randomUUID } from 'node:crypto';
import { ErrorCode } from '@telecare/contracts/errors';
import type { FailedJob, FailedMessage, UnmatchedSms } from '@telecare/contracts/messaging';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { smsMessages } from '../../db/schema/index.ts';
import { isValidWebhookSignature } from '../../integrations/sms/webhook-signature.ts';
import { enqueueJobs } from '../../jobs/job-runner.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { auditedBy, type ChangeWriter } from '../../lib/write-change.ts';
import { recordListReadAudit } from '../audit/audit.queries.ts';
import type { AuthContext, RequestOrigin } from '../auth/auth.service.ts';
import { recordSmsReply } from '../sms-sequence/sms-replies.ts';
import { SMS_JOB, SMS_MAX_ATTEMPTS } from '../sms-sequence/sms-sequence.planner.ts';
import {
  findInboundByProviderId,
  findSmsByProviderId,
  selectFailedJobs,
  selectFailedSms,
  selectUnmatchedSms,
  storeWebhookEvent,
} from './messaging.queries.ts';
import { IVR_DIGITS, IVR_STATES, recordIvrUpdate } from './voice-calls.ts';

const changedEvents = (workflowId: string | null | undefined) =>
  workflowId ? [{ type: 'workflow.changed' as const, ids: [workflowId] }] : [];

/** Provider delivery states (Twilio's MessageStatus) that end in failure. */
const FAILED_STATES = new Set(['failed', 'undelivered']);

export function createMessagingService(deps: {
  db: Db;
  clock: Clock;
  writeChange: ChangeWriter;
  /** The provider's auth token that signs its webhooks; unset = every webhook is refused. */
  webhookToken: string | undefined;
  publicUrl: string;
}) {
  const { db, clock, writeChange } = deps;

  return {
    /** Refuses a webhook without the provider's signature over the URL it called and its fields (403). */
    checkSignature(path: string, params: Record<string, string>, signature: string | undefined) {
      if (!isValidWebhookSignature(deps.webhookToken, `${deps.publicUrl}${path}`, params, signature)) {
        throw new AppError(ErrorCode.forbidden, 'The webhook signature is missing or wrong.');
      }
    },

    /**
     * A patient's SMS (signed webhook): the payload is stored, the reply recorded, in one transaction.
     * A message id seen before (the provider retrying its webhook, or a replayed request: the
     * signature has no time in it) changes nothing the second time.
     */
    incoming(params: Record<string, string>) {
      return writeChange(async (tx) => {
        await storeWebhookEvent(tx, 'incoming', params);
        const seen = params.MessageSid ? await findInboundByProviderId(tx, params.MessageSid) : undefined;
        if (seen) return { result: { smsMessageId: seen.id, workflowId: seen.workflowId, reply: null } };
        return recordSmsReply(tx, {
          from: params.From ?? '',
          body: params.Body ?? '',
          providerMessageId: params.MessageSid ?? null,
          now: clock.now(),
        });
      });
    },

    /** Development: the same as a provider's inbound webhook, without a provider. */
    devInbound(input: { from: string; body: string }) {
      return writeChange((tx) => recordSmsReply(tx, { ...input, now: clock.now() }));
    },

    /** A provider's delivery report (signed webhook): delivered sets delivered_at, failed the reason. */
    status(params: Record<string, string>) {
      return writeChange(async (tx) => {
        await storeWebhookEvent(tx, 'status', params);
        const message = params.MessageSid ? await findSmsByProviderId(tx, params.MessageSid) : undefined;
        const state = params.MessageStatus ?? '';
        if (!message) return { result: { received: true as const } };
        if (state === 'delivered') {
          await tx
            .update(smsMessages)
            .set({ status: 'delivered', deliveredAt: clock.now() })
            .where(eq(smsMessages.id, message.id));
        } else if (FAILED_STATES.has(state)) {
          const code = params.ErrorCode ? ` (error ${params.ErrorCode.slice(0, 20)})` : '';
          await tx
            .update(smsMessages)
            .set({ status: 'failed', lastError: `The provider reported ${state}${code}.` })
            .where(eq(smsMessages.id, message.id));
        } else {
          return { result: { received: true as const } };
        }
        return {
          result: { received: true as const },
          events: message.workflowId
            ? [{ type: 'workflow.changed' as const, ids: [message.workflowId] }]
            : [],
        };
      });
    },

    /** A provider's call progress (signed webhook): kept on the call's row. */
    ivrStatus(params: Record<string, string>) {
      return writeChange(async (tx) => {
        await storeWebhookEvent(tx, 'ivr-status', params);
        const state = params.CallStatus ?? '';
        const row =
          params.CallSid && (IVR_STATES as readonly string[]).includes(state)
            ? await recordIvrUpdate(tx, { providerCallId: params.CallSid }, { status: state })
            : undefined;
        return { result: { received: true as const }, events: changedEvents(row?.workflowId) };
      });
    },

    /** The key the patient pressed (signed webhook): 1 or 2 is the call's reply. */
    ivrGather(params: Record<string, string>) {
      return writeChange(async (tx) => {
        await storeWebhookEvent(tx, 'ivr-gather', params);
        const digit = params.Digits ?? '';
        const row =
          params.CallSid && (IVR_DIGITS as readonly string[]).includes(digit)
            ? await recordIvrUpdate(tx, { providerCallId: params.CallSid }, { reply: digit })
            : undefined;
        return { result: { received: true as const }, events: changedEvents(row?.workflowId) };
      });
    },

    /** Development: press a key on a call without a provider. */
    devIvrGather(input: { callId: string; digit: '1' | '2' }) {
      return writeChange(async (tx) => {
        const row = await recordIvrUpdate(
          tx,
          { id: input.callId },
          { reply: input.digit, status: 'completed' },
        );
        if (!row) throw new AppError(ErrorCode.notFound, 'There is no voice call with this id.');
        return { result: { received: true as const }, events: changedEvents(row.workflowId) };
      });
    },

    async failedMessages(auth: AuthContext, origin: RequestOrigin): Promise<FailedMessage[]> {
      const rows = await selectFailedSms(db);
      await recordListReadAudit(db, {
        action: 'sms.failed.viewed',
        ...auditedBy(auth, origin),
        details: { smsIds: rows.map((row) => row.id) },
      });
      return rows.map((row) => ({
        id: row.id,
        workflowId: row.workflowId,
        step: row.step,
        attempts: row.attempts,
        lastError: row.lastError,
        failedAt: row.updatedAt.toISOString(),
      }));
    },

    async failedJobs(): Promise<FailedJob[]> {
      const rows = await selectFailedJobs(db);
      return rows.map(({ finishedAt, ...row }) => ({ ...row, failedAt: finishedAt?.toISOString() ?? null }));
    },

    /** Patients' numbers and reply texts: the read is audited. */
    async unmatchedReplies(auth: AuthContext, origin: RequestOrigin): Promise<UnmatchedSms[]> {
      const rows = await selectUnmatchedSms(db);
      await recordListReadAudit(db, {
        action: 'sms.unmatched.viewed',
        ...auditedBy(auth, origin),
        details: { smsIds: rows.map((row) => row.id) },
      });
      return rows.map((row) => ({
        id: row.id,
        phoneNumber: row.phoneNumber,
        body: row.body,
        receivedAt: (row.sentAt ?? row.createdAt).toISOString(),
      }));
    },

    /**
     * Sends a failed message again, once: queued now under a job key of its own. A message the
     * provider took and then reported failed is sent under a new idempotency key (with the first
     * key the provider would answer the failed message again and send nothing).
     */
    retry(auth: AuthContext, origin: RequestOrigin, id: string) {
      return writeChange(async (tx) => {
        const [before] = await tx
          .select({ providerMessageId: smsMessages.providerMessageId })
          .from(smsMessages)
          .where(and(eq(smsMessages.id, id), eq(smsMessages.status, 'failed')))
          .for('update');
        const [row] = before
          ? await tx
              .update(smsMessages)
              .set({ status: 'queued', sentAt: null, deliveredAt: null })
              .where(eq(smsMessages.id, id))
              .returning({ id: smsMessages.id, workflowId: smsMessages.workflowId })
          : [];
        if (!row) throw new AppError(ErrorCode.notFound, 'There is no failed message with this id.');
        await enqueueJobs(tx, [
          {
            kind: SMS_JOB.send,
            payload: {
              smsMessageId: id,
              ...(before?.providerMessageId ? { reference: `${id}-retry-${randomUUID()}` } : {}),
            },
            runAt: clock.now(),
            dedupeKey: `sms-retry:${id}`,
            workflowId: row.workflowId,
            maxAttempts: SMS_MAX_ATTEMPTS,
          },
        ]);
        return {
          result: { id, status: 'queued' as const },
          audit: [
            { ...auditedBy(auth, origin), action: 'sms.retry', entityType: 'sms_message', entityId: id },
          ],
          events: row.workflowId ? [{ type: 'workflow.changed' as const, ids: [row.workflowId] }] : [],
        };
      });
    },
  };
}

export type MessagingService = ReturnType<typeof createMessagingService>;
