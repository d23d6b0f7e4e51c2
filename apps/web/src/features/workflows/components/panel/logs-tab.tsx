import { Button, Stack, Text, Title } from '@mantine/core';
import type { WorkflowDetail } from '@telecare/contracts/workflow-detail';
import type { ReactNode } from 'react';
import { CompactTable } from '../../../../components/ui/compact-table';
import { formatDateTimeWithZone } from '../../../../lib/format';
import { retryMessage } from '../../api/retry-message';
import { useWorkflowAction } from '../../hooks/use-workflow-action';

type Logs = WorkflowDetail['logs'];

/** The spec's notification template labels; other templates show their id. */
export const NOTIFICATION_TEMPLATE_LABELS: Readonly<Record<string, string>> = {
  patient_booking_self_service_reminder: 'Pre-booking',
  patient_booking_return_to_gp: 'Return to GP',
};

/** '{template} {type} was delivered at DD/MM/YYYY HH:mm' or '{template} {type} is waiting for delivery'. */
export function notificationText(notification: Logs['notifications'][number]): string {
  const template = NOTIFICATION_TEMPLATE_LABELS[notification.templateId] ?? notification.templateId;
  const what = `${template} ${notification.type}`;
  return notification.delivered
    ? `${what} was delivered at ${formatDateTimeWithZone(notification.deliveredAt ?? notification.createdAt)}`
    : `${what} is waiting for delivery`;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <Title order={3} fz="sm" mb={4}>
        {title}
      </Title>
      {children}
    </section>
  );
}

/**
 * When a step went out, and 'Delivered' once the provider reported it; 'Not Sent' (with its planned
 * time) until then; a step that used its
 * attempts, or that the provider reported undelivered, shows the provider's reason and Retry.
 */
function SentCell({
  row,
  onRetry,
  retrying,
}: {
  row: Logs['appointmentSms'][number];
  onRetry: (id: string) => void;
  retrying: boolean;
}) {
  // Before the send time: a message the provider took and then reported undelivered is failed too.
  if (row.status === 'failed') {
    return (
      <Stack gap={2}>
        <Text span fz="xs" c="red.8" title={row.lastError ?? undefined}>
          Failed{row.lastError ? `: ${row.lastError}` : ''}
        </Text>
        <Button size="compact-xs" variant="light" loading={retrying} onClick={() => onRetry(row.id)}>
          Retry
        </Button>
      </Stack>
    );
  }
  if (row.sentAt) {
    return (
      <Stack gap={0}>
        <span>{formatDateTimeWithZone(row.sentAt)}</span>
        {row.status === 'delivered' ? (
          <Text span fz="xs" c="green.8">
            Delivered
          </Text>
        ) : null}
      </Stack>
    );
  }
  return (
    <Stack gap={0}>
      <Text span fz="xs" c="red.8">
        Not Sent
      </Text>
      {row.plannedAt ? (
        <Text span fz="xs" c="dimmed">
          {formatDateTimeWithZone(row.plannedAt)}
        </Text>
      ) : null}
    </Stack>
  );
}

/** Three lists: appointment notification SMS, manual SMS, notification logs. */
export function LogsTab({ logs }: { logs: Logs }) {
  const retry = useWorkflowAction((id: string) => retryMessage(id));
  return (
    <Stack gap="sm">
      <Section title="Appointment notification SMS">
        <CompactTable
          caption="Appointment notification SMS"
          rows={logs.appointmentSms}
          rowKey={(row) => row.id}
          columns={[
            { label: 'Step', width: 90, render: (row) => row.step },
            { label: 'Text', grow: true, render: (row) => row.text },
            {
              label: 'Sent',
              width: 150,
              render: (row) => (
                <SentCell row={row} onRetry={(id) => retry.mutate(id)} retrying={retry.isPending} />
              ),
            },
          ]}
        />
      </Section>
      <Section title="Manual SMS">
        <CompactTable
          caption="Manual SMS"
          rows={logs.manualSms}
          rowKey={(row) => row.id}
          columns={[
            { label: 'Time', width: 110, render: (row) => formatDateTimeWithZone(row.at) },
            {
              label: 'From',
              width: 120,
              render: (row) => row.name ?? (row.fromPatient ? 'Patient' : 'Staff'),
            },
            { label: 'Text', grow: true, render: (row) => row.text },
          ]}
        />
      </Section>
      <Section title="Notification logs">
        <CompactTable
          caption="Notification logs"
          rows={logs.notifications}
          rowKey={(row) => row.id}
          columns={[
            { label: 'Time', width: 110, render: (row) => formatDateTimeWithZone(row.createdAt) },
            { label: 'Text', grow: true, render: (row) => notificationText(row) },
          ]}
        />
      </Section>
    </Stack>
  );
}
