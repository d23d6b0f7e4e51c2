import { Anchor, Group, Loader, Text } from '@mantine/core';
import type { WorkflowListName, WorkflowRow } from '@telecare/contracts/workflows';
import { BOOKING_STATUS_LABELS } from '@telecare/domain/booking-status';
import { Link } from 'react-router';
import { CompactTable } from '../../../../components/ui/compact-table';
import { formatDateTimeWithZone } from '../../../../lib/format';
import { useWorkflowHistory } from '../../api/get-workflow-history';

/** Where a workflow opens by itself: its list's screen with ?id= (from the app's routes). */
export type WorkflowHref = (list: WorkflowListName, id: string) => string;

const LIST_LABELS: Record<WorkflowRow['list'], string> = {
  active: 'Workflow',
  archived: 'Archived Workflow',
  history: 'History Workflow',
  deleted: 'Deleted',
};

const bookingLabel = (status: string | null) =>
  status ? (BOOKING_STATUS_LABELS[status as keyof typeof BOOKING_STATUS_LABELS] ?? status) : '';

/** The other workflows of the same client; each creation time links to the workflow in its own list. */
export function HistoryTab({ id, workflowHref }: { id: string; workflowHref: WorkflowHref }) {
  const history = useWorkflowHistory(id);
  if (history.isPending) {
    return (
      <Group gap="xs" role="status">
        <Loader size="xs" />
        <Text size="sm">Loading ...</Text>
      </Group>
    );
  }
  if (history.isError) return <Text size="sm">Something went wrong</Text>;
  return (
    <CompactTable<WorkflowRow>
      caption="Other workflows of this client"
      rows={history.data}
      rowKey={(row) => row.id}
      columns={[
        { label: 'URN', width: 60, render: (row) => row.urn },
        {
          label: 'Creation Time',
          width: 110,
          render: (row) =>
            row.list === 'deleted' ? (
              formatDateTimeWithZone(row.creationTimestamp)
            ) : (
              <Anchor component={Link} to={workflowHref(row.list, row.id)} fz="xs">
                {formatDateTimeWithZone(row.creationTimestamp)}
              </Anchor>
            ),
        },
        { label: 'Case Manager', width: 120, render: (row) => row.caseManager },
        { label: 'Speciality', width: 100, render: (row) => row.speciality },
        {
          label: 'APT Date',
          width: 110,
          render: (row) =>
            formatDateTimeWithZone(row.appointment.startDateTime, row.appointment.timezone ?? undefined),
        },
        { label: 'Bookings', width: 80, render: (row) => bookingLabel(row.bookingStatus) },
        { label: 'List', width: 120, render: (row) => LIST_LABELS[row.list] },
      ]}
    />
  );
}
