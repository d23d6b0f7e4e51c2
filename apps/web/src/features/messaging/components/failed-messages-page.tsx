import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { CompactTable } from '../../../components/ui/compact-table';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { PageLoader } from '../../../components/ui/page-loader';
import { formatDateTimeWithZone } from '../../../lib/format';
import { useFailedJobs, useFailedMessages, useRetryMessage } from '../api/failed-messages';

/**
 * Settings > Admin > Failed Messages (WORKFLOW_WRITE): the SMS that could not be sent, with the
 * provider's reason and Retry, and every background job that used its attempts (decision 0031).
 */
export function FailedMessagesPage() {
  const messages = useFailedMessages();
  const jobs = useFailedJobs();
  const retry = useRetryMessage();
  if (messages.isPending || jobs.isPending) return <PageLoader label="Loading failed messages" />;
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={2} fz="lg">
          Failed Messages
        </Title>
        <Button
          size="xs"
          variant="light"
          loading={messages.isFetching || jobs.isFetching}
          onClick={() => {
            void messages.refetch();
            void jobs.refetch();
          }}
        >
          Refresh
        </Button>
      </Group>
      {messages.isError ? <ErrorAlert error={messages.error} /> : null}
      {retry.isError ? <ErrorAlert error={retry.error} /> : null}
      <CompactTable
        caption="Failed SMS"
        rows={messages.data?.rows ?? []}
        empty="No failed SMS"
        rowKey={(row) => row.id}
        columns={[
          { label: 'Failed', width: 150, render: (row) => formatDateTimeWithZone(row.failedAt) },
          { label: 'Step', width: 100, render: (row) => row.step ?? 'manual' },
          { label: 'Attempts', width: 80, render: (row) => row.attempts },
          { label: 'Reason', grow: true, render: (row) => row.lastError ?? '' },
          {
            label: 'Retry',
            width: 80,
            render: (row) => (
              <Button
                size="compact-xs"
                variant="light"
                loading={retry.isPending && retry.variables === row.id}
                onClick={() => retry.mutate(row.id)}
              >
                Retry
              </Button>
            ),
          },
        ]}
      />
      <Text fz="sm" c="dimmed">
        Background jobs of every kind (SMS steps, voice calls, reading referral letters) that used their
        attempts.
      </Text>
      {jobs.isError ? <ErrorAlert error={jobs.error} /> : null}
      <CompactTable
        caption="Failed jobs"
        rows={jobs.data?.rows ?? []}
        empty="No failed jobs"
        rowKey={(row) => row.id}
        columns={[
          {
            label: 'Failed',
            width: 150,
            render: (row) => (row.failedAt ? formatDateTimeWithZone(row.failedAt) : ''),
          },
          { label: 'Kind', width: 140, render: (row) => row.kind },
          { label: 'Attempts', width: 80, render: (row) => row.attempts },
          { label: 'Reason', grow: true, render: (row) => row.lastError ?? '' },
        ]}
      />
    </Stack>
  );
}
