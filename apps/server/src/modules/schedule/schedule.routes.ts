import {
  AptLengthRequestSchema,
  AvailableTimeQuerySchema,
  AvailableTimeResponseSchema,
  CreateAvailableTimeRequestSchema,
  CreateAvailableTimeResponseSchema,
  DeleteAvailableTimeQuerySchema,
  ScheduleOptionsResponseSchema,
  SyncSpecialistsResponseSchema,
} from '@telecare/contracts/schedule';
import { Permission } from '@telecare/domain/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { originOf, requireAuth } from '../../plugins/auth.ts';
import type { ScheduleService } from './schedule.service.ts';

const tags = ['schedule'];
const URL = '/api/admin/specialists/available-time';

/** The Schedule screen: every staff role reads; writing needs OTHER_SETTINGS (V-33). */
export function scheduleRoutes(schedule: ScheduleService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/specialists/schedule-options',
      {
        config: { access: Permission.workflowRead },
        schema: {
          tags,
          description:
            'What the Schedule form offers: the active specialists (zone, lengths) and the room list.',
          response: { 200: ScheduleOptionsResponseSchema },
        },
      },
      async () => schedule.options(),
    );

    app.get(
      URL,
      {
        config: { access: Permission.workflowRead },
        schema: {
          tags,
          description:
            "The specialist's availability in a month: each date's zone, private flag, timeslots (HH:mm local, room) and number of live booked appointments. 404 for an unknown specialist.",
          querystring: AvailableTimeQuerySchema,
          response: { 200: AvailableTimeResponseSchema },
        },
      },
      async (request) => schedule.month(request.query),
    );

    app.post(
      URL,
      {
        config: { access: Permission.otherSettings },
        schema: {
          tags,
          description:
            "Saves the timeslots on each date (replacing a date's timeslots). 400 with the spec's texts in its order; 409 when a live booking would fall outside the new timeslots.",
          body: CreateAvailableTimeRequestSchema,
          response: { 201: CreateAvailableTimeResponseSchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await schedule.create(requireAuth(request), originOf(request), request.body)),
    );

    app.delete(
      URL,
      {
        config: { access: Permission.otherSettings },
        schema: {
          tags,
          description:
            "Deletes a date's availability. 409 'This date has N booked appointments; ...' while it has live bookings.",
          querystring: DeleteAvailableTimeQuerySchema,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await schedule.remove(requireAuth(request), originOf(request), request.query);
        return reply.status(204).send(null);
      },
    );

    app.put(
      '/api/admin/specialists/apt-length',
      {
        config: { access: Permission.otherSettings },
        schema: {
          tags,
          description:
            "Sets the specialist's zone and NEW/Review appointment lengths (one of the spec's 14 pairs).",
          body: AptLengthRequestSchema,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await schedule.setAppointmentLength(requireAuth(request), originOf(request), request.body);
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/api/admin/specialists/sync',
      {
        config: { access: Permission.otherSettings },
        schema: {
          tags,
          description:
            'Sync Specialists through the practice-management adapter: the counts added, updated, unchanged.',
          response: { 200: SyncSpecialistsResponseSchema },
        },
      },
      async () => schedule.sync(),
    );
  };
}
