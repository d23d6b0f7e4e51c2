import type { SessionUser } from '@telecare/contracts/auth';
import { hasPermission, Permission } from '@telecare/domain/roles';
import type { ReactElement, ReactNode } from 'react';
import { matchPath, Navigate } from 'react-router';
import { useSession } from '../features/auth/api/get-session';
import { lazyScreen } from './lazy-screen';
import { WORKFLOW_SCREENS, workflowScreen } from './workflow-routes';

// Each screen is its own script chunk, fetched when first opened (docs/decisions/0024).
const loadSettings = () => import('./settings-screen');
const SettingsPage = lazyScreen(loadSettings, 'SettingsPage');
const loadAppointmentRequests = () => import('./appointment-requests-screen');
const AppointmentRequestsScreen = lazyScreen(loadAppointmentRequests, 'AppointmentRequestsScreen');
const loadSchedule = () => import('./schedule-screen');
const ScheduleScreen = lazyScreen(loadSchedule, 'ScheduleScreen');
const loadMyTodoList = () => import('./my-todo-list-screen');
const MyTodoListScreen = lazyScreen(loadMyTodoList, 'MyTodoListScreen');
const loadSpecialists = () => import('./specialists-screen');
const SpecialistsScreen = lazyScreen(loadSpecialists, 'SpecialistsScreen');
const loadReferralInbox = () => import('./referral-inbox-screen');
const ReferralInboxScreen = lazyScreen(loadReferralInbox, 'ReferralInboxScreen');

export interface AdminScreen {
  /** Route path under /admin (the spec's; a trailing '/*' lets the screen route inside itself). */
  path: string;
  /** Navigation label (the spec's). */
  label: string;
  element: ReactElement;
  /** Fetches the screen's script (a link straight to the screen starts it early). */
  load: () => Promise<unknown>;
  /** Who sees the tab and may open the screen; everyone signed in when absent. */
  visibleTo?: (user: SessionUser) => boolean;
  /** The configuration flag that shows the tab (hidden while it is off). */
  flag?: 'referralInbox';
}

/** Where /admin goes once signed in, and where unknown /admin paths land. */
export const HOME_PATH = '/admin/client-appointment';

/** The navigation link of a screen: its path without the trailing '/*'. */
export function screenHref(screen: AdminScreen): string {
  return `/admin/${screen.path.replace(/\/\*$/, '')}`;
}

export function canSeeScreen(
  screen: AdminScreen,
  user: SessionUser,
  flags?: Partial<Record<NonNullable<AdminScreen['flag']>, boolean>>,
): boolean {
  if (screen.flag && !flags?.[screen.flag]) return false;
  return screen.visibleTo?.(user) ?? true;
}

/** Intake is coordinators' daily work (V-17, V-33). */
const canProcessReferrals = (user: SessionUser) => hasPermission(user.role, Permission.workflowWrite);

/** Shows the screen only to the users it is meant for; others typing its URL go home. */
function ScreenGuard({
  visibleTo,
  children,
}: {
  visibleTo: (user: SessionUser) => boolean;
  children: ReactNode;
}) {
  const user = useSession().data;
  if (!user || !visibleTo(user)) return <Navigate to={HOME_PATH} replace />;
  return children;
}

function guarded(visibleTo: (user: SessionUser) => boolean, element: ReactElement) {
  return { visibleTo, element: <ScreenGuard visibleTo={visibleTo}>{element}</ScreenGuard> };
}

/** Every staff role: Track Patients is its default screen; the other groups check their own roles. */
const canUseSettings = (user: SessionUser) => hasPermission(user.role, Permission.workflowWrite);

/** IT staff restore deleted workflows (docs/decisions/0016). */
const canRestoreWorkflows = (user: SessionUser) => hasPermission(user.role, Permission.workflowRestore);

const deletedWorkflows = workflowScreen('deleted');

/** The signed-in screens, in navigation order: one line per screen gives its route and its tab. */
export const ADMIN_SCREENS: readonly AdminScreen[] = [
  ...WORKFLOW_SCREENS,
  { path: 'settings/*', label: 'Settings', load: loadSettings, ...guarded(canUseSettings, <SettingsPage />) },
  { path: 'my-todo-list', label: 'My Todo List', element: <MyTodoListScreen />, load: loadMyTodoList },
  { path: 'specialists', label: 'Specialists', element: <SpecialistsScreen />, load: loadSpecialists },
  {
    path: 'apt-requests',
    label: 'Appointment Requests',
    element: <AppointmentRequestsScreen />,
    load: loadAppointmentRequests,
  },
  { path: 'schedule', label: 'Schedule', element: <ScheduleScreen />, load: loadSchedule },
  {
    path: 'referral-inbox',
    label: 'Referral Inbox',
    load: loadReferralInbox,
    flag: 'referralInbox',
    ...guarded(canProcessReferrals, <ReferralInboxScreen />),
  },
  {
    ...deletedWorkflows,
    ...guarded(canRestoreWorkflows, deletedWorkflows.element),
  },
];

/** The screen a path under /admin opens, if any. */
export function screenAt(pathname: string): AdminScreen | undefined {
  return ADMIN_SCREENS.find((screen) => matchPath(`/admin/${screen.path}`, pathname));
}
