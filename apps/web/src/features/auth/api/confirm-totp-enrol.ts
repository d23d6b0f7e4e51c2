import { useMutation } from '@tanstack/react-query';
import { SignedInResponseSchema } from '@telecare/contracts/auth';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/auth/mfa/totp/enroll/confirm: enrols the authenticator with its current code; sign-in complete. */
export function confirmTotpEnrol(code: string) {
  return apiRequest('/api/auth/mfa/totp/enroll/confirm', {
    method: 'POST',
    body: { code },
    schema: SignedInResponseSchema,
    handleAuthErrors: false,
  });
}

export function useConfirmTotpEnrol() {
  return useMutation({ mutationFn: confirmTotpEnrol });
}
