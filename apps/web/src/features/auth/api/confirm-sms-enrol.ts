import { useMutation } from '@tanstack/react-query';
import { SignedInResponseSchema } from '@telecare/contracts/auth';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/auth/mfa/sms/enroll/confirm: enrols the phone with the texted code; the sign-in is complete. */
export function confirmSmsEnrol(code: string) {
  return apiRequest('/api/auth/mfa/sms/enroll/confirm', {
    method: 'POST',
    body: { code },
    schema: SignedInResponseSchema,
    handleAuthErrors: false,
  });
}

export function useConfirmSmsEnrol() {
  return useMutation({ mutationFn: confirmSmsEnrol });
}
