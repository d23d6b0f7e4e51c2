import {
  DevIvrGatherRequestSchema,
  DevSmsInboundRequestSchema,
  FailedJobsResponseSchema,
  FailedMessagesResponseSchema,
  RetryMessageResponseSchema,
  SmsReplyAnswerSchema,
  SmsWebhookAnswerSchema,
  SmsWebhookBodySchema,
  UnmatchedSmsResponseSchema,
} from '@telecare/contracts/messaging';
import { Permission } from '@telecare/domain/roles';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { originOf, requireAuth } from '../../plugins/auth.ts';
import { refuseOtherMachines } from '../dev/outbox.routes.ts';
import type { MessagingService } from './messaging.service.ts';

const tags = ['messaging'];
const write = { access: Permission.workflowWrite };

function signatureOf(request: FastifyRequest) {
  const header = request.headers['x-twilio-signature'];
  return typeof header === 'string' ? header : undefined;
}

/**
 * The provider's webhooks (public, refused without its signature: 403, nothing stored), the failed
 * messages and unmatched replies for staff, and in development an inbound SMS without a provider.
 * Webhook payloads are stored, never logged (the request log keeps method, path and status).
 */
export function messagingRoutes(
  messaging: MessagingService,
  options: { development: boolean; webhookRateLimit: (request: FastifyRequest) => Promise<void> },
): FastifyPluginAsyncZod {
  return async (app) => {
    // Providers post form fields; this parser serves the routes of this plugin only.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      },
    );

    const webhook = {
      config: { access: 'public' as const },
      onRequest: options.webhookRateLimit,
      schema: { tags, body: SmsWebhookBodySchema },
    };
    app.post(
      '/api/sms/incoming',
      { ...webhook, schema: { ...webhook.schema, response: { 200: SmsWebhookAnswerSchema } } },
      async (request) => {
        messaging.checkSignature(request.url, request.body, signatureOf(request));
        await messaging.incoming(request.body);
        return { received: true as const };
      },
    );
    app.post(
      '/api/sms/status',
      { ...webhook, schema: { ...webhook.schema, response: { 200: SmsWebhookAnswerSchema } } },
      async (request) => {
        messaging.checkSignature(request.url, request.body, signatureOf(request));
        return messaging.status(request.body);
      },
    );

    // The voice provider's webhooks, signed like SMS: call progress, and the key pressed (1 or 2).
    app.post(
      '/api/ivr/status',
      { ...webhook, schema: { ...webhook.schema, response: { 200: SmsWebhookAnswerSchema } } },
      async (request) => {
        messaging.checkSignature(request.url, request.body, signatureOf(request));
        return messaging.ivrStatus(request.body);
      },
    );
    app.post('/api/ivr/gather', webhook, async (request, reply) => {
      messaging.checkSignature(request.url, request.body, signatureOf(request));
      await messaging.ivrGather(request.body);
      // The provider reads the answer as the call's next instructions.
      return reply.type('text/xml').send('<Response><Say>Thank you. Goodbye.</Say></Response>');
    });

    app.get(
      '/api/admin/messages/failed',
      { config: write, schema: { tags, response: { 200: FailedMessagesResponseSchema } } },
      async (request) => ({ rows: await messaging.failedMessages(requireAuth(request), originOf(request)) }),
    );
    app.post(
      '/api/admin/messages/:id/retry',
      {
        config: write,
        schema: { tags, params: z.object({ id: z.uuid() }), response: { 200: RetryMessageResponseSchema } },
      },
      async (request) => messaging.retry(requireAuth(request), originOf(request), request.params.id),
    );
    app.get(
      '/api/admin/jobs/failed',
      { config: write, schema: { tags, response: { 200: FailedJobsResponseSchema } } },
      async () => ({ rows: await messaging.failedJobs() }),
    );
    app.get(
      '/api/admin/messages/unmatched',
      { config: write, schema: { tags, response: { 200: UnmatchedSmsResponseSchema } } },
      async (request) => ({
        rows: await messaging.unmatchedReplies(requireAuth(request), originOf(request)),
      }),
    );

    if (options.development) {
      app.post(
        '/api/dev/sms/inbound',
        {
          config: { access: 'public' },
          onRequest: refuseOtherMachines,
          schema: {
            tags: ['development'],
            body: DevSmsInboundRequestSchema,
            response: { 200: SmsReplyAnswerSchema },
          },
        },
        async (request) => messaging.devInbound(request.body),
      );
      app.post(
        '/api/dev/ivr/gather',
        {
          config: { access: 'public' },
          onRequest: refuseOtherMachines,
          schema: {
            tags: ['development'],
            body: DevIvrGatherRequestSchema,
            response: { 200: SmsWebhookAnswerSchema },
          },
        },
        async (request) => messaging.devIvrGather(request.body),
      );
    }
  };
}
