import { Box, Center } from '@mantine/core';
import type { SessionUser } from '@telecare/contracts/auth';
import { Navigate, useLocation } from 'react-router';
import { ErrorAlert } from '../components/ui/error-alert';
import { PageLoader } from '../components/ui/page-loader';
import { useSession } from '../features/auth/api/get-session';
import { SignInPage } from '../features/auth/components/sign-in-page';
import { useSignedInSession } from '../features/auth/hooks/use-signed-in-session';
import { AppLayout } from './app-layout';
import { HOME_PATH } from './screens';

/**
 * /admin and everything under it: the sign-in screen (or Forgot password) when nobody is signed
 * in (other /admin paths go back to /admin), otherwise the layout; /admin itself then goes to the
 * first screen.
 */
export function AdminGate() {
  const session = useSession();
  const { pathname } = useLocation();
  const atAdminRoot = pathname.replace(/\/+$/, '') === '/admin';

  const user = session.data;
  if (user === undefined) {
    if (session.isError) {
      return (
        <Center mih="100dvh" p="md">
          <ErrorAlert error={session.error} onRetry={() => void session.refetch()} />
        </Center>
      );
    }
    return (
      <Box h="100dvh">
        <PageLoader label="Loading" />
      </Box>
    );
  }
  if (!user) {
    if (!atAdminRoot) return <Navigate to="/admin" replace />;
    return <SignInPage />;
  }
  return <SignedIn user={user} atAdminRoot={atAdminRoot} />;
}

/** A signed-in tab: presence, inactivity sign-out across tabs, keep-alive (see useSignedInSession). */
function SignedIn({ user, atAdminRoot }: { user: SessionUser; atAdminRoot: boolean }) {
  useSignedInSession();
  if (atAdminRoot) return <Navigate to={HOME_PATH} replace />;
  return <AppLayout user={user} />;
}
