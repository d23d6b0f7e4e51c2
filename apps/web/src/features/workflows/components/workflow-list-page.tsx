import { Button, Group, Loader, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { PAGE_SIZES } from '@telecare/contracts/lists';
import {
  NAMED_FILTERS,
  type NamedFilter,
  WORKFLOW_COLUMNS,
  type WorkflowColumn,
  type WorkflowListName,
  type WorkflowListRequest,
} from '@telecare/contracts/workflows';
import { WORKFLOW_LIST_LABELS } from '@telecare/domain/workflow-rules';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { ActionBanner, ActionBannerProvider } from '../../../components/ui/action-banner';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { TableScrollArea } from '../../../components/ui/data-table';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { listStateMessage } from '../../../components/ui/list-state-message';
import { lastPageOf, Pager, TIMED_OUT_TEXT } from '../../../components/ui/pager';
import { isPageSize, toggleSort, useColumnFilters, useListSearchParams } from '../../../lib/list-params';
import { archiveWorkflows } from '../api/archive-workflow';
import { useListWorkflows } from '../api/list-workflows';
import { restoreWorkflows } from '../api/restore-workflows';
import { unArchiveWorkflows } from '../api/un-archive-workflow';
import { useWorkflowAction } from '../hooks/use-workflow-action';
import { NamedFilterMenu } from './named-filter-menu';
import { DeletedWorkflowPanel } from './panel/deleted-workflow-panel';
import type { WorkflowHref } from './panel/history-tab';
import { type PanelTabSet, WorkflowPanel, type WorkflowPanelSlots } from './panel/workflow-panel';
import { SelectedWorkflowNotice, WorkflowNotFound } from './selected-workflow-notice';
import { type CreationTimeMode, workflowTableColumns, workflowTableMinWidth } from './workflow-columns';
import { WorkflowTable, type WorkflowTableProps } from './workflow-table';

/** URL parameters: `?id=<uuid>` opens one workflow; `?filter=urgentFilter&filter=...` (active list). */
const ID_PARAM = 'id';
const FILTER_PARAM = 'filter';

const uuid = z.string().uuid();

/**
 * The bulk action of each list's selected rows, and its call; the history list has none, so no
 * checkboxes. `verb` completes "Please confirm that you want to <verb> 3 workflows."
 */
const BULK_ACTIONS: Record<
  WorkflowListName,
  {
    button: string;
    title: string;
    confirm: string;
    verb: string;
    run: (ids: readonly string[]) => Promise<unknown>;
  } | null
> = {
  active: {
    button: 'Archive selected',
    title: 'Archive workflows',
    confirm: 'Archive',
    verb: 'archive',
    run: archiveWorkflows,
  },
  archived: {
    button: 'Un-archive selected',
    title: 'Un-archive workflows',
    confirm: 'Un-archive',
    verb: 'un-archive',
    run: unArchiveWorkflows,
  },
  history: null,
  deleted: {
    button: 'Restore selected',
    title: 'Restore workflows',
    confirm: 'Restore',
    verb: 'restore',
    run: restoreWorkflows,
  },
};

const workflowCount = (n: number) => `${n} workflow${n === 1 ? '' : 's'}`;

/** The named filters in the URL, known ones only, in the drop-down's order. */
function parseNamedFilters(values: string[]): NamedFilter[] {
  return NAMED_FILTERS.filter((filter) => values.includes(filter));
}

export interface WorkflowListPageProps extends WorkflowPanelSlots {
  list: WorkflowListName;
  /** The screen that shows one workflow of a list (`?id=`); from the app's routes. */
  workflowHref: WorkflowHref;
  /** The detail panel's tabs on this list (docs/decisions/0013); 'full' when not given. */
  panelTabSet?: PanelTabSet | undefined;
  /** Adds the Coordinator column (the experiments flag's extra filter column). */
  showCoordinator?: boolean | undefined;
}

/**
 * One workflow list screen (active, archived or history; deleted for IT staff). Page, page size,
 * sort, the named filters and `?id=` live in the URL; text filters stay in memory because they can
 * hold patient names. Selecting a row opens its detail panel right below it, one at a time.
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
  panelTabSet,
  showCoordinator = false,
  renderEditClient,
  renderManageTasks,
  renderBooking,
  renderTodos,
}: WorkflowListPageProps) {
  const { page, pageSize, sort, setPage, setPageSize, setSort, updateParams } =
    useListSearchParams(WORKFLOW_COLUMNS);
  const [searchParams] = useSearchParams();
  const {
    inputs: filterInputs,
    filters,
    change: typeFilter,
    apply: applyFilters,
  } = useColumnFilters(WORKFLOW_COLUMNS, () => setPage(1, { replace: true }));
  const [creationTimeMode, setCreationTimeMode] = useLocalStorage<CreationTimeMode>({
    key: 'telecare.workflows.creationTimeMode',
    defaultValue: 'date',
  });

  const idParam = searchParams.get(ID_PARAM) || null;
  const selectedId = idParam && uuid.safeParse(idParam).success ? idParam : undefined;
  const invalidId = idParam !== null && !selectedId;
  const namedFilters = list === 'active' ? parseNamedFilters(searchParams.getAll(FILTER_PARAM)) : [];

  const [openId, setOpenId] = useState<string | null>(selectedId ?? null);
  // A new ?id= (a History tab link, a shared link) opens that workflow.
  useEffect(() => {
    if (selectedId) setOpenId(selectedId);
  }, [selectedId]);

  // The named filters and the column filters are for the whole list: changing them leaves `?id=`.
  const changeNamedFilters = (next: NamedFilter[]) =>
    updateParams((params) => {
      params.delete(ID_PARAM);
      params.delete(FILTER_PARAM);
      for (const filter of next) params.append(FILTER_PARAM, filter);
      params.delete('page');
    });

  const showAll = () => updateParams((params) => params.delete(ID_PARAM));

  const changeFilter = (column: WorkflowColumn, value: string) => {
    if (idParam !== null) showAll();
    typeFilter(column, value);
  };

  const columns = workflowTableColumns({ coordinator: showCoordinator });
  // A sort or filter on a column that is not shown (the flag was turned off) does not apply.
  const shown = (column: string) => columns.some((c) => c.id === column);
  const shownSort = sort.filter((s) => shown(s.column));
  const shownFilters = Object.fromEntries(Object.entries(filters).filter(([column]) => shown(column)));

  const request: WorkflowListRequest = {
    list,
    page,
    pageSize,
    sort: shownSort,
    filters: shownFilters,
    namedFilters,
    ...(selectedId ? { id: selectedId } : {}),
  };
  const query = useListWorkflows(request, { enabled: !invalidId });
  const data = query.data;
  const notFound = invalidId || (selectedId !== undefined && !query.isPlaceholderData && data?.total === 0);

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
  const title = WORKFLOW_LIST_LABELS[list];

  const message = notFound ? (
    <WorkflowNotFound onShowAll={showAll} />
  ) : data?.timedOut && !query.isPlaceholderData ? (
    <Text size="sm">{TIMED_OUT_TEXT}</Text>
  ) : (
    listStateMessage(query)
  );

  // Row selection for the bulk action: it belongs to one request (list, page, sort, filters), so
  // it is gone when any of them changes, and it keeps only rows still on the page.
  const bulk = BULK_ACTIONS[list];
  const selectionKey = JSON.stringify(request);
  const [ticked, setTicked] = useState<{ key: string; ids: ReadonlySet<string> }>({
    key: selectionKey,
    ids: new Set(),
  });
  const rows = data?.rows ?? [];
  const selected = useMemo<ReadonlySet<string>>(
    () =>
      ticked.key === selectionKey
        ? new Set(rows.filter((row) => ticked.ids.has(row.id)).map((row) => row.id))
        : new Set(),
    [ticked, selectionKey, rows],
  );
  const setSelected = (ids: Iterable<string>) => setTicked({ key: selectionKey, ids: new Set(ids) });
  const clearSelection = () => setSelected([]);
  const selection: WorkflowTableProps['selection'] = bulk
    ? {
        selected,
        onToggle: (id) =>
          setSelected(selected.has(id) ? [...selected].filter((s) => s !== id) : [...selected, id]),
        onToggleAll: () => setSelected(selected.size === rows.length ? [] : rows.map((row) => row.id)),
      }
    : undefined;

  // The rows the confirmation is about, fixed when it opens (and kept while it closes).
  const [confirming, setConfirming] = useState<{ ids: readonly string[]; open: boolean }>({
    ids: [],
    open: false,
  });
  const closeConfirm = () => setConfirming((current) => ({ ...current, open: false }));
  const bulkAction = useWorkflowAction(async (ids: readonly string[]) => bulk?.run(ids));
  // Done: the rows leave the list and the selection is cleared. Failed: the server changed
  // nothing, so the selection stays for another try.
  const runBulk = () =>
    bulkAction.mutate(confirming.ids, { onSuccess: clearSelection, onSettled: closeConfirm });

  return (
    <Stack gap="xs" h="100%">
      <title>{`${title} · Telecare Staff`}</title>
      <VisuallyHidden>
        <Title order={1}>{title}</Title>
      </VisuallyHidden>
      <ActionBanner />
      {selectedId && !notFound && (
        <SelectedWorkflowNotice onShowAll={showAll} onList={data?.rows[0]?.list} shownOn={list} />
      )}
      <Group gap="sm">
        {list === 'active' && <NamedFilterMenu value={namedFilters} onChange={changeNamedFilters} />}
        {/* Always enabled: disabling it on click would drop the keyboard focus. */}
        <Button size="compact-xs" variant="default" onClick={() => sort.length > 0 && setSort([])}>
          Clear All Sortings
        </Button>
        {query.isFetching && !query.isPending && <Loader size={14} aria-label="Refreshing" />}
        {bulk && selected.size > 0 && (
          <Paper bg="blue.0" px="xs" radius="sm">
            <Group gap="xs" wrap="nowrap">
              <Text size="xs" fw={500} aria-live="polite">
                {selected.size} selected
              </Text>
              <Button size="compact-xs" onClick={() => setConfirming({ ids: [...selected], open: true })}>
                {bulk.button}
              </Button>
              <Button size="compact-xs" variant="subtle" onClick={clearSelection}>
                Clear selection
              </Button>
            </Group>
          </Paper>
        )}
      </Group>
      {query.isError && data && <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />}
      <TableScrollArea
        minWidth={workflowTableMinWidth(columns, Boolean(selection))}
        resetKey={JSON.stringify([page, pageSize, sort, filters, namedFilters, selectedId])}
      >
        <WorkflowTable
          rows={rows}
          columns={columns}
          selection={selection}
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
          renderPanel={(row) =>
            list === 'deleted' ? (
              <DeletedWorkflowPanel onRestore={() => setConfirming({ ids: [row.id], open: true })} />
            ) : (
              <WorkflowPanel
                id={row.id}
                tabSet={panelTabSet}
                workflowHref={workflowHref}
                onClose={() => setOpenId(null)}
                renderEditClient={renderEditClient}
                renderManageTasks={renderManageTasks}
                renderBooking={renderBooking}
                renderTodos={renderTodos}
              />
            )
          }
        />
      </TableScrollArea>
      {idParam === null && (
        <Pager
          page={page}
          pageSize={pageSize}
          total={total}
          totalIsEstimate={data?.totalIsEstimate ?? false}
          rowLimit={data?.rowLimit ?? null}
          timedOut={data?.timedOut ?? false}
          pageSizes={PAGE_SIZES}
          onPageChange={(next) => setPage(next)}
          onPageSizeChange={(next) => {
            if (isPageSize(next)) setPageSize(next);
          }}
        />
      )}
      {bulk && (
        <ConfirmDialog
          opened={confirming.open}
          title={bulk.title}
          confirmLabel={bulk.confirm}
          loading={bulkAction.isPending}
          onConfirm={runBulk}
          onCancel={closeConfirm}
        >
          {`Please confirm that you want to ${bulk.verb} ${workflowCount(confirming.ids.length)}.`}
        </ConfirmDialog>
      )}
    </Stack>
  );
}
