import type { ReactElement } from 'react';
import { WorkflowListPage } from '../features/workflows/components/workflow-list-page';

export interface AdminScreen {
  /** Path under /admin (the spec's). */
  path: string;
  /** Navigation label (the spec's). */
  label: string;
  element: ReactElement;
}

/** The signed-in screens, in navigation order: one line per screen gives its route and its tab. */
export const ADMIN_SCREENS: readonly AdminScreen[] = [
  { path: 'client-appointment', label: 'Workflow', element: <WorkflowListPage key="active" list="active" /> },
  {
    path: 'archived-client-appointment',
    label: 'Archived Workflow',
    element: <WorkflowListPage key="archived" list="archived" />,
  },
  {
    path: 'history-client-appointment',
    label: 'History Workflow',
    element: <WorkflowListPage key="history" list="history" />,
  },
];

/** Where /admin goes once signed in, and where unknown /admin paths land. */
export const HOME_PATH = '/admin/client-appointment';
