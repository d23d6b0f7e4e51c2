import type { AddressInfo } from 'node:net';
import { eq, inArray } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { readConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import { emailMessages } from '../db/schema/index.ts';
import {
  createSmtpEmailSender,
  type EmailMessage,
  type EmailSender,
} from '../integrations/email/email-sender.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { openTestDatabase } from '../test/test-database.ts';
import { type DeliveryLog, deliverDueEmails, EMAIL_DELIVERY, retryDelayMs } from './email-delivery.job.ts';

const MINUTE = 60_000;
let counter = 0;

/** A queued e-mail, as a service writes it. */
async function queueTestEmail(db: Db, overrides: Partial<typeof emailMessages.$inferInsert> = {}) {
  counter += 1;
  const [row] = await db
    .insert(emailMessages)
    .values({
      kind: 'notification',
      toAddress: `recipient${counter}@delivery.test`,
      subject: `Subject ${counter}`,
      body: `Body ${counter}`,
      status: 'queued',
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('no e-mail');
  return row;
}

async function emailRow(db: Db, id: string) {
  const [row] = await db.select().from(emailMessages).where(eq(emailMessages.id, id));
  if (!row) throw new Error('no e-mail');
  return row;
}

/** An EmailSender that records what it is asked to send; `failWith` makes it throw instead. */
function recordingSender(options: { delayMs?: number } = {}) {
  const sent: EmailMessage[] = [];
  const sender: EmailSender & { sent: EmailMessage[]; failWith: ((m: EmailMessage) => Error | null) | null } =
    {
      sent,
      failWith: null,
      async send(message) {
        if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
        const error = sender.failWith?.(message);
        if (error) throw error;
        sent.push(message);
      },
    };
  return sender;
}

function recordingLog() {
  const lines: string[] = [];
  const record = (details: object, message: string) => lines.push(`${message} ${JSON.stringify(details)}`);
  const log: DeliveryLog = { info: record, warn: record, error: record };
  return { log, lines };
}

describe('e-mail delivery worker', () => {
  let t: TestApp;
  const sender = recordingSender();
  beforeAll(async () => {
    t = await createTestApp({ email: sender });
  });
  afterAll(() => t.close());

  const deliver = (overrides: Partial<Parameters<typeof deliverDueEmails>[0]> = {}) =>
    deliverDueEmails({ db: t.db, email: sender, clock: t.clock, ...overrides });

  /** Rounds until nothing is due. */
  const drain = async (overrides: Partial<Parameters<typeof deliverDueEmails>[0]> = {}) => {
    while ((await deliver(overrides)).claimed > 0);
  };

  it('sends the queued e-mails through the adapter, marks them sent, and never sends them again', async () => {
    await drain();
    sender.sent.length = 0;
    const first = await queueTestEmail(t.db);
    const second = await queueTestEmail(t.db, { nextAttemptAt: t.clock.now() });
    const later = await queueTestEmail(t.db, { nextAttemptAt: new Date(t.clock.now().getTime() + MINUTE) });
    const done = await queueTestEmail(t.db, { status: 'sent' });

    expect(await deliver()).toEqual({ claimed: 2, sent: 2, retrying: 0, failed: 0 });
    expect(sender.sent).toEqual([
      { to: first.toAddress, subject: first.subject, text: first.body },
      { to: second.toAddress, subject: second.subject, text: second.body },
    ]);
    for (const id of [first.id, second.id]) {
      expect(await emailRow(t.db, id)).toMatchObject({
        status: 'sent',
        sentAt: t.clock.now(),
        attempts: 1,
        nextAttemptAt: null,
        lastError: null,
      });
    }
    expect(await emailRow(t.db, later.id)).toMatchObject({ status: 'queued', attempts: 0 });
    expect(await emailRow(t.db, done.id)).toMatchObject({ status: 'sent', attempts: 0 });

    expect((await deliver()).claimed).toBe(0);
    t.clock.advance(MINUTE);
    expect(await deliver()).toMatchObject({ claimed: 1, sent: 1 });
    expect(sender.sent.map((m) => m.to)).toEqual([first.toAddress, second.toAddress, later.toAddress]);
  });

  it('keeps a failed e-mail queued and retries it after 1, 2, 4 and 8 minutes, then marks it failed', async () => {
    await drain();
    sender.sent.length = 0;
    const message = await queueTestEmail(t.db, { toAddress: 'patient.person@delivery.test' });
    let attempts = 0;
    sender.failWith = () => {
      attempts += 1;
      return Object.assign(
        new Error('550 5.1.1 <patient.person@delivery.test>: Recipient address rejected'),
        {
          code: 'EENVELOPE',
          responseCode: 550,
        },
      );
    };
    const { log, lines } = recordingLog();
    try {
      for (const [attempt, wait] of [
        [1, 1],
        [2, 2],
        [3, 4],
        [4, 8],
      ] as const) {
        expect(await deliver({ log })).toEqual({ claimed: 1, sent: 0, retrying: 1, failed: 0 });
        const row = await emailRow(t.db, message.id);
        expect(row).toMatchObject({ status: 'queued', attempts: attempt, sentAt: null });
        expect(row.lastError).toBe('550 5.1.1 <patient.person@delivery.test>: Recipient address rejected');
        expect(row.nextAttemptAt?.getTime()).toBe(t.clock.now().getTime() + wait * MINUTE);
        expect(retryDelayMs(attempt)).toBe(wait * MINUTE);
        // Not due before its time.
        t.clock.advance(wait * MINUTE - 1000);
        expect((await deliver({ log })).claimed).toBe(0);
        t.clock.advance(1000);
      }
      expect(await deliver({ log })).toEqual({ claimed: 1, sent: 0, retrying: 0, failed: 1 });
      expect(await emailRow(t.db, message.id)).toMatchObject({
        status: 'failed',
        attempts: EMAIL_DELIVERY.maxAttempts,
        nextAttemptAt: null,
        sentAt: null,
      });
      t.clock.advance(60 * MINUTE);
      expect((await deliver({ log })).claimed).toBe(0);
      expect(attempts).toBe(5);
    } finally {
      sender.failWith = null;
    }
    // The log names the message and the error code, never the address or the text.
    expect(lines.join('\n')).toContain(message.id);
    expect(lines.join('\n')).toContain('EENVELOPE');
    expect(lines.join('\n')).not.toContain('patient.person');
    expect(lines.join('\n')).not.toContain(message.subject);
  });

  it('sends a message that failed once on its next attempt', async () => {
    await drain();
    const message = await queueTestEmail(t.db);
    sender.failWith = () => new Error('421 4.7.0 Try again later');
    await deliver();
    sender.failWith = null;
    t.clock.advance(MINUTE);
    expect(await deliver()).toMatchObject({ claimed: 1, sent: 1 });
    expect(await emailRow(t.db, message.id)).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
  });

  it('sends a message again when the attempt that claimed it never finished (at least once)', async () => {
    await drain();
    sender.sent.length = 0;
    // As a process that stopped after claiming (and perhaps after sending) leaves them.
    const claimedUntil = new Date(t.clock.now().getTime() + EMAIL_DELIVERY.claimMs);
    const interrupted = await queueTestEmail(t.db, { attempts: 1, nextAttemptAt: claimedUntil });
    const lastTry = await queueTestEmail(t.db, {
      attempts: EMAIL_DELIVERY.maxAttempts,
      nextAttemptAt: claimedUntil,
    });
    expect((await deliver()).claimed).toBe(0);
    t.clock.advance(EMAIL_DELIVERY.claimMs);
    expect(await deliver()).toEqual({ claimed: 2, sent: 1, retrying: 0, failed: 1 });
    expect(sender.sent.map((m) => m.to)).toEqual([interrupted.toAddress]);
    expect(await emailRow(t.db, interrupted.id)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(await emailRow(t.db, lastTry.id)).toMatchObject({
      status: 'failed',
      lastError: 'The last delivery attempt did not finish.',
    });
  });

  it('does not send a message twice when several deliveries run at the same time', async () => {
    await drain();
    const slow = recordingSender({ delayMs: 5 });
    const queued = await Promise.all(Array.from({ length: 15 }, () => queueTestEmail(t.db)));
    const results = await Promise.all(
      [1, 2, 3].map(async () => {
        let sent = 0;
        for (;;) {
          const round = await deliverDueEmails({ db: t.db, email: slow, clock: t.clock, batchSize: 2 });
          if (round.claimed === 0) return sent;
          sent += round.sent;
        }
      }),
    );
    expect(results.reduce((a, b) => a + b, 0)).toBe(15);
    expect(slow.sent.map((m) => m.to).sort()).toEqual(queued.map((m) => m.toAddress).sort());
    const rows = await t.db
      .select()
      .from(emailMessages)
      .where(
        inArray(
          emailMessages.id,
          queued.map((m) => m.id),
        ),
      );
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });
});

/** The worker with the real SMTP adapter against an SMTP server on loopback. */
describe('e-mail delivery over SMTP', () => {
  const received: { to: string[]; raw: string }[] = [];
  let smtp: SMTPServer;
  let t: TestApp;
  let email: EmailSender;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onRcptTo(address, _session, callback) {
        if (address.address.startsWith('unknown')) {
          return callback(Object.assign(new Error('5.1.1 Mailbox unavailable'), { responseCode: 550 }));
        }
        return callback();
      },
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => {
          raw += chunk.toString();
        });
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    email = createSmtpEmailSender(`smtp://127.0.0.1:${port}`, 'Telecare <no-reply@telecare.test>');
    t = await createTestApp({ email });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.close(resolve));
  });

  it('delivers a queued e-mail and keeps a rejected one for a retry with the server error', async () => {
    const good = await queueTestEmail(t.db, { subject: 'Appointment cancelled' });
    const bad = await queueTestEmail(t.db, { toAddress: 'unknown@delivery.test' });
    expect(await deliverDueEmails({ db: t.db, email, clock: t.clock })).toEqual({
      claimed: 2,
      sent: 1,
      retrying: 1,
      failed: 0,
    });
    expect(received.map((r) => r.to)).toEqual([[good.toAddress]]);
    expect(received[0]?.raw).toContain('Subject: Appointment cancelled');
    expect(await emailRow(t.db, good.id)).toMatchObject({ status: 'sent' });
    const rejected = await emailRow(t.db, bad.id);
    expect(rejected).toMatchObject({ status: 'queued', attempts: 1 });
    expect(rejected.lastError).toContain('Mailbox unavailable');
  });
});

describe('the worker in the app', () => {
  it('runs in the job runner: off in tests, every second by default, set by either name', () => {
    expect(readConfig({ NODE_ENV: 'test' }).jobRunnerIntervalMs).toBe(0);
    expect(readConfig({ NODE_ENV: 'production' }).jobRunnerIntervalMs).toBe(1000);
    expect(readConfig({ NODE_ENV: 'test', EMAIL_WORKER_INTERVAL_MS: '250' }).jobRunnerIntervalMs).toBe(250);
    expect(
      readConfig({ EMAIL_WORKER_INTERVAL_MS: '250', JOB_RUNNER_INTERVAL_MS: '40' }).jobRunnerIntervalMs,
    ).toBe(40);
    expect(() => readConfig({ EMAIL_WORKER_INTERVAL_MS: '-1' })).toThrow(/EMAIL_WORKER_INTERVAL_MS/);
  });

  it('sends queued e-mails on its own once the app is ready and stops when the app closes', async () => {
    const database = await openTestDatabase();
    const sender = recordingSender();
    const config = readConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: '/nonexistent',
      EMAIL_WORKER_INTERVAL_MS: '20',
    });
    const app = await buildApp({ config, database, logger: false, email: sender });
    try {
      await app.ready();
      const first = await queueTestEmail(database.db);
      await expect.poll(() => sender.sent.map((m) => m.to), { timeout: 5000 }).toEqual([first.toAddress]);
      await expect.poll(async () => (await emailRow(database.db, first.id)).status).toBe('sent');
      await app.close();
      const second = await queueTestEmail(database.db);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(sender.sent).toHaveLength(1);
      expect(await emailRow(database.db, second.id)).toMatchObject({ status: 'queued', attempts: 0 });
    } finally {
      await app.close();
      await database.close();
    }
  });
});
