import { useMutation } from '@tanstack/react-query';
import { MessageResponseSchema } from '@telecare/contracts/auth';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/auth/password-reset: e-mails reset instructions; the same answer whether or not the address exists. */
export function requestPasswordReset(email: string) {
  return apiRequest('/api/auth/password-reset', {
    method: 'POST',
    body: { email },
    schema: MessageResponseSchema,
    handleAuthErrors: false,
  });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
