import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TrackPatientResponseSchema } from '@telecare/contracts/tracking';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/admin/workflow/patient: a new workflow for the client. */
export function trackPatient(clientId: string) {
  return apiRequest('/api/admin/workflow/patient', {
    method: 'POST',
    body: { clientId },
    schema: TrackPatientResponseSchema,
  });
}

export function useTrackPatient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: trackPatient,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['workflows'] }),
  });
}
