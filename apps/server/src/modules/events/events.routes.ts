import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ChangeFeed } from '../../lib/change-feed.ts';
import { requireAuth, SESSION_COOKIE } from '../../plugins/auth.ts';
import type { AuthService } from '../auth/auth.service.ts';

const HEARTBEAT_MS = 25_000;

/** Server-sent "this changed" events for the signed-in browser; it refetches what they name. */
export function eventRoutes(deps: { changes: ChangeFeed; auth: AuthService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/events',
      {
        config: { access: 'signed-in', keepsSessionAlive: false },
        schema: { tags: ['events'], description: 'text/event-stream of ChangeEvent messages.' },
      },
      async (request, reply) => {
        const { sessionId } = requireAuth(request);
        const header = request.headers.authorization;
        const token = header?.startsWith('Bearer ')
          ? header.slice(7)
          : (request.cookies[SESSION_COOKIE] ?? '');
        const out = reply.raw;
        // After a gap in the feed (the database was away) the stream ends: the browser reopens it and
        // refetches everything, so nothing missed meanwhile stays stale on screen.
        const unsubscribe = await deps.changes.subscribe(
          (event) => out.write(`data: ${JSON.stringify(event)}\n\n`),
          () => out.end(),
        );
        reply.hijack();
        out.writeHead(200, {
          'content-type': 'text/event-stream',
          'cache-control': 'no-store',
          connection: 'keep-alive',
          'x-accel-buffering': 'no',
        });
        out.write('retry: 2000\n\n');
        // The stream must end when the session does (sign-out elsewhere, idle, disabled).
        const heartbeat = setInterval(async () => {
          const still = await deps.auth.resolveSession(token, { touch: false }).catch(() => null);
          if (still?.sessionId !== sessionId) return out.end();
          out.write(': ping\n\n');
        }, HEARTBEAT_MS);
        const stop = () => {
          clearInterval(heartbeat);
          unsubscribe();
        };
        request.raw.on('close', stop);
        out.on('close', stop);
      },
    );
  };
}
