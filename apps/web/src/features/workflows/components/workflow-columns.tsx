import { Badge, NativeSelect, Text } from '@mantine/core';
import type { WorkflowColumn, WorkflowListName, WorkflowRow } from '@telecare/contracts/workflows';
import {
  BOOKING_STATUS_LABELS,
  type BookingStatusTag,
  bookingStatusTag,
  CATEGORIES,
  type Category,
  GP_REPORT_STATUS_LABELS,
  TASK_STATUS_LABELS,
} from '@telecare/domain/booking-status';
import { addMonths, isDay, todayIn } from '@telecare/domain/calendar';
import { INDEFINITE_END_DATE, INDEFINITELY_VALID } from '@telecare/domain/workflow-rules';
import type { ReactNode } from 'react';
import {
  ageInYears,
  formatDate,
  formatDateTime,
  formatDateTimeWithZone,
  formatTimeZoneName,
} from '../../../lib/format';
import { updateCategory } from '../api/update-category';
import { useWorkflowAction } from '../hooks/use-workflow-action';
import { formatAge } from '../utils/relative-time';

/** How the Creation Time column shows its instants: 'DD/MM/YYYY HH:mm' or an age such as '3 days ago'. */
export type CreationTimeMode = 'date' | 'age';

/** What a cell needs besides its row. */
export interface CellContext {
  /** The list on screen (the row itself may belong to another one when opened by ?id=). */
  list: WorkflowListName;
  creationTimeMode: CreationTimeMode;
}

export interface WorkflowColumnDef {
  id: WorkflowColumn;
  label: string;
  /**
   * Width in px. The widths do not follow the rows shown (no jumps between pages); a wider screen
   * shares its spare space out, a narrower one scrolls the table sideways.
   */
  width: number;
  render: (row: WorkflowRow, context: CellContext) => ReactNode;
}

const REFERRAL_WARNING_MONTHS = 3;

function SecondLine({ children, c = 'dimmed' }: { children: ReactNode; c?: string }) {
  return (
    <Text fz={11} c={c} lh={1.3}>
      {children}
    </Text>
  );
}

/** The name on one line, cut short with an ellipsis when long (the whole name in its tooltip). */
function ClientCell({ client }: { client: WorkflowRow['client'] }) {
  const age = ageInYears(client.dateOfBirth);
  const name = `${client.firstName} ${client.lastName}`;
  return (
    <>
      <Text fz="xs" fw={500} lh={1.3} truncate="end" title={name}>
        {name}
      </Text>
      {client.dateOfBirth && (
        <SecondLine>
          {formatDate(client.dateOfBirth)}
          {age !== undefined && ` (${age})`}
        </SecondLine>
      )}
    </>
  );
}

/** Expired: red; ends within 3 months: orange. */
function referralEndColour(endDate: string): string | undefined {
  if (!isDay(endDate)) return undefined;
  const today = todayIn();
  if (endDate < today) return 'red.8';
  if (endDate <= addMonths(today, REFERRAL_WARNING_MONTHS)) return 'orange.9';
  return undefined;
}

function ReferrerCell({ referrer }: { referrer: WorkflowRow['referrer'] }) {
  const { name, referralEndDate } = referrer;
  return (
    <>
      {name && (
        <Text fz="xs" lh={1.3}>
          {name}
        </Text>
      )}
      {referralEndDate &&
        (referralEndDate === INDEFINITE_END_DATE ? (
          <SecondLine>{INDEFINITELY_VALID}</SecondLine>
        ) : (
          <SecondLine c={referralEndColour(referralEndDate) ?? 'dimmed'}>
            {formatDate(referralEndDate)}
          </SecondLine>
        ))}
    </>
  );
}

const NEW_OR_REVIEW_NAME = { N: 'New', R: 'Review' } as const;

/** Start in the appointment's zone, N or R, and the continuation label (NRR1, NRR2, CONT, ...). */
function AppointmentCell({ row }: { row: WorkflowRow }) {
  const { startDateTime, timezone } = row.appointment;
  const zone = timezone ?? undefined;
  const zoneName = startDateTime ? formatTimeZoneName(startDateTime, zone) : '';
  const secondLine = [zoneName, row.continuation].filter(Boolean).join(' · ');
  return (
    <>
      <Text fz="xs" lh={1.3} style={{ whiteSpace: 'nowrap' }}>
        {formatDateTime(startDateTime, zone)}
        <Text span fz="xs" fw={700} ml={startDateTime ? 4 : 0} title={NEW_OR_REVIEW_NAME[row.newOrReview]}>
          {row.newOrReview}
        </Text>
      </Text>
      {secondLine && <SecondLine>{secondLine}</SecondLine>}
    </>
  );
}

/** The colours of the spec's four booking status tags. */
export const BOOKING_TAG_COLOURS: Record<BookingStatusTag, string> = {
  success: 'green',
  warning: 'orange',
  danger: 'red',
  other: 'gray',
};

/** The Bookings status as a coloured tag (success, warning, danger, other). */
export function BookingStatusTagBadge({ code }: { code: string | null }) {
  if (!code) return null;
  const tag = bookingStatusTag(code);
  return (
    <Badge size="xs" radius="sm" variant="light" color={BOOKING_TAG_COLOURS[tag]} data-tag={tag} title={code}>
      {(BOOKING_STATUS_LABELS as Record<string, string>)[code] ?? code}
    </Badge>
  );
}

/** A status shown by its label, with the stored code as the tooltip. */
function StatusCell({ code, labels }: { code: string | null; labels: Readonly<Record<string, string>> }) {
  if (!code) return null;
  return (
    <Text span fz="xs" title={code}>
      {labels[code] ?? code}
    </Text>
  );
}

function CreationTimeCell({ value, mode }: { value: string; mode: CreationTimeMode }) {
  const exact = formatDateTimeWithZone(value);
  if (mode === 'date') return exact;
  return (
    <Text span fz="xs" title={exact}>
      {formatAge(value)}
    </Text>
  );
}

const CATEGORY_OPTIONS = CATEGORIES.map((c) => ({ value: c, label: c }));
/** Shown while a workflow has no category yet; it cannot be chosen. */
const NO_CATEGORY_OPTION = { value: '', label: '—', disabled: true };

function isCategory(value: string): value is Category {
  return (CATEGORIES as readonly string[]).includes(value);
}

/** The active list's Category cell: a select that saves at once; read-only text elsewhere. */
function CategoryCell({ row, list }: { row: WorkflowRow; list: WorkflowListName }) {
  const save = useWorkflowAction((category: Category) => updateCategory(row.id, category));
  if (list !== 'active' || row.list !== 'active') return row.category;
  const value = save.isPending ? (save.variables ?? '') : (row.category ?? '');
  return (
    <NativeSelect
      size="xs"
      aria-label="Category"
      data={value ? CATEGORY_OPTIONS : [NO_CATEGORY_OPTION, ...CATEGORY_OPTIONS]}
      value={value}
      disabled={save.isPending}
      onChange={(event) => {
        const next = event.currentTarget.value;
        if (isCategory(next)) save.mutate(next);
      }}
      styles={{
        input: {
          height: 24,
          minHeight: 24,
          lineHeight: '22px',
          fontSize: 12,
          paddingBlock: 0,
          paddingInlineStart: 6,
          paddingInlineEnd: 18,
        },
      }}
    />
  );
}

function NotesCell({ notes }: { notes: string | null }) {
  if (!notes) return null;
  return (
    <Text fz="xs" lineClamp={2} title={notes}>
      {notes}
    </Text>
  );
}

/** The workflow table's columns in the spec's order; ids are the API's sort and filter keys. */
export const WORKFLOW_TABLE_COLUMNS: readonly WorkflowColumnDef[] = [
  { id: 'urn', label: 'URN', width: 72, render: (row) => row.urn },
  {
    id: 'category',
    label: 'Category',
    width: 76,
    render: (row, context) => <CategoryCell row={row} list={context.list} />,
  },
  { id: 'client', label: 'Client', width: 108, render: (row) => <ClientCell client={row.client} /> },
  {
    id: 'creationTimestamp',
    label: 'Creation Time',
    width: 104,
    render: (row, context) => (
      <CreationTimeCell value={row.creationTimestamp} mode={context.creationTimeMode} />
    ),
  },
  {
    id: 'referrer',
    label: 'Referrer',
    width: 88,
    render: (row) => <ReferrerCell referrer={row.referrer} />,
  },
  { id: 'caseManager', label: 'Case Manager', width: 86, render: (row) => row.caseManager },
  { id: 'speciality', label: 'Speciality', width: 88, render: (row) => row.speciality },
  { id: 'site', label: 'Site', width: 82, render: (row) => row.site },
  {
    id: 'appointmentDate',
    label: 'APT Date',
    width: 114,
    render: (row) => <AppointmentCell row={row} />,
  },
  {
    id: 'bookings',
    label: 'Bookings',
    width: 78,
    render: (row) => <BookingStatusTagBadge code={row.bookingStatus} />,
  },
  {
    id: 'results',
    label: 'Results',
    width: 66,
    render: (row) => <StatusCell code={row.resultsStatus} labels={TASK_STATUS_LABELS} />,
  },
  {
    id: 'adminCheckNotes',
    label: 'Admin Check Notes',
    width: 104,
    render: (row) => <NotesCell notes={row.adminCheckNotes} />,
  },
  {
    id: 'adminCheck',
    label: 'Admin Check',
    width: 66,
    render: (row) => <StatusCell code={row.adminCheckStatus} labels={TASK_STATUS_LABELS} />,
  },
  {
    id: 'gpReport',
    label: 'GP report',
    width: 70,
    render: (row) => <StatusCell code={row.gpReportStatus} labels={GP_REPORT_STATUS_LABELS} />,
  },
];

/** The booking coordinator: the experiments flag's extra column (active list only). */
export const COORDINATOR_COLUMN: WorkflowColumnDef = {
  id: 'coordinator',
  label: 'Coordinator',
  width: 92,
  render: (row) => row.coordinator ?? '—',
};

/** The row-selection column (bulk archive / un-archive) in front of the others. */
export const SELECT_COLUMN_WIDTH = 28;

/** The columns a list shows: the spec's 14, plus Coordinator when the experiments flag asks for it. */
export function workflowTableColumns(options: { coordinator: boolean }): readonly WorkflowColumnDef[] {
  return options.coordinator ? [...WORKFLOW_TABLE_COLUMNS, COORDINATOR_COLUMN] : WORKFLOW_TABLE_COLUMNS;
}

/** The width below which the table scrolls sideways. */
export function workflowTableMinWidth(columns: readonly WorkflowColumnDef[], selectable: boolean): number {
  return columns.reduce((sum, column) => sum + column.width, selectable ? SELECT_COLUMN_WIDTH : 0);
}
