import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ChangeFeed } from '../../lib/change-feed.ts';
import { requireAuth, SESSION_COOKIE } from '../../plugins/auth.ts';
import type { AuthContext, AuthService } from '../auth/auth.service.ts';

const HEARTBEAT_MS = 25_000;

/**
 * Server-sent "this changed" events for the signed-in browser; it refetches what they name. A tab
 * holds one stream while it is open, so a stream the browser ends is a tab gone (closed, reloaded,
 * or off the network): `onTabGone` hears of it, whether or not the tab's close-tab beacon came.
 */
export function eventRoutes(deps: {
  changes: ChangeFeed;
  auth: AuthService;
  onTabGone: (auth: AuthContext) => Promise<void>;
}): FastifyPluginAsyncZod {
  return async (app) => {
    let closing = false;
    app.addHook('preClose', async () => {
      closing = true;
    });

    app.get(
      '/api/events',
      {
        config: { access: 'signed-in', keepsSessionAlive: false },
        schema: { tags: ['events'], description: 'text/event-stream of ChangeEvent messages.' },
      },
      async (request, reply) => {
        const auth = requireAuth(request);
        const { sessionId } = auth;
        const header = request.headers.authorization;
        const token = header?.startsWith('Bearer ')
          ? header.slice(7)
          : (request.cookies[SESSION_COOKIE] ?? '');
        const out = reply.raw;
        // After a gap in the feed (the database was away) the stream ends: the browser reopens it and
        // refetches everything, so nothing missed meanwhile stays stale on screen.
        let endedHere = false;
        const end = () => {
          endedHere = true;
          out.end();
        };
        const unsubscribe = await deps.changes.subscribe(
          (event) => out.write(`data: ${JSON.stringify(event)}\n\n`),
          end,
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
          if (still?.sessionId !== sessionId) return end();
          out.write(': ping\n\n');
        }, HEARTBEAT_MS);
        let stopped = false;
        const stop = () => {
          if (stopped) return;
          stopped = true;
          clearInterval(heartbeat);
          unsubscribe();
          // Presence falls back to the tab's silence if this cannot be written (database away).
          if (!endedHere && !closing) deps.onTabGone(auth).catch(() => undefined);
        };
        request.raw.on('close', stop);
        out.on('close', stop);
      },
    );
  };
}
