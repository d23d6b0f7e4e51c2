import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import type { MeResponseSchema, SessionUser } from '@telecare/contracts/auth';
import type { z } from 'zod';
import { ApiError, apiRequest } from '../../../lib/api-client';

/**
 * GET /api/auth/me: the fully signed-in user (password and second factor done) and the idle limit,
 * or null when nobody is (401).
 */

export const sessionQueryKey = ['auth', 'session'] as const;
export const DEFAULT_IDLE_MINUTES = 120;
/** The idle sign-out limit from the last /me answer; configuration, not user data, so kept on sign-out. */
let idleMinutes = DEFAULT_IDLE_MINUTES;

export type MeResponse = z.infer<typeof MeResponseSchema>;

/** Imported once someone is signed in: the sign-in page loads without zod (docs/decisions/0024). */
const meResponseSchema = async () => (await import('@telecare/contracts/auth')).MeResponseSchema;

export async function getMe(signal?: AbortSignal): Promise<MeResponse | null> {
  try {
    return await apiRequest('/api/auth/me', {
      schema: meResponseSchema,
      signal,
      handleAuthErrors: false,
      statusOnlyErrors: [401],
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export async function getSession(signal?: AbortSignal): Promise<SessionUser | null> {
  return (await getMe(signal))?.user ?? null;
}

export function sessionQueryOptions() {
  return queryOptions({
    queryKey: sessionQueryKey,
    queryFn: async ({ signal }) => {
      const me = await getMe(signal);
      if (me && me.idleMinutes > 0) idleMinutes = me.idleMinutes;
      return me?.user ?? null;
    },
    // Known until a sign-in, a sign-out or any 401/403 answer changes it (see clearSession).
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useSession() {
  return useQuery(sessionQueryOptions());
}

/** Minutes without activity (in any tab) after which the user is signed out. */
export function getIdleMinutes(): number {
  return idleMinutes;
}

/**
 * Stores the user a completed sign-in answered with; the session is then read again from /me in
 * the background (for the idle limit) once the signed-in screens are shown.
 */
export function setSessionUser(queryClient: QueryClient, user: SessionUser): void {
  queryClient.setQueryData(sessionQueryKey, user);
  void queryClient.invalidateQueries({ queryKey: sessionQueryKey, exact: true, refetchType: 'none' });
}

/** Forgets the session and every cached answer (they may hold patient data). */
export function clearSession(queryClient: QueryClient): void {
  const sessionHash = JSON.stringify(sessionQueryKey);
  queryClient.removeQueries({ predicate: (query) => JSON.stringify(query.queryKey) !== sessionHash });
  queryClient.setQueryData(sessionQueryKey, null);
}
