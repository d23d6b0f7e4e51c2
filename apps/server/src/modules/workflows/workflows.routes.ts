import {
  ActingPatientSchema,
  ActionResultSchema,
  DeleteWorkflowsSchema,
  HistoryResponseSchema,
  RebuildWorkflowSchema,
  SelectedIdsSchema,
  SnapformRequestSchema,
  SnapformResponseSchema,
  UpdateCategorySchema,
  UpdateTasksSchema,
  WorkflowDetailSchema,
  WorkflowIdParamsSchema,
} from '@telecare/contracts/workflow-detail';
import {
  WorkflowListRequestSchema,
  WorkflowListResponseSchema,
  WorkflowRowSchema,
} from '@telecare/contracts/workflows';
import { Permission } from '@telecare/domain/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { originOf, requireAuth } from '../../plugins/auth.ts';
import { rowsWrittenSerializer } from '../../plugins/compiled-serializer.ts';
import type { WorkflowActionService } from './workflow-actions.service.ts';
import type { WorkflowDetailService } from './workflow-detail.service.ts';
import type { WorkflowService } from './workflows.service.ts';

const tags = ['workflows'];
const read = { access: Permission.workflowRead };
const write = { access: Permission.workflowWrite };

export function workflowRoutes(deps: {
  workflows: WorkflowService;
  detail: WorkflowDetailService;
  actions: WorkflowActionService;
}): FastifyPluginAsyncZod {
  const { workflows, detail, actions } = deps;
  return async (app) => {
    app.post(
      '/api/admin/workflow/list',
      {
        config: read,
        schema: {
          tags,
          description:
            'A page of the active, archived or history list, or (IT staff) of the deleted workflows. Filters travel in the body, never the URL.',
          body: WorkflowListRequestSchema,
          response: { 200: WorkflowListResponseSchema },
        },
        serializerCompiler: rowsWrittenSerializer,
      },
      async (request) => workflows.listWorkflows(requireAuth(request), originOf(request), request.body),
    );

    app.get(
      '/api/admin/workflow/:id',
      {
        config: read,
        schema: { tags, params: WorkflowIdParamsSchema, response: { 200: WorkflowDetailSchema } },
      },
      async (request) => detail.detail(requireAuth(request), originOf(request), request.params.id),
    );

    app.get(
      '/api/admin/workflow/:id/history',
      {
        config: read,
        schema: { tags, params: WorkflowIdParamsSchema, response: { 200: HistoryResponseSchema } },
      },
      async (request) => detail.history(requireAuth(request), originOf(request), request.params.id),
    );

    app.post(
      '/api/admin/workflow/archive',
      { config: write, schema: { tags, body: SelectedIdsSchema, response: { 200: ActionResultSchema } } },
      async (request) => actions.archive(requireAuth(request), originOf(request), request.body.selectedCaIds),
    );

    app.post(
      '/api/admin/workflow/un-archive',
      { config: write, schema: { tags, body: SelectedIdsSchema, response: { 200: ActionResultSchema } } },
      async (request) =>
        actions.unArchive(requireAuth(request), originOf(request), request.body.selectedCaIds),
    );

    app.post(
      '/api/admin/workflow/delete',
      {
        config: write,
        schema: {
          tags,
          description: 'Soft delete: the workflows leave every list and IT staff can restore them.',
          body: DeleteWorkflowsSchema,
          response: { 200: ActionResultSchema },
        },
      },
      async (request) => actions.remove(requireAuth(request), originOf(request), request.body.ids),
    );

    app.post(
      '/api/admin/workflow/restore',
      {
        config: { access: Permission.workflowRestore },
        schema: { tags, body: DeleteWorkflowsSchema, response: { 200: ActionResultSchema } },
      },
      async (request) => actions.restore(requireAuth(request), originOf(request), request.body.ids),
    );

    app.post(
      '/api/admin/workflow/rebuild',
      {
        config: write,
        schema: {
          tags,
          description: "Recomputes the workflow's copied fields from its client, referral and appointment.",
          body: RebuildWorkflowSchema,
          response: { 200: WorkflowRowSchema },
        },
      },
      async (request) => actions.rebuild(requireAuth(request), originOf(request), request.body.id),
    );

    app.post(
      '/api/admin/workflow/acting-patient',
      {
        config: write,
        schema: {
          tags,
          body: ActingPatientSchema,
          response: {
            200: z.object({ updated: z.number(), reply: z.string(), previousReply: z.string().nullable() }),
          },
        },
      },
      async (request) =>
        actions.actingPatient(requireAuth(request), originOf(request), request.body.id, request.body.answer),
    );

    app.patch(
      '/api/admin/workflow/category',
      { config: write, schema: { tags, body: UpdateCategorySchema, response: { 200: WorkflowRowSchema } } },
      async (request) =>
        actions.setCategory(requireAuth(request), originOf(request), request.body.id, request.body.category),
    );

    app.put(
      '/api/snapform/patient-submitted/:id',
      {
        config: write,
        schema: {
          tags,
          description: 'Records whether the patient submitted the snap form (pre-consultation form).',
          params: WorkflowIdParamsSchema,
          body: SnapformRequestSchema,
          response: { 200: SnapformResponseSchema },
        },
      },
      async (request) =>
        actions.setSnapformSubmitted(
          requireAuth(request),
          originOf(request),
          request.params.id,
          request.body.answer,
        ),
    );

    app.patch(
      '/api/admin/workflow/tasks',
      { config: write, schema: { tags, body: UpdateTasksSchema, response: { 200: WorkflowRowSchema } } },
      async (request) => actions.updateTasks(requireAuth(request), originOf(request), request.body),
    );
  };
}
