import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import type { MfaStatus } from '@telecare/contracts/auth';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/auth/mfa/status: the pending sign-in's second-factor state; 401 when none is pending. */

export const mfaStatusQueryKey = ['auth', 'mfa-status'] as const;

/** How often the e-mail step asks whether the verification link has been opened. */
export const EMAIL_VERIFICATION_POLL_MS = 5_000;

/** Imported with the answer: the sign-in page, which sets this status, loads without zod (docs/decisions/0024). */
const mfaStatusSchema = async () => (await import('@telecare/contracts/auth')).MfaStatusSchema;

export function getMfaStatus(signal?: AbortSignal) {
  return apiRequest('/api/auth/mfa/status', { schema: mfaStatusSchema, signal, handleAuthErrors: false });
}

export function mfaStatusQueryOptions() {
  return queryOptions({
    queryKey: mfaStatusQueryKey,
    queryFn: ({ signal }) => getMfaStatus(signal),
    staleTime: 0,
    // Until the e-mail address is verified (the link may be opened on another device), poll.
    refetchInterval: (query) =>
      query.state.data && !query.state.data.emailVerified ? EMAIL_VERIFICATION_POLL_MS : false,
  });
}

export function useMfaStatus() {
  return useQuery(mfaStatusQueryOptions());
}

export function setMfaStatus(queryClient: QueryClient, status: MfaStatus): void {
  queryClient.setQueryData(mfaStatusQueryKey, status);
}
