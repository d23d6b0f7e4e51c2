import { Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The centred card of the signed-out screens: product name, an optional heading, the content. */
export function AuthCard({
  pageTitle,
  heading,
  children,
  width = 400,
}: {
  /** The browser tab's title (before ' · Telecare Staff'). */
  pageTitle: string;
  heading?: string;
  children: ReactNode;
  width?: number;
}) {
  return (
    <Center mih="100dvh" p="md" bg="gray.0">
      <title>{`${pageTitle} · Telecare Staff`}</title>
      <Paper component="main" withBorder shadow="sm" radius="md" p="xl" w="100%" maw={width}>
        <Stack gap="md">
          <Title order={1} size="h2" ta="center" c="blue.8">
            Telecare Staff
          </Title>
          {heading && (
            <Title order={2} size="h4" ta="center">
              {heading}
            </Title>
          )}
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}

/** A small spinner with a status text ('validating user ...', 'preloading data ...'). */
export function ProgressText({ text }: { text: string }) {
  return (
    <Group gap="xs" justify="center" role="status">
      <Loader size="xs" />
      <Text size="sm">{text}</Text>
    </Group>
  );
}

export const VALIDATING_TEXT = 'validating user ...';
export const PRELOADING_TEXT = 'preloading data ...';
