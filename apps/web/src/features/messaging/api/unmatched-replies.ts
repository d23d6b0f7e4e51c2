import { useQuery } from '@tanstack/react-query';
import { UnmatchedSmsResponseSchema } from '@telecare/contracts/messaging';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/admin/messages/unmatched: inbound SMS no workflow could be matched to (V-4). */
export function getUnmatchedReplies(signal?: AbortSignal) {
  return apiRequest('/api/admin/messages/unmatched', { schema: UnmatchedSmsResponseSchema, signal });
}

export function useUnmatchedReplies() {
  return useQuery({
    queryKey: ['messages', 'unmatched'] as const,
    queryFn: ({ signal }) => getUnmatchedReplies(signal),
    // Replies arrive from the provider, not from a staff change: look again every half minute.
    refetchInterval: 30_000,
  });
}
