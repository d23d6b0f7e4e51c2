import { Box, Button, Table, Text, TextInput, Tooltip, VisuallyHidden } from '@mantine/core';
import {
  type AppointmentRequestColumn,
  type AppointmentRequestRow,
  BOOKING_MESSAGES,
} from '@telecare/contracts/appointment-requests';
import {
  APPOINTMENT_REQUEST_STATUS_LABELS,
  type ApprovalRefusal,
  approvalRefusal,
} from '@telecare/domain/appointment-requests';
import { BOOKING_STATUS_LABELS, TASK_STATUS_LABELS } from '@telecare/domain/booking-status';
import type { ReactNode } from 'react';
import { SortableTh, TableMessageRow } from '../../../components/ui/data-table';
import { formatDate, formatDateTime, formatDateTimeWithZone, formatTimeZoneName } from '../../../lib/format';
import type { Sort } from '../../../lib/list-params';

export type AppointmentRequestFilters = Partial<Record<AppointmentRequestColumn, string>>;

/** The server's order when no sort is chosen: booking status order (then newest first). */
const DEFAULT_SORT = { column: 'bookingStatus', direction: 'asc' } as const;
const FILTER_MAX_LENGTH = 100;
const ACTION_WIDTH = 76;

function SecondLine({ children }: { children: ReactNode }) {
  return (
    <Text fz={11} c="dimmed" lh={1.3}>
      {children}
    </Text>
  );
}

function label(code: string | null, labels: Readonly<Record<string, string>>) {
  if (!code) return null;
  return (
    <Text span fz="xs" title={code}>
      {labels[code] ?? code}
    </Text>
  );
}

interface ColumnDef {
  id: AppointmentRequestColumn;
  label: string;
  width: number;
  render: (row: AppointmentRequestRow) => ReactNode;
}

/** The spec's 12 columns, in order; ids are the API's sort and filter keys. */
export const APPOINTMENT_REQUEST_TABLE_COLUMNS: readonly ColumnDef[] = [
  {
    id: 'client',
    label: 'Client',
    width: 120,
    render: (row) => (
      <Text fz="xs" fw={500} lh={1.3}>
        {row.client.firstName} {row.client.lastName}
      </Text>
    ),
  },
  { id: 'dateOfBirth', label: 'DOB', width: 84, render: (row) => formatDate(row.client.dateOfBirth) },
  {
    id: 'creationTime',
    label: 'Creation Time',
    width: 112,
    render: (row) => formatDateTimeWithZone(row.creationTime),
  },
  { id: 'referrer', label: 'Referrer', width: 110, render: (row) => row.referrer },
  { id: 'caseManager', label: 'Case Manager', width: 110, render: (row) => row.caseManager },
  { id: 'speciality', label: 'Speciality', width: 90, render: (row) => row.speciality },
  { id: 'clinic', label: 'Clinic', width: 110, render: (row) => row.clinic },
  {
    id: 'appointmentDate',
    label: 'APT Date',
    width: 112,
    render: (row) => {
      const { startDateTime, timezone } = row.appointment;
      if (!startDateTime) return null;
      const zone = timezone ?? undefined;
      return (
        <>
          <Text fz="xs" lh={1.3} style={{ whiteSpace: 'nowrap' }}>
            {formatDateTime(startDateTime, zone)}
          </Text>
          <SecondLine>{formatTimeZoneName(startDateTime, zone)}</SecondLine>
        </>
      );
    },
  },
  {
    id: 'bookings',
    label: 'Bookings',
    width: 76,
    render: (row) => label(row.bookings, BOOKING_STATUS_LABELS),
  },
  { id: 'results', label: 'Results', width: 70, render: (row) => label(row.results, TASK_STATUS_LABELS) },
  {
    id: 'notes',
    label: 'Notes',
    width: 120,
    render: (row) =>
      row.notes ? (
        <Text fz="xs" lineClamp={2} title={row.notes}>
          {row.notes}
        </Text>
      ) : null,
  },
  {
    id: 'bookingStatus',
    label: 'Booking Status',
    width: 100,
    render: (row) => (
      <>
        {label(row.bookingStatus, APPOINTMENT_REQUEST_STATUS_LABELS)}
        {row.approvedAt && <SecondLine>Approved {formatDateTimeWithZone(row.approvedAt)}</SecondLine>}
      </>
    ),
  },
];

/** Why Approve is off: a short text under the button, the whole reason on hover. */
const REFUSALS: Record<ApprovalRefusal, { short: string; reason: string }> = {
  alreadyApproved: { short: 'Approved', reason: BOOKING_MESSAGES.alreadyApproved },
  noWorkflow: { short: 'No workflow', reason: 'This request has no workflow to book for.' },
  alreadyBooked: { short: 'Already booked', reason: BOOKING_MESSAGES.requestAlreadyBooked },
};

function ApproveCell({ row, onApprove }: { row: AppointmentRequestRow; onApprove: () => void }) {
  const refusal = approvalRefusal({
    approved: row.approvedAt !== null,
    hasWorkflow: row.workflowId !== null,
    hasBookedAppointment: row.bookedAppointment !== null,
  });
  if (!refusal) {
    return (
      <Button size="compact-xs" variant="light" onClick={onApprove}>
        Approve
      </Button>
    );
  }
  const { short, reason } = REFUSALS[refusal];
  const booked = row.bookedAppointment?.startDateTime;
  const zone = row.bookedAppointment?.timezone ?? undefined;
  return (
    <Tooltip label={reason} multiline w={260} withArrow openDelay={200}>
      <Box data-testid="approve-refused">
        <Button size="compact-xs" variant="light" disabled aria-description={reason}>
          Approve
        </Button>
        <SecondLine>{short}</SecondLine>
        {refusal === 'alreadyBooked' && booked && (
          <SecondLine>
            {formatDateTime(booked, zone)} {formatTimeZoneName(booked, zone)}
          </SecondLine>
        )}
      </Box>
    </Tooltip>
  );
}

export const APPOINTMENT_REQUEST_TABLE_MIN_WIDTH =
  APPOINTMENT_REQUEST_TABLE_COLUMNS.reduce((sum, column) => sum + column.width, 0) + ACTION_WIDTH;

export interface AppointmentRequestTableProps {
  rows: readonly AppointmentRequestRow[];
  /** Shown instead of the rows (loading, empty, error). */
  message?: ReactNode;
  stale?: boolean;
  sort: Sort<AppointmentRequestColumn>;
  onToggleSort: (column: AppointmentRequestColumn) => void;
  filters: AppointmentRequestFilters;
  onFilterChange: (column: AppointmentRequestColumn, value: string) => void;
  onFilterSubmit?: () => void;
  onApprove: (row: AppointmentRequestRow) => void;
}

/** The appointment-requests table: sortable headers, a filter row, an Approve button per row. */
export function AppointmentRequestTable({
  rows,
  message,
  stale = false,
  sort,
  onToggleSort,
  filters,
  onFilterChange,
  onFilterSubmit,
  onApprove,
}: AppointmentRequestTableProps) {
  const columnCount = APPOINTMENT_REQUEST_TABLE_COLUMNS.length + 1;
  return (
    <Table
      stickyHeader
      highlightOnHover
      withColumnBorders
      fz="xs"
      verticalSpacing={4}
      horizontalSpacing={5}
      aria-label="Appointment Requests"
      aria-busy={stale}
      style={{ opacity: stale ? 0.6 : 1, transition: 'opacity 150ms' }}
    >
      <Table.Thead style={{ zIndex: 2 }}>
        <Table.Tr>
          {APPOINTMENT_REQUEST_TABLE_COLUMNS.map((column) => {
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
          <Table.Th style={{ minWidth: ACTION_WIDTH }}>
            <VisuallyHidden>Actions</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
        <Table.Tr>
          {APPOINTMENT_REQUEST_TABLE_COLUMNS.map((column) => (
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
          <Table.Th py={2} />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {message !== undefined ? (
          <TableMessageRow colSpan={columnCount}>{message}</TableMessageRow>
        ) : (
          rows.map((row) => (
            <Table.Tr key={row.id} data-request-id={row.id}>
              {APPOINTMENT_REQUEST_TABLE_COLUMNS.map((column) => (
                <Table.Td key={column.id} style={{ verticalAlign: 'top' }}>
                  {column.render(row)}
                </Table.Td>
              ))}
              <Table.Td style={{ verticalAlign: 'top' }}>
                <ApproveCell row={row} onApprove={() => onApprove(row)} />
              </Table.Td>
            </Table.Tr>
          ))
        )}
      </Table.Tbody>
    </Table>
  );
}
