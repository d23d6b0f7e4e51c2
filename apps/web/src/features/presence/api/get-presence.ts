import { queryOptions, useQuery } from '@tanstack/react-query';
import { PRESENCE_TIMING, type PresenceEntry, PresenceResponseSchema } from '@telecare/contracts/presence';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/admin/user-activity/presence: every non-IT, non-disabled staff member, online or not. */

export const presenceQueryKey = ['presence'] as const;
/**
 * The change feed (lib/realtime.ts) refetches as soon as someone signs in or out, and once a closed
 * tab's grace time has passed; a silent browser turns offline by time passing, which this interval
 * picks up.
 */
const REFRESH_MS = PRESENCE_TIMING.REFRESH_MS;

export async function getPresence(signal?: AbortSignal): Promise<PresenceEntry[]> {
  const { users } = await apiRequest('/api/admin/user-activity/presence', {
    schema: PresenceResponseSchema,
    signal,
  });
  return users;
}

export function presenceQueryOptions() {
  return queryOptions({
    queryKey: presenceQueryKey,
    queryFn: ({ signal }) => getPresence(signal),
    refetchInterval: REFRESH_MS,
  });
}

export function usePresence() {
  return useQuery(presenceQueryOptions());
}
