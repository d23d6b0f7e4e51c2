import { ActionIcon, Group, NativeSelect, Text } from '@mantine/core';
import { useId } from 'react';
import { ChevronLeftIcon, ChevronRightIcon, ChevronsLeftIcon, ChevronsRightIcon } from './icons';

export interface PagerProps {
  /** 1-based. */
  page: number;
  pageSize: number;
  /** Rows in the whole list; undefined while unknown (first load). */
  total: number | undefined;
  /** The total is the server's estimate (a very large filtered result). */
  totalIsEstimate?: boolean;
  /** The rows the pages reach when fewer than the total (the server pages a filtered list so far). */
  rowLimit?: number | null;
  /** The server could not read the page in time: the range says so instead of rows it does not show. */
  timedOut?: boolean;
  pageSizes: readonly number[];
  onPageChange: (page: number) => void;
  /** The caller returns to page 1. */
  onPageSizeChange: (pageSize: number) => void;
}

export function lastPageOf(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** '1-10 of 500'; '1-10 of about 129,900' for an estimate; '0-0 of 0' when empty. */
export function rangeText(page: number, pageSize: number, total: number, estimate = false): string {
  if (total === 0) return '0-0 of 0';
  const first = Math.min((page - 1) * pageSize + 1, total);
  const last = Math.min(page * pageSize, total);
  if (estimate) return `${first}-${last} of about ${roundEstimate(total).toLocaleString('en-AU')}`;
  return `${first}-${last} of ${total}`;
}

/** The range of a page the server did not read in time: what it would have been part of. */
export function timedOutRangeText(total: number, estimate = false): string {
  const size = estimate ? `about ${roundEstimate(total).toLocaleString('en-AU')}` : String(total);
  return `Not read, of ${size}`;
}

/** What staff see instead of the rows of a page the server could not read in time, and what to change. */
export const TIMED_OUT_TEXT =
  'This page took too long to read: narrow the filter, or sort by one column only.';

/** Why the last pages cannot be reached, and how to reach the rows on them. */
export function rowLimitText(rowLimit: number): string {
  return `Pages stop at row ${rowLimit.toLocaleString('en-AU')}: narrow the filter, or sort the other way to see the last rows.`;
}

function roundEstimate(total: number) {
  const step = 10 ** Math.max(0, String(total).length - 3);
  return Math.round(total / step) * step;
}

/** Rows-per-page choice, range text and first/previous/next/last buttons; clamps at both ends. */
export function Pager({
  page,
  pageSize,
  total,
  totalIsEstimate = false,
  rowLimit = null,
  timedOut = false,
  pageSizes,
  onPageChange,
  onPageSizeChange,
}: PagerProps) {
  const sizeId = useId();
  const limited = total !== undefined && rowLimit !== null && rowLimit < total;
  const lastPage = total === undefined ? 1 : lastPageOf(limited ? (rowLimit as number) : total, pageSize);
  const current = Math.min(Math.max(page, 1), lastPage);
  const atFirst = total === undefined || current <= 1;
  const atLast = total === undefined || current >= lastPage;
  const go = (target: number) => onPageChange(Math.min(Math.max(target, 1), lastPage));

  return (
    <Group gap="md" justify="flex-end" wrap="wrap" style={{ rowGap: 4 }}>
      <Group gap={6} wrap="nowrap">
        <Text component="label" htmlFor={sizeId} size="xs" style={{ whiteSpace: 'nowrap' }}>
          Rows per page
        </Text>
        <NativeSelect
          id={sizeId}
          size="xs"
          w={64}
          value={String(pageSize)}
          data={pageSizes.map(String)}
          onChange={(event) => onPageSizeChange(Number(event.currentTarget.value))}
        />
      </Group>
      <Text size="xs" miw={90} ta="center" aria-live="polite">
        {total === undefined
          ? ''
          : timedOut
            ? timedOutRangeText(total, totalIsEstimate)
            : rangeText(current, pageSize, total, totalIsEstimate)}
      </Text>
      {limited && (
        <Text size="xs" c="dimmed">
          {rowLimitText(rowLimit as number)}
        </Text>
      )}
      <Group gap={4} wrap="nowrap">
        <ActionIcon variant="subtle" aria-label="First page" disabled={atFirst} onClick={() => go(1)}>
          <ChevronsLeftIcon />
        </ActionIcon>
        <ActionIcon
          variant="subtle"
          aria-label="Previous page"
          disabled={atFirst}
          onClick={() => go(current - 1)}
        >
          <ChevronLeftIcon />
        </ActionIcon>
        <ActionIcon variant="subtle" aria-label="Next page" disabled={atLast} onClick={() => go(current + 1)}>
          <ChevronRightIcon />
        </ActionIcon>
        <ActionIcon variant="subtle" aria-label="Last page" disabled={atLast} onClick={() => go(lastPage)}>
          <ChevronsRightIcon />
        </ActionIcon>
      </Group>
    </Group>
  );
}
