import { useWindowEvent } from '@mantine/hooks';
import { NavigationType, useBlocker } from 'react-router';

/**
 * While `dirty`, leaving the page asks first: a link or Back is held (show a confirmation while the
 * blocker's state is 'blocked', then `proceed` or `reset`), a reload or closing the tab gets the
 * browser's own question. Moves the app makes itself (sign-out, an ended session) replace the
 * history entry and are never held up.
 */
export function useLeaveGuard(dirty: boolean) {
  useWindowEvent('beforeunload', (event) => {
    if (dirty) event.preventDefault();
  });
  return useBlocker(
    ({ currentLocation, nextLocation, historyAction }) =>
      dirty && historyAction !== NavigationType.Replace && currentLocation.pathname !== nextLocation.pathname,
  );
}
