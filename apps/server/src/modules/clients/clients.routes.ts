import {
  ClientResponseSchema,
  ClientSearchRequestSchema,
  ClientSearchResponseSchema,
  CreateClientRequestSchema,
  ReferralSummarySchema,
  ReferrerLocationQuerySchema,
  ReferrerLocationResponseSchema,
  UpdatePatientRequestSchema,
  UpdateReferralDateRequestSchema,
  UpdateReferralRequestSchema,
} from '@telecare/contracts/clients';
import { Permission } from '@telecare/domain/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { originOf, requireAuth } from '../../plugins/auth.ts';
import type { ClientService } from './clients.service.ts';

const tags = ['clients'];
const read = { access: Permission.workflowRead };
const write = { access: Permission.workflowWrite };

export function clientRoutes(clients: ClientService): FastifyPluginAsyncZod {
  return async (app) => {
    app.patch(
      '/api/admin/coreplus/patient',
      {
        config: write,
        schema: {
          tags,
          description:
            "Edit Client: saves the client through the practice-management system and updates the copies on all of the client's workflows; site, category and case manager also update the given workflow.",
          body: UpdatePatientRequestSchema,
          response: { 200: ClientResponseSchema },
        },
      },
      async (request) => clients.updatePatient(requireAuth(request), originOf(request), request.body),
    );

    app.patch(
      '/api/admin/coreplus/referral',
      {
        config: write,
        schema: {
          tags,
          description:
            'Creates (referralId null) or updates the referral with its referrer and clinic and links it to the workflow.',
          body: UpdateReferralRequestSchema,
          response: { 200: ReferralSummarySchema },
        },
      },
      async (request) => clients.updateReferral(requireAuth(request), originOf(request), request.body),
    );

    app.patch(
      '/api/admin/coreplus/referral-date',
      {
        config: write,
        schema: {
          tags,
          description:
            "Updates the workflow's referral dates and the end date shown on every workflow of that referral.",
          body: UpdateReferralDateRequestSchema,
          response: { 200: ReferralSummarySchema },
        },
      },
      async (request) => clients.updateReferralDate(requireAuth(request), originOf(request), request.body),
    );

    app.post(
      '/api/admin/clients',
      {
        config: { access: Permission.clientSetting },
        schema: { tags, body: CreateClientRequestSchema, response: { 201: ClientResponseSchema } },
      },
      async (request, reply) => {
        const client = await clients.createClient(requireAuth(request), originOf(request), request.body);
        return reply.status(201).send(client);
      },
    );

    app.get(
      '/api/admin/coreplus/referrer-location',
      {
        config: read,
        schema: {
          tags,
          description:
            "The referrer's location at a clinic (provider number, e-mail); empty when the pair is unknown.",
          querystring: ReferrerLocationQuerySchema,
          response: { 200: ReferrerLocationResponseSchema },
        },
      },
      async (request) => clients.referrerLocation(request.query),
    );

    app.post(
      '/api/admin/clients/search',
      {
        config: read,
        schema: {
          tags,
          description: 'Up to 20 clients by name. Use this form: the name travels in the body, not the URL.',
          body: ClientSearchRequestSchema,
          response: { 200: ClientSearchResponseSchema },
        },
      },
      async (request) => clients.searchClients(requireAuth(request), originOf(request), request.body.search),
    );
  };
}
