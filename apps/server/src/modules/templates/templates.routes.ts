import { SmsTemplateSetListResponseSchema } from '@telecare/contracts/templates';
import { Permission } from '@telecare/domain/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TemplateService } from './templates.service.ts';

const tags = ['templates'];

/** The message templates staff choose from while they work. */
export function templateRoutes(templates: TemplateService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/templates/sms-template-sets',
      {
        config: { access: Permission.workflowRead },
        schema: {
          tags,
          description:
            'The SMS template sets (id, name, type, how many templates), by name: the choices of the booking and approval forms.',
          response: { 200: SmsTemplateSetListResponseSchema },
        },
      },
      async () => ({ sets: await templates.smsTemplateSets() }),
    );
  };
}
