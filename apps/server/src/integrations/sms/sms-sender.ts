import type { Db } from '../../db/database.ts';
import { outboxMessages } from '../../db/schema/index.ts';

/** `staffCode`: the text is a sign-in code for a staff member's phone, never patient data. */
export type SmsSender = { send(to: string, body: string, options?: { staffCode?: boolean }): Promise<void> };

/**
 * The built-in default: messages go to the outbox table, which staff read in development.
 * In development the log also shows staff sign-in codes (and nothing sent to patients).
 */
export function createOutboxSmsSender(db: Db, log?: (message: string) => void): SmsSender {
  return {
    async send(to, body, options) {
      await db.insert(outboxMessages).values({ channel: 'sms', recipient: to, body });
      if (options?.staffCode) log?.(`SMS outbox -> ${to}: ${body}`);
    },
  };
}
