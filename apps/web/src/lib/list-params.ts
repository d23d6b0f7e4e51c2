import { useDebouncedCallback } from '@mantine/hooks';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@telecare/contracts/lists';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * Paging and sorting of a list, kept in the URL (`?page=2&pageSize=20&sort=urn.asc&sort=site.desc`)
 * so that reload, back and a shared link show the same page. Filters are not here: they can hold
 * patient names, which must never appear in a URL (they go in the POST body).
 */

export type SortDirection = 'asc' | 'desc';
export interface SortItem<C extends string> {
  column: C;
  direction: SortDirection;
}
export type Sort<C extends string> = SortItem<C>[];

export type PageSize = (typeof PAGE_SIZES)[number];

const PAGE = 'page';
const PAGE_SIZE = 'pageSize';
const SORT = 'sort';

export function isPageSize(value: number): value is PageSize {
  return (PAGE_SIZES as readonly number[]).includes(value);
}

function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

function parsePageSize(value: string | null, fallback: PageSize): PageSize {
  const size = Number(value);
  return isPageSize(size) ? size : fallback;
}

function parseSort<C extends string>(values: string[], columns: readonly C[]): Sort<C> {
  const sort: Sort<C> = [];
  for (const value of values) {
    const dot = value.lastIndexOf('.');
    const column = columns.find((c) => c === value.slice(0, dot));
    const direction = value.slice(dot + 1);
    if (!column || (direction !== 'asc' && direction !== 'desc')) continue;
    if (sort.some((s) => s.column === column)) continue;
    sort.push({ column, direction });
  }
  return sort;
}

/**
 * The next sort after a click on `column`'s header: none -> asc -> desc -> none.
 * `append` keeps the click order (a new column goes last); `front` moves the clicked column first.
 */
export function toggleSort<C extends string>(
  sort: Sort<C>,
  column: C,
  placement: 'append' | 'front' = 'append',
): Sort<C> {
  const index = sort.findIndex((s) => s.column === column);
  const current = sort[index];
  const rest = sort.filter((s) => s.column !== column);
  if (current?.direction === 'desc') return rest;
  const item: SortItem<C> = { column, direction: current ? 'desc' : 'asc' };
  if (placement === 'front') return [item, ...rest];
  if (!current) return [...sort, item];
  return sort.map((s) => (s.column === column ? item : s));
}

interface NavigateOptions {
  /** Replace the history entry (for corrections the user did not ask for, e.g. clamping). */
  replace?: boolean;
}

export interface ListSearchParams<C extends string> {
  page: number;
  pageSize: PageSize;
  sort: Sort<C>;
  setPage: (page: number, options?: NavigateOptions) => void;
  /** Also returns to page 1. */
  setPageSize: (pageSize: PageSize) => void;
  /** Also returns to page 1. The function form gets the newest sort (clicks can come fast). */
  setSort: (sort: Sort<C> | ((current: Sort<C>) => Sort<C>)) => void;
  /**
   * Any other change to the URL's parameters. Every change must come through here (or the setters
   * above): a change made past it is lost when a later one builds on a URL not yet rendered.
   */
  updateParams: (change: (params: URLSearchParams) => void, options?: NavigateOptions) => void;
}

/**
 * Reads and writes a list's page, page size and sort in the URL; other parameters are kept.
 * `defaultPageSize`: the size without a size parameter (the booking area's lists open with 50).
 */
export function useListSearchParams<C extends string>(
  columns: readonly C[],
  defaultPageSize: PageSize = DEFAULT_PAGE_SIZE,
): ListSearchParams<C> {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = parsePage(searchParams.get(PAGE));
  const pageSize = parsePageSize(searchParams.get(PAGE_SIZE), defaultPageSize);
  // A string key keeps `sort` referentially stable while the sort parameters do not change.
  const sortKey = searchParams.getAll(SORT).join('\n');
  const sort = useMemo(() => parseSort(sortKey ? sortKey.split('\n') : [], columns), [sortKey, columns]);

  // React Router renders a navigation in a transition, so a second click can come before the
  // first one has rendered: build on our own newest parameters until a render catches up.
  const pending = useRef<{ from: URLSearchParams; next: URLSearchParams } | null>(null);

  const update = useCallback(
    (change: (params: URLSearchParams) => void, options?: NavigateOptions) => {
      const latest = pending.current?.from === searchParams ? pending.current.next : searchParams;
      const next = new URLSearchParams(latest);
      change(next);
      pending.current = { from: searchParams, next };
      setSearchParams(next, { replace: options?.replace ?? false });
    },
    [searchParams, setSearchParams],
  );

  const setPage = useCallback(
    (nextPage: number, options?: NavigateOptions) =>
      update((params) => {
        if (nextPage > 1) params.set(PAGE, String(nextPage));
        else params.delete(PAGE);
      }, options),
    [update],
  );

  const setPageSize = useCallback(
    (nextSize: PageSize) =>
      update((params) => {
        params.delete(PAGE);
        if (nextSize === defaultPageSize) params.delete(PAGE_SIZE);
        else params.set(PAGE_SIZE, String(nextSize));
      }),
    [update, defaultPageSize],
  );

  const setSort = useCallback(
    (next: Sort<C> | ((current: Sort<C>) => Sort<C>)) =>
      update((params) => {
        const nextSort = typeof next === 'function' ? next(parseSort(params.getAll(SORT), columns)) : next;
        params.delete(PAGE);
        params.delete(SORT);
        for (const s of nextSort) params.append(SORT, `${s.column}.${s.direction}`);
      }),
    [update, columns],
  );

  return { page, pageSize, sort, setPage, setPageSize, setSort, updateParams: update };
}

/** Trimmed, without empty entries: the filters the API gets. */
function cleanFilters<C extends string>(
  columns: readonly C[],
  inputs: Partial<Record<C, string>>,
): Partial<Record<C, string>> {
  const filters: Partial<Record<C, string>> = {};
  for (const column of columns) {
    const value = inputs[column]?.trim();
    if (value) filters[column] = value;
  }
  return filters;
}

function sameFilters<C extends string>(
  columns: readonly C[],
  a: Partial<Record<C, string>>,
  b: Partial<Record<C, string>>,
): boolean {
  return columns.every((column) => a[column] === b[column]);
}

const FILTER_DELAY_MS = 300;

/**
 * The filter row of a list: what is typed (shown at once) and what is applied (after a pause, or at
 * once on `apply`). Applying a change returns to page 1. Filters stay in memory, never in the URL.
 */
export function useColumnFilters<C extends string>(
  columns: readonly C[],
  onApplied: () => void,
): {
  inputs: Partial<Record<C, string>>;
  filters: Partial<Record<C, string>>;
  change: (column: C, value: string) => void;
  apply: () => void;
} {
  const [inputs, setInputs] = useState<Partial<Record<C, string>>>({});
  const [filters, setFilters] = useState<Partial<Record<C, string>>>({});
  const applyLater = useDebouncedCallback((typed: Partial<Record<C, string>>) => {
    const next = cleanFilters(columns, typed);
    if (sameFilters(columns, next, filters)) return;
    setFilters(next);
    onApplied();
  }, FILTER_DELAY_MS);
  const change = (column: C, value: string) => {
    const typed = { ...inputs, [column]: value };
    setInputs(typed);
    applyLater(typed);
  };
  return { inputs, filters, change, apply: () => applyLater.flush() };
}
