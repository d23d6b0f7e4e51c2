import { notifications } from '@mantine/notifications';
import { checkIn, getStoredActivity } from '../../../lib/user-activity';

export const CHECK_IN_FAILED_MESSAGE = "Can not record user's activity";

let pending: Promise<void> | null = null;
let failed = false;

/**
 * Records this tab's presence (check-in) unless it already has one. Never throws: a failure shows
 * a notification and the app carries on. `automatic` attempts (the signed-in screens opening) are
 * skipped once an attempt has failed in this page, so the user is told only once.
 */
export function recordCheckIn({ automatic = false }: { automatic?: boolean } = {}): Promise<void> {
  if (getStoredActivity()) return Promise.resolve();
  if (pending) return pending;
  if (automatic && failed) return Promise.resolve();
  pending = checkIn()
    .then(() => {
      failed = false;
    })
    .catch(() => {
      failed = true;
      notifications.show({ color: 'red', message: CHECK_IN_FAILED_MESSAGE });
    })
    .finally(() => {
      pending = null;
    });
  return pending;
}

/** Lets the next automatic attempt run again (a page restored from the back/forward cache). */
export function allowCheckInRetry(): void {
  failed = false;
}
