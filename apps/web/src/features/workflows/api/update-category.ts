import { WorkflowRowSchema } from '@telecare/contracts/workflows';
import type { Category } from '@telecare/domain/booking-status';
import { apiRequest } from '../../../lib/api-client';

/** PATCH /api/admin/workflow/category {id, category}: the active list's Category cell (409 elsewhere). */
export function updateCategory(id: string, category: Category | null) {
  return apiRequest('/api/admin/workflow/category', {
    method: 'PATCH',
    body: { id, category },
    schema: WorkflowRowSchema,
  });
}
