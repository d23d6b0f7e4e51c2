import { Box, NavLink, Stack, Text } from '@mantine/core';
import type { SessionUser } from '@telecare/contracts/auth';
import { hasPermission, Permission, SETTINGS_ROLES } from '@telecare/domain/roles';
import { type ReactElement, Suspense } from 'react';
import { Link, Navigate, Route, Routes, useLocation } from 'react-router';
import { PageLoader } from '../components/ui/page-loader';
import { useSession } from '../features/auth/api/get-session';
import { lazyScreen } from './lazy-screen';

// Each settings screen is fetched when first opened (docs/decisions/0024).
const CreateClientPage = lazyScreen(
  () => import('../features/clients/components/create-client-page'),
  'CreateClientPage',
);
const FeatureFlagsPage = lazyScreen(
  () => import('../features/settings/components/feature-flags-page'),
  'FeatureFlagsPage',
);
const TrackPatientsPage = lazyScreen(
  () => import('../features/tracking/components/track-patients-page'),
  'TrackPatientsPage',
);
const SpecialitiesPage = lazyScreen(
  () => import('../features/specialists/components/specialities-page'),
  'SpecialitiesPage',
);
const PractitionerProfilePage = lazyScreen(
  () => import('../features/specialists/components/practitioner-profile-page'),
  'PractitionerProfilePage',
);
const UnmatchedRepliesPage = lazyScreen(
  () => import('../features/messaging/components/unmatched-replies-page'),
  'UnmatchedRepliesPage',
);
const FailedMessagesPage = lazyScreen(
  () => import('../features/messaging/components/failed-messages-page'),
  'FailedMessagesPage',
);
const AccountSettingPage = lazyScreen(
  () => import('../features/users/components/account-setting-page'),
  'AccountSettingPage',
);

/** Where the settings area lives (the router mounts this page at settings/*). */
export const SETTINGS_PATH = '/admin/settings';

interface SettingsScreen {
  /** Path under /admin/settings (the spec's). */
  path: string;
  label: string;
  element: ReactElement;
  /** Who sees the screen and may open it; everyone who sees its group when absent. */
  visibleTo?: (user: SessionUser) => boolean;
}

interface SettingsGroup {
  label: string;
  screens: readonly SettingsScreen[];
  /** Who sees the group and may open its screens; everyone who sees Settings when absent. */
  visibleTo?: (user: SessionUser) => boolean;
}

/** The left menu, in the spec's groups; only screens that exist are listed. */
const SETTINGS_GROUPS: readonly SettingsGroup[] = [
  {
    label: 'Client',
    screens: [
      { path: 'track-patients', label: 'Track Patients', element: <TrackPatientsPage /> },
      {
        path: 'create-client',
        label: 'Create Client',
        element: <CreateClientPage />,
        visibleTo: (user) => hasPermission(user.role, Permission.clientSetting),
      },
    ],
  },
  {
    label: 'Practitioner',
    screens: [{ path: 'speciality', label: 'Speciality', element: <SpecialitiesPage /> }],
    visibleTo: (user) => hasPermission(user.role, Permission.otherSettings),
  },
  {
    label: 'Admin',
    // The other groups stay with the privileged roles (spec: only track-patients is for everyone).
    visibleTo: (user) => SETTINGS_ROLES.includes(user.role),
    screens: [
      { path: 'account-setting', label: 'Account Setting', element: <CurrentUserAccountSetting /> },
      {
        path: 'practitioner-profile',
        label: 'Practitioner Profile',
        element: <PractitionerProfilePage />,
        visibleTo: (user) => hasPermission(user.role, Permission.otherSettings),
      },
      {
        path: 'feature-flags',
        label: 'Feature Flags',
        element: <FeatureFlagsPage />,
        visibleTo: (user) => hasPermission(user.role, Permission.otherSettings),
      },
      {
        path: 'unmatched-sms',
        label: 'Unmatched SMS',
        element: <UnmatchedRepliesPage />,
        visibleTo: (user) => hasPermission(user.role, Permission.workflowWrite),
      },
      {
        path: 'failed-messages',
        label: 'Failed Messages',
        element: <FailedMessagesPage />,
        visibleTo: (user) => hasPermission(user.role, Permission.workflowWrite),
      },
    ],
  },
];

/** Where settings/ itself (and unknown settings paths) go. */
const FIRST_SCREEN = `${SETTINGS_PATH}/track-patients`;

/** The settings area: a left menu and the chosen settings screen. */
export function SettingsPage() {
  const { pathname } = useLocation();
  const user = useSession().data;
  const sees = (item: { visibleTo?: (user: SessionUser) => boolean }) =>
    !item.visibleTo || Boolean(user && item.visibleTo(user));
  const groups = SETTINGS_GROUPS.filter(sees)
    .map((group) => ({ ...group, screens: group.screens.filter(sees) }))
    .filter((group) => group.screens.length > 0);
  return (
    <Box h="100%" style={{ display: 'flex', gap: 'var(--mantine-spacing-md)', minHeight: 0 }}>
      <Box
        component="nav"
        aria-label="Settings"
        w={200}
        py="xs"
        style={{ flex: 'none', borderRight: '1px solid var(--mantine-color-gray-3)', overflowY: 'auto' }}
      >
        {groups.map((group) => (
          <Stack key={group.label} gap={2} mb="sm" role="group" aria-label={group.label}>
            <Text size="xs" fw={700} c="gray.7" tt="uppercase" px="sm" py={4} aria-hidden="true">
              {group.label}
            </Text>
            {group.screens.map((screen) => {
              const to = `${SETTINGS_PATH}/${screen.path}`;
              const active = pathname === to || pathname.startsWith(`${to}/`);
              return (
                <NavLink
                  key={screen.path}
                  component={Link}
                  to={to}
                  label={screen.label}
                  active={active}
                  aria-current={active ? 'page' : undefined}
                  py={6}
                />
              );
            })}
          </Stack>
        ))}
      </Box>
      <Box style={{ flex: 1, minWidth: 0, minHeight: 0, display: 'flex', flexDirection: 'column' }} py="xs">
        <Suspense fallback={<PageLoader label="Loading" />}>
          <Routes>
            <Route index element={<Navigate to={FIRST_SCREEN} replace />} />
            {groups.flatMap((group) =>
              group.screens.map((screen) => (
                <Route key={screen.path} path={screen.path} element={screen.element} />
              )),
            )}
            <Route path="*" element={<Navigate to={FIRST_SCREEN} replace />} />
          </Routes>
        </Suspense>
      </Box>
    </Box>
  );
}

/** The user list needs to know who is signed in (nobody deletes their own account). */
function CurrentUserAccountSetting() {
  return <AccountSettingPage currentUid={useSession().data?.uid ?? ''} />;
}
