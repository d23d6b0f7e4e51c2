import { MeResponseSchema, SignInRequestSchema, SignInResponseSchema } from '@telecare/contracts/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clearSessionCookie, requireAuth, setSessionCookie } from '../../plugins/auth.ts';
import type { AuthService } from './auth.service.ts';

export function authRoutes(auth: AuthService, cookieSecure: boolean): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/auth/sign-in',
      {
        config: { access: 'public' },
        schema: { tags: ['auth'], body: SignInRequestSchema, response: { 200: SignInResponseSchema } },
      },
      async (request, reply) => {
        const result = await auth.signIn(request.body, {
          ipAddress: request.ip,
          userAgent: request.headers['user-agent'],
        });
        setSessionCookie(reply, result.token, cookieSecure);
        return result;
      },
    );

    app.post(
      '/api/auth/sign-out',
      { config: { access: 'signed-in' }, schema: { tags: ['auth'], response: { 204: z.null() } } },
      async (request, reply) => {
        await auth.signOut(requireAuth(request), { ipAddress: request.ip });
        clearSessionCookie(reply);
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/api/auth/me',
      { config: { access: 'signed-in' }, schema: { tags: ['auth'], response: { 200: MeResponseSchema } } },
      async (request) => ({ user: requireAuth(request).user }),
    );
  };
}
