import { useMutation } from '@tanstack/react-query';
import { CodeSentResponseSchema } from '@telecare/contracts/auth';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/auth/mfa/sms/send: texts a sign-in code to the enrolled phone; 429 RESEND_LOCKED within 20 s. */
export function sendSmsCode() {
  return apiRequest('/api/auth/mfa/sms/send', {
    method: 'POST',
    schema: CodeSentResponseSchema,
    handleAuthErrors: false,
  });
}

export function useSendSmsCode() {
  return useMutation({ mutationFn: sendSmsCode });
}
