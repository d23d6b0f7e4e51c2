import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { ivrCalls } from '../../db/schema/index.ts';
import type { VoiceCaller } from '../../integrations/voice/voice-caller.ts';
import type { JobKind } from '../../jobs/job-runner.ts';
import type { ChangeFeed } from '../../lib/change-feed.ts';

export const VOICE_JOB = { call: 'voice.call' } as const;

/** The provider's call states (Twilio's CallStatus) that ivr_calls keeps. */
export const IVR_STATES = [
  'queued',
  'ringing',
  'in-progress',
  'completed',
  'no-answer',
  'busy',
  'failed',
] as const;
/** The keys a patient may press: 1 to confirm, 2 if they cannot attend. */
export const IVR_DIGITS = ['1', '2'] as const;

/**
 * The voice-call job: places the call of one ivr_calls row through the voice adapter (its id as the
 * idempotency key) and keeps the provider's call id. Whatever plans calls (voice notifications)
 * writes the ivr_calls row and queues this job in its transaction; the webhooks record the rest.
 */
export function voiceJobKinds(deps: {
  db: Db;
  voice: VoiceCaller;
  changes: ChangeFeed;
}): Record<string, JobKind> {
  const { db, voice, changes } = deps;
  return {
    [VOICE_JOB.call]: {
      async handle(job) {
        const [call] = await db
          .select()
          .from(ivrCalls)
          .where(eq(ivrCalls.id, String(job.payload.ivrCallId)))
          .limit(1);
        if (!call || call.providerCallId) return;
        const { providerCallId } = await voice.call(call.phoneNumber, call.voiceContent, {
          gather: '1|2',
          reference: call.id,
        });
        await db.update(ivrCalls).set({ providerCallId, status: 'queued' }).where(eq(ivrCalls.id, call.id));
        if (call.workflowId) await changes.publish(db, { type: 'workflow.changed', ids: [call.workflowId] });
      },
    },
  };
}

/** A call's progress or pressed key from the provider (or the development endpoint): one row updated. */
export async function recordIvrUpdate(
  tx: Db,
  where: { providerCallId: string } | { id: string },
  values: { status?: string; reply?: string },
) {
  const [row] = await tx
    .update(ivrCalls)
    .set(values)
    .where('id' in where ? eq(ivrCalls.id, where.id) : eq(ivrCalls.providerCallId, where.providerCallId))
    .returning({ id: ivrCalls.id, workflowId: ivrCalls.workflowId });
  return row;
}
