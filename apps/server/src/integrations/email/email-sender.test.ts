import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories.ts';
import { deliverQueuedEmails } from '../../test/outbox.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createSmtpEmailSender, type EmailSender } from './email-sender.ts';

/** A real SMTP server on loopback receives what the app sends when SMTP_URL is configured. */
describe('e-mail over SMTP', () => {
  const received: { to: string[]; raw: string }[] = [];
  let smtp: SMTPServer;
  let port: number;
  let t: TestApp;
  let email: EmailSender;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
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
    port = (smtp.server.address() as AddressInfo).port;
    email = createSmtpEmailSender(`smtp://127.0.0.1:${port}`, 'Telecare <no-reply@telecare.test>');
    t = await createTestApp({ email });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.close(resolve));
  });

  it('delivers the password-reset e-mail with its link', async () => {
    const user = await createUser(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { email: user.email },
    });
    expect(res.statusCode).toBe(200);
    await deliverQueuedEmails(t, email);
    await expect.poll(() => received.length).toBe(1);
    expect(received[0]?.to).toEqual([user.email]);
    expect(received[0]?.raw).toContain('Subject: Reset your Telecare Staff password');
    expect(received[0]?.raw).toMatch(/reset-password\?token=[\w-]+/);
  });
});
