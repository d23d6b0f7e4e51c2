/**
 * The space of workflow-list requests the screens can send, enumerated for the space benchmark
 * (scripts/bench/workflow-list-space.bench.ts) and the plan check (workflow-list-plans.postgres.test.ts):
 * every list x every column sorted both ways x the first and a deep page; every column filter alone
 * and with a sort on another column; and a seeded random sample of stacked filters and sorts, a
 * named filter and a random page; each at page sizes 10 and 50.
 */
import {
  NAMED_FILTERS,
  WORKFLOW_COLUMNS,
  WORKFLOW_LIST_NAMES,
  type WorkflowColumn,
  type WorkflowListName,
} from '@telecare/contracts/workflows';
import type { WorkflowListQuery } from './workflow-list.queries.ts';

/** Texts staff type into each column's filter box: the first is used alone, the others in the sample. */
export const FILTER_TEXTS: Record<WorkflowColumn, string[]> = {
  urn: ['TC0012', 'TC00', '5'],
  category: ['RC', '2'],
  client: ['smith', 'an', '(67)', '/1980'],
  creationTimestamp: ['/03/2026', '2026', '10:'],
  referrer: ['singh', 'dr', 'indef'],
  caseManager: ['brooke', 'dr'],
  speciality: ['cardio', 'ology'],
  site: ['mackay', 'device'],
  appointmentDate: ['/12/2026', 'R', 'NRR'],
  bookings: ['booked', 'fta', 'a'],
  results: ['PD', 'NS'],
  adminCheckNotes: ['referral', 'call', 'e'],
  adminCheck: ['CP', 'NS'],
  gpReport: ['QR', 'NC'],
  coordinator: ['an', 'e'],
};

export const SPACE_PAGE_SIZES = [10, 50] as const;

export type ListSizes = Record<WorkflowListName, number>;
export type SpaceRequest = { name: string; query: WorkflowListQuery };
type Sort = WorkflowListQuery['sort'][number];

/** A small seeded generator (mulberry32), so every run measures the same sample. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The page in the middle of the whole list: the deep page of the enumeration. */
export const deepPageOf = (rows: number, pageSize: number) => Math.max(1, Math.floor(rows / pageSize / 2));

function describe(query: WorkflowListQuery) {
  const parts: string[] = [query.list];
  for (const [column, text] of Object.entries(query.filters)) parts.push(`filter ${column} "${text}"`);
  if (query.namedFilters.length) parts.push(`named ${query.namedFilters.join('+')}`);
  for (const { column, direction } of query.sort) parts.push(`sort ${column} ${direction}`);
  parts.push(`page ${query.page} x${query.pageSize}`);
  return parts.join(', ');
}

function request(
  list: WorkflowListName,
  pageSize: number,
  parts: Partial<Omit<WorkflowListQuery, 'list' | 'pageSize'>>,
): SpaceRequest {
  const query: WorkflowListQuery = {
    list,
    page: 1,
    pageSize,
    sort: [],
    filters: {},
    namedFilters: [],
    ...parts,
  };
  return { name: describe(query), query };
}

/** A different column from `column`, chosen by position so the pairs vary over the columns. */
const otherColumn = (index: number) =>
  WORKFLOW_COLUMNS[(index + 3) % WORKFLOW_COLUMNS.length] as WorkflowColumn;

function enumerated(sizes: ListSizes, pageSize: number): SpaceRequest[] {
  const requests: SpaceRequest[] = [];
  for (const list of WORKFLOW_LIST_NAMES) {
    const deep = deepPageOf(sizes[list], pageSize);
    for (const column of WORKFLOW_COLUMNS) {
      for (const direction of ['asc', 'desc'] as const) {
        for (const page of deep > 1 ? [1, deep] : [1])
          requests.push(request(list, pageSize, { page, sort: [{ column, direction }] }));
      }
    }
    WORKFLOW_COLUMNS.forEach((column, index) => {
      const filters = { [column]: FILTER_TEXTS[column][0] };
      requests.push(request(list, pageSize, { filters }));
      const sort: Sort[] = [{ column: otherColumn(index), direction: index % 2 ? 'desc' : 'asc' }];
      requests.push(request(list, pageSize, { filters, sort }));
    });
  }
  return requests;
}

function pick<T>(next: () => number, values: readonly T[]): T {
  return values[Math.floor(next() * values.length)] as T;
}

/** Half first pages, then near pages, far pages and the deep page of the whole list. */
function randomPage(next: () => number, rows: number, pageSize: number) {
  const roll = next();
  if (roll < 0.5) return 1;
  if (roll < 0.75) return 2 + Math.floor(next() * 9);
  if (roll < 0.9) return 11 + Math.floor(next() * 990);
  return deepPageOf(rows, pageSize);
}

function sampled(sizes: ListSizes, samples: number, seed: number, pageSize: number): SpaceRequest[] {
  const next = random(seed);
  const requests: SpaceRequest[] = [];
  for (let i = 0; i < samples; i++) {
    const list = pick(next, WORKFLOW_LIST_NAMES);
    const filters: WorkflowListQuery['filters'] = {};
    for (let n = Math.floor(next() * 4); n > 0; n--) {
      const column = pick(next, WORKFLOW_COLUMNS);
      filters[column] = pick(next, FILTER_TEXTS[column]);
    }
    const sort: Sort[] = [];
    for (let n = Math.floor(next() * 3); n > 0; n--) {
      const column = pick(next, WORKFLOW_COLUMNS);
      if (!sort.some((s) => s.column === column))
        sort.push({ column, direction: pick(next, ['asc', 'desc']) });
    }
    // The named filters are the active list's drop-down.
    const namedFilters = list === 'active' && next() < 0.5 ? [pick(next, NAMED_FILTERS)] : [];
    const page = randomPage(next, sizes[list], pageSize);
    requests.push(request(list, pageSize, { page, filters, sort, namedFilters }));
  }
  return requests;
}

/**
 * Every request of the space for lists of these sizes (the deep page is the middle of each list):
 * the enumeration, then `samples` seeded random requests, each at every page size.
 */
export function listRequestSpace(
  sizes: ListSizes,
  { samples = 300, seed = 15, pageSizes = SPACE_PAGE_SIZES as readonly number[] } = {},
): SpaceRequest[] {
  return pageSizes.flatMap((pageSize) => [
    ...enumerated(sizes, pageSize),
    ...sampled(sizes, samples, seed, pageSize),
  ]);
}
