import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { HealthService } from './health.service.ts';

const HealthSchema = z.object({ status: z.enum(['ok', 'unavailable']), database: z.enum(['up', 'down']) });

export function healthRoutes(health: HealthService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/health',
      {
        config: { access: 'public' },
        schema: { tags: ['health'], response: { 200: HealthSchema, 503: HealthSchema } },
      },
      async (request, reply) => {
        try {
          await health.checkDatabase();
          return { status: 'ok' as const, database: 'up' as const };
        } catch (err) {
          request.log.error({ err }, 'database health check failed');
          return reply.status(503).send({ status: 'unavailable', database: 'down' });
        }
      },
    );
  };
}
