import { queryOptions, useQuery } from '@tanstack/react-query';
import { TotpEnrolStartResponseSchema } from '@telecare/contracts/auth';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/auth/mfa/totp/enroll/start: a new authenticator secret for the pending user.
 * Read as a query so the screen asks once (also under StrictMode) and keeps the same secret while
 * the user switches between the SMS and authenticator choices.
 */

export const totpEnrolQueryKey = ['auth', 'totp-enrol'] as const;

export function startTotpEnrol() {
  return apiRequest('/api/auth/mfa/totp/enroll/start', {
    method: 'POST',
    schema: TotpEnrolStartResponseSchema,
    handleAuthErrors: false,
  });
}

export function totpEnrolQueryOptions() {
  return queryOptions({
    queryKey: totpEnrolQueryKey,
    // No abort signal: an unmount (StrictMode's included) must not cancel and ask for a second secret.
    queryFn: () => startTotpEnrol(),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: false,
  });
}

export function useStartTotpEnrol() {
  return useQuery(totpEnrolQueryOptions());
}
