import { type CSSVariablesResolver, createTheme, MantineProvider, Select } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from '../lib/query-client';

const theme = createTheme({
  primaryColor: 'blue',
  // Shade 8 keeps white text on filled buttons above 4.5:1 contrast.
  primaryShade: 8,
  defaultRadius: 'sm',
  components: {
    // Choosing the option already chosen keeps it (Mantine would clear it): a field is cleared
    // only with its clear button, never by a click that looks like confirming the value.
    Select: Select.extend({ defaultProps: { allowDeselect: false } }),
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
        {/* Bottom left: clear of the header's buttons, the pager and the forms' actions (all on the right). */}
        <Notifications position="bottom-left" />
        <ModalsProvider>{children}</ModalsProvider>
      </MantineProvider>
    </QueryClientProvider>
  );
}
