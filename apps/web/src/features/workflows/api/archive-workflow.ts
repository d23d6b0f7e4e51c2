import { ActionResultSchema } from '@telecare/contracts/workflow-detail';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/admin/workflow/archive {selectedCaIds}: one workflow (the panel) or the selected rows. */
export function archiveWorkflows(ids: readonly string[]) {
  return apiRequest('/api/admin/workflow/archive', {
    method: 'POST',
    body: { selectedCaIds: ids },
    schema: ActionResultSchema,
  });
}
