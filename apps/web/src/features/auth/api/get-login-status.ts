import { LoginStatusResponseSchema } from '@telecare/contracts/presence';
import { apiRequest } from '../../../lib/api-client';

/**
 * GET /api/admin/user-activity/login-status/{activityId}: whether this tab's login session has
 * expired. Also the keep-alive ping: any API request resets the server's idle clock.
 */
export function getLoginStatus(activityId: string, signal?: AbortSignal) {
  return apiRequest(`/api/admin/user-activity/login-status/${encodeURIComponent(activityId)}`, {
    schema: LoginStatusResponseSchema,
    signal,
  });
}
