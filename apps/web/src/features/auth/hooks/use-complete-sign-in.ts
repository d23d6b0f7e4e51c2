import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { AUTH_MESSAGES, type SessionUser } from '@telecare/contracts/auth';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { setSessionUser } from '../api/get-session';
import { recordCheckIn } from '../utils/record-check-in';
import { takeReturnAddress } from '../utils/return-address';

export const SIGNED_IN_MESSAGE = AUTH_MESSAGES.signedIn;

/**
 * The end of a sign-in (second factor accepted): tell the user, record the tab's presence (a
 * failure is reported and ignored), preload the first screen's data, then go to the app (or to
 * the address opened before signing in).
 */
export function useCompleteSignIn(preload?: () => Promise<unknown>) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [completing, setCompleting] = useState(false);

  const complete = useCallback(
    async (user: SessionUser) => {
      setCompleting(true);
      notifications.show({ color: 'green', message: SIGNED_IN_MESSAGE });
      await recordCheckIn();
      await preload?.().catch(() => undefined);
      setSessionUser(queryClient, user);
      // A link opened while signed out (kept through the second factor), else the first screen.
      navigate(takeReturnAddress() ?? '/', { replace: true });
    },
    [navigate, preload, queryClient],
  );

  return { completing, complete };
}
