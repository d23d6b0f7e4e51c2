import { ActionResultSchema } from '@telecare/contracts/workflow-detail';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/admin/workflow/archive {selectedCaIds} */
export function archiveWorkflow(id: string) {
  return apiRequest('/api/admin/workflow/archive', {
    method: 'POST',
    body: { selectedCaIds: [id] },
    schema: ActionResultSchema,
  });
}
