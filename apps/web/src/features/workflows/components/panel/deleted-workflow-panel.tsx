import { Button, Group, Text } from '@mantine/core';

/**
 * The panel of a row on the deleted list (IT staff): a deleted workflow is in no list and can not
 * be changed, so the one thing to do with it is to restore it.
 */
export function DeletedWorkflowPanel({ onRestore }: { onRestore: () => void }) {
  return (
    <Group gap="sm" py={4}>
      <Text size="sm">
        This workflow was deleted. Restore it to return it to its list, where it can be opened and changed
        again.
      </Text>
      <Button size="compact-sm" onClick={onRestore}>
        Restore
      </Button>
    </Group>
  );
}
