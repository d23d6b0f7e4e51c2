import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Role } from '@telecare/contracts/auth';
import {
  type CreateUserRequest,
  type UpdateUserRequest,
  UserPageResponseSchema,
  UserSummarySchema,
} from '@telecare/contracts/users';
import { apiRequest } from '../../../lib/api-client';

/** The staff accounts (Settings > Account Setting). Every key starts with 'users' (the change feed's root). */

export const usersQueryKey = ['users'] as const;

export interface UserPageRequest {
  /** 1-based (the API's `curr` is zero-based). */
  page: number;
  pageSize: number;
  role: Role | undefined;
}

/** GET /api/admin/auth/users/page?curr&size&role */
export function listUsers({ page, pageSize, role }: UserPageRequest, signal?: AbortSignal) {
  const query = new URLSearchParams({ curr: String(page - 1), size: String(pageSize) });
  if (role) query.set('role', role);
  return apiRequest(`/api/admin/auth/users/page?${query}`, { schema: UserPageResponseSchema, signal });
}

export function listUsersQueryOptions(request: UserPageRequest) {
  return queryOptions({
    queryKey: [...usersQueryKey, 'page', request] as const,
    queryFn: ({ signal }) => listUsers(request, signal),
  });
}

export function useUserPage(request: UserPageRequest) {
  return useQuery({ ...listUsersQueryOptions(request), placeholderData: keepPreviousData });
}

/** POST /api/admin/auth/users (201) */
export function createUser(body: CreateUserRequest) {
  return apiRequest('/api/admin/auth/users', { method: 'POST', body, schema: UserSummarySchema });
}

/** PUT /api/admin/auth/user/{uid}; blank password fields keep the current password. */
export function updateUser(uid: string, body: UpdateUserRequest) {
  return apiRequest(`/api/admin/auth/user/${encodeURIComponent(uid)}`, {
    method: 'PUT',
    body,
    schema: UserSummarySchema,
  });
}

/** DELETE /api/admin/auth/user/{uid} (204) */
export function deleteUser(uid: string) {
  return apiRequest(`/api/admin/auth/user/${encodeURIComponent(uid)}`, { method: 'DELETE' });
}

export type SaveUserInput =
  | { mode: 'create'; body: CreateUserRequest }
  | { mode: 'update'; uid: string; body: UpdateUserRequest };

export function useSaveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveUserInput) =>
      input.mode === 'create' ? createUser(input.body) : updateUser(input.uid, input.body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
