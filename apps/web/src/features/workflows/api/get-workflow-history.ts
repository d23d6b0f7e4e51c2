import { queryOptions, useQuery } from '@tanstack/react-query';
import { HistoryResponseSchema } from '@telecare/contracts/workflow-detail';
import { apiRequest } from '../../../lib/api-client';
import { workflowsQueryKey } from './workflows-query-key';

/** GET /api/admin/workflow/{id}/history: the other workflows of the same client. */
export function getWorkflowHistory(id: string, signal?: AbortSignal) {
  return apiRequest(`/api/admin/workflow/${encodeURIComponent(id)}/history`, {
    schema: HistoryResponseSchema,
    signal,
  });
}

export function workflowHistoryQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...workflowsQueryKey, 'history', id] as const,
    queryFn: async ({ signal }) => (await getWorkflowHistory(id, signal)).rows,
  });
}

export function useWorkflowHistory(id: string) {
  return useQuery(workflowHistoryQueryOptions(id));
}
