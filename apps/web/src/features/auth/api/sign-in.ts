import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignInRequest } from '@telecare/contracts/auth';
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
    // Imported with the answer: the sign-in page loads without zod (docs/decisions/0024).
    schema: async () => (await import('@telecare/contracts/auth')).SignInResponseSchema,
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
