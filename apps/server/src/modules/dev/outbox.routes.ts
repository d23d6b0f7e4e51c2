import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OutboxService } from './outbox.service.ts';

const OutboxMessageSchema = z.object({
  channel: z.string(),
  recipient: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  createdAt: z.date(),
});

/**
 * Development only (never registered in production or tests): the messages the built-in SMS and
 * e-mail adapters "sent", newest first, so a developer can read a sign-in code or a link.
 */
export function outboxRoutes(outbox: OutboxService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/dev/outbox',
      {
        config: { access: 'public' },
        schema: {
          tags: ['development'],
          querystring: z.object({ recipient: z.string().max(254).optional() }),
          response: { 200: z.object({ messages: z.array(OutboxMessageSchema) }) },
        },
      },
      async (request) => ({ messages: await outbox.messages(request.query.recipient) }),
    );
  };
}
