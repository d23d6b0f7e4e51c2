import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '@telecare/contracts/lists';
import {
  type WorkflowListName,
  type WorkflowListRequest,
  WorkflowListResponseSchema,
} from '@telecare/contracts/workflows';
import { apiRequest } from '../../../lib/api-client';
import { workflowsQueryKey } from './workflows-query-key';

/**
 * POST /api/admin/workflow/list: one page of the active, archived or history list.
 * A POST because the filters can hold patient names, which must stay out of URLs and logs.
 */

export function listWorkflows(request: WorkflowListRequest, signal?: AbortSignal) {
  return apiRequest('/api/admin/workflow/list', {
    method: 'POST',
    body: request,
    schema: WorkflowListResponseSchema,
    signal,
  });
}

/** What a list screen asks for when first opened (also what sign-in preloads). */
export function defaultWorkflowListRequest(list: WorkflowListName): WorkflowListRequest {
  return { list, page: 1, pageSize: DEFAULT_PAGE_SIZE, sort: [], filters: {}, namedFilters: [] };
}

export function listWorkflowsQueryOptions(request: WorkflowListRequest) {
  return queryOptions({
    queryKey: [...workflowsQueryKey, 'list', request] as const,
    queryFn: ({ signal }) => listWorkflows(request, signal),
  });
}

/** `enabled: false` asks for nothing (an `?id=` that cannot be a workflow). */
export function useListWorkflows(request: WorkflowListRequest, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...listWorkflowsQueryOptions(request),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}
