import type { WorkflowListName } from '@telecare/contracts/workflows';
import { WORKFLOW_LIST_LABELS } from '@telecare/domain/workflow-lists';
import { lazyScreen } from './lazy-screen';
import { loadWorkflowScreen } from './preload';
import type { AdminScreen } from './screens';

/** The list screens load with their panel on first use (./workflow-screen). */
const WorkflowScreen = lazyScreen(loadWorkflowScreen, 'WorkflowScreen');

/** Route path under /admin and navigation label of each list (the spec's). */
const WORKFLOW_LIST_SCREENS: Record<WorkflowListName, { path: string; label: string }> = {
  active: { path: 'client-appointment', label: WORKFLOW_LIST_LABELS.active },
  archived: { path: 'archived-client-appointment', label: WORKFLOW_LIST_LABELS.archived },
  history: { path: 'history-client-appointment', label: WORKFLOW_LIST_LABELS.history },
  deleted: { path: 'deleted-client-appointment', label: WORKFLOW_LIST_LABELS.deleted },
};

/** One workflow in its list's screen (the spec's `?id=`). */
export function workflowHref(list: WorkflowListName, id: string): string {
  return `/admin/${WORKFLOW_LIST_SCREENS[list].path}?${new URLSearchParams({ id })}`;
}

/** The navigation entry and route of one list. */
export function workflowScreen(list: WorkflowListName): AdminScreen {
  // The key gives each list a fresh page (filters, open row) when switching between them.
  return {
    ...WORKFLOW_LIST_SCREENS[list],
    element: <WorkflowScreen key={list} list={list} />,
    load: loadWorkflowScreen,
  };
}

/** The spec's three lists, in its order. */
export const WORKFLOW_SCREENS: readonly AdminScreen[] = (['active', 'archived', 'history'] as const).map(
  workflowScreen,
);
