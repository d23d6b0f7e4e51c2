import type { WorkflowListName } from '@telecare/contracts/workflows';
import { Suspense } from 'react';
import { PageLoader } from '../components/ui/page-loader';
import { useFeatureFlags } from '../features/settings/api/feature-flags';
import type { TodoPanelProps } from '../features/todos/components/todo-panel';
import type {
  PanelTabSet,
  WorkflowPanelBookingSlot,
  WorkflowPanelSlot,
  WorkflowPanelTabSlot,
} from '../features/workflows/components/panel/workflow-panel';
import { WorkflowListPage } from '../features/workflows/components/workflow-list-page';
import { lazyScreen } from './lazy-screen';
import { LazyModal } from './modal-loader';
import { workflowHref } from './workflow-routes';

// The panel's forms are fetched when first opened, not with the list (docs/decisions/0024).
const BookingModal = lazyScreen(() => import('../features/booking/components/booking-modal'), 'BookingModal');
const CancelAppointmentModal = lazyScreen(
  () => import('../features/booking/components/cancel-appointment-modal'),
  'CancelAppointmentModal',
);
const EditClientModal = lazyScreen(
  () => import('../features/clients/components/edit-client-modal'),
  'EditClientModal',
);
const TodoPanel = lazyScreen<'TodoPanel', TodoPanelProps>(
  () => import('../features/todos/components/todo-panel'),
  'TodoPanel',
);
const ManageTasksModal = lazyScreen(
  () => import('../features/tasks/components/manage-tasks-modal'),
  'ManageTasksModal',
);

/**
 * The workflow list screens, composed across features (Rule 9): the list and its panel come
 * from features/workflows, the panel's modals from the features that own them.
 */

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

const renderManageTasks: WorkflowPanelSlot = (detail, close) => (
  <LazyModal onClose={close}>
    <ManageTasksModal detail={detail} onClose={close} />
  </LazyModal>
);

/** The Todo List tab: the todos feature's table and form. */
const renderTodos: WorkflowPanelTabSlot = (detail) => (
  <Suspense fallback={<PageLoader label="Loading" />}>
    <TodoPanel workflowId={detail.row.id} />
  </Suspense>
);

const renderEditClient: WorkflowPanelSlot = (detail, close) => (
  <LazyModal onClose={close}>
    <EditClientModal detail={detail} onClose={close} />
  </LazyModal>
);

const renderBooking: WorkflowPanelBookingSlot = (detail, mode, close) => (
  <LazyModal onClose={close}>
    {mode === 'cancel' ? (
      <CancelAppointmentModal detail={detail} onClose={close} />
    ) : (
      <BookingModal detail={detail} mode={mode} onClose={close} />
    )}
  </LazyModal>
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
      renderTodos={renderTodos}
    />
  );
}
