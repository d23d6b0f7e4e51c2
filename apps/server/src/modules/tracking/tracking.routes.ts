import {
  ClientWorkflowsResponseSchema,
  TrackPatientCheckResponseSchema,
  TrackPatientQuerySchema,
  TrackPatientRequestSchema,
  TrackPatientResponseSchema,
} from '@telecare/contracts/tracking';
import { Permission } from '@telecare/domain/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { originOf, requireAuth } from '../../plugins/auth.ts';
import type { TrackingService } from './tracking.service.ts';

const tags = ['tracking'];
const write = { access: Permission.workflowWrite };

export function trackingRoutes(tracking: TrackingService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/workflow/track-patient',
      {
        config: write,
        schema: {
          tags,
          description: "The client's workflows on the active list: any means Track asks first.",
          querystring: TrackPatientQuerySchema,
          response: { 200: TrackPatientCheckResponseSchema },
        },
      },
      async (request) => tracking.check(requireAuth(request), originOf(request), request.query.clientId),
    );

    app.post(
      '/api/admin/workflow/patient',
      {
        config: write,
        schema: {
          tags,
          description:
            "Tracks a client: a new workflow from the client's record (latest referral, practitioner as case manager, awaitingBooking; REVIEW when the client had a workflow before).",
          body: TrackPatientRequestSchema,
          response: { 201: TrackPatientResponseSchema },
        },
      },
      async (request, reply) => {
        const tracked = await tracking.track(requireAuth(request), originOf(request), request.body.clientId);
        return reply.status(201).send(tracked);
      },
    );

    app.get(
      '/api/admin/workflow/patients',
      {
        config: write,
        schema: {
          tags,
          description: "A client's workflows by client id (not deleted), newest first.",
          querystring: TrackPatientQuerySchema,
          response: { 200: ClientWorkflowsResponseSchema },
        },
      },
      async (request) =>
        tracking.listClientWorkflows(requireAuth(request), originOf(request), request.query.clientId),
    );
  };
}
