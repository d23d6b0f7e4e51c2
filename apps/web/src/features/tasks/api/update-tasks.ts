import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateTasks } from '@telecare/contracts/workflow-detail';
import { type WorkflowRow, WorkflowRowSchema } from '@telecare/contracts/workflows';
import { WORKFLOW_LIST_LABELS } from '@telecare/domain/workflow-rules';
import { useActionBanner } from '../../../components/ui/action-banner';
import { apiRequest } from '../../../lib/api-client';

/** Every workflow query (list, detail, history) starts with this key. */
const WORKFLOWS_QUERY_KEY = ['workflows'] as const;

/**
 * PATCH /api/admin/workflow/tasks: saves the four task groups. The server archives the workflow when
 * the booking status changes into the archivable set (and brings it back when it leaves it).
 * 400 answers carry fieldErrors keyed like 'tasks.gp_report_t.status'.
 */
export function updateTasks(body: UpdateTasks) {
  return apiRequest('/api/admin/workflow/tasks', { method: 'PATCH', body, schema: WorkflowRowSchema });
}

/** Why the row left the list on screen, when the save moved the workflow to another list. */
export function movedToListText(from: WorkflowRow['list'], to: WorkflowRow['list']): string | undefined {
  if (from === to || to === 'deleted') return undefined;
  return `The new booking status moved the workflow to the ${WORKFLOW_LIST_LABELS[to]} list.`;
}

/**
 * Saves the tasks of a workflow that is on list `from`, and reports the result in the screen's
 * banner. The report belongs to the mutation, not to the form: a save that moves the workflow to
 * another list takes its row, and the form with it, off the screen before the form would hear of it.
 */
export function useUpdateTasks(from: WorkflowRow['list']) {
  const queryClient = useQueryClient();
  const banner = useActionBanner();
  return useMutation({
    mutationFn: updateTasks,
    onSuccess: (row) => banner.completed(movedToListText(from, row.list)),
    onError: (error) => banner.failed(error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: WORKFLOWS_QUERY_KEY }),
  });
}
