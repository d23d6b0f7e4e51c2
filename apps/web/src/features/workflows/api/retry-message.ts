import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

const RetryResultSchema = z.object({ id: z.string(), status: z.literal('queued') });

/** POST /api/admin/messages/{id}/retry: sends a failed SMS once more. */
export function retryMessage(id: string) {
  return apiRequest(`/api/admin/messages/${encodeURIComponent(id)}/retry`, {
    method: 'POST',
    schema: RetryResultSchema,
  });
}
