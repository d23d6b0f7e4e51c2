import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateTasks } from '@telecare/contracts/workflow-detail';
import { WorkflowRowSchema } from '@telecare/contracts/workflows';
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

export function useUpdateTasks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTasks,
    onSettled: () => queryClient.invalidateQueries({ queryKey: WORKFLOWS_QUERY_KEY }),
  });
}
