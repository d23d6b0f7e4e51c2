import { useMutation } from '@tanstack/react-query';
import { MessageResponseSchema } from '@telecare/contracts/auth';
import { apiRequest } from '../../../lib/api-client';

export interface CompletePasswordResetRequest {
  /** From the e-mailed link (/reset-password?token=...). */
  token: string;
  password: string;
}

/** POST /api/auth/password-reset/complete: sets the new password; 400 when the link is invalid, expired or used. */
export function completePasswordReset(body: CompletePasswordResetRequest) {
  return apiRequest('/api/auth/password-reset/complete', {
    method: 'POST',
    body,
    schema: MessageResponseSchema,
    handleAuthErrors: false,
  });
}

export function useCompletePasswordReset() {
  return useMutation({ mutationFn: completePasswordReset });
}
