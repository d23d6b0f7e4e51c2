import { Table, TextInput } from '@mantine/core';
import type { WorkflowColumn, WorkflowRow } from '@telecare/contracts/workflows';
import type { ReactNode } from 'react';
import { SortableTh, TableMessageRow } from '../../../components/ui/data-table';
import type { Sort } from '../../../lib/list-params';
import { WORKFLOW_TABLE_COLUMNS } from './workflow-columns';

export type WorkflowFilters = Partial<Record<WorkflowColumn, string>>;

/** The server's order when no sort is chosen. */
const DEFAULT_SORT = { column: 'creationTimestamp', direction: 'desc' } as const;
/** The API accepts filters up to 100 characters. */
const FILTER_MAX_LENGTH = 100;

export interface WorkflowTableProps {
  rows: readonly WorkflowRow[];
  /** Shown instead of the rows (loading, empty, error). */
  message?: ReactNode;
  /** The rows are from the previous request while the next one loads. */
  stale?: boolean;
  sort: Sort<WorkflowColumn>;
  onToggleSort: (column: WorkflowColumn) => void;
  filters: WorkflowFilters;
  onFilterChange: (column: WorkflowColumn, value: string) => void;
  /** Enter in a filter applies it without waiting. */
  onFilterSubmit?: () => void;
}

/** The dense workflow table: sortable headers, a filter row, one row per workflow. */
export function WorkflowTable({
  rows,
  message,
  stale = false,
  sort,
  onToggleSort,
  filters,
  onFilterChange,
  onFilterSubmit,
}: WorkflowTableProps) {
  const columnCount = WORKFLOW_TABLE_COLUMNS.length;
  return (
    <Table
      stickyHeader
      striped
      highlightOnHover
      withColumnBorders
      fz="xs"
      verticalSpacing={4}
      horizontalSpacing={5}
      aria-busy={stale}
      style={{ opacity: stale ? 0.6 : 1, transition: 'opacity 150ms' }}
    >
      <Table.Thead style={{ zIndex: 1 }}>
        <Table.Tr>
          {WORKFLOW_TABLE_COLUMNS.map((column) => {
            const index = sort.findIndex((s) => s.column === column.id);
            return (
              <SortableTh
                key={column.id}
                label={column.label}
                direction={sort[index]?.direction}
                priority={sort.length > 1 && index >= 0 ? index + 1 : undefined}
                defaultDirection={
                  sort.length === 0 && column.id === DEFAULT_SORT.column ? DEFAULT_SORT.direction : undefined
                }
                onToggle={() => onToggleSort(column.id)}
                style={{ minWidth: column.width }}
              />
            );
          })}
        </Table.Tr>
        <Table.Tr>
          {WORKFLOW_TABLE_COLUMNS.map((column) => (
            <Table.Th key={column.id} py={2} fw="normal">
              <TextInput
                size="xs"
                aria-label={`Filter ${column.label}`}
                maxLength={FILTER_MAX_LENGTH}
                value={filters[column.id] ?? ''}
                onChange={(event) => onFilterChange(column.id, event.currentTarget.value)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') onFilterSubmit?.();
                }}
                styles={{ input: { height: 24, minHeight: 24, fontSize: 12 } }}
              />
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {message !== undefined ? (
          <TableMessageRow colSpan={columnCount}>{message}</TableMessageRow>
        ) : (
          rows.map((row) => (
            <Table.Tr key={row.id}>
              {WORKFLOW_TABLE_COLUMNS.map((column) => (
                <Table.Td key={column.id} style={{ verticalAlign: 'top' }}>
                  {column.render(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))
        )}
      </Table.Tbody>
    </Table>
  );
}
