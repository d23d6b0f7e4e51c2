import { queryOptions, useQuery } from '@tanstack/react-query';
import { type StaffMember, UsersResponseSchema } from '@telecare/contracts/users';
import { apiRequest } from '../../../lib/api-client';

const COORDINATOR_ROLES = ['TELECARE_ADMIN', 'TELECARE_SUPERVISOR'] as const;

/**
 * GET /api/admin/auth/users?role=TELECARE_ADMIN,TELECARE_SUPERVISOR: the spec's coordinator list,
 * admins and supervisors who are not IT staff and not disabled (the server leaves those out),
 * sorted by name. A failure gives an empty list (the spec swallows failed user loads).
 */
export async function listCoordinators(signal?: AbortSignal): Promise<StaffMember[]> {
  try {
    const { users } = await apiRequest(`/api/admin/auth/users?role=${COORDINATOR_ROLES.join(',')}`, {
      schema: UsersResponseSchema,
      signal,
    });
    return users.sort((a, b) => `${a.firstName} ${a.lastName}`.localeCompare(`${b.firstName} ${b.lastName}`));
  } catch (error) {
    if (signal?.aborted) throw error;
    return [];
  }
}

/** Under 'users', so a change to the staff accounts (users.changed) refreshes it. */
export function coordinatorsQueryOptions() {
  return queryOptions({
    queryKey: ['users', 'coordinators'] as const,
    queryFn: ({ signal }) => listCoordinators(signal),
    staleTime: 5 * 60_000,
  });
}

export function useCoordinators() {
  return useQuery(coordinatorsQueryOptions());
}
