import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { AuthService } from '../modules/auth/auth.service.ts';
import { checkAccess } from './auth.ts';

/**
 * The API description at /api/docs (page, JSON and YAML). With `signedInOnly` (production) it is
 * for signed-in staff who finished the second factor; the page's static scripts stay public.
 */
export async function registerOpenApi(
  app: FastifyInstance,
  options: { auth: AuthService; signedInOnly: boolean },
) {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Telecare Staff API', version: '1.0.0' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          cookie: { type: 'apiKey', in: 'cookie', name: 'tc_session' },
        },
      },
      security: [{ bearer: [] }, { cookie: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    ...(options.signedInOnly
      ? {
          uiHooks: {
            onRequest: (request) => checkAccess(options.auth, request, 'signed-in', { touch: true }),
          },
        }
      : {}),
  });
}
