import { useMutation } from '@tanstack/react-query';
import { type SignInRequest, SignInResponseSchema } from '@telecare/contracts/auth';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/auth/sign-in: the server sets the session cookie; errors carry the message to show. */
export function signIn(body: SignInRequest) {
  return apiRequest('/api/auth/sign-in', {
    method: 'POST',
    body,
    schema: SignInResponseSchema,
    handleAuthErrors: false,
  });
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}
