import { Button, Group, Loader, Stack, Title, VisuallyHidden } from '@mantine/core';
import {
  APPOINTMENT_REQUEST_COLUMNS,
  type AppointmentRequestListRequest,
  type AppointmentRequestRow,
} from '@telecare/contracts/appointment-requests';
import { PAGE_SIZES } from '@telecare/contracts/lists';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { ActionBanner, ActionBannerProvider } from '../../../components/ui/action-banner';
import { TableScrollArea } from '../../../components/ui/data-table';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { listStateMessage } from '../../../components/ui/list-state-message';
import { lastPageOf, Pager } from '../../../components/ui/pager';
import { isPageSize, toggleSort, useColumnFilters, useListSearchParams } from '../../../lib/list-params';
import { useListAppointmentRequests } from '../api/list-appointment-requests';
import { APPOINTMENT_REQUEST_TABLE_MIN_WIDTH, AppointmentRequestTable } from './appointment-request-table';

const TITLE = 'Appointment Requests';

/** The Approve form of a request (the booking form in request mode, from features/booking). */
export type ApproveRequestSlot = (request: AppointmentRequestRow, close: () => void) => ReactNode;

/**
 * apt-requests: the appointment requests waiting for approval. Page, page size and sort live in the
 * URL; text filters stay in memory (they can hold patient names). Approve books the request.
 */
export function AppointmentRequestsPage({ renderApprove }: { renderApprove: ApproveRequestSlot }) {
  return (
    <ActionBannerProvider>
      <AppointmentRequests renderApprove={renderApprove} />
    </ActionBannerProvider>
  );
}

/** SW §9: "Page size default 50 in the booking area lists". */
const BOOKING_AREA_PAGE_SIZE = 50;

function AppointmentRequests({ renderApprove }: { renderApprove: ApproveRequestSlot }) {
  const { page, pageSize, sort, setPage, setPageSize, setSort } = useListSearchParams(
    APPOINTMENT_REQUEST_COLUMNS,
    BOOKING_AREA_PAGE_SIZE,
  );
  const {
    inputs: filterInputs,
    filters,
    change: changeFilter,
    apply: applyFilters,
  } = useColumnFilters(APPOINTMENT_REQUEST_COLUMNS, () => setPage(1, { replace: true }));
  const [approving, setApproving] = useState<AppointmentRequestRow | null>(null);
  const approveButton = useRef<HTMLElement | null>(null);

  const request: AppointmentRequestListRequest = { page, pageSize, sort, filters };
  const query = useListAppointmentRequests(request);
  const data = query.data;

  // Clamp a page beyond the end (an old link, or rows that went away) to the last page.
  const total = data?.total;
  const settled = !query.isPlaceholderData;
  useEffect(() => {
    if (total === undefined || !settled) return;
    const lastPage = lastPageOf(total, pageSize);
    if (page > lastPage) setPage(lastPage, { replace: true });
  }, [total, settled, page, pageSize, setPage]);

  const openApprove = (row: AppointmentRequestRow) => {
    approveButton.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setApproving(row);
  };
  // The modal is mounted only while open: give the focus back to its button (if the row is still there).
  const closeApprove = () => {
    setApproving(null);
    requestAnimationFrame(() => {
      if (approveButton.current?.isConnected) approveButton.current.focus();
    });
  };

  const message = listStateMessage(query);

  return (
    <Stack gap="xs" h="100%">
      <title>{`${TITLE} · Telecare Staff`}</title>
      <VisuallyHidden>
        <Title order={1}>{TITLE}</Title>
      </VisuallyHidden>
      <ActionBanner />
      <Group gap="sm">
        {/* Always enabled: disabling it on click would drop the keyboard focus. */}
        <Button size="compact-xs" variant="default" onClick={() => sort.length > 0 && setSort([])}>
          Clear All Sorting Options
        </Button>
        {query.isFetching && !query.isPending && <Loader size={14} aria-label="Refreshing" />}
      </Group>
      {query.isError && data && <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />}
      <TableScrollArea
        minWidth={APPOINTMENT_REQUEST_TABLE_MIN_WIDTH}
        resetKey={JSON.stringify([page, pageSize, sort, filters])}
      >
        <AppointmentRequestTable
          rows={data?.rows ?? []}
          message={message}
          stale={query.isPlaceholderData}
          sort={sort}
          onToggleSort={(column) => setSort((current) => toggleSort(current, column, 'append'))}
          filters={filterInputs}
          onFilterChange={changeFilter}
          onFilterSubmit={applyFilters}
          onApprove={openApprove}
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
      {approving && renderApprove(approving, closeApprove)}
    </Stack>
  );
}
