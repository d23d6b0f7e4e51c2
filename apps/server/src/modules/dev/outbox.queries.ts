import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { outboxMessages } from '../../db/schema/index.ts';

/** The 50 newest outbox messages, to one recipient when given. */
export function selectOutboxMessages(db: Db, recipient: string | undefined) {
  return db
    .select({
      id: outboxMessages.id,
      channel: outboxMessages.channel,
      recipient: outboxMessages.recipient,
      subject: outboxMessages.subject,
      body: outboxMessages.body,
      createdAt: outboxMessages.createdAt,
    })
    .from(outboxMessages)
    .where(recipient ? eq(outboxMessages.recipient, recipient) : undefined)
    .orderBy(desc(outboxMessages.createdAt))
    .limit(50);
}
