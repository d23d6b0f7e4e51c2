import { useQuery } from '@tanstack/react-query';
import { ReferrerLocationResponseSchema } from '@telecare/contracts/clients';
import { apiRequest } from '../../../lib/api-client';

/**
 * GET /api/admin/coreplus/referrer-location?referrerId&clinicId: the provider number of the
 * referrer at that clinic (the first location). A failure leaves it empty, as the spec says.
 */
export function useReferrerProviderNumber(referrerId: string | null, clinicId: string | null) {
  const query = useQuery({
    queryKey: ['coreplus', 'referrer-location', referrerId, clinicId],
    queryFn: async ({ signal }) => {
      const params = new URLSearchParams({ referrerId: referrerId ?? '', clinicId: clinicId ?? '' });
      const answer = await apiRequest(`/api/admin/coreplus/referrer-location?${params}`, {
        schema: ReferrerLocationResponseSchema,
        signal,
      });
      return answer.referrerLocations[0]?.providerNumber ?? null;
    },
    enabled: Boolean(referrerId && clinicId),
    retry: false,
  });
  return query.isSuccess ? query.data : null;
}
