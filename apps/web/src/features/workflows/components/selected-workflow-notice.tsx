import { Button, Group, Paper, Stack, Text } from '@mantine/core';

/** The button that leaves `?id=` for the whole list. */
function ShowAllButton({ onShowAll }: { onShowAll: () => void }) {
  return (
    <Button size="compact-xs" variant="light" onClick={onShowAll}>
      Show all workflows
    </Button>
  );
}

/** Above the table while `?id=` shows one workflow: the filters do not apply until the list is back. */
export function SelectedWorkflowNotice({ onShowAll }: { onShowAll: () => void }) {
  return (
    <Paper bg="blue.0" px="sm" py={4} radius="sm" role="status">
      <Group gap="xs">
        <Text size="sm" fw={500}>
          Showing one workflow.
        </Text>
        <Text size="sm">The filters below are for the whole list: typing one shows the list again.</Text>
        <ShowAllButton onShowAll={onShowAll} />
      </Group>
    </Paper>
  );
}

/** In place of the rows when `?id=` is not a workflow (a wrong link, or one deleted since). */
export function WorkflowNotFound({ onShowAll }: { onShowAll: () => void }) {
  return (
    <Stack gap={6} align="flex-start" role="alert">
      <Text size="sm" fw={600}>
        Workflow not found.
      </Text>
      <Text size="sm">The link may be wrong, or the workflow may have been deleted.</Text>
      <ShowAllButton onShowAll={onShowAll} />
    </Stack>
  );
}
