import { createBrowserRouter, Navigate } from 'react-router';
import { clearSession, sessionQueryKey } from '../features/auth/api/get-session';
import { MfaEnrollPage } from '../features/auth/components/mfa-enroll-page';
import { MfaVerifyPage } from '../features/auth/components/mfa-verify-page';
import { ResetPasswordPage } from '../features/auth/components/reset-password-page';
import {
  defaultWorkflowListRequest,
  listWorkflowsQueryOptions,
} from '../features/workflows/api/list-workflows';
import { setAuthErrorHandler } from '../lib/api-client';
import { onSignOutBroadcast } from '../lib/idle-sign-out';
import { queryClient } from '../lib/query-client';
import { clearStoredActivity } from '../lib/user-activity';
import { AdminGate } from './admin-gate';
import { ADMIN_SCREENS, HOME_PATH } from './screens';

/** The first screen's data, loaded while a completed sign-in shows 'preloading data ...'. */
const preloadHome = () =>
  queryClient.prefetchQuery(listWorkflowsQueryOptions(defaultWorkflowListRequest('active')));

export const router = createBrowserRouter([
  { path: '/', element: <Navigate to="/admin" replace /> },
  {
    path: '/admin',
    element: <AdminGate />,
    children: [
      ...ADMIN_SCREENS.map(({ path, element }) => ({ path, element })),
      { path: '*', element: <Navigate to={HOME_PATH} replace /> },
    ],
  },
  { path: '/mfa-enroll', element: <MfaEnrollPage preload={preloadHome} /> },
  { path: '/mfa-verify', element: <MfaVerifyPage preload={preloadHome} /> },
  { path: '/reset-password', element: <ResetPasswordPage /> },
  { path: '*', element: <Navigate to="/admin" replace /> },
]);

// A 401/403 from any call (other than sign-in and the session probe) means the session is over or
// the user may not use the app: forget everything and show the sign-in screen.
setAuthErrorHandler(() => {
  clearSession(queryClient);
  void router.navigate('/admin', { replace: true });
});

// Another tab signed out (its Sign Out button or the idle limit): the session cookie is gone for
// every tab, so a signed-in tab forgets everything too and shows the sign-in screen.
onSignOutBroadcast(() => {
  if (!queryClient.getQueryData(sessionQueryKey)) return;
  clearStoredActivity();
  clearSession(queryClient);
  void router.navigate('/admin', { replace: true });
});
