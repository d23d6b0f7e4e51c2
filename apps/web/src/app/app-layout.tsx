import { Box, Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import type { SessionUser } from '@telecare/contracts/auth';
import { Suspense, useState } from 'react';
import { NavLink, Outlet, useNavigate } from 'react-router';
import { PageLoader } from '../components/ui/page-loader';
import { clearSession } from '../features/auth/api/get-session';
import { signOut } from '../features/auth/api/sign-out';
import { ActivityReportMenu } from '../features/presence/components/activity-report-menu';
import { PresenceStrip } from '../features/presence/components/presence-strip';
import { useFeatureFlags } from '../features/settings/api/feature-flags';
import { errorMessage } from '../lib/api-client';
import { broadcastSignOut } from '../lib/idle-sign-out';
import { useRealtime } from '../lib/realtime';
import { checkOut } from '../lib/user-activity';
import classes from './app-layout.module.css';
import { ADMIN_SCREENS, canSeeScreen, screenHref } from './screens';

/**
 * Sign Out: record the check-out time (a failure is reported, not blocking), end the session,
 * tell the other tabs, forget everything cached and go to the sign-in screen.
 */
function useSignOutFlow() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);

  const run = async () => {
    setPending(true);
    try {
      try {
        await checkOut();
      } catch {
        notifications.show({ color: 'red', message: 'Can not add user logout time to server.' });
      }
      try {
        await signOut();
      } catch (error) {
        notifications.show({ color: 'red', title: 'action failed', message: errorMessage(error) });
        return;
      }
      broadcastSignOut();
      clearSession(queryClient);
      navigate('/admin', { replace: true });
    } finally {
      setPending(false);
    }
  };

  return { pending, signOut: run };
}

/** The signed-in frame: header (logo, presence, report, user, Sign Out), main navigation, then the screen. */
export function AppLayout({ user }: { user: SessionUser }) {
  useRealtime();
  const signOutFlow = useSignOutFlow();
  const flags = useFeatureFlags().data;
  const screens = ADMIN_SCREENS.filter((screen) => canSeeScreen(screen, user, flags));

  return (
    <Box h="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      <header className={classes.header}>
        <Text fw={700} size="lg" c="blue.8" className={classes.logo}>
          Telecare Staff
        </Text>
        <PresenceStrip />
        <Group gap="sm" wrap="nowrap" className={classes.actions}>
          {user.isSupervisor && <ActivityReportMenu />}
          <Text size="sm" className={classes.userName}>
            {user.firstName} {user.lastName}
          </Text>
          <Button
            size="compact-sm"
            variant="default"
            loading={signOutFlow.pending}
            onClick={() => void signOutFlow.signOut()}
          >
            Sign Out
          </Button>
        </Group>
      </header>
      <nav aria-label="Main navigation" className={classes.nav}>
        {screens.map((screen) => (
          <NavLink key={screen.path} to={screenHref(screen)} className={classes.navLink}>
            {screen.label}
          </NavLink>
        ))}
      </nav>
      <Box component="main" px="sm" py="xs" style={{ flex: 1, minHeight: 0 }}>
        {/* A screen opened for the first time shows a spinner under the header while its script loads. */}
        <Suspense fallback={<PageLoader label="Loading" />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
}
