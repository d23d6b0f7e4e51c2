import { createBrowserRouter, Navigate } from 'react-router';
import { clearSession } from '../features/auth/api/get-session';
import { setAuthErrorHandler } from '../lib/api-client';
import { queryClient } from '../lib/query-client';
import { AdminGate } from './admin-gate';
import { ADMIN_SCREENS, HOME_PATH } from './screens';

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
  { path: '*', element: <Navigate to="/admin" replace /> },
]);

// A 401/403 from any call (other than sign-in and the session probe) means the session is over or
// the user may not use the app: forget everything and show the sign-in screen.
setAuthErrorHandler(() => {
  clearSession(queryClient);
  void router.navigate('/admin', { replace: true });
});
