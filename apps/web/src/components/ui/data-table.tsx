import { Box, Group, Table, Text, UnstyledButton } from '@mantine/core';
import { type CSSProperties, type ReactNode, useEffect, useRef } from 'react';
import { ArrowDownIcon, ArrowsSortIcon, ArrowUpIcon } from './icons';

/** Pieces shared by the dense list tables: a scroll box, sortable header cells, message rows. */

/**
 * Scrolls the table both ways inside the space it is given (the parent must be a flex column), so
 * a `stickyHeader` table keeps its header in view. A new `resetKey` (another page, sort or filter)
 * scrolls back to the top.
 */
export function TableScrollArea({
  children,
  minWidth,
  resetKey,
}: {
  children: ReactNode;
  minWidth: number;
  resetKey?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: resetKey is the trigger, not an input
  useEffect(() => {
    ref.current?.scrollTo({ top: 0 });
  }, [resetKey]);
  return (
    <Box ref={ref} style={{ flex: 1, minHeight: 0, overflow: 'auto' }}>
      <Box miw={minWidth}>{children}</Box>
    </Box>
  );
}

export interface SortableThProps {
  label: string;
  /** This column's explicit sort, if any. */
  direction: 'asc' | 'desc' | undefined;
  /** 1-based position among several sorts; shown when more than one column is sorted. */
  priority?: number | undefined;
  /** The server's order when no sort is chosen, shown muted on its column. */
  defaultDirection?: 'asc' | 'desc' | undefined;
  onToggle: () => void;
  style?: CSSProperties;
  /** A small control shown after the sort button (e.g. a display switch). */
  extra?: ReactNode;
  /** Lets a label of several words take two lines in a narrow column. */
  wrapLabel?: boolean | undefined;
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/** A header cell whose label is a button that toggles the column's sort. */
export function SortableTh({
  label,
  direction,
  priority,
  defaultDirection,
  onToggle,
  style,
  extra,
  wrapLabel = false,
}: SortableThProps) {
  const shown = direction ?? defaultDirection;
  const muted = direction === undefined;
  const ArrowIcon = shown === 'asc' ? ArrowUpIcon : shown === 'desc' ? ArrowDownIcon : ArrowsSortIcon;
  return (
    <Table.Th aria-sort={shown ? ARIA_SORT[shown] : undefined} style={{ verticalAlign: 'bottom', ...style }}>
      <Group gap={2} wrap="nowrap">
        <UnstyledButton onClick={onToggle} fz="xs" fw={700} style={{ flex: 1 }}>
          <Group gap={2} wrap="nowrap" justify="space-between">
            <span style={{ whiteSpace: wrapLabel ? 'normal' : 'nowrap' }}>{label}</span>
            <Group gap={0} wrap="nowrap" c={muted ? 'gray.5' : 'blue.8'} aria-hidden="true">
              <ArrowIcon size={12} />
              {priority !== undefined && (
                <Text span fz={10} fw={700} lh={1}>
                  {priority}
                </Text>
              )}
            </Group>
          </Group>
        </UnstyledButton>
        {extra}
      </Group>
    </Table.Th>
  );
}

/** One full-width body row for loading, empty and error messages. */
export function TableMessageRow({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={colSpan} p={0}>
        {/* Sticky so the message stays in view when the table is scrolled sideways. */}
        <Box py="lg" px="md" style={{ position: 'sticky', left: 0, width: 'min(100%, 100vw - 48px)' }}>
          {children}
        </Box>
      </Table.Td>
    </Table.Tr>
  );
}
