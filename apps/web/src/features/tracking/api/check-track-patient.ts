import { TrackPatientCheckResponseSchema } from '@telecare/contracts/tracking';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/admin/workflow/track-patient?clientId=: the client's workflows on the active list. */
export function checkTrackPatient(clientId: string) {
  return apiRequest(`/api/admin/workflow/track-patient?clientId=${encodeURIComponent(clientId)}`, {
    schema: TrackPatientCheckResponseSchema,
  });
}
