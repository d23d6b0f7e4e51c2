import { ActionIcon, Box, Checkbox, Table, TextInput } from '@mantine/core';
import type { WorkflowColumn, WorkflowRow } from '@telecare/contracts/workflows';
import { Fragment, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { SortableTh, TableMessageRow } from '../../../components/ui/data-table';
import { CalendarIcon, ClockIcon } from '../../../components/ui/icons';
import type { Sort } from '../../../lib/list-params';
import { type CellContext, SELECT_COLUMN_WIDTH, type WorkflowColumnDef } from './workflow-columns';
import classes from './workflow-table.module.css';

export type WorkflowFilters = Partial<Record<WorkflowColumn, string>>;

/** The server's order when no sort is chosen. */
const DEFAULT_SORT = { column: 'creationTimestamp', direction: 'desc' } as const;
/** The API accepts filters up to 100 characters. */
const FILTER_MAX_LENGTH = 100;

/** Light tints that keep the dark table text readable (row.rowColour). */
const ROW_BACKGROUND = {
  red: 'var(--mantine-color-red-1)',
  green: 'var(--mantine-color-green-1)',
  yellow: 'var(--mantine-color-yellow-1)',
} as const;

/** Clicks on these, inside a row, do their own thing and do not open the row (nor does the selection cell). */
const INTERACTIVE =
  'a, button, input, select, textarea, label, [role="combobox"], [role="button"], [data-column="select"]';

/** The workflow rows (not the panel rows) in the body, in order. */
const ROW_SELECTOR = ':scope > tr[aria-expanded]';
const SELECT_ALL_ID = 'workflow-select-all';
const selectIdOf = (rowId: string) => `workflow-select-${rowId}`;

export function panelIdOf(rowId: string): string {
  return `workflow-panel-${rowId}`;
}

/** The rows ticked for a bulk action (archive / un-archive); only rows of the page on screen. */
export interface WorkflowRowSelection {
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  /** Ticks every row of the page, or clears them all when every row is ticked already. */
  onToggleAll: () => void;
}

export interface WorkflowTableProps {
  rows: readonly WorkflowRow[];
  /** The columns to show, in order. */
  columns: readonly WorkflowColumnDef[];
  /** With it, a first column of checkboxes selects rows; without it there is none. */
  selection?: WorkflowRowSelection | undefined;
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
  context: CellContext;
  onToggleCreationTimeMode: () => void;
  /** The row whose detail panel is open (one at a time). */
  openId: string | null;
  onToggleRow: (id: string) => void;
  /** The detail panel, shown in a full-width row right below the open row. */
  renderPanel: (row: WorkflowRow) => ReactNode;
}

/** The dense workflow table: sortable headers, a filter row, one row per workflow, the open panel. */
export function WorkflowTable({
  rows,
  columns,
  selection,
  message,
  stale = false,
  sort,
  onToggleSort,
  filters,
  onFilterChange,
  onFilterSubmit,
  context,
  onToggleCreationTimeMode,
  openId,
  onToggleRow,
  renderPanel,
}: WorkflowTableProps) {
  const columnCount = columns.length + (selection ? 1 : 0);
  const selectedOnPage = selection ? rows.filter((row) => selection.selected.has(row.id)).length : 0;
  const allSelected = rows.length > 0 && selectedOnPage === rows.length;

  const clickRow = (event: MouseEvent<HTMLTableRowElement>, id: string) => {
    const target = event.target as Element;
    // Events from a portal (a select's drop-down) bubble through React but are not in the row.
    if (!event.currentTarget.contains(target)) return;
    if (target.closest(INTERACTIVE)) return;
    // Selecting text to copy it is not a click on the row.
    if (window.getSelection()?.toString()) return;
    onToggleRow(id);
  };

  // Keyboard: arrows move between rows, Enter (or Space) opens or closes the panel, Escape closes it.
  const keyOnRow = (event: KeyboardEvent<HTMLTableRowElement>, id: string) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onToggleRow(id);
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const rowsInBody = [
        ...(event.currentTarget.parentElement?.querySelectorAll<HTMLElement>(ROW_SELECTOR) ?? []),
      ];
      const at = rowsInBody.indexOf(event.currentTarget);
      rowsInBody[at + (event.key === 'ArrowDown' ? 1 : -1)]?.focus();
    } else if (event.key === 'Escape' && id === openId) {
      event.preventDefault();
      onToggleRow(id);
    }
  };

  /** Escape inside the open panel (not in a dialog or drop-down it opened) closes it; focus goes back to its row. */
  const keyInPanel = (event: KeyboardEvent<HTMLElement>, id: string) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    if (!event.currentTarget.contains(event.target as Node)) return;
    const row = event.currentTarget.closest('tr')?.previousElementSibling;
    onToggleRow(id);
    if (row instanceof HTMLElement) row.focus();
  };

  const modeLabel = context.creationTimeMode === 'date' ? 'age' : 'date and time';

  return (
    <Table
      stickyHeader
      highlightOnHover
      withColumnBorders
      fz="xs"
      verticalSpacing={4}
      horizontalSpacing={4}
      aria-busy={stale}
      className={classes.table}
      // Not Mantine's `layout`: its CSS variable would reach the tables inside the detail panel.
      style={{ tableLayout: 'fixed', opacity: stale ? 0.6 : 1, transition: 'opacity 150ms' }}
    >
      <colgroup>
        {selection && <col style={{ width: SELECT_COLUMN_WIDTH }} />}
        {columns.map((column) => (
          <col key={column.id} style={{ width: column.width }} />
        ))}
      </colgroup>
      <Table.Thead style={{ zIndex: 2 }}>
        <Table.Tr>
          {selection && (
            <Table.Th rowSpan={2} p={0} style={{ verticalAlign: 'middle' }}>
              <label className={classes.selectCell} htmlFor={SELECT_ALL_ID}>
                <Checkbox
                  id={SELECT_ALL_ID}
                  size="xs"
                  aria-label="Select all rows on this page"
                  checked={allSelected}
                  indeterminate={selectedOnPage > 0 && !allSelected}
                  disabled={rows.length === 0 || message !== undefined}
                  onChange={selection.onToggleAll}
                />
              </label>
            </Table.Th>
          )}
          {columns.map((column) => {
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
                wrapLabel
                extra={
                  column.id === 'creationTimestamp' ? (
                    <ActionIcon
                      size="xs"
                      variant="subtle"
                      aria-label="Switch creation time display"
                      title={`Show the ${modeLabel}`}
                      onClick={onToggleCreationTimeMode}
                    >
                      {context.creationTimeMode === 'date' ? (
                        <ClockIcon size={12} />
                      ) : (
                        <CalendarIcon size={12} />
                      )}
                    </ActionIcon>
                  ) : undefined
                }
              />
            );
          })}
        </Table.Tr>
        <Table.Tr>
          {columns.map((column) => (
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
          rows.map((row) => {
            const open = row.id === openId;
            const colour = row.rowColour;
            return (
              <Fragment key={row.id}>
                <Table.Tr
                  tabIndex={0}
                  aria-expanded={open}
                  aria-controls={open ? panelIdOf(row.id) : undefined}
                  data-row-colour={colour ?? undefined}
                  data-open={open || undefined}
                  data-selected={selection?.selected.has(row.id) || undefined}
                  className={classes.row}
                  style={colour ? { backgroundColor: ROW_BACKGROUND[colour] } : undefined}
                  onClick={(event) => clickRow(event, row.id)}
                  onKeyDown={(event) => keyOnRow(event, row.id)}
                >
                  {selection && (
                    <Table.Td p={0} data-column="select" style={{ verticalAlign: 'top' }}>
                      {/* The label widens the box's target; a click elsewhere in the cell does nothing. */}
                      <label className={classes.selectCell} htmlFor={selectIdOf(row.id)}>
                        <Checkbox
                          id={selectIdOf(row.id)}
                          size="xs"
                          aria-label={row.urn ? `Select row ${row.urn}` : 'Select row'}
                          checked={selection.selected.has(row.id)}
                          onChange={() => selection.onToggle(row.id)}
                        />
                      </label>
                    </Table.Td>
                  )}
                  {columns.map((column) => (
                    <Table.Td key={column.id} data-column={column.id} style={{ verticalAlign: 'top' }}>
                      {column.render(row, context)}
                    </Table.Td>
                  ))}
                </Table.Tr>
                {open && (
                  <Table.Tr className={classes.panelRow}>
                    <Table.Td colSpan={columnCount} p={0}>
                      {/* Sticky so the panel stays in view when the table is scrolled sideways. */}
                      <Box
                        id={panelIdOf(row.id)}
                        className={classes.panel}
                        onKeyDown={(event) => keyInPanel(event, row.id)}
                      >
                        {renderPanel(row)}
                      </Box>
                    </Table.Td>
                  </Table.Tr>
                )}
              </Fragment>
            );
          })
        )}
      </Table.Tbody>
    </Table>
  );
}
