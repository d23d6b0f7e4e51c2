import {
  AppointmentRequestListRequestSchema,
  AppointmentRequestListResponseSchema,
  ApproveAppointmentRequestSchema,
  ApproveAppointmentResponseSchema,
} from '@telecare/contracts/appointment-requests';
import { Permission } from '@telecare/domain/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { originOf, requireAuth } from '../../plugins/auth.ts';
import type { AppointmentRequestService } from './appointment-requests.service.ts';

const tags = ['appointment-requests'];

export function appointmentRequestRoutes(requests: AppointmentRequestService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/admin/appointment-requests/list',
      {
        config: { access: Permission.workflowRead },
        schema: {
          tags,
          description:
            'A page of the appointment requests not yet approved (a pending one stays after approval). Without a sort: booking status order, then newest first.',
          body: AppointmentRequestListRequestSchema,
          response: { 200: AppointmentRequestListResponseSchema },
        },
      },
      async (request) => requests.list(requireAuth(request), originOf(request), request.body),
    );

    app.post(
      '/api/admin/coreplus/approve-appointment',
      {
        config: { access: Permission.workflowWrite },
        schema: {
          tags,
          description:
            "Books the request's appointment as a booking does (the same checks in the same order, through the practice-management system) and links it to the workflow. 'The time is not available.': 409 when the time is taken, 400 when it is outside the specialist's timeslots.",
          body: ApproveAppointmentRequestSchema,
          response: { 200: ApproveAppointmentResponseSchema },
        },
      },
      async (request) => requests.approve(requireAuth(request), originOf(request), request.body),
    );
  };
}
