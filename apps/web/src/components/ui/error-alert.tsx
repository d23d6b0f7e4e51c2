import { Alert, Button, Group, Text } from '@mantine/core';
import { errorMessage } from '../../lib/api-client';

/** A red alert with the error's message and, when `onRetry` is given, a Retry button. */
export function ErrorAlert({
  error,
  onRetry,
  title,
}: {
  error: unknown;
  onRetry?: () => void;
  title?: string;
}) {
  return (
    <Alert color="red" variant="light" title={title} py="xs">
      <Group gap="sm" justify="space-between" wrap="nowrap">
        <Text size="sm">{errorMessage(error)}</Text>
        {onRetry && (
          <Button size="compact-sm" color="red" variant="outline" onClick={onRetry}>
            Retry
          </Button>
        )}
      </Group>
    </Alert>
  );
}
