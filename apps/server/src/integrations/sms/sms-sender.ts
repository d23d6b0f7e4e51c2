import type { Db } from '../../db/database.ts';
import { outboxMessages } from '../../db/schema/index.ts';

export type SmsSender = { send(to: string, body: string): Promise<void> };

/**
 * The built-in default: messages go to the outbox table, which staff read in development.
 * In development the log shows the text too (it may carry a sign-in code, never patient data).
 */
export function createOutboxSmsSender(db: Db, log?: (message: string) => void): SmsSender {
  return {
    async send(to, body) {
      await db.insert(outboxMessages).values({ channel: 'sms', recipient: to, body });
      log?.(`SMS outbox -> ${to}: ${body}`);
    },
  };
}
