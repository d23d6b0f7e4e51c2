import { ErrorCode } from '@telecare/contracts/errors';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.ts';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Refuses a state-changing API request whose `Origin` names another site, before any work: a
 * browser sends that header with every such request, so a page elsewhere can not make a signed-in
 * browser act here (the SameSite=Lax cookie does not cover a sibling site). The app's own origin is
 * PUBLIC_URL's, or the request's own host under the same scheme (a reverse proxy passing the Host
 * header, the web dev server). Requests without an Origin (API clients, curl) are not from a page.
 */
export function refuseCrossSiteRequests(app: FastifyInstance, publicUrl: string) {
  const publicOrigin = new URL(publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    const origin = request.headers.origin;
    if (origin === undefined || !STATE_CHANGING.has(request.method) || !request.url.startsWith('/api/'))
      return;
    if (origin === publicOrigin || origin === `${request.protocol}://${request.host}`) return;
    throw new AppError(ErrorCode.crossSiteRequest, 'This request came from another site and was refused.');
  });
}
