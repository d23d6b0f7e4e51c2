import { useQuery } from '@tanstack/react-query';
import { FeatureFlagsSchema } from '@telecare/contracts/settings';
import { apiRequest } from '../../../lib/api-client';

/** Shown under the Bookings status while the set-workflow-status flag is off. */
export const STATUS_LOCKED_HINT = "Locked: the 'Set workflow status' setting is off.";

/**
 * Whether staff may change the Bookings status (the set-workflow-status flag). Same key as the
 * settings screen's flags, so a change there reaches this form live; true until known.
 */
export function useMaySetWorkflowStatus(): boolean {
  const flags = useQuery({
    queryKey: ['settings', 'flags'],
    queryFn: ({ signal }) => apiRequest('/api/admin/settings/flags', { schema: FeatureFlagsSchema, signal }),
    staleTime: 5 * 60_000,
  });
  return flags.data?.setWorkflowStatus ?? true;
}
