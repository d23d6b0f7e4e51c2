import { Group } from '@mantine/core';
import type { ReactNode } from 'react';

/** The buttons at the foot of a long form; sticky, so Save stays in view when the form is taller than the screen. */
export function StickyFormActions({ children }: { children: ReactNode }) {
  return (
    <Group
      justify="flex-end"
      gap="sm"
      py="xs"
      bg="var(--mantine-color-body)"
      style={{ position: 'sticky', bottom: 0, zIndex: 1 }}
    >
      {children}
    </Group>
  );
}
