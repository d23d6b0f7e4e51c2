import { Box, Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { SessionUser } from '@telecare/contracts/auth';
import { NavLink, Outlet, useNavigate } from 'react-router';
import { useSignOut } from '../features/auth/api/sign-out';
import { errorMessage } from '../lib/api-client';
import classes from './app-layout.module.css';
import { ADMIN_SCREENS } from './screens';

/** The signed-in frame: header (logo, user, Sign Out), main navigation, then the screen. */
export function AppLayout({ user }: { user: SessionUser }) {
  const navigate = useNavigate();
  const signOut = useSignOut();

  const handleSignOut = () =>
    signOut.mutate(undefined, {
      onSuccess: () => navigate('/admin', { replace: true }),
      onError: (error) =>
        notifications.show({ color: 'red', title: 'action failed', message: errorMessage(error) }),
    });

  return (
    <Box h="100dvh" style={{ display: 'flex', flexDirection: 'column' }}>
      <header className={classes.header}>
        <Text fw={700} size="lg" c="blue.8">
          Telecare Staff
        </Text>
        <Group gap="sm" wrap="nowrap">
          <Text size="sm">
            {user.firstName} {user.lastName}
          </Text>
          <Button size="compact-sm" variant="default" loading={signOut.isPending} onClick={handleSignOut}>
            Sign Out
          </Button>
        </Group>
      </header>
      <nav aria-label="Main navigation" className={classes.nav}>
        {ADMIN_SCREENS.map((screen) => (
          <NavLink key={screen.path} to={`/admin/${screen.path}`} className={classes.navLink}>
            {screen.label}
          </NavLink>
        ))}
      </nav>
      <Box component="main" px="md" py="xs" style={{ flex: 1, minHeight: 0 }}>
        <Outlet />
      </Box>
    </Box>
  );
}
