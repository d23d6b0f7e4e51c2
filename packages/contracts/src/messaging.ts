import { z } from 'zod';

/** A Twilio-style webhook: form fields, all text. */
export const SmsWebhookBodySchema = z.record(z.string(), z.string());

export const SmsWebhookAnswerSchema = z.object({ received: z.literal(true) });

/** Development only: answer as a patient, without a provider. */
export const DevSmsInboundRequestSchema = z.object({
  from: z.string().trim().min(1).max(32),
  body: z.string().max(1600),
});
/** Development only: press a key on a voice call, without a provider. */
export const DevIvrGatherRequestSchema = z.object({ callId: z.uuid(), digit: z.enum(['1', '2']) });

export const SmsReplyAnswerSchema = z.object({
  smsMessageId: z.string(),
  workflowId: z.string().nullable(),
  reply: z.enum(['yes', 'no']).nullable(),
});

/** An SMS that used all its attempts: the provider's reason and a Retry for staff. */
export const FailedMessageSchema = z.object({
  id: z.string(),
  workflowId: z.string().nullable(),
  step: z.string().nullable(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  failedAt: z.string(),
});
export const FailedMessagesResponseSchema = z.object({ rows: z.array(FailedMessageSchema) });

/** An inbound SMS that answers no workflow (unknown number, or ambiguous, V-4). */
export const UnmatchedSmsSchema = z.object({
  id: z.string(),
  phoneNumber: z.string(),
  body: z.string(),
  receivedAt: z.string(),
});
export const UnmatchedSmsResponseSchema = z.object({ rows: z.array(UnmatchedSmsSchema) });

export const RetryMessageResponseSchema = z.object({ id: z.string(), status: z.literal('queued') });

export type FailedMessage = z.infer<typeof FailedMessageSchema>;
export type UnmatchedSms = z.infer<typeof UnmatchedSmsSchema>;
export type FailedJob = z.infer<typeof FailedJobSchema>;

/** A job of any kind that used its attempts (the job runner, decision 0031). */
export const FailedJobSchema = z.object({
  id: z.string(),
  kind: z.string(),
  workflowId: z.string().nullable(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  failedAt: z.string().nullable(),
});
export const FailedJobsResponseSchema = z.object({ rows: z.array(FailedJobSchema) });
