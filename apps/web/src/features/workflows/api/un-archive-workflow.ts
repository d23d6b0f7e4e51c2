import { ActionResultSchema } from '@telecare/contracts/workflow-detail';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/admin/workflow/un-archive {selectedCaIds}: one workflow (the panel) or the selected rows. */
export function unArchiveWorkflows(ids: readonly string[]) {
  return apiRequest('/api/admin/workflow/un-archive', {
    method: 'POST',
    body: { selectedCaIds: ids },
    schema: ActionResultSchema,
  });
}
