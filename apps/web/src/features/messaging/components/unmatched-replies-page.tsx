import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { CompactTable } from '../../../components/ui/compact-table';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { PageLoader } from '../../../components/ui/page-loader';
import { formatDateTimeWithZone } from '../../../lib/format';
import { useUnmatchedReplies } from '../api/unmatched-replies';

/**
 * Settings > Admin > Unmatched SMS (WORKFLOW_WRITE): patients' SMS that changed no workflow, because
 * the number had no recent sequence SMS or several (V-4), newest first, for staff to follow up.
 */
export function UnmatchedRepliesPage() {
  const query = useUnmatchedReplies();
  if (query.isPending) return <PageLoader label="Loading unmatched SMS" />;
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={2} fz="lg">
          Unmatched SMS
        </Title>
        <Button size="xs" variant="light" loading={query.isFetching} onClick={() => query.refetch()}>
          Refresh
        </Button>
      </Group>
      <Text fz="sm" c="dimmed">
        Replies that could not be matched to one appointment's SMS sequence. No workflow was changed.
      </Text>
      {query.isError ? <ErrorAlert error={query.error} /> : null}
      <CompactTable
        caption="Unmatched SMS"
        rows={query.data?.rows ?? []}
        empty="No unmatched SMS"
        rowKey={(row) => row.id}
        columns={[
          { label: 'Received', width: 150, render: (row) => formatDateTimeWithZone(row.receivedAt) },
          { label: 'From', width: 130, render: (row) => row.phoneNumber },
          { label: 'Text', grow: true, render: (row) => row.body },
        ]}
      />
    </Stack>
  );
}
