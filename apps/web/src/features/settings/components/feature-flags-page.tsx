import { Button, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { FEATURE_FLAGS, type FeatureFlag, type FeatureFlags } from '@telecare/contracts/settings';
import { type FormEvent, useState } from 'react';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { PageLoader } from '../../../components/ui/page-loader';
import { errorMessage } from '../../../lib/api-client';
import { useFeatureFlags, useUpdateFeatureFlags } from '../api/feature-flags';

/** The spec's texts for a saved or failed configuration change (Settings). */
export const CONFIG_SAVED = 'Update config successfully!';
export const CONFIG_FAILED = 'Update config failed!';

const FLAG_TEXTS: Record<FeatureFlag, { label: string; description: string }> = {
  experiments: {
    label: 'Experiments',
    description: 'Experimental features, such as the Coordinator column of the Workflow list.',
  },
  referralInbox: { label: 'Referral inbox', description: 'The Referral Inbox screen.' },
  setWorkflowStatus: { label: 'Set workflow status', description: "Staff may set a workflow's status." },
  onlyAustralianUsers: {
    label: 'Only Australian users',
    description: 'Sign-in only from Australia, except for the allow-listed e-mail addresses.',
  },
};

/**
 * Whether what a flag switches exists yet: a flag is listed only then, so nobody turns on a screen
 * that is not there. The lane that builds the screen (the Referral Inbox) sets it to true in the
 * same change.
 */
export const FLAG_GATE_BUILT: Record<FeatureFlag, boolean> = {
  experiments: true,
  referralInbox: true,
  setWorkflowStatus: true,
  onlyAustralianUsers: true,
};
const SHOWN_FLAGS = FEATURE_FLAGS.filter((flag) => FLAG_GATE_BUILT[flag]);

/**
 * Settings > Admin > Feature Flags: the configuration flags, for users with OTHER_SETTINGS.
 * Save is enabled once a switch differs from the saved value; only changed flags are sent.
 */
export function FeatureFlagsPage() {
  const query = useFeatureFlags();
  const update = useUpdateFeatureFlags();
  // The switches the user moved; the others follow the saved values (also when they change live).
  const [edits, setEdits] = useState<Partial<FeatureFlags>>({});

  const saved = query.data;
  const changed = saved
    ? FEATURE_FLAGS.filter((flag) => edits[flag] !== undefined && edits[flag] !== saved[flag])
    : [];

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (changed.length === 0) return;
    update.mutate(Object.fromEntries(changed.map((flag) => [flag, edits[flag]])), {
      onSuccess: () => {
        setEdits({});
        notifications.show({ color: 'green', message: CONFIG_SAVED });
      },
      onError: (error) =>
        notifications.show({ color: 'red', title: CONFIG_FAILED, message: errorMessage(error) }),
    });
  };

  return (
    <Stack gap="sm">
      <title>Feature Flags · Telecare Staff</title>
      <Title order={1} fz="lg">
        Feature Flags
      </Title>
      {!saved ? (
        query.isError ? (
          <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <PageLoader label="Loading feature flags" />
        )
      ) : (
        <Paper
          withBorder
          p="md"
          radius="sm"
          maw={560}
          component="form"
          onSubmit={save}
          aria-label="Feature flags"
        >
          <Stack gap="md">
            {SHOWN_FLAGS.map((flag) => (
              <Switch
                key={flag}
                label={FLAG_TEXTS[flag].label}
                description={FLAG_TEXTS[flag].description}
                checked={edits[flag] ?? saved[flag]}
                disabled={update.isPending}
                onChange={(event) => {
                  const checked = event.currentTarget.checked;
                  setEdits((current) => ({ ...current, [flag]: checked }));
                }}
              />
            ))}
            <Group justify="flex-end" gap="sm">
              {changed.length > 0 && (
                <Text size="xs" c="dimmed">
                  {changed.length === 1 ? '1 unsaved change' : `${changed.length} unsaved changes`}
                </Text>
              )}
              <Button
                variant="default"
                size="xs"
                disabled={changed.length === 0 || update.isPending}
                onClick={() => setEdits({})}
              >
                Reset
              </Button>
              <Button type="submit" size="xs" disabled={changed.length === 0} loading={update.isPending}>
                Save
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
