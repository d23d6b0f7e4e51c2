import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FeatureFlagsSchema, type UpdateFeatureFlags } from '@telecare/contracts/settings';
import { apiRequest } from '../../../lib/api-client';

/** The configuration flags. Every key starts with 'settings' (the change feed's root). */
export const settingsQueryKey = ['settings'] as const;

/** GET /api/admin/settings/flags */
export function getFeatureFlags(signal?: AbortSignal) {
  return apiRequest('/api/admin/settings/flags', { schema: FeatureFlagsSchema, signal });
}

export function featureFlagsQueryOptions() {
  return queryOptions({
    queryKey: [...settingsQueryKey, 'flags'] as const,
    queryFn: ({ signal }) => getFeatureFlags(signal),
    // They change rarely; a change reaches open screens through the change feed.
    staleTime: 5 * 60_000,
  });
}

export function useFeatureFlags() {
  return useQuery(featureFlagsQueryOptions());
}

/** PATCH /api/admin/settings/flags: any of the flags; answers with all of them. */
export function updateFeatureFlags(body: UpdateFeatureFlags) {
  return apiRequest('/api/admin/settings/flags', { method: 'PATCH', body, schema: FeatureFlagsSchema });
}

export function useUpdateFeatureFlags() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFeatureFlags,
    onSuccess: (flags) => queryClient.setQueryData(featureFlagsQueryOptions().queryKey, flags),
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsQueryKey }),
  });
}
