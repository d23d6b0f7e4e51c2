import {
  AvailableDatesQuerySchema,
  AvailableDatesSchema,
  ProfileRequestSchema,
  ProfileSchema,
  ScheduleDescriptionSchema,
  SpecialistIdParamsSchema,
  SpecialitiesWithProfilesSchema,
  SpecialityIdParamsSchema,
  SpecialityListSchema,
  SpecialityRequestSchema,
  SpecialitySchema,
} from '@telecare/contracts/specialists';
import { Permission } from '@telecare/domain/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { originOf, requireAuth } from '../../plugins/auth.ts';
import type { SpecialistService } from './specialists.service.ts';

const tags = ['specialists'];
/** Every staff role reads; specialities, profiles and schedule descriptions change with OTHER_SETTINGS (V-33). */
const read = { access: Permission.workflowRead };
const change = { access: Permission.otherSettings };
const SPECIALITY = '/api/admin/specialists/speciality';

export function specialistRoutes(specialists: SpecialistService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/specialists/specialities',
      {
        config: read,
        schema: {
          tags,
          description:
            'The Specialists page: every speciality A-Z with the profile cards of its active specialists (avatar, names, specialities, language, qualification, profile, schedule description, NEW and Review lengths, timezone).',
          response: { 200: SpecialitiesWithProfilesSchema },
        },
      },
      async () => specialists.specialitiesWithProfiles(),
    );

    app.get(
      '/api/admin/specialists/available-dates',
      {
        config: read,
        schema: {
          tags,
          description:
            "The Specialists page calendars: for each active specialist (of `specialityId`, when given) the month's dates, today or later, with a free stretch at least their NEW or Review length. Private sessions are left out.",
          querystring: AvailableDatesQuerySchema,
          response: { 200: AvailableDatesSchema },
        },
      },
      async (request) => specialists.availableDates(request.query),
    );

    app.get(
      SPECIALITY,
      {
        config: read,
        schema: {
          tags,
          description:
            'Every speciality A-Z, with the sites it is published to and how many specialists have it.',
          response: { 200: SpecialityListSchema },
        },
      },
      async () => ({ specialities: await specialists.specialities() }),
    );

    app.post(
      SPECIALITY,
      {
        config: change,
        schema: {
          tags,
          description:
            "Creates a speciality. 400 'Speciality name required'; 409 'Speciality already exists' when the trimmed name matches another case-insensitively.",
          body: SpecialityRequestSchema,
          response: { 201: SpecialitySchema },
        },
      },
      async (request, reply) => {
        const created = await specialists.createSpeciality(
          requireAuth(request),
          originOf(request),
          request.body,
        );
        return reply.status(201).send(created);
      },
    );

    app.put(
      `${SPECIALITY}/:id`,
      {
        config: change,
        schema: {
          tags,
          description:
            "Renames or republishes a speciality; a rename updates the Speciality of its live workflows in the same transaction. 409 'Speciality already exists'.",
          params: SpecialityIdParamsSchema,
          body: SpecialityRequestSchema,
          response: { 200: SpecialitySchema },
        },
      },
      async (request) =>
        specialists.updateSpeciality(
          requireAuth(request),
          originOf(request),
          request.params.id,
          request.body,
        ),
    );

    app.delete(
      `${SPECIALITY}/:id`,
      {
        config: change,
        schema: {
          tags,
          description:
            'Deletes a speciality that no specialist and no live workflow uses; otherwise 409 naming how many use it.',
          params: SpecialityIdParamsSchema,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await specialists.deleteSpeciality(requireAuth(request), originOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/api/admin/specialists/:id/profile',
      {
        config: read,
        schema: {
          tags,
          description: "A specialist's practitioner profile (the profile editor's fields).",
          params: SpecialistIdParamsSchema,
          response: { 200: ProfileSchema },
        },
      },
      async (request) => specialists.profile(request.params.id),
    );

    app.put(
      '/api/admin/specialists/:id/profile',
      {
        config: change,
        schema: {
          tags,
          description:
            'Saves the profile: names trimmed; at least one speciality; a profile; fee totals of digits with an optional decimal point (out-of-pocket is total minus rebate when empty); list fields split on newlines, blanks dropped.',
          params: SpecialistIdParamsSchema,
          body: ProfileRequestSchema,
          response: { 200: ProfileSchema },
        },
      },
      async (request) =>
        specialists.updateProfile(requireAuth(request), originOf(request), request.params.id, request.body),
    );

    app.get(
      '/api/admin/specialists/:id/schedule-description',
      {
        config: read,
        schema: {
          tags,
          description: "The specialist's schedule description, shown on their card.",
          params: SpecialistIdParamsSchema,
          response: { 200: ScheduleDescriptionSchema },
        },
      },
      async (request) => specialists.scheduleDescription(request.params.id),
    );

    app.put(
      '/api/admin/specialists/:id/schedule-description',
      {
        config: change,
        schema: {
          tags,
          description: "Saves the specialist's schedule description.",
          params: SpecialistIdParamsSchema,
          body: ScheduleDescriptionSchema,
          response: { 200: ScheduleDescriptionSchema },
        },
      },
      async (request) =>
        specialists.updateScheduleDescription(
          requireAuth(request),
          originOf(request),
          request.params.id,
          request.body,
        ),
    );
  };
}
