import { FeatureFlagsSchema, UpdateFeatureFlagsSchema } from '@telecare/contracts/settings';
import { Permission } from '@telecare/domain/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { originOf, requireAuth } from '../../plugins/auth.ts';
import type { SettingsService } from './settings.service.ts';

const tags = ['settings'];

export function settingsRoutes(settings: SettingsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/settings/flags',
      {
        config: { access: 'signed-in' },
        schema: {
          tags,
          description:
            'The configuration flags (experiments, referral inbox, ...); every screen may need them.',
          response: { 200: FeatureFlagsSchema },
        },
      },
      async () => settings.flags(),
    );

    app.patch(
      '/api/admin/settings/flags',
      {
        config: { access: Permission.otherSettings },
        schema: {
          tags,
          description: 'Changes any of the flags; the changes are audited. Answers with all the flags.',
          body: UpdateFeatureFlagsSchema,
          response: { 200: FeatureFlagsSchema },
        },
      },
      async (request) => settings.updateFlags(requireAuth(request), originOf(request), request.body),
    );
  };
}
