import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

const SELF = "'self'";
const NONE = "'none'";

/**
 * Security headers on every answer (helmet): a Content-Security-Policy the built web app and the
 * API docs pass (Mantine sets inline styles, so styles may be inline; scripts may not), no
 * MIME sniffing, no referrer (public pages carry secret codes in their address), no framing, and
 * HSTS in production only. Every /api answer, errors and 404s included, is `no-store`. Helmet's
 * middleware is built once (@fastify/helmet built it again for every request; decision 0056).
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: { production: boolean }) {
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: [SELF],
        scriptSrc: [SELF],
        styleSrc: [SELF, "'unsafe-inline'"],
        imgSrc: [SELF, 'data:'],
        fontSrc: [SELF],
        connectSrc: [SELF],
        frameAncestors: [NONE],
        objectSrc: [NONE],
        baseUri: [SELF],
        formAction: [SELF],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: options.production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  app.addHook('onRequest', (request, reply, done) =>
    setHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)),
  );
  app.addHook('onSend', async (request, reply) => {
    if (/^\/api(\/|\?|$)/.test(request.url)) reply.header('cache-control', 'no-store');
  });
}
