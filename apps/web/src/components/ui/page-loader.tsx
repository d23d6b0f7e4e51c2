import { Center, Loader, Stack, Text } from '@mantine/core';

/** A centred spinner filling its container, with an optional text under it. */
export function PageLoader({ label, text }: { label: string; text?: string }) {
  return (
    <Center h="100%" mih={200} role="status" aria-label={label}>
      <Stack align="center" gap="xs">
        <Loader size="md" />
        {text && <Text size="sm">{text}</Text>}
      </Stack>
    </Center>
  );
}
