import { Group, Loader, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ErrorAlert } from './error-alert';

/** The loading, error and 'No Data' states of a list, or nothing when it has rows to show. */
export function listStateMessage(query: {
  isPending: boolean;
  data: { rows: readonly unknown[] } | undefined;
  error: unknown;
  refetch: () => unknown;
}): ReactNode {
  if (query.isPending) {
    return (
      <Group gap="xs" role="status">
        <Loader size="sm" />
        <Text size="sm">Loading ...</Text>
      </Group>
    );
  }
  if (!query.data) return <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.rows.length === 0) return <Text size="sm">No Data</Text>;
  return undefined;
}
