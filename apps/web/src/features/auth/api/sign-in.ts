import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type SignInRequest, SignInResponseSchema } from '@telecare/contracts/auth';
import { apiRequest } from '../../../lib/api-client';
import { setMfaStatus } from './get-mfa-status';

/**
 * POST /api/auth/sign-in, the password step: the server sets a session cookie that only the MFA
 * endpoints accept until the second factor is done; the answer says which MFA step comes next.
 * Errors carry the message to show (wrong password, disabled account, country, too many attempts).
 */
export function signIn(body: SignInRequest) {
  return apiRequest('/api/auth/sign-in', {
    method: 'POST',
    body,
    schema: SignInResponseSchema,
    handleAuthErrors: false,
  });
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    // The MFA screen then starts from this answer instead of a spinner.
    onSuccess: ({ mfa }) => setMfaStatus(queryClient, mfa),
  });
}
