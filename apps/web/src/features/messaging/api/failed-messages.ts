import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  FailedJobsResponseSchema,
  FailedMessagesResponseSchema,
  RetryMessageResponseSchema,
} from '@telecare/contracts/messaging';
import { apiRequest } from '../../../lib/api-client';

const failedKey = ['messages', 'failed'] as const;

/** GET /api/admin/messages/failed: SMS that used their attempts or that the provider reported failed. */
export function useFailedMessages() {
  return useQuery({
    queryKey: [...failedKey, 'sms'] as const,
    queryFn: ({ signal }) =>
      apiRequest('/api/admin/messages/failed', { schema: FailedMessagesResponseSchema, signal }),
    refetchInterval: 30_000,
  });
}

/** GET /api/admin/jobs/failed: background jobs of every kind that used their attempts. */
export function useFailedJobs() {
  return useQuery({
    queryKey: [...failedKey, 'jobs'] as const,
    queryFn: ({ signal }) =>
      apiRequest('/api/admin/jobs/failed', { schema: FailedJobsResponseSchema, signal }),
    refetchInterval: 30_000,
  });
}

/** POST /api/admin/messages/{id}/retry: sends a failed SMS once more; the lists refresh. */
export function useRetryMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(`/api/admin/messages/${encodeURIComponent(id)}/retry`, {
        method: 'POST',
        schema: RetryMessageResponseSchema,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: failedKey }),
  });
}
