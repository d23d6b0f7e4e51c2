import { ActionResultSchema } from '@telecare/contracts/workflow-detail';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/admin/workflow/restore {ids} (IT staff): deleted workflows return to their lists. */
export function restoreWorkflows(ids: readonly string[]) {
  return apiRequest('/api/admin/workflow/restore', {
    method: 'POST',
    body: { ids },
    schema: ActionResultSchema,
  });
}
