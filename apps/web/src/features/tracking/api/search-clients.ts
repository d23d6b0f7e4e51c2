import { useMutation } from '@tanstack/react-query';
import { ClientSearchResponseSchema } from '@telecare/contracts/clients';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/admin/clients/search: the name travels in the body, never in a URL. */
export function searchClients(search: string) {
  return apiRequest('/api/admin/clients/search', {
    method: 'POST',
    body: { search },
    schema: ClientSearchResponseSchema,
  });
}

export function useSearchClients() {
  return useMutation({ mutationFn: searchClients });
}
