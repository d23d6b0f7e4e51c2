import { Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { SPECIALIST_MESSAGES as M } from '@telecare/contracts/specialists';
import { type FormEvent, useState } from 'react';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { useScheduleDescription, useUpdateScheduleDescription } from '../api/specialists';

/** The practitioner schedule description editor, with the spec's texts. */
export function ScheduleDescriptionEditor({ specialistId }: { specialistId: string }) {
  const query = useScheduleDescription(specialistId);
  // Held here, above the keyed form, so that a save's notice is not lost when the form starts afresh.
  const update = useUpdateScheduleDescription();
  return (
    <Paper withBorder p="md" radius="sm" maw={900}>
      <Stack gap="xs">
        <Text fw={600} size="sm" component="h2" m={0}>
          Schedule Description
        </Text>
        {query.isError ? (
          <ErrorAlert error={query.error} title={M.scheduleLoadFailed} onRetry={() => void query.refetch()} />
        ) : query.isPending ? (
          <Text size="sm">Loading ...</Text>
        ) : (
          <DescriptionForm
            key={`${specialistId} ${query.data.scheduleDescription}`}
            specialistId={specialistId}
            saved={query.data.scheduleDescription}
            update={update}
          />
        )}
      </Stack>
    </Paper>
  );
}

type DescriptionFormProps = {
  specialistId: string;
  saved: string;
  update: ReturnType<typeof useUpdateScheduleDescription>;
};

function DescriptionForm({ specialistId, saved, update }: DescriptionFormProps) {
  const [value, setValue] = useState(saved);
  const save = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      { id: specialistId, scheduleDescription: value },
      {
        onSuccess: (kept) => {
          setValue(kept.scheduleDescription);
          notifications.show({ color: 'green', message: M.scheduleUpdated });
        },
        onError: () => notifications.show({ color: 'red', message: M.scheduleUpdateFailed }),
      },
    );
  };
  return (
    <form onSubmit={save} aria-label="Schedule description">
      <Stack gap="xs">
        <Textarea
          label="Schedule description"
          description="Shown on the specialist's card on the Specialists page."
          autosize
          minRows={2}
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button type="submit" disabled={value === saved} loading={update.isPending}>
            Save schedule
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
