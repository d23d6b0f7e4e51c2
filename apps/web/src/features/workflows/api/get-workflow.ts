import { queryOptions, useQuery } from '@tanstack/react-query';
import { WorkflowDetailSchema } from '@telecare/contracts/workflow-detail';
import { apiRequest } from '../../../lib/api-client';
import { workflowsQueryKey } from './workflows-query-key';

/** GET /api/admin/workflow/{id}: everything the detail panel shows (404 once deleted). */
export function getWorkflow(id: string, signal?: AbortSignal) {
  return apiRequest(`/api/admin/workflow/${encodeURIComponent(id)}`, {
    schema: WorkflowDetailSchema,
    signal,
  });
}

export function workflowQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...workflowsQueryKey, 'detail', id] as const,
    queryFn: ({ signal }) => getWorkflow(id, signal),
  });
}

export function useWorkflow(id: string) {
  return useQuery(workflowQueryOptions(id));
}
