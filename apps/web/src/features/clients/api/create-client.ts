import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ClientResponseSchema, type CreateClientRequest } from '@telecare/contracts/clients';
import { apiRequest } from '../../../lib/api-client';
import { clientsQueryKey } from './client-practitioner';

/** POST /api/admin/clients (201): a new client, without workflow fields. fieldErrors like 'addressResidential.postcode'. */
export function createClient(body: CreateClientRequest) {
  return apiRequest('/api/admin/clients', { method: 'POST', body, schema: ClientResponseSchema });
}

export function useCreateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createClient,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientsQueryKey }),
  });
}
