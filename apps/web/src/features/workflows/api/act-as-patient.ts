import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type ActingPatientAnswer = 'confirm' | 'decline';

const ActingPatientResultSchema = z.object({ updated: z.number(), reply: z.string() });

/** POST /api/admin/workflow/acting-patient {id, answer}: staff reply on behalf of the patient. */
export function actAsPatient(id: string, answer: ActingPatientAnswer) {
  return apiRequest('/api/admin/workflow/acting-patient', {
    method: 'POST',
    body: { id, answer },
    schema: ActingPatientResultSchema,
  });
}
