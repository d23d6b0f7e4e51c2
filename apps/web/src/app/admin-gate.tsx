import { Center } from '@mantine/core';
import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { ErrorAlert } from '../components/ui/error-alert';
import { useSession } from '../features/auth/api/get-session';
import { SignInPage } from '../features/auth/components/sign-in-page';
import { rememberReturnAddress } from '../features/auth/utils/return-address';
import { FullPageLoader, lazyScreen } from './lazy-screen';
import { loadSignedIn, preloadSignIn } from './preload';
import { screenAt } from './screens';

/** The signed-in frame (header, navigation, presence) is fetched once someone is signed in. */
const SignedIn = lazyScreen(loadSignedIn, 'SignedIn');

/**
 * /admin and everything under it: the sign-in screen (or Forgot password) when nobody is signed
 * in (other /admin paths go back to /admin), otherwise the layout; /admin itself then goes to the
 * first screen.
 */
export function AdminGate() {
  const session = useSession();
  const { pathname, search } = useLocation();
  const atAdminRoot = pathname.replace(/\/+$/, '') === '/admin';

  // A link to a signed-in screen: fetch the frame and the screen while the session is checked.
  useEffect(() => {
    if (atAdminRoot) return;
    void loadSignedIn();
    void screenAt(pathname)?.load();
  }, [atAdminRoot, pathname]);

  const user = session.data;
  if (user === undefined) {
    if (session.isError) {
      return (
        <Center mih="100dvh" p="md">
          <ErrorAlert error={session.error} onRetry={() => void session.refetch()} />
        </Center>
      );
    }
    return <FullPageLoader />;
  }
  if (!user) {
    if (!atAdminRoot) return <SignInFirst address={pathname + search} />;
    return <SignInPage onStart={() => void preloadSignIn()} />;
  }
  return <SignedIn user={user} atAdminRoot={atAdminRoot} />;
}

/** A signed-in address opened while signed out: kept for after the sign-in, then the sign-in form. */
function SignInFirst({ address }: { address: string }) {
  useEffect(() => rememberReturnAddress(address), [address]);
  return <Navigate to="/admin" replace />;
}
