import { Group, Select, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useSmsTemplateSets } from '../api/sms-template-sets';

/**
 * The SMS template set a booking's SMS come from, chosen by name. A set that could not be loaded
 * leaves the list empty (the spec swallows failed template loads): the placeholder says what to do.
 */
export function SmsTemplateSetSelect({
  value,
  onChange,
}: {
  value: string | null;
  onChange: (id: string | null) => void;
}) {
  const sets = useSmsTemplateSets();
  const data = useMemo(
    () => (sets.data ?? []).map((set) => ({ value: set.id, label: set.name })),
    [sets.data],
  );
  const templateCount = useMemo(
    () => new Map((sets.data ?? []).map((set) => [set.id, set.templateCount])),
    [sets.data],
  );
  const none = !sets.isPending && data.length === 0;
  return (
    <Select
      label="SMS template set"
      required
      placeholder={
        sets.isPending
          ? 'Loading SMS template sets…'
          : none
            ? 'No SMS template sets available'
            : 'Search by name'
      }
      description={
        none ? 'They could not be loaded, or none exist: reload, or ask IT to add one.' : undefined
      }
      searchable
      clearable
      data={data}
      value={value}
      onChange={onChange}
      nothingFoundMessage={none ? 'No SMS template sets available' : 'No set matches'}
      renderOption={({ option }) => {
        const count = templateCount.get(option.value) ?? 0;
        return (
          <Group justify="space-between" wrap="nowrap" w="100%" gap="xs">
            <span>{option.label}</span>
            <Text size="xs" c="dimmed">
              {count} {count === 1 ? 'template' : 'templates'}
            </Text>
          </Group>
        );
      }}
    />
  );
}
