import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { AUTH_MESSAGES } from '@telecare/contracts/auth';
import { PRESENCE_TIMING } from '@telecare/contracts/presence';
import { useEffect } from 'react';
import { isAuthError } from '../../../lib/api-client';
import { broadcastSignOut, watchIdle } from '../../../lib/idle-sign-out';
import {
  checkOut,
  clearStoredActivity,
  getStoredActivity,
  reportTabClosed,
  sendHeartbeat,
} from '../../../lib/user-activity';
import { getLoginStatus } from '../api/get-login-status';
import { clearSession, getIdleMinutes, sessionQueryKey } from '../api/get-session';
import { signOut } from '../api/sign-out';
import { allowCheckInRetry, recordCheckIn } from '../utils/record-check-in';
import { idleSignOutText, rememberSignOutReason, SESSION_ENDED_TEXT } from '../utils/sign-out-reason';

/**
 * What a tab does while the user is fully signed in (used by the /admin gate):
 * - records the tab's presence once (check-in), says every 20 s that the tab is open (heartbeat)
 *   and reports the tab closing (pagehide beacon);
 * - signs out after the idle limit without activity in any tab, and tells the other tabs;
 * - while the user is active, pings the server's login status (at most every 5 minutes); an
 *   expired login there ends the session in this tab.
 * Forgetting the session is enough to leave: the gate then shows the sign-in screen at /admin.
 */
export function useSignedInSession(): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    void recordCheckIn({ automatic: true });
    const onPageHide = () => {
      reportTabClosed();
      // A reload gets a new check-in; the closed record must not be used again.
      clearStoredActivity();
    };
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      allowCheckInRetry();
      void recordCheckIn({ automatic: true });
    };
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('pageshow', onPageShow);
    // While the tab is open the server hears from it; silence (a crash, no beacon) shows offline.
    const heartbeat = window.setInterval(
      () => void sendHeartbeat().catch(() => undefined),
      PRESENCE_TIMING.HEARTBEAT_INTERVAL_MS,
    );
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', onPageShow);
      window.clearInterval(heartbeat);
    };
  }, []);

  useEffect(() => {
    const endLocally = () => {
      clearStoredActivity();
      clearSession(queryClient);
    };

    const signOutForInactivity = async () => {
      const reason = idleSignOutText(getIdleMinutes());
      await checkOut().catch(() => undefined);
      await signOut().catch(() => undefined);
      broadcastSignOut(reason);
      rememberSignOutReason(reason);
      endLocally();
    };

    const keepAlive = async () => {
      const activity = getStoredActivity();
      if (!activity) {
        // No presence record to ask about: reading the session does the same for the idle clock.
        await queryClient.refetchQueries({ queryKey: sessionQueryKey, exact: true });
        return;
      }
      let status: Awaited<ReturnType<typeof getLoginStatus>>;
      try {
        status = await getLoginStatus(activity.activityId);
      } catch (error) {
        // A 401/403 ends the session through the API client; anything else is reported.
        if (!isAuthError(error))
          notifications.show({ color: 'red', message: AUTH_MESSAGES.loginStatusFailed });
        return;
      }
      if (status.isExpired) {
        rememberSignOutReason(SESSION_ENDED_TEXT);
        endLocally();
      }
    };

    return watchIdle({
      getIdleMinutes,
      keepAlive,
      onIdle: () => void signOutForInactivity(),
    });
  }, [queryClient]);
}
