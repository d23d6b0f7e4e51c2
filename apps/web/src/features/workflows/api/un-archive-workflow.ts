import { ActionResultSchema } from '@telecare/contracts/workflow-detail';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/admin/workflow/un-archive {selectedCaIds} */
export function unArchiveWorkflow(id: string) {
  return apiRequest('/api/admin/workflow/un-archive', {
    method: 'POST',
    body: { selectedCaIds: [id] },
    schema: ActionResultSchema,
  });
}
