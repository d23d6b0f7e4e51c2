import { Text } from '@mantine/core';
import type { WorkflowColumn, WorkflowRow } from '@telecare/contracts/workflows';
import type { ReactNode } from 'react';
import {
  addMonths,
  ageInYears,
  dayNumber,
  formatDate,
  formatDateTime,
  formatTimeZoneName,
  parseCalendarDate,
  today,
} from '../../../lib/format';

export interface WorkflowColumnDef {
  id: WorkflowColumn;
  label: string;
  /** Minimum width in px; the table scrolls sideways when the screen is narrower. */
  width: number;
  render: (row: WorkflowRow) => ReactNode;
}

/** A referral end date of 1900-01-01 means the referral never expires. */
const INDEFINITE_REFERRAL_END = '1900-01-01';
const REFERRAL_WARNING_MONTHS = 3;

function SecondLine({ children, c = 'dimmed' }: { children: ReactNode; c?: string }) {
  return (
    <Text fz={11} c={c} lh={1.3}>
      {children}
    </Text>
  );
}

function ClientCell({ client }: { client: WorkflowRow['client'] }) {
  const age = ageInYears(client.dateOfBirth);
  return (
    <>
      <Text fz="xs" fw={500} lh={1.3}>
        {client.firstName} {client.lastName}
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
  const end = parseCalendarDate(endDate);
  if (!end) return undefined;
  const now = today();
  if (dayNumber(end) < dayNumber(now)) return 'red.8';
  if (dayNumber(end) <= dayNumber(addMonths(now, REFERRAL_WARNING_MONTHS))) return 'orange.9';
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
        (referralEndDate === INDEFINITE_REFERRAL_END ? (
          <SecondLine>Indefinitely Valid</SecondLine>
        ) : (
          <SecondLine c={referralEndColour(referralEndDate) ?? 'dimmed'}>
            {formatDate(referralEndDate)}
          </SecondLine>
        ))}
    </>
  );
}

const CONSULTATION_LETTER = { NEW: 'N', REVIEW: 'R' } as const;
const CONSULTATION_NAME = { NEW: 'New', REVIEW: 'Review' } as const;

/** 'NRR X 1...' and 'NRR X 2...' show as NRR1 and NRR2; other texts as they are. */
function continuationText(value: string | null): string {
  if (!value) return '';
  const trimmed = value.trim();
  if (trimmed.startsWith('NRR X 1')) return 'NRR1';
  if (trimmed.startsWith('NRR X 2')) return 'NRR2';
  return trimmed;
}

function AppointmentCell({ appointment }: { appointment: WorkflowRow['appointment'] }) {
  const { startDateTime, timezone, consultationType, contOrTbc } = appointment;
  const zone = timezone ?? undefined;
  const continuation = continuationText(contOrTbc);
  if (!startDateTime && !consultationType && !continuation) return null;
  const zoneName = startDateTime ? formatTimeZoneName(startDateTime, zone) : '';
  const secondLine = [zoneName, continuation].filter(Boolean).join(' · ');
  return (
    <>
      <Text fz="xs" lh={1.3} style={{ whiteSpace: 'nowrap' }}>
        {formatDateTime(startDateTime, zone)}
        {consultationType && (
          <Text span fz="xs" fw={700} ml={4} title={CONSULTATION_NAME[consultationType]}>
            {CONSULTATION_LETTER[consultationType]}
          </Text>
        )}
      </Text>
      {secondLine && <SecondLine>{secondLine}</SecondLine>}
    </>
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
  { id: 'urn', label: 'URN', width: 64, render: (row) => row.urn },
  { id: 'category', label: 'Category', width: 72, render: (row) => row.category },
  { id: 'client', label: 'Client', width: 110, render: (row) => <ClientCell client={row.client} /> },
  {
    id: 'creationTimestamp',
    label: 'Creation Time',
    width: 104,
    render: (row) => formatDateTime(row.creationTimestamp),
  },
  {
    id: 'referrer',
    label: 'Referrer',
    width: 110,
    render: (row) => <ReferrerCell referrer={row.referrer} />,
  },
  { id: 'caseManager', label: 'Case Manager', width: 96, render: (row) => row.caseManager },
  { id: 'speciality', label: 'Speciality', width: 80, render: (row) => row.speciality },
  { id: 'site', label: 'Site', width: 84, render: (row) => row.site },
  {
    id: 'appointmentDate',
    label: 'APT Date',
    width: 112,
    render: (row) => <AppointmentCell appointment={row.appointment} />,
  },
  { id: 'bookings', label: 'Bookings', width: 72, render: (row) => row.bookingStatus },
  { id: 'results', label: 'Results', width: 66, render: (row) => row.resultsStatus },
  {
    id: 'adminCheckNotes',
    label: 'Admin Check Notes',
    width: 130,
    render: (row) => <NotesCell notes={row.adminCheckNotes} />,
  },
  { id: 'adminCheck', label: 'Admin Check', width: 88, render: (row) => row.adminCheckStatus },
  { id: 'gpReport', label: 'GP report', width: 74, render: (row) => row.gpReportStatus },
];

export const WORKFLOW_TABLE_MIN_WIDTH = WORKFLOW_TABLE_COLUMNS.reduce((sum, column) => sum + column.width, 0);
