import nodemailer from 'nodemailer';
import type { Db } from '../../db/database.ts';
import { outboxMessages } from '../../db/schema/index.ts';

export type EmailMessage = { to: string; subject: string; text: string };
export type EmailSender = { send(message: EmailMessage): Promise<void> };

export function createSmtpEmailSender(smtpUrl: string, from: string): EmailSender {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}

/** The built-in default when no SMTP server is configured: the outbox table. */
export function createOutboxEmailSender(db: Db): EmailSender {
  return {
    async send(message) {
      await db
        .insert(outboxMessages)
        .values({ channel: 'email', recipient: message.to, subject: message.subject, body: message.text });
    },
  };
}
