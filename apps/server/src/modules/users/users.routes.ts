import {
  CreateUserRequestSchema,
  UpdateUserRequestSchema,
  UserPageQuerySchema,
  UserPageResponseSchema,
  UserSummarySchema,
  UsersByRoleQuerySchema,
  UsersResponseSchema,
  UserUidParamsSchema,
} from '@telecare/contracts/users';
import { Permission } from '@telecare/domain/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { originOf, requireAuth } from '../../plugins/auth.ts';
import type { UserService } from './users.service.ts';

const tags = ['users'];
const manage = { access: Permission.otherSettings };

export function userRoutes(users: UserService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/admin/auth/users/page',
      {
        config: manage,
        schema: { tags, querystring: UserPageQuerySchema, response: { 200: UserPageResponseSchema } },
      },
      async (request) => users.page(request.query),
    );

    app.get(
      '/api/admin/auth/users',
      {
        config: { access: Permission.workflowRead },
        schema: {
          tags,
          description:
            'The enabled staff of the given roles (comma-separated), IT staff left out: the coordinator and todo assignee lists.',
          querystring: UsersByRoleQuerySchema,
          response: { 200: UsersResponseSchema },
        },
      },
      async (request) => users.byRoles(request.query.role),
    );

    app.get(
      '/api/admin/auth/user/:uid',
      { config: manage, schema: { tags, params: UserUidParamsSchema, response: { 200: UserSummarySchema } } },
      async (request) => users.get(request.params.uid),
    );

    app.post(
      '/api/admin/auth/users',
      {
        config: manage,
        schema: { tags, body: CreateUserRequestSchema, response: { 201: UserSummarySchema } },
      },
      async (request, reply) => {
        const user = await users.create(requireAuth(request), originOf(request), request.body);
        return reply.status(201).send(user);
      },
    );

    app.put(
      '/api/admin/auth/user/:uid',
      {
        config: manage,
        schema: {
          tags,
          params: UserUidParamsSchema,
          body: UpdateUserRequestSchema,
          response: { 200: UserSummarySchema },
        },
      },
      async (request) =>
        users.update(requireAuth(request), originOf(request), request.params.uid, request.body),
    );

    app.delete(
      '/api/admin/auth/user/:uid',
      { config: manage, schema: { tags, params: UserUidParamsSchema, response: { 204: z.null() } } },
      async (request, reply) => {
        await users.remove(requireAuth(request), originOf(request), request.params.uid);
        return reply.status(204).send(null);
      },
    );
  };
}
