import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { clearSession } from './get-session';

/** POST /api/auth/sign-out (204). A session that has already ended (401) counts as signed out. */
export async function signOut(): Promise<void> {
  try {
    await apiRequest('/api/auth/sign-out', { method: 'POST', handleAuthErrors: false });
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401)) throw error;
  }
}

/** Signs out and, once the server has ended the session, forgets everything cached. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: signOut, onSuccess: () => clearSession(queryClient) });
}
