import {
  CreateTodoRequestSchema,
  TodoIdParamsSchema,
  TodoListQuerySchema,
  TodoListResponseSchema,
  TodoSchema,
  UpdateTodoRequestSchema,
} from '@telecare/contracts/todos';
import { Permission } from '@telecare/domain/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { originOf, requireAuth } from '../../plugins/auth.ts';
import type { TodoService } from './todos.service.ts';

const tags = ['todos'];
const write = { access: Permission.workflowWrite };

export function todoRoutes(todos: TodoService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/todo',
      {
        config: { access: Permission.workflowRead },
        schema: {
          tags,
          description:
            "A workflow's todos (workflowId; completed ones too) or an assignee's open todos (assignedTo; default the caller, another person needs VIEW_ALL_TODOS), ordered by due date ascending, then status descending.",
          querystring: TodoListQuerySchema,
          response: { 200: TodoListResponseSchema },
        },
      },
      async (request) => todos.list(requireAuth(request), originOf(request), request.query),
    );

    app.post(
      '/api/admin/todo',
      { config: write, schema: { tags, body: CreateTodoRequestSchema, response: { 201: TodoSchema } } },
      async (request, reply) => {
        const todo = await todos.create(requireAuth(request), originOf(request), request.body);
        return reply.status(201).send(todo);
      },
    );

    app.patch(
      '/api/admin/todo/:id',
      {
        config: write,
        schema: {
          tags,
          description:
            'Toggles the status or edits the fields of the todo form: by its creator, its assignee or a holder of VIEW_ALL_TODOS.',
          params: TodoIdParamsSchema,
          body: UpdateTodoRequestSchema,
          response: { 200: TodoSchema },
        },
      },
      async (request) =>
        todos.update(requireAuth(request), originOf(request), request.params.id, request.body),
    );

    app.delete(
      '/api/admin/todo/:id',
      {
        config: write,
        schema: {
          tags,
          description: 'Soft delete, by its creator, its assignee or a holder of VIEW_ALL_TODOS.',
          params: TodoIdParamsSchema,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await todos.remove(requireAuth(request), originOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
}
