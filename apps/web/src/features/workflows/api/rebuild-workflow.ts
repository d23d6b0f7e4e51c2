import { WorkflowRowSchema } from '@telecare/contracts/workflows';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/admin/workflow/rebuild {id}: recomputes the row's copies of client, referral and appointment. */
export function rebuildWorkflow(id: string) {
  return apiRequest('/api/admin/workflow/rebuild', {
    method: 'POST',
    body: { id },
    schema: WorkflowRowSchema,
  });
}
