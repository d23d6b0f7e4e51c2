import { useMutation } from '@tanstack/react-query';
import { type MfaMethod, SignedInResponseSchema } from '@telecare/contracts/auth';
import { apiRequest } from '../../../lib/api-client';

export interface VerifyMfaRequest {
  method: MfaMethod;
  code: string;
}

/**
 * POST /api/auth/mfa/verify: the second factor of a sign-in; the sign-in is complete on success.
 * A wrong code answers 400/401 with a message, too many tries 429.
 */
export function verifyMfa(body: VerifyMfaRequest) {
  return apiRequest('/api/auth/mfa/verify', {
    method: 'POST',
    body,
    schema: SignedInResponseSchema,
    handleAuthErrors: false,
  });
}

export function useVerifyMfa() {
  return useMutation({ mutationFn: verifyMfa });
}
