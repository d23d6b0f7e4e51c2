import { useMutation } from '@tanstack/react-query';
import { MessageResponseSchema } from '@telecare/contracts/auth';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/auth/mfa/email-verification: e-mails the pending user a link that marks the address
 * verified (GET /api/auth/verify-email?token=...) and opens /mfa-enroll.
 */
export function sendVerificationEmail() {
  return apiRequest('/api/auth/mfa/email-verification', {
    method: 'POST',
    schema: MessageResponseSchema,
    handleAuthErrors: false,
  });
}

export function useSendVerificationEmail() {
  return useMutation({ mutationFn: sendVerificationEmail });
}
