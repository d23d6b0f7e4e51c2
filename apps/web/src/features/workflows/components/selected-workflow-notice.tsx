import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { WorkflowRow } from '@telecare/contracts/workflows';
import { WORKFLOW_LIST_LABELS } from '@telecare/domain/workflow-rules';

/** The button that leaves `?id=` for the whole list. */
function ShowAllButton({ onShowAll }: { onShowAll: () => void }) {
  return (
    <Button size="compact-xs" variant="light" onClick={onShowAll}>
      Show all workflows
    </Button>
  );
}

/**
 * Above the table while `?id=` shows one workflow: the filters do not apply until the list is back.
 * A link opens the workflow whichever list holds it; the notice says when that is another list.
 */
export function SelectedWorkflowNotice({
  onShowAll,
  onList,
  shownOn,
}: {
  onShowAll: () => void;
  onList: WorkflowRow['list'] | undefined;
  shownOn: WorkflowRow['list'];
}) {
  const elsewhere =
    onList && onList !== shownOn && onList !== 'deleted' ? WORKFLOW_LIST_LABELS[onList] : null;
  return (
    <Paper bg="blue.0" px="sm" py={4} radius="sm" role="status">
      <Group gap="xs">
        <Text size="sm" fw={500}>
          Showing one workflow.
        </Text>
        {elsewhere && (
          <Text size="sm" fw={500} c="orange.9">
            It is on the {elsewhere} list.
          </Text>
        )}
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
