import { australianMobileE164 } from '@telecare/domain/phone-numbers';
import { REPLY_MATCH_DAYS, UNANSWERED_ONLY_STEPS } from '@telecare/domain/sms-sequence';
import { parseReply, SMS_STEPS, type SmsStep } from '@telecare/domain/workflow-rules';
import type { Db } from '../../db/database.ts';
import { smsMessages, workflowActivities } from '../../db/schema/index.ts';
import { cancelJobsByKey } from '../../jobs/job-runner.ts';
import type { ChangeRecord } from '../../lib/write-change.ts';
import { lastActivityCopy, writeWorkflowCopies } from '../workflows/workflow-copies.ts';
import { noResponseKey, stepKey } from './sms-sequence.planner.ts';
import { cancelUnsentSteps, selectRecentSequenceSms } from './sms-sequence.queries.ts';

const DAY_MS = 86_400_000;

/**
 * The workflow a reply from `phoneNumber` answers (V-4): the one whose live appointment had the most
 * recent sequence SMS to the number within 14 days. Two workflows with sequences to the number (a
 * parent of two patients) is ambiguous: no match, and staff decide.
 */
async function matchReply(tx: Db, phoneNumber: string, now: Date) {
  const sent = await selectRecentSequenceSms(
    tx,
    phoneNumber,
    new Date(now.getTime() - REPLY_MATCH_DAYS * DAY_MS),
  );
  const workflowIds = new Set(sent.map((row) => row.workflowId));
  const latest = sent[0];
  if (!latest?.workflowId || !latest.appointmentId || workflowIds.size !== 1) return null;
  return { workflowId: latest.workflowId, appointmentId: latest.appointmentId, step: latest.step };
}

export type SmsReplyResult = { smsMessageId: string; workflowId: string | null; reply: 'yes' | 'no' | null };

/**
 * Stores an inbound SMS and, when it answers a workflow's sequence, records the reply: the
 * workflow's sms_reply, the confirm or decline activity, and which steps no longer go out (a yes
 * stops initialSecond and initialThird, a no stops every reminder). Runs in the caller's change
 * transaction, which also writes its audit row and the live event.
 */
export async function recordSmsReply(
  tx: Db,
  input: { from: string; body: string; providerMessageId?: string | null; now: Date },
): Promise<ChangeRecord<SmsReplyResult>> {
  const phoneNumber = australianMobileE164(input.from) ?? input.from.trim().slice(0, 32);
  const match = await matchReply(tx, phoneNumber, input.now);
  const [row] = await tx
    .insert(smsMessages)
    .values({
      workflowId: match?.workflowId ?? null,
      appointmentId: match?.appointmentId ?? null,
      kind: 'sequence',
      step: match?.step ?? null,
      direction: 'inbound',
      phoneNumber,
      body: input.body,
      fromPatient: true,
      providerMessageId: input.providerMessageId ?? null,
      sentAt: input.now,
      status: match ? 'received' : 'unmatched',
    })
    .returning({ id: smsMessages.id });
  const smsMessageId = row?.id as string;
  if (!match) {
    return {
      result: { smsMessageId, workflowId: null, reply: null },
      audit: [{ action: 'sms.reply-unmatched', entityType: 'sms_message', entityId: smsMessageId }],
    };
  }
  const reply = parseReply(input.body);
  const activity = reply === 'yes' ? 'confirm' : 'decline';
  await tx.insert(workflowActivities).values({ workflowId: match.workflowId, name: activity });
  await writeWorkflowCopies(tx, [match.workflowId], lastActivityCopy(activity), { smsReply: reply });
  const stopped: readonly SmsStep[] = reply === 'yes' ? UNANSWERED_ONLY_STEPS : SMS_STEPS;
  await cancelJobsByKey(
    tx,
    [...stopped.map((step) => stepKey(match.appointmentId, step)), noResponseKey(match.appointmentId)],
    input.now,
  );
  await cancelUnsentSteps(tx, match.appointmentId, stopped);
  return {
    result: { smsMessageId, workflowId: match.workflowId, reply },
    audit: [
      {
        action: 'sms.reply',
        entityType: 'workflow',
        entityId: match.workflowId,
        details: { smsMessageId, reply, step: match.step },
      },
    ],
    events: [{ type: 'workflow.changed', ids: [match.workflowId] }],
  };
}
