import { ErrorCode } from '@telecare/contracts/errors';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { isLoopback } from '../../lib/networks.ts';
import type { OutboxService } from './outbox.service.ts';

const OutboxMessageSchema = z.object({
  channel: z.string(),
  recipient: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  createdAt: z.date(),
  /** What the outbox answered as the provider's message id (MessageSid of a status callback). */
  providerMessageId: z.string(),
});

/** The names this machine answers to; any other Host is a page that rebound its own name to us. */
const LOCAL_HOST = /^(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?$/i;

/**
 * The caller is on this machine: judged by the socket's own address, never by forwarded headers. A
 * request that came through a proxy (it carries a forwarded header) is refused even from loopback,
 * since a proxy on this machine would make every caller look local. The Host must name this machine
 * too: a web page whose own name was rebound to 127.0.0.1 (DNS rebinding) sends its name as Host.
 */
export async function refuseOtherMachines(request: FastifyRequest) {
  const forwarded =
    request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  const localHost = LOCAL_HOST.test(request.headers.host ?? '');
  if (!isLoopback(request.socket.remoteAddress ?? '') || forwarded || !localHost) {
    throw new AppError(ErrorCode.forbidden, 'The outbox can be read from this machine only.');
  }
}

/**
 * Development only (never registered in production or tests): the messages the built-in SMS and
 * e-mail adapters "sent", newest first, so a developer can read a sign-in code or a link. They hold
 * sign-in codes and reset links, so only callers on this machine may read them.
 */
export function outboxRoutes(outbox: OutboxService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/dev/outbox',
      {
        config: { access: 'public' },
        onRequest: refuseOtherMachines,
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
