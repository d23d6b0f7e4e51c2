import { useQuery } from '@tanstack/react-query';
import { ClientSearchResponseSchema } from '@telecare/contracts/clients';
import { apiRequest } from '../../../lib/api-client';

/** Every client query key starts with this; saving a client marks them all stale. */
export const clientsQueryKey = ['clients'] as const;

/**
 * The client's case manager (our specialist id). The workflow detail does not carry it, so it is
 * read from POST /api/admin/clients/search by the client's name (the name travels in the body, never
 * in a URL) and picked out by client id. null: no case manager; undefined while unknown.
 */
export function useClientPractitioner(client: { clientId: string; firstName: string; lastName: string }) {
  const search = `${client.firstName} ${client.lastName}`.trim().slice(0, 100);
  return useQuery({
    queryKey: [...clientsQueryKey, 'practitioner', client.clientId],
    queryFn: async ({ signal }) => {
      const { clients } = await apiRequest('/api/admin/clients/search', {
        method: 'POST',
        body: { search },
        schema: ClientSearchResponseSchema,
        signal,
      });
      return clients.find((found) => found.clientId === client.clientId)?.practitionerId ?? null;
    },
    enabled: search.length >= 2,
    staleTime: 0,
  });
}
