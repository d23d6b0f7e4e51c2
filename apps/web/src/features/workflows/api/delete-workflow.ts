import { ActionResultSchema } from '@telecare/contracts/workflow-detail';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/admin/workflow/delete {ids}: a soft delete; the workflow leaves every list. */
export function deleteWorkflow(id: string) {
  return apiRequest('/api/admin/workflow/delete', {
    method: 'POST',
    body: { ids: [id] },
    schema: ActionResultSchema,
  });
}
