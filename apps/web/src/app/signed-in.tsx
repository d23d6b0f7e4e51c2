import { ModalsProvider } from '@mantine/modals';
import type { SessionUser } from '@telecare/contracts/auth';
import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { useSignedInSession } from '../features/auth/hooks/use-signed-in-session';
import { AppLayout } from './app-layout';
import { HOME_PATH } from './screens';

/**
 * The other screens and the panel's forms, fetched when a signed-in tab is idle, so that opening
 * one does not wait for its script (docs/decisions/0024; see also ./preload).
 */
const LATER = [
  () => import('./appointment-requests-screen'),
  () => import('./settings-screen'),
  () => import('../features/booking/components/booking-modal'),
  () => import('../features/booking/components/cancel-appointment-modal'),
  () => import('../features/clients/components/edit-client-modal'),
  () => import('../features/tasks/components/manage-tasks-modal'),
  () => import('../features/clients/components/create-client-page'),
  () => import('../features/tracking/components/track-patients-page'),
  () => import('../features/users/components/account-setting-page'),
  () => import('../features/settings/components/feature-flags-page'),
  () => import('./notification-stack'),
];

/** Fetches the rest of the signed-in app when the browser is next idle; returns the cancel function. */
function preloadRestWhenIdle(): () => void {
  const start = () => {
    for (const load of LATER) void load().catch(() => undefined);
  };
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(start, { timeout: 5_000 });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(start, 1_000);
  return () => clearTimeout(handle);
}

/**
 * A signed-in tab: presence, inactivity sign-out across tabs, keep-alive (see useSignedInSession);
 * once idle, it fetches the other screens' scripts.
 */
export function SignedIn({ user, atAdminRoot }: { user: SessionUser; atAdminRoot: boolean }) {
  useSignedInSession();
  useEffect(preloadRestWhenIdle, []);
  if (atAdminRoot) return <Navigate to={HOME_PATH} replace />;
  // The modals manager serves the signed-in screens (the signed-out pages open no modal).
  return (
    <ModalsProvider>
      <AppLayout user={user} />
    </ModalsProvider>
  );
}
