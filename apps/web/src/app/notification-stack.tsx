import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

/**
 * Where notifications appear: bottom left, clear of the header's buttons, the pager and the
 * forms' actions (all on the right). Loaded with the first notification (see providers.tsx).
 */
export function NotificationStack() {
  return <Notifications position="bottom-left" />;
}
