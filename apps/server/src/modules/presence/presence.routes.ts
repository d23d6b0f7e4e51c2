import {
  ActivityReportQuerySchema,
  CheckInResponseSchema,
  CloseTabRequestSchema,
  LoginStatusResponseSchema,
  PresenceResponseSchema,
} from '@telecare/contracts/presence';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { originOf, requireAuth } from '../../plugins/auth.ts';
import type { PresenceService } from './presence.service.ts';

const tags = ['presence'];
const IdParamsSchema = z.object({ id: z.string().uuid() });

export function presenceRoutes(presence: PresenceService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/admin/user-activity/check-in',
      { config: { access: 'signed-in' }, schema: { tags, response: { 200: CheckInResponseSchema } } },
      async (request) => presence.checkIn(requireAuth(request), originOf(request)),
    );

    app.get(
      '/api/admin/user-activity/login-status/:id',
      {
        config: { access: 'signed-in' },
        schema: { tags, params: IdParamsSchema, response: { 200: LoginStatusResponseSchema } },
      },
      async (request) => presence.loginStatus(requireAuth(request), request.params.id),
    );

    app.post(
      '/api/admin/user-activity/close-tab',
      {
        config: { access: 'signed-in' },
        schema: { tags, body: CloseTabRequestSchema, response: { 204: z.null() } },
      },
      async (request, reply) => {
        await presence.closeTab(requireAuth(request), request.body.userActivityId);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/api/admin/user-activity/heartbeat/:id',
      {
        // An open tab is not activity: it must not hold off the idle sign-out.
        config: { access: 'signed-in', keepsSessionAlive: false },
        schema: {
          tags,
          description: 'An open tab says it is still there (about every 20 s); not counted as activity.',
          params: IdParamsSchema,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await presence.heartbeat(requireAuth(request), request.params.id);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/api/admin/user-activity/check-out/:id',
      {
        config: { access: 'signed-in' },
        schema: { tags, params: IdParamsSchema, response: { 201: z.object({}) } },
      },
      async (request, reply) => {
        await presence.checkOut(requireAuth(request), request.params.id, originOf(request));
        return reply.status(201).send({});
      },
    );

    app.get(
      '/api/admin/user-activity/presence',
      { config: { access: 'signed-in' }, schema: { tags, response: { 200: PresenceResponseSchema } } },
      async () => presence.presence(),
    );

    app.get(
      '/api/admin/user-activity/report',
      {
        config: { access: 'supervisor' },
        schema: {
          tags,
          description: 'user-activity-report.csv for a date range (supervisors only).',
          querystring: ActivityReportQuerySchema,
        },
      },
      async (request, reply) => {
        const csv = await presence.report(requireAuth(request), request.query, originOf(request));
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="user-activity-report.csv"')
          .header('cache-control', 'no-store')
          .send(csv);
      },
    );
  };
}
