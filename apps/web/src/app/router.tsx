import { type ReactNode, useEffect } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { clearSession, sessionQueryKey } from '../features/auth/api/get-session';
import { rememberReturnAddress } from '../features/auth/utils/return-address';
import { rememberSignOutReason } from '../features/auth/utils/sign-out-reason';
import { setAuthErrorHandler } from '../lib/api-client';
import { onSignOutBroadcast } from '../lib/idle-sign-out';
import { queryClient } from '../lib/query-client';
import { AdminGate } from './admin-gate';
import { lazyScreen, RootOutlet } from './lazy-screen';
import { preloadHome } from './preload';
import { ADMIN_SCREENS, HOME_PATH } from './screens';

const MfaEnrollPage = lazyScreen(
  () => import('../features/auth/components/mfa-enroll-page'),
  'MfaEnrollPage',
);
const MfaVerifyPage = lazyScreen(
  () => import('../features/auth/components/mfa-verify-page'),
  'MfaVerifyPage',
);
const ResetPasswordPage = lazyScreen(
  () => import('../features/auth/components/reset-password-page'),
  'ResetPasswordPage',
);

/** The first screen's data and scripts, loaded while a completed sign-in shows 'preloading data ...'. */
async function preloadHomeAndData(): Promise<void> {
  const prefetchList = async () => {
    const { defaultWorkflowListRequest, listWorkflowsQueryOptions } = await import(
      '../features/workflows/api/list-workflows'
    );
    await queryClient.prefetchQuery(listWorkflowsQueryOptions(defaultWorkflowListRequest('active')));
  };
  await Promise.all([prefetchList(), preloadHome()]);
}

/** The second-factor pages fetch the first screen's scripts while the user types the code. */
function WhileSigningIn({ children }: { children: ReactNode }) {
  useEffect(() => void preloadHome(), []);
  return children;
}

export const router = createBrowserRouter([
  {
    element: <RootOutlet />,
    children: [
      { path: '/', element: <Navigate to="/admin" replace /> },
      {
        path: '/admin',
        element: <AdminGate />,
        children: [
          ...ADMIN_SCREENS.map(({ path, element }) => ({ path, element })),
          { path: '*', element: <Navigate to={HOME_PATH} replace /> },
        ],
      },
      {
        path: '/mfa-enroll',
        element: (
          <WhileSigningIn>
            <MfaEnrollPage preload={preloadHomeAndData} />
          </WhileSigningIn>
        ),
      },
      {
        path: '/mfa-verify',
        element: (
          <WhileSigningIn>
            <MfaVerifyPage preload={preloadHomeAndData} />
          </WhileSigningIn>
        ),
      },
      { path: '/reset-password', element: <ResetPasswordPage /> },
      { path: '*', element: <Navigate to="/admin" replace /> },
    ],
  },
]);

// A 401/403 from any call (other than sign-in and the session probe) means the session is over or
// the user may not use the app: forget everything and show the sign-in screen.
setAuthErrorHandler(() => {
  // The session ended on this screen: come back to it after signing in again.
  rememberReturnAddress(window.location.pathname + window.location.search);
  clearSession(queryClient);
  void router.navigate('/admin', { replace: true });
});

// Another tab signed out (its Sign Out button or the idle limit): the session cookie is gone for
// every tab, so a signed-in tab forgets everything too and shows the sign-in screen.
onSignOutBroadcast((reason) => {
  if (!queryClient.getQueryData(sessionQueryKey)) return;
  if (reason) rememberSignOutReason(reason);
  // Imported here, not at the top: its schema would put zod on the sign-in page (docs/decisions/0024).
  void import('../lib/user-activity').then(({ clearStoredActivity }) => clearStoredActivity());
  clearSession(queryClient);
  void router.navigate('/admin', { replace: true });
});
