import { type CSSVariablesResolver, createTheme, MantineProvider, type SelectProps } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, Suspense, useState } from 'react';
import { queryClient } from '../lib/query-client';
import { lazyScreen } from './lazy-screen';

const theme = createTheme({
  primaryColor: 'blue',
  // Shade 8 keeps white text on filled buttons above 4.5:1 contrast.
  primaryShade: 8,
  defaultRadius: 'sm',
  components: {
    // Choosing the option already chosen keeps it (Mantine would clear it): a field is cleared
    // only with its clear button, never by a click that looks like confirming the value.
    // (A plain object, not Select.extend: importing Select would put it in the first script.)
    Select: { defaultProps: { allowDeselect: false } satisfies SelectProps },
  },
});

/** Field error texts in a darker red: Mantine's default red 6 is below 4.5:1 on white. */
const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-error': 'var(--mantine-color-red-8)' },
  dark: {},
});

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
        <NotificationsOnDemand />
        {children}
      </MantineProvider>
    </QueryClientProvider>
  );
}

const NotificationStack = lazyScreen(() => import('./notification-stack'), 'NotificationStack');

/**
 * The notification stack's script is fetched when the first notification is shown (the sign-in
 * page shows none); `notifications.show` only needs the small store, which queues it until then.
 */
function NotificationsOnDemand() {
  const shown = useNotifications().notifications.length > 0;
  const [needed, setNeeded] = useState(false);
  if (shown && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <NotificationStack />
    </Suspense>
  );
}
