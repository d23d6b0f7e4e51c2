import type { Db } from '../../db/database.ts';
import { selectOutboxMessages } from './outbox.queries.ts';

/** Development only: reads what the built-in SMS and e-mail adapters "sent" (see outbox.routes.ts). */
export function createOutboxService(db: Db) {
  return {
    /** The 50 newest messages, to one recipient when given. */
    messages: (recipient: string | undefined) => selectOutboxMessages(db, recipient),
  };
}

export type OutboxService = ReturnType<typeof createOutboxService>;
