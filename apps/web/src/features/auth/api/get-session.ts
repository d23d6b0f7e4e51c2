import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { MeResponseSchema, type SessionUser } from '@telecare/contracts/auth';
import { ApiError, apiRequest } from '../../../lib/api-client';

/** GET /api/auth/me: the signed-in user, or null when nobody is signed in (401). */

export const sessionQueryKey = ['auth', 'session'] as const;

export async function getSession(signal?: AbortSignal): Promise<SessionUser | null> {
  try {
    const { user } = await apiRequest('/api/auth/me', {
      schema: MeResponseSchema,
      signal,
      handleAuthErrors: false,
    });
    return user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export function sessionQueryOptions() {
  return queryOptions({
    queryKey: sessionQueryKey,
    queryFn: ({ signal }) => getSession(signal),
    // Known until a sign-in, a sign-out or any 401/403 answer changes it (see clearSession).
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useSession() {
  return useQuery(sessionQueryOptions());
}

export function setSessionUser(queryClient: QueryClient, user: SessionUser): void {
  queryClient.setQueryData(sessionQueryKey, user);
}

/** Forgets the session and every cached answer (they may hold patient data). */
export function clearSession(queryClient: QueryClient): void {
  const sessionHash = JSON.stringify(sessionQueryKey);
  queryClient.removeQueries({ predicate: (query) => JSON.stringify(query.queryKey) !== sessionHash });
  queryClient.setQueryData(sessionQueryKey, null);
}
