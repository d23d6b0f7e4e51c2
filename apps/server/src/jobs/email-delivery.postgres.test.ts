import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailMessages } from '../db/schema/index.ts';
import type { EmailMessage, EmailSender } from '../integrations/email/email-sender.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { deliverDueEmails } from './email-delivery.job.ts';

// Runs with TEST_DATABASE_URL only (vitest.config.ts): PGlite has one connection, so no row lock
// can be held by another session.
describe('e-mail delivery worker on PostgreSQL', () => {
  let t: TestApp;
  const sent: EmailMessage[] = [];
  const sender: EmailSender = {
    async send(message) {
      sent.push(message);
    },
  };
  beforeAll(async () => {
    t = await createTestApp({ email: sender });
  });
  afterAll(() => t.close());

  const deliver = () => deliverDueEmails({ db: t.db, email: sender, clock: t.clock });
  const queue = async (to: string) => {
    const [row] = await t.db
      .insert(emailMessages)
      .values({ kind: 'notification', toAddress: to, subject: 'Subject', body: 'Body', status: 'queued' })
      .returning();
    if (!row) throw new Error('no e-mail');
    return row;
  };

  it('skips a message another worker holds instead of waiting for it', async () => {
    const held = await queue('held@delivery.test');
    const free = await queue('free@delivery.test');
    await t.db.transaction(async (tx) => {
      await tx.select().from(emailMessages).where(eq(emailMessages.id, held.id)).for('update');
      // Another connection: without SKIP LOCKED this round would wait for the lock forever.
      expect(await deliver()).toMatchObject({ claimed: 1, sent: 1 });
    });
    expect(sent.map((m) => m.to)).toEqual([free.toAddress]);
    expect(await deliver()).toMatchObject({ claimed: 1, sent: 1 });
    expect(sent.map((m) => m.to)).toEqual([free.toAddress, held.toAddress]);
  });
});
