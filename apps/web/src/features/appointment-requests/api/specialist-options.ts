import { useQuery } from '@tanstack/react-query';
import { SpecialistOptionSchema } from '@telecare/contracts/users';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type SpecialistOption = z.infer<typeof SpecialistOptionSchema>;

const SpecialistsSchema = z.object({ specialists: z.array(SpecialistOptionSchema) });

/** GET /api/admin/specialists: the active specialists, for the booking's practitioner choice. */
export function useSpecialistOptions() {
  return useQuery({
    queryKey: ['specialists', 'options'],
    queryFn: async ({ signal }) =>
      (await apiRequest('/api/admin/specialists', { schema: SpecialistsSchema, signal })).specialists,
    staleTime: 5 * 60_000,
  });
}
