import { queryOptions, useQuery } from '@tanstack/react-query';
import { type StaffMember, UsersResponseSchema } from '@telecare/contracts/users';
import { SIGN_IN_ROLES } from '@telecare/domain/roles';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/admin/auth/users?role=...: the staff a todo may be given (the server leaves out IT staff and disabled accounts), by name. */
export async function listTodoAssignees(signal?: AbortSignal): Promise<StaffMember[]> {
  const { users } = await apiRequest(`/api/admin/auth/users?role=${SIGN_IN_ROLES.join(',')}`, {
    schema: UsersResponseSchema,
    signal,
  });
  return users.sort((a, b) => `${a.firstName} ${a.lastName}`.localeCompare(`${b.firstName} ${b.lastName}`));
}

/** Under 'users', so a change to the staff accounts (users.changed) refreshes it. */
export function useTodoAssignees() {
  return useQuery(
    queryOptions({
      queryKey: ['users', 'todo-assignees'] as const,
      queryFn: ({ signal }) => listTodoAssignees(signal),
      staleTime: 5 * 60_000,
    }),
  );
}
