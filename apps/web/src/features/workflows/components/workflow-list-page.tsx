import { Button, Group, Loader, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { PAGE_SIZES } from '@telecare/contracts/lists';
import {
  NAMED_FILTERS,
  type NamedFilter,
  WORKFLOW_COLUMNS,
  type WorkflowListName,
  type WorkflowListRequest,
} from '@telecare/contracts/workflows';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { ActionBanner, ActionBannerProvider } from '../../../components/ui/action-banner';
import { TableScrollArea } from '../../../components/ui/data-table';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { listStateMessage } from '../../../components/ui/list-state-message';
import { lastPageOf, Pager } from '../../../components/ui/pager';
import { isPageSize, toggleSort, useColumnFilters, useListSearchParams } from '../../../lib/list-params';
import { useListWorkflows } from '../api/list-workflows';
import { NamedFilterMenu } from './named-filter-menu';
import type { WorkflowHref } from './panel/history-tab';
import { WorkflowPanel, type WorkflowPanelSlots } from './panel/workflow-panel';
import { type CreationTimeMode, WORKFLOW_TABLE_MIN_WIDTH } from './workflow-columns';
import { WorkflowTable } from './workflow-table';

/** URL parameters: `?id=<uuid>` opens one workflow; `?filter=urgentFilter&filter=...` (active list). */
const ID_PARAM = 'id';
const FILTER_PARAM = 'filter';

const LIST_TITLES: Record<WorkflowListName, string> = {
  active: 'Workflow',
  archived: 'Archived Workflow',
  history: 'History Workflow',
};

const uuid = z.string().uuid();

/** The named filters in the URL, known ones only, in the drop-down's order. */
function parseNamedFilters(values: string[]): NamedFilter[] {
  return NAMED_FILTERS.filter((filter) => values.includes(filter));
}

export interface WorkflowListPageProps extends WorkflowPanelSlots {
  list: WorkflowListName;
  /** The screen that shows one workflow of a list (`?id=`); from the app's routes. */
  workflowHref: WorkflowHref;
}

/**
 * One workflow list screen (active, archived or history). Page, page size, sort, the named filters
 * and `?id=` live in the URL; text filters stay in memory because they can hold patient names.
 * Selecting a row opens its detail panel right below it, one at a time.
 */
export function WorkflowListPage(props: WorkflowListPageProps) {
  return (
    <ActionBannerProvider>
      <WorkflowList {...props} />
    </ActionBannerProvider>
  );
}

function WorkflowList({
  list,
  workflowHref,
  renderEditClient,
  renderManageTasks,
  renderBooking,
}: WorkflowListPageProps) {
  const { page, pageSize, sort, setPage, setPageSize, setSort } = useListSearchParams(WORKFLOW_COLUMNS);
  const [searchParams, setSearchParams] = useSearchParams();
  const {
    inputs: filterInputs,
    filters,
    change: changeFilter,
    apply: applyFilters,
  } = useColumnFilters(WORKFLOW_COLUMNS, () => setPage(1, { replace: true }));
  const [creationTimeMode, setCreationTimeMode] = useLocalStorage<CreationTimeMode>({
    key: 'telecare.workflows.creationTimeMode',
    defaultValue: 'date',
  });

  const idParam = searchParams.get(ID_PARAM);
  const selectedId = idParam && uuid.safeParse(idParam).success ? idParam : undefined;
  const namedFilters = list === 'active' ? parseNamedFilters(searchParams.getAll(FILTER_PARAM)) : [];

  const [openId, setOpenId] = useState<string | null>(selectedId ?? null);
  // A new ?id= (a History tab link, a shared link) opens that workflow.
  useEffect(() => {
    if (selectedId) setOpenId(selectedId);
  }, [selectedId]);

  const changeNamedFilters = (next: NamedFilter[]) =>
    setSearchParams((current) => {
      const params = new URLSearchParams(current);
      params.delete(FILTER_PARAM);
      for (const filter of next) params.append(FILTER_PARAM, filter);
      params.delete('page');
      return params;
    });

  const showAll = () =>
    setSearchParams((current) => {
      const params = new URLSearchParams(current);
      params.delete(ID_PARAM);
      return params;
    });

  const request: WorkflowListRequest = {
    list,
    page,
    pageSize,
    sort,
    filters,
    namedFilters,
    ...(selectedId ? { id: selectedId } : {}),
  };
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

  const message = listStateMessage(query);

  return (
    <Stack gap="xs" h="100%">
      <title>{`${title} · Telecare Staff`}</title>
      <VisuallyHidden>
        <Title order={1}>{title}</Title>
      </VisuallyHidden>
      <ActionBanner />
      {selectedId && (
        <Paper bg="blue.0" px="sm" py={4} radius="sm">
          <Group gap="xs">
            <Text size="sm">Showing one workflow —</Text>
            <Button size="compact-xs" variant="subtle" onClick={showAll}>
              Show all
            </Button>
          </Group>
        </Paper>
      )}
      <Group gap="sm">
        {list === 'active' && <NamedFilterMenu value={namedFilters} onChange={changeNamedFilters} />}
        {/* Always enabled: disabling it on click would drop the keyboard focus. */}
        <Button size="compact-xs" variant="default" onClick={() => sort.length > 0 && setSort([])}>
          Clear All Sortings
        </Button>
        {query.isFetching && !query.isPending && <Loader size={14} aria-label="Refreshing" />}
      </Group>
      {query.isError && data && <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />}
      <TableScrollArea
        minWidth={WORKFLOW_TABLE_MIN_WIDTH}
        resetKey={JSON.stringify([page, pageSize, sort, filters, namedFilters, selectedId])}
      >
        <WorkflowTable
          rows={data?.rows ?? []}
          message={message}
          stale={query.isPlaceholderData}
          sort={sort}
          onToggleSort={(column) => setSort((current) => toggleSort(current, column, sortPlacement))}
          filters={filterInputs}
          onFilterChange={changeFilter}
          onFilterSubmit={applyFilters}
          context={{ list, creationTimeMode }}
          onToggleCreationTimeMode={() => setCreationTimeMode((mode) => (mode === 'date' ? 'age' : 'date'))}
          openId={openId}
          onToggleRow={(id) => setOpenId((current) => (current === id ? null : id))}
          renderPanel={(row) => (
            <WorkflowPanel
              id={row.id}
              workflowHref={workflowHref}
              onClose={() => setOpenId(null)}
              renderEditClient={renderEditClient}
              renderManageTasks={renderManageTasks}
              renderBooking={renderBooking}
            />
          )}
        />
      </TableScrollArea>
      <Pager
        page={page}
        pageSize={pageSize}
        total={total}
        totalIsEstimate={data?.totalIsEstimate ?? false}
        pageSizes={PAGE_SIZES}
        onPageChange={(next) => setPage(next)}
        onPageSizeChange={(next) => {
          if (isPageSize(next)) setPageSize(next);
        }}
      />
    </Stack>
  );
}
