import { SnapformResponseSchema } from '@telecare/contracts/workflow-detail';
import { apiRequest } from '../../../lib/api-client';

/** PUT /api/snapform/patient-submitted/{id} {answer}: did the patient submit the snap form? */
export function setSnapformSubmitted(id: string, answer: boolean) {
  return apiRequest(`/api/snapform/patient-submitted/${id}`, {
    method: 'PUT',
    body: { answer },
    schema: SnapformResponseSchema,
  });
}
