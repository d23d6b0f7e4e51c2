import type { WorkflowListName } from '@telecare/contracts/workflows';
import { WORKFLOW_LIST_LABELS } from '@telecare/domain/workflow-rules';
import { BookingModal } from '../features/booking/components/booking-modal';
import { CancelAppointmentModal } from '../features/booking/components/cancel-appointment-modal';
import { EditClientModal } from '../features/clients/components/edit-client-modal';
import { useFeatureFlags } from '../features/settings/api/feature-flags';
import { ManageTasksModal } from '../features/tasks/components/manage-tasks-modal';
import type {
  PanelTabSet,
  WorkflowPanelBookingSlot,
  WorkflowPanelSlot,
} from '../features/workflows/components/panel/workflow-panel';
import { WorkflowListPage } from '../features/workflows/components/workflow-list-page';
import type { AdminScreen } from './screens';

/**
 * The workflow list screens, composed across features (Rule 9): the list and its panel come
 * from features/workflows, the panel's modals from the features that own them.
 */

/** Route path under /admin and navigation label of each list (the spec's). */
const WORKFLOW_LIST_SCREENS: Record<WorkflowListName, { path: string; label: string }> = {
  active: { path: 'client-appointment', label: WORKFLOW_LIST_LABELS.active },
  archived: { path: 'archived-client-appointment', label: WORKFLOW_LIST_LABELS.archived },
  history: { path: 'history-client-appointment', label: WORKFLOW_LIST_LABELS.history },
  deleted: { path: 'deleted-client-appointment', label: WORKFLOW_LIST_LABELS.deleted },
};

/**
 * The detail panel's tab set on each list (docs/decisions/0013): an archived workflow is closed
 * work, so its screen shows only the messaging tabs (SMS Logs, Send SMS, Send Email).
 */
const PANEL_TAB_SETS: Record<WorkflowListName, PanelTabSet> = {
  active: 'full',
  archived: 'short',
  history: 'full',
  deleted: 'short',
};

/** One workflow in its list's screen (the spec's `?id=`). */
export function workflowHref(list: WorkflowListName, id: string): string {
  return `/admin/${WORKFLOW_LIST_SCREENS[list].path}?${new URLSearchParams({ id })}`;
}

const renderManageTasks: WorkflowPanelSlot = (detail, close) => (
  <ManageTasksModal detail={detail} onClose={close} />
);

const renderEditClient: WorkflowPanelSlot = (detail, close) => (
  <EditClientModal detail={detail} onClose={close} />
);

const renderBooking: WorkflowPanelBookingSlot = (detail, mode, close) =>
  mode === 'cancel' ? (
    <CancelAppointmentModal detail={detail} onClose={close} />
  ) : (
    <BookingModal detail={detail} mode={mode} onClose={close} />
  );

export function WorkflowScreen({ list }: { list: WorkflowListName }) {
  // The experiments flag adds the Coordinator filter column to the active list (spec section 2).
  const experiments = useFeatureFlags().data?.experiments ?? false;
  return (
    <WorkflowListPage
      list={list}
      workflowHref={workflowHref}
      panelTabSet={PANEL_TAB_SETS[list]}
      showCoordinator={list === 'active' && experiments}
      renderEditClient={renderEditClient}
      renderManageTasks={renderManageTasks}
      renderBooking={renderBooking}
    />
  );
}

/** The navigation entry and route of one list. */
export function workflowScreen(list: WorkflowListName): AdminScreen {
  // The key gives each list a fresh page (filters, open row) when switching between them.
  return { ...WORKFLOW_LIST_SCREENS[list], element: <WorkflowScreen key={list} list={list} /> };
}

/** The spec's three lists, in its order. */
export const WORKFLOW_SCREENS: readonly AdminScreen[] = (['active', 'archived', 'history'] as const).map(
  workflowScreen,
);
