import { useMutation } from '@tanstack/react-query';
import { CodeSentResponseSchema } from '@telecare/contracts/auth';
import { apiRequest } from '../../../lib/api-client';

/**
 * POST /api/auth/mfa/sms/enroll/send: texts a code to the phone being enrolled ('412345678', the
 * server adds +61). Asking again within 20 s answers 429 RESEND_LOCKED.
 */
export function sendSmsEnrolCode(phoneNumber: string) {
  return apiRequest('/api/auth/mfa/sms/enroll/send', {
    method: 'POST',
    body: { phoneNumber },
    schema: CodeSentResponseSchema,
    handleAuthErrors: false,
  });
}

export function useSendSmsEnrolCode() {
  return useMutation({ mutationFn: sendSmsEnrolCode });
}
