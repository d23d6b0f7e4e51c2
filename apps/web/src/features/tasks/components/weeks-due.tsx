import { Stack, Text } from '@mantine/core';
import type { WorkflowRow } from '@telecare/contracts/workflows';
import { appointmentDueAt, weeksDue } from '@telecare/domain/workflow-rules';
import { formatDate } from '../../../lib/format';

const weeksText = (n: number) => `${n} week${Math.abs(n) === 1 ? '' : 's'}`;

/**
 * Beside 'Weeks to appointment' (the target, counted from the creation time): when that makes the
 * appointment due, and the weeks due that colour the row (below 0 when overdue), as the form stands.
 */
export function WeeksDue({
  row,
  weeksToAppointment,
  statusUpdatedAt,
}: {
  row: WorkflowRow;
  /** The form's value: '' while empty. */
  weeksToAppointment: number | string;
  statusUpdatedAt: string | null;
}) {
  if (weeksToAppointment === '' || row.list === 'deleted') {
    return (
      <Text size="xs" c="dimmed">
        Weeks due: — (no weeks to appointment set)
      </Text>
    );
  }
  const weeks = Number(weeksToAppointment);
  const created = new Date(row.creationTimestamp);
  const due = weeksDue({
    creationTimestamp: created,
    weeksToAppointment: weeks,
    list: row.list,
    statusUpdatedAt: statusUpdatedAt ? new Date(statusUpdatedAt) : null,
    now: new Date(),
  });
  const countedFrom = row.list === 'active' ? 'today' : 'the last status update';
  return (
    <Stack gap={0} data-testid="weeks-due">
      <Text size="xs" fw={600} c={due !== null && due < 0 ? 'red.8' : undefined}>
        Weeks due: {due}
        {due === 0 ? ' (less than a whole week left)' : ''}
      </Text>
      <Text size="xs" c="dimmed">
        Due {formatDate(appointmentDueAt(created, weeks).toISOString())}: created{' '}
        {formatDate(row.creationTimestamp)} + {weeksText(weeks)} to appointment. Weeks due are the weeks left
        in whole weeks rounded down, counted from {countedFrom}; below 0 is overdue.
      </Text>
    </Stack>
  );
}
