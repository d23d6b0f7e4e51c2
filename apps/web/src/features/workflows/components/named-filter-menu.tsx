import { Badge, Button, Menu } from '@mantine/core';
import { NAMED_FILTERS, type NamedFilter } from '@telecare/contracts/workflows';
import { ChevronDownIcon, FilterIcon } from '../../../components/ui/icons';

/** The active list's named filters and their labels (meanings in docs/domain.md). */
export const NAMED_FILTER_LABELS: Record<NamedFilter, string> = {
  needFollowUp: 'Need follow-up',
  twelveWeeksAfterFilter: '12 weeks after',
  newFilter: 'New',
  reviewFilter: 'Review',
  urgentFilter: 'Urgent',
  triageFilter: 'Triage',
  unassignedFilter: 'Unassigned',
};

export function isNamedFilter(value: string): value is NamedFilter {
  return (NAMED_FILTERS as readonly string[]).includes(value);
}

/** The 'Filters' drop-down: checkbox items; the list shows rows matching every chosen filter. */
export function NamedFilterMenu({
  value,
  onChange,
}: {
  value: readonly NamedFilter[];
  onChange: (next: NamedFilter[]) => void;
}) {
  return (
    <Menu position="bottom-start" shadow="md" withinPortal>
      <Menu.Target>
        <Button
          size="compact-xs"
          variant={value.length > 0 ? 'light' : 'default'}
          leftSection={<FilterIcon size={12} />}
          rightSection={
            <>
              {value.length > 0 && (
                <Badge size="xs" circle aria-hidden="true">
                  {value.length}
                </Badge>
              )}
              <ChevronDownIcon size={12} />
            </>
          }
        >
          Filters
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Show only</Menu.Label>
        <Menu.CheckboxGroup
          value={[...value]}
          // Keep the drop-down's order, whatever the click order.
          onChange={(next) => onChange(NAMED_FILTERS.filter((filter) => next.includes(filter)))}
        >
          {NAMED_FILTERS.map((filter) => (
            <Menu.CheckboxItem key={filter} value={filter}>
              {NAMED_FILTER_LABELS[filter]}
            </Menu.CheckboxItem>
          ))}
        </Menu.CheckboxGroup>
        <Menu.Divider />
        <Menu.Item disabled={value.length === 0} onClick={() => onChange([])}>
          Clear filters
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
