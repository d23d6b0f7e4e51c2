import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, instant, timestamps } from './columns.ts';
import { workflows } from './workflows.ts';

/** SMS to and from patients: the automatic sequence (step set) and manual messages. */
export const smsMessages = pgTable(
  'sms_messages',
  {
    id: id(),
    workflowId: uuid('workflow_id').references(() => workflows.id),
    kind: text('kind').$type<'sequence' | 'manual'>().notNull(),
    step: text('step').$type<'initial' | 'initialSecond' | 'initialThird' | 'second' | 'third' | 'fourth'>(),
    direction: text('direction').$type<'outbound' | 'inbound'>().notNull(),
    phoneNumber: text('phone_number').notNull(),
    body: text('body').notNull(),
    fromPatient: boolean('from_patient').notNull().default(false),
    senderName: text('sender_name'),
    sentBy: uuid('sent_by'),
    providerMessageId: text('provider_message_id'),
    sentAt: instant('sent_at'),
    deliveredAt: instant('delivered_at'),
    /** The sequence step's appointment (planned steps belong to one appointment). */
    appointmentId: uuid('appointment_id'),
    /** planned: a step waiting for its time ('Not Sent'); unmatched: an inbound reply with no workflow. */
    status: text('status')
      .$type<
        'planned' | 'queued' | 'sent' | 'delivered' | 'failed' | 'cancelled' | 'received' | 'unmatched'
      >()
      .notNull()
      .default('sent'),
    /** When a planned step is due. */
    plannedAt: instant('planned_at'),
    attempts: integer('attempts').notNull().default(0),
    /** The provider's reason for the last failed attempt (at most 500 characters). */
    lastError: text('last_error'),
    ...timestamps,
  },
  (t) => [
    index('sms_messages_workflow_idx').on(t.workflowId, t.createdAt),
    index('sms_messages_phone_idx').on(t.phoneNumber, t.sentAt),
    index('sms_messages_status_idx').on(t.status),
    // Status callbacks and repeated inbound webhooks find their message by the provider's id.
    index('sms_messages_provider_id_idx').on(t.providerMessageId),
  ],
);

export const emailMessages = pgTable(
  'email_messages',
  {
    id: id(),
    workflowId: uuid('workflow_id').references(() => workflows.id),
    kind: text('kind').$type<'manual' | 'notification' | 'system'>().notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    attachments: jsonb('attachments')
      .$type<{ filename: string; contentType: string; storageKey: string }[]>()
      .notNull()
      .default([]),
    sentBy: uuid('sent_by'),
    status: text('status').$type<'queued' | 'sent' | 'failed'>().notNull().default('queued'),
    sentAt: instant('sent_at'),
    /** Delivery attempts started (jobs/email-delivery.job.ts); 'failed' after the last one. */
    attempts: integer('attempts').notNull().default(0),
    /** When a queued message is due: null = now; while an attempt runs, the end of its claim. */
    nextAttemptAt: instant('next_attempt_at'),
    /** The mail server's error message of the last failed attempt (at most 500 characters), nothing else. */
    lastError: text('last_error'),
    ...timestamps,
  },
  (t) => [
    index('email_messages_workflow_idx').on(t.workflowId, t.createdAt),
    index('email_messages_due_idx').on(t.status, t.nextAttemptAt),
  ],
);

/** Automatic notifications (sms1, sms2, email) and their delivery. */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    workflowId: uuid('workflow_id')
      .notNull()
      .references(() => workflows.id),
    type: text('type').$type<'sms1' | 'sms2' | 'email'>().notNull(),
    templateId: text('template_id').notNull(),
    delivered: boolean('delivered').notNull().default(false),
    deliveredAt: instant('delivered_at'),
    ...timestamps,
  },
  (t) => [index('notifications_workflow_idx').on(t.workflowId, t.createdAt)],
);

export const emailNotificationQueue = pgTable(
  'email_notification_queue',
  {
    id: id(),
    workflowId: uuid('workflow_id')
      .notNull()
      .references(() => workflows.id),
    recipient: text('recipient').$type<'patient' | 'referrer' | 'practitioner'>().notNull(),
    sendAt: instant('send_at').notNull(),
    sentAt: instant('sent_at'),
    ...timestamps,
  },
  (t) => [index('email_notification_queue_send_idx').on(t.sendAt)],
);

/** Voice calls (IVR) to patients and their keypad replies (1 yes, 2 no). */
export const ivrCalls = pgTable(
  'ivr_calls',
  {
    id: id(),
    workflowId: uuid('workflow_id').references(() => workflows.id),
    phoneNumber: text('phone_number').notNull(),
    voiceContent: text('voice_content').notNull(),
    status: text('status'),
    reply: text('reply'),
    providerCallId: text('provider_call_id'),
    ...timestamps,
  },
  (t) => [index('ivr_calls_workflow_idx').on(t.workflowId)],
);

/**
 * Messages that the built-in SMS, voice and e-mail adapters "send": staff read them in development.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: id(),
    channel: text('channel').$type<'sms' | 'email' | 'voice'>().notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    /** The sender's idempotency key: one message per reference, as a provider keeps it. */
    reference: text('reference'),
    ...timestamps,
  },
  (t) => [
    index('outbox_messages_recipient_idx').on(t.channel, t.recipient, t.createdAt),
    uniqueIndex('outbox_messages_reference_idx').on(t.reference),
  ],
);
