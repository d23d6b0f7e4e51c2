import { WorkflowListRequestSchema, WorkflowListResponseSchema } from '@telecare/contracts/workflows';
import { Permission } from '@telecare/domain/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { WorkflowService } from './workflows.service.ts';

export function workflowRoutes(workflows: WorkflowService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/admin/workflow/list',
      {
        config: { access: Permission.workflowRead },
        schema: {
          tags: ['workflows'],
          description:
            'A page of the active, archived or history list. Filters travel in the body, never the URL.',
          body: WorkflowListRequestSchema,
          response: { 200: WorkflowListResponseSchema },
        },
      },
      async (request) => workflows.listWorkflows(request.body),
    );
  };
}
