import type { Db } from '../../db/database.ts';
import { outboxMessages } from '../../db/schema/index.ts';

export type VoiceCallOptions = {
  /** The keys the script asks for: '1|2' = press 1 or 2 (the patient's answer comes to /api/ivr/gather). */
  gather?: '1|2';
  /** Our idempotency key (the ivr_calls id): asked twice with one key, the provider calls once. */
  reference: string;
};

export type VoiceCaller = {
  call(to: string, script: string, options: VoiceCallOptions): Promise<{ providerCallId: string }>;
};

/** The built-in default: calls go to the outbox table (channel 'voice'), one per reference. */
export function createOutboxVoiceCaller(db: Db): VoiceCaller {
  return {
    async call(to, script, options) {
      const [row] = await db
        .insert(outboxMessages)
        .values({ channel: 'voice', recipient: to, body: script, reference: options.reference })
        .onConflictDoNothing()
        .returning({ id: outboxMessages.id });
      return { providerCallId: `outbox-${row?.id ?? options.reference}` };
    },
  };
}
