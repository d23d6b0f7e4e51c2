import { Table, Text } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';

export interface CompactColumn<T> {
  label: string;
  render: (row: T) => ReactNode;
  /** Minimum width in px. */
  width?: number;
  /** Takes the room the other columns leave (long texts); the others then fit their content. */
  grow?: boolean;
}

export interface CompactTableProps<T> {
  /** Names the table for screen readers. */
  caption: string;
  columns: readonly CompactColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** Shown instead of an empty table. */
  empty?: ReactNode;
}

/** A small read-only table for panels and tabs: real table markup, dense rows, 'No Data' when empty. */
export function CompactTable<T>({ caption, columns, rows, rowKey, empty = 'No Data' }: CompactTableProps<T>) {
  const anyGrows = columns.some((column) => column.grow);
  const headerStyle = (column: CompactColumn<T>): CSSProperties => {
    if (!anyGrows) return { minWidth: column.width };
    return column.grow ? {} : { width: '1%', minWidth: column.width, whiteSpace: 'nowrap' };
  };
  if (rows.length === 0) {
    return typeof empty === 'string' ? <Text size="sm">{empty}</Text> : empty;
  }
  return (
    <Table
      aria-label={caption}
      fz="xs"
      verticalSpacing={3}
      horizontalSpacing={6}
      withTableBorder
      withColumnBorders
    >
      <Table.Thead>
        <Table.Tr>
          {columns.map((column) => (
            <Table.Th key={column.label} style={headerStyle(column)}>
              {column.label}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={rowKey(row)}>
            {columns.map((column) => (
              <Table.Td key={column.label} style={{ verticalAlign: 'top' }}>
                {column.render(row)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
