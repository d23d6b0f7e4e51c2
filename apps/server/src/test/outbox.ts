import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { outboxMessages } from '../db/schema/index.ts';
import { createOutboxEmailSender, type EmailSender } from '../integrations/email/email-sender.ts';
import { deliverDueEmails } from '../jobs/email-delivery.job.ts';
import type { Clock } from '../lib/clock.ts';

/** The newest message the built-in SMS or e-mail adapter "sent" to a recipient. */
export async function lastOutboxMessage(db: Db, channel: 'sms' | 'email', recipient: string) {
  const [row] = await db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.channel, channel), eq(outboxMessages.recipient, recipient)))
    .orderBy(desc(outboxMessages.createdAt))
    .limit(1);
  return row;
}

export async function lastSmsCode(db: Db, phone: string) {
  const body = (await lastOutboxMessage(db, 'sms', phone))?.body ?? '';
  const code = /\b(\d{6})\b/.exec(body)?.[1];
  if (!code) throw new Error(`no code sent to ${phone}`);
  return code;
}

export async function lastEmailLinkToken(db: Db, email: string) {
  const body = (await lastOutboxMessage(db, 'email', email))?.body ?? '';
  const token = /token=([\w-]+)/.exec(body)?.[1];
  if (!token) throw new Error(`no link sent to ${email}`);
  return token;
}

/** Runs the e-mail delivery worker (off in tests) until the queue is empty; by default into the outbox. */
export async function deliverQueuedEmails(
  t: { db: Db; clock: Clock },
  email: EmailSender = createOutboxEmailSender(t.db),
) {
  while ((await deliverDueEmails({ db: t.db, clock: t.clock, email })).claimed > 0);
}
