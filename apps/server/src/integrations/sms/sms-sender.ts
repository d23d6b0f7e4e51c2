import type { Db } from '../../db/database.ts';
import { outboxMessages } from '../../db/schema/index.ts';

export type SmsSendOptions = {
  /** The text is a sign-in code for a staff member's phone, never patient data. */
  staffCode?: boolean;
  /**
   * Our idempotency key for this message (e.g. the sms_messages id): a provider that is asked twice
   * with one key sends once, so a retry after a crash between send and mark is never seen twice.
   */
  reference?: string;
};

export type SmsToSend = { to: string; body: string; reference: string };

export type SmsSender = {
  send(to: string, body: string, options?: SmsSendOptions): Promise<{ providerMessageId: string }>;
  /**
   * Several messages in one call, where the provider takes them so (the outbox: one insert); each
   * keeps its reference. Answers the provider's ids in the order given. Without it, the runner
   * sends them one by one.
   */
  sendMany?(messages: SmsToSend[]): Promise<{ providerMessageId: string }[]>;
};

/** The id the outbox answers as a provider would: what a status callback names (MessageSid). */
export const outboxProviderId = (outboxMessageId: string) => `outbox-${outboxMessageId}`;

/**
 * The built-in default: messages go to the outbox table, which staff read in development. Like a
 * provider, it keeps one message per reference. In development the log also shows staff sign-in
 * codes (and nothing sent to patients).
 */
export function createOutboxSmsSender(db: Db, log?: (message: string) => void): SmsSender {
  return {
    async send(to, body, options) {
      const [row] = await db
        .insert(outboxMessages)
        .values({ channel: 'sms', recipient: to, body, reference: options?.reference ?? null })
        .onConflictDoNothing()
        .returning({ id: outboxMessages.id });
      if (options?.staffCode) log?.(`SMS outbox -> ${to}: ${body}`);
      return { providerMessageId: outboxProviderId(row?.id ?? options?.reference ?? '') };
    },
    async sendMany(messages) {
      if (messages.length === 0) return [];
      const rows = await db
        .insert(outboxMessages)
        .values(
          messages.map((m) => ({
            channel: 'sms' as const,
            recipient: m.to,
            body: m.body,
            reference: m.reference,
          })),
        )
        .onConflictDoNothing()
        .returning({ id: outboxMessages.id, reference: outboxMessages.reference });
      const ids = new Map(rows.map((row) => [row.reference, row.id]));
      return messages.map((m) => ({
        providerMessageId: outboxProviderId(ids.get(m.reference) ?? m.reference),
      }));
    },
  };
}
