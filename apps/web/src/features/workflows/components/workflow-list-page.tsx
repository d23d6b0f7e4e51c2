import { Button, Group, Loader, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { PAGE_SIZES } from '@telecare/contracts/lists';
import {
  WORKFLOW_COLUMNS,
  type WorkflowColumn,
  type WorkflowListName,
  type WorkflowListRequest,
} from '@telecare/contracts/workflows';
import { type ReactNode, useEffect, useState } from 'react';
import { TableScrollArea } from '../../../components/ui/data-table';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { lastPageOf, Pager } from '../../../components/ui/pager';
import { isPageSize, toggleSort, useListSearchParams } from '../../../lib/list-params';
import { useListWorkflows } from '../api/list-workflows';
import { WORKFLOW_TABLE_MIN_WIDTH } from './workflow-columns';
import { type WorkflowFilters, WorkflowTable } from './workflow-table';

const FILTER_DELAY_MS = 300;

const LIST_TITLES: Record<WorkflowListName, string> = {
  active: 'Workflow',
  archived: 'Archived Workflow',
  history: 'History Workflow',
};

/** Trimmed, without empty entries: what the API gets. */
function cleanFilters(inputs: WorkflowFilters): WorkflowFilters {
  const filters: WorkflowFilters = {};
  for (const column of WORKFLOW_COLUMNS) {
    const value = inputs[column]?.trim();
    if (value) filters[column] = value;
  }
  return filters;
}

function sameFilters(a: WorkflowFilters, b: WorkflowFilters): boolean {
  return WORKFLOW_COLUMNS.every((column) => a[column] === b[column]);
}

/**
 * One workflow list screen (active, archived or history). Page, page size and sort live in the URL;
 * filters stay in memory because they can hold patient names.
 */
export function WorkflowListPage({ list }: { list: WorkflowListName }) {
  const { page, pageSize, sort, setPage, setPageSize, setSort } = useListSearchParams(WORKFLOW_COLUMNS);
  const [filterInputs, setFilterInputs] = useState<WorkflowFilters>({});
  const [filters, setFilters] = useState<WorkflowFilters>({});

  const applyFilters = useDebouncedCallback((inputs: WorkflowFilters) => {
    const next = cleanFilters(inputs);
    if (sameFilters(next, filters)) return;
    setFilters(next);
    setPage(1, { replace: true });
  }, FILTER_DELAY_MS);

  const changeFilter = (column: WorkflowColumn, value: string) => {
    const inputs = { ...filterInputs, [column]: value };
    setFilterInputs(inputs);
    applyFilters(inputs);
  };

  const request: WorkflowListRequest = { list, page, pageSize, sort, filters };
  const query = useListWorkflows(request);
  const data = query.data;

  // Clamp a page beyond the end (an old link, or rows that went away) to the last page.
  const total = data?.total;
  const settled = !query.isPlaceholderData;
  useEffect(() => {
    if (total === undefined || !settled) return;
    const lastPage = lastPageOf(total, pageSize);
    if (page > lastPage) setPage(lastPage, { replace: true });
  }, [total, settled, page, pageSize, setPage]);

  // History: the latest-clicked column sorts first (spec); elsewhere sorts stack in click order.
  const sortPlacement = list === 'history' ? 'front' : 'append';
  const title = LIST_TITLES[list];

  let message: ReactNode;
  if (query.isPending) {
    message = (
      <Group gap="xs" role="status">
        <Loader size="sm" />
        <Text size="sm">Loading ...</Text>
      </Group>
    );
  } else if (!data) message = <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />;
  else if (data.rows.length === 0) message = <Text size="sm">No Data</Text>;

  return (
    <Stack gap="xs" h="100%">
      <title>{`${title} · Telecare Staff`}</title>
      <VisuallyHidden>
        <Title order={1}>{title}</Title>
      </VisuallyHidden>
      <Group gap="sm">
        {/* Always enabled: disabling it on click would drop the keyboard focus. */}
        <Button size="compact-xs" variant="default" onClick={() => sort.length > 0 && setSort([])}>
          Clear All Sortings
        </Button>
        {query.isFetching && !query.isPending && <Loader size={14} aria-label="Refreshing" />}
      </Group>
      {query.isError && data && <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />}
      <TableScrollArea
        minWidth={WORKFLOW_TABLE_MIN_WIDTH}
        resetKey={JSON.stringify([page, pageSize, sort, filters])}
      >
        <WorkflowTable
          rows={data?.rows ?? []}
          message={message}
          stale={query.isPlaceholderData}
          sort={sort}
          onToggleSort={(column) => setSort((current) => toggleSort(current, column, sortPlacement))}
          filters={filterInputs}
          onFilterChange={changeFilter}
          onFilterSubmit={() => applyFilters.flush()}
        />
      </TableScrollArea>
      <Pager
        page={page}
        pageSize={pageSize}
        total={total}
        pageSizes={PAGE_SIZES}
        onPageChange={(next) => setPage(next)}
        onPageSizeChange={(next) => {
          if (isPageSize(next)) setPageSize(next);
        }}
      />
    </Stack>
  );
}
