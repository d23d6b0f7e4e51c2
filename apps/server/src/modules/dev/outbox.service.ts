import type { Db } from '../../db/database.ts';
import { outboxProviderId } from '../../integrations/sms/sms-sender.ts';
import { selectOutboxMessages } from './outbox.queries.ts';

/** Development only: reads what the built-in SMS and e-mail adapters "sent" (see outbox.routes.ts). */
export function createOutboxService(db: Db) {
  return {
    /**
     * The 50 newest messages, to one recipient when given, each with the id the adapter answered
     * as a provider would (a developer posts status callbacks with it).
     */
    messages: async (recipient: string | undefined) =>
      (await selectOutboxMessages(db, recipient)).map(({ id, ...message }) => ({
        ...message,
        providerMessageId: outboxProviderId(id),
      })),
  };
}

export type OutboxService = ReturnType<typeof createOutboxService>;
