import { type CheckInResponse, CheckInResponseSchema } from '@telecare/contracts/presence';
import { apiRequest } from './api-client';

/** This tab's presence record (check-in answer), kept for check-out and close-tab. */
const STORAGE_KEY = 'telecare.userActivity';

export function getStoredActivity(): CheckInResponse | null {
  const raw = sessionStorage.getItem(STORAGE_KEY);
  if (!raw) return null;
  const parsed = CheckInResponseSchema.safeParse(JSON.parse(raw));
  return parsed.success ? parsed.data : null;
}

export function clearStoredActivity(): void {
  sessionStorage.removeItem(STORAGE_KEY);
}

/** POST /api/admin/user-activity/check-in, once per tab and session. */
export async function checkIn(): Promise<CheckInResponse> {
  const existing = getStoredActivity();
  if (existing) return existing;
  const activity = await apiRequest('/api/admin/user-activity/check-in', {
    method: 'POST',
    schema: CheckInResponseSchema,
  });
  sessionStorage.setItem(STORAGE_KEY, JSON.stringify(activity));
  return activity;
}

/** POST /api/admin/user-activity/check-out/{id} (answers 201); throws on failure. */
export async function checkOut(): Promise<void> {
  const activity = getStoredActivity();
  if (!activity) return;
  await apiRequest(`/api/admin/user-activity/check-out/${activity.activityId}`, { method: 'POST' });
  clearStoredActivity();
}

/**
 * Tells the server this tab is closing; the browser sends it even as the page goes away. A tab
 * closed before its check-in answered has no record yet: the server then uses the session's.
 */
export function reportTabClosed(): void {
  const activity = getStoredActivity();
  const body = JSON.stringify(
    activity
      ? { userActivityId: activity.activityId, userActivitySessionId: activity.userActivitySessionId }
      : {},
  );
  navigator.sendBeacon('/api/admin/user-activity/close-tab', new Blob([body], { type: 'application/json' }));
}

/** POST /api/admin/user-activity/heartbeat/{id}: this tab is still open (not counted as activity). */
export async function sendHeartbeat(): Promise<void> {
  const activity = getStoredActivity();
  if (!activity) return;
  await apiRequest(`/api/admin/user-activity/heartbeat/${activity.activityId}`, { method: 'POST' });
}
