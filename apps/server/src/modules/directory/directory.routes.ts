import {
  ClinicSearchQuerySchema,
  ClinicSearchResponseSchema,
  ReferrerSearchQuerySchema,
  ReferrerSearchResponseSchema,
} from '@telecare/contracts/referral-inbox';
import {
  ClinicOptionSchema,
  ReferrerOptionSchema,
  SiteOptionSchema,
  SpecialistOptionSchema,
} from '@telecare/contracts/users';
import { Permission } from '@telecare/domain/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DirectoryService } from './directory.service.ts';

const config = { access: Permission.workflowRead };
const tags = ['directory'];

/** Pick lists of referrers, clinics and specialists (through the practice-management data we hold). */
export function directoryRoutes(directory: DirectoryService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/coreplus/referrers',
      { config, schema: { tags, response: { 200: z.object({ referrers: z.array(ReferrerOptionSchema) }) } } },
      async () => ({ referrers: await directory.referrers() }),
    );
    app.get(
      '/api/admin/coreplus/clinics',
      { config, schema: { tags, response: { 200: z.object({ clinics: z.array(ClinicOptionSchema) }) } } },
      async () => ({ clinics: await directory.clinics() }),
    );
    app.get(
      '/api/admin/coreplus/clinic',
      {
        config,
        schema: {
          tags,
          description:
            'Up to 20 clinics whose name, suburb or postcode contains `search`, by name, with every field (the intake draft fills its clinic from one).',
          querystring: ClinicSearchQuerySchema,
          response: { 200: ClinicSearchResponseSchema },
        },
      },
      async (request) => directory.searchClinics(request.query.search),
    );
    app.get(
      '/api/admin/coreplus/referrer',
      {
        config,
        schema: {
          tags,
          description:
            "Up to 20 referrers whose name or provider number contains `search`, by last name; with `clinicId`, only those practising there, with that location's provider number.",
          querystring: ReferrerSearchQuerySchema,
          response: { 200: ReferrerSearchResponseSchema },
        },
      },
      async (request) => directory.searchReferrers(request.query),
    );
    app.get(
      '/api/admin/specialists',
      {
        config,
        schema: { tags, response: { 200: z.object({ specialists: z.array(SpecialistOptionSchema) }) } },
      },
      async () => ({ specialists: await directory.specialists() }),
    );
    app.get(
      '/api/admin/sites',
      { config, schema: { tags, response: { 200: z.object({ sites: z.array(SiteOptionSchema) }) } } },
      async () => ({ sites: await directory.sites() }),
    );
  };
}
