/** The list queries: a request's conditions and order, its total, and the rows of its page. */
import type { NamedFilter, WorkflowColumn, WorkflowListName } from '@telecare/contracts/workflows';
import { and, asc, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database.ts';
import {
  GP_REPORT_SORT_KEY,
  workflowListRows as listRows,
  users,
  workflowListCounts,
} from '../../db/schema/index.ts';
import type { AuditEvent } from '../audit/audit.queries.ts';
import { budgetedWalkIds, WALK_BUDGET, WALK_MARGIN } from './budgeted-walk.ts';
import { BOOKMARK_SPACING, deepPageIds, readOrderState } from './list-bookmarks.ts';
import {
  COUNT_TIME_BUDGET_MS,
  countDeadline,
  LIST_TIME_BUDGET_MS,
  type ListDeadline,
  ListReadTimedOut,
  listDeadline,
  withinDeadline,
} from './list-time-budget.ts';
import { type OrderKey, type SmallMatchPage, smallMatchPage } from './small-matches.ts';
import { type SortKey, sortedDeepPageIds } from './sorted-bookmarks.ts';
import {
  COLUMN_SQL,
  COORDINATOR_NAME,
  type ColumnSql,
  likePattern,
  NAMED_FILTER_SQL,
  STAFF_DISPLAY_NAME,
} from './workflow-filters.ts';
import { selectPageRows } from './workflow-page-rows.ts';
import type { WorkflowRowSource } from './workflow-row.presenter.ts';
import { isDeleted, notDeleted } from './workflows.queries.ts';

export type WorkflowListQuery = {
  list: WorkflowListName;
  page: number;
  pageSize: number;
  sort: { column: WorkflowColumn; direction: 'asc' | 'desc' }[];
  filters: Partial<Record<WorkflowColumn, string>>;
  namedFilters: NamedFilter[];
  id?: string | undefined;
};

/** A list request turned into SQL once: its conditions and its order. */
export type PreparedListQuery = {
  query: WorkflowListQuery;
  where: SQL | undefined;
  /** The conditions besides the list's (the filters and named filters); undefined when there are none. */
  filter: SQL | undefined;
  order: SQL[];
  /** The order's expressions and directions (the order written out). */
  keys: OrderKey[];
  wholeList: boolean;
  /** The planner's estimate of the matching rows, asked once (by the count or the page, whichever first). */
  estimate: () => Promise<number>;
  /** When the request's slow reads must be done by (decision 0052). */
  deadline: ListDeadline;
  /** The page read whole from few matches (smallMatchPage); null when more than EXACT_COUNT_CAP matched; unset until tried. */
  smallMatches?: SmallMatchPage | null;
};

export async function prepareListQuery(
  db: Db,
  query: WorkflowListQuery,
  now: Date,
  deadline = listDeadline(),
): Promise<PreparedListQuery> {
  const filter = query.id ? undefined : await filterConditions(db, query, now);
  const where = query.id ? byId(query.id, query.list) : and(eq(listRows.listName, query.list), filter);
  let estimated: Promise<number> | undefined;
  const keys = orderKeysOf(query);
  return {
    query,
    where,
    filter,
    order: keys.map((key) => (key.direction === 'asc' ? asc(key.expression) : desc(key.expression))),
    keys,
    wholeList: isWholeList(query),
    deadline,
    estimate: () => {
      estimated ??= estimateRows(db, where);
      return estimated;
    },
  };
}

/** One workflow whatever its list; a deleted one only on the deleted list (IT staff). */
const byId = (id: string, list: WorkflowListName) =>
  and(eq(listRows.id, id), list === 'deleted' ? isDeleted : notDeleted);

async function filterConditions(db: Db, query: WorkflowListQuery, now: Date) {
  const conditions: (SQL | undefined)[] = [];
  for (const [column, value] of Object.entries(query.filters) as [WorkflowColumn, string | undefined][]) {
    if (value) conditions.push(await filterOf(db, query.list, COLUMN_SQL[column], value, now));
  }
  for (const name of query.namedFilters) conditions.push(NAMED_FILTER_SQL[name](now));
  return and(...conditions);
}

/** Past this many distinct values in a list, a few-values column is filtered as plain text. */
const FEW_VALUES_LIMIT = 500;

async function filterOf(db: Db, list: WorkflowListName, column: ColumnSql, value: string, now: Date) {
  if (column.lookup) {
    const found = (await db.execute(column.lookup.idsShowing(value))) as unknown as {
      rows: { id: string }[];
    };
    const ids = found.rows.map((row) => row.id);
    return ids.length ? inArray(column.lookup.column, ids) : sql`false`;
  }
  if (!column.fewValues) return column.filter(value, now);
  const values = await matchingValues(db, list, column.fewValues, value);
  if (!values) return column.filter(value, now);
  return values.length ? inArray(column.fewValues, values) : sql`false`;
}

/** The column's distinct values in the list, in order: one probe of the (list_name, column) index each. */
const skipScan = (list: WorkflowListName, column: AnyPgColumn) => sql`
  WITH RECURSIVE found(value) AS (
    (SELECT ${column} FROM ${listRows}
      WHERE ${listRows.listName} = ${list} AND ${column} IS NOT NULL ORDER BY ${column} LIMIT 1)
    UNION ALL
    SELECT (SELECT ${column} FROM ${listRows}
      WHERE ${listRows.listName} = ${list} AND ${column} > found.value ORDER BY ${column} LIMIT 1)
    FROM found WHERE found.value IS NOT NULL
  )`;

/** The column's distinct values in the list that contain the text; null when there are too many. */
async function matchingValues(db: Db, list: WorkflowListName, column: AnyPgColumn, value: string) {
  const result = (await db.execute(sql`${skipScan(list, column)}
    SELECT value, value ILIKE ${likePattern(value)} AS matches
    FROM found WHERE value IS NOT NULL LIMIT ${FEW_VALUES_LIMIT + 1}`)) as unknown as {
    rows: { value: string; matches: boolean }[];
  };
  if (result.rows.length > FEW_VALUES_LIMIT) return null;
  return result.rows.filter((row) => row.matches).map((row) => row.value);
}

/** The column's distinct values in the list, in the column's order; null when there are too many. */
async function distinctValues(db: Db, list: WorkflowListName, column: AnyPgColumn) {
  const result = (await db.execute(sql`${skipScan(list, column)}
    SELECT value FROM found WHERE value IS NOT NULL LIMIT ${FEW_VALUES_LIMIT + 1}`)) as unknown as {
    rows: { value: string }[];
  };
  return result.rows.length > FEW_VALUES_LIMIT ? null : result.rows.map((row) => row.value);
}

function orderKeysOf(query: WorkflowListQuery): OrderKey[] {
  const keys = query.sort.flatMap(({ column, direction }) =>
    COLUMN_SQL[column].sort.map((expression) => ({ expression, direction })),
  );
  // Ties follow the direction of the last sorted column (newest first by default), which is the
  // order of the column's (list_name, column, creation time, id) index read forwards or backwards.
  const ties = query.sort.at(-1)?.direction ?? 'desc';
  if (!query.sort.some((s) => s.column === 'creationTimestamp'))
    keys.push({ expression: sql`${listRows.creationTimestamp}`, direction: ties });
  keys.push({ expression: sql`${listRows.id}`, direction: ties });
  return keys;
}

/** The direction when the list is in creation-time order only (the default order is descending). */
function creationOrderOf(query: WorkflowListQuery) {
  if (query.sort.length === 0) return 'desc';
  const [only] = query.sort;
  return query.sort.length === 1 && only?.column === 'creationTimestamp' ? only.direction : null;
}

const isWholeList = (query: WorkflowListQuery) =>
  !query.id && query.namedFilters.length === 0 && !Object.values(query.filters).some(Boolean);

/** Filtered results are counted exactly up to this many rows; past it the planner's estimate is used. */
export const EXACT_COUNT_CAP = 5000;
/** An estimate this far past the cap is taken as it is, without counting up to the cap first. */
const TRUSTED_ESTIMATE = 4 * EXACT_COUNT_CAP;

export type ListTotal = { total: number; estimated: boolean };

export async function countWorkflows(
  db: Db,
  prepared: PreparedListQuery,
  cap: number | null = EXACT_COUNT_CAP,
  trustEstimate = true,
): Promise<ListTotal> {
  const { query, where } = prepared;
  if (prepared.wholeList) {
    const [kept] = await db
      .select({ total: workflowListCounts.total })
      .from(workflowListCounts)
      .where(eq(workflowListCounts.listName, query.list));
    return { total: kept?.total ?? 0, estimated: false };
  }
  if (cap === null) {
    const [row] = await withinDeadline(db, prepared.deadline, (tx) =>
      tx.select({ total: count() }).from(listRows).where(where),
    );
    return { total: row?.total ?? 0, estimated: false };
  }
  const estimate = await prepared.estimate();
  if (trustEstimate && estimate > TRUSTED_ESTIMATE) return { total: estimate, estimated: true };
  if (prepared.smallMatches === null) return { total: Math.max(cap + 1, estimate), estimated: true };
  try {
    const [row] = await withinDeadline(db, countDeadline(prepared.deadline), (tx) => {
      const matches = tx
        .select({ one: sql`1` })
        .from(listRows)
        .where(where)
        .limit(cap + 1)
        .as('matches');
      return tx.select({ total: count() }).from(matches);
    });
    const counted = row?.total ?? 0;
    if (counted <= cap) return { total: counted, estimated: false };
    return { total: Math.max(cap + 1, estimate), estimated: true };
  } catch (error) {
    if (!(error instanceof ListReadTimedOut)) throw error;
    // The count ran out of its own budget (decision 0053): the page is what staff need, the total
    // is the planner's estimate; readListPage corrects it from the page's rows.
    return { total: estimate, estimated: true };
  }
}

async function estimateRows(db: Db, where: SQL | undefined) {
  const result = (await db.execute(
    sql`EXPLAIN (FORMAT JSON) SELECT 1 FROM ${listRows} WHERE ${where}`,
  )) as unknown as {
    rows: Record<string, unknown>[];
  };
  const cell = result.rows[0]?.['QUERY PLAN'];
  const plan = (typeof cell === 'string' ? JSON.parse(cell) : cell) as [{ Plan: { 'Plan Rows': number } }];
  return Math.round(plan[0].Plan['Plan Rows']);
}

/**
 * The ids of a page: from bookmarks, by a group walk, or by an index walk past the offset; `total`,
 * when the matches' number is known exactly, lets a page in the back half be read from the end.
 */
async function selectPageIds(
  db: Db,
  prepared: PreparedListQuery,
  offset: number,
  total?: number,
): Promise<string[]> {
  const { query } = prepared;
  const direction = creationOrderOf(query);
  const deepIds =
    prepared.wholeList && direction
      ? await deepPageIds(db, query.list, { offset, limit: query.pageSize, direction })
      : null;
  if (deepIds) return deepIds;
  const sortedIds = await sortedDeepPage(db, prepared, offset);
  if (sortedIds) return sortedIds;
  if (prepared.filter) {
    const [{ total }, estimate] = await Promise.all([readOrderState(db, query.list), prepared.estimate()]);
    // The matches expected among the rows the walk may examine: too few, and the filter's own index is quicker.
    const expected = total > 0 ? (estimate / total) * WALK_BUDGET : 0;
    const walks = total <= WALK_BUDGET || expected >= WALK_MARGIN * (offset + query.pageSize);
    const page = Math.floor(offset / query.pageSize) + 1;
    const readWhole = (cap: number) =>
      withinDeadline(db, prepared.deadline, (tx) => smallMatchPage(tx, prepared, page, cap));
    const readsWhole = prepared.smallMatches === undefined && !hasShortText(query);
    if (walks && isIndexOrder(query)) {
      const walkedIds = await budgetedWalkIds(db, prepared, offset, total);
      if (walkedIds) return walkedIds;
      // The walk found fewer matches than the planner expected: the filters may be tight together.
      if (readsWhole) {
        prepared.smallMatches = await readWhole(EXACT_COUNT_CAP);
        if (prepared.smallMatches) return prepared.smallMatches.ids;
      }
    } else if (!walks && readsWhole && offset + query.pageSize <= PROBED_ROWS) {
      // Too few matches expected for the walk, too many to read whole: the planner (or a group walk)
      // would read the order's index testing every row, through the whole list when the estimate is
      // wrong (no match at all). The matches up to the page's end, by the filters' own indexes, tell first.
      const upToPage = await readWhole(offset + query.pageSize);
      if (upToPage) {
        prepared.smallMatches = upToPage;
        return upToPage.ids;
      }
    }
  }
  const grouped = await groupWalkIds(db, prepared, offset);
  if (grouped) return grouped.map((row) => row.id);
  return withinDeadline(db, prepared.deadline, (tx) => plannedPageIds(tx, prepared, offset, total));
}

/**
 * A page by the planner's ORDER BY ... OFFSET, which walks every row before the page. With the
 * exact number of matches, a page in the back half is read from the nearer end (decision 0053):
 * in the reverse order, past the rows after it, then reversed. Every order ends with the id and
 * flipping ASC and DESC flips where empty values go too, so the reverse order is exact.
 */
async function plannedPageIds(db: Db, prepared: PreparedListQuery, offset: number, total?: number) {
  const { pageSize } = prepared.query;
  const select = () => db.select({ id: listRows.id }).from(listRows).where(prepared.where);
  if (total === undefined || offset >= total || offset * 2 <= total) {
    const rows = await select()
      .orderBy(...prepared.order)
      .limit(pageSize)
      .offset(offset);
    return rows.map((row) => row.id);
  }
  const limit = Math.min(pageSize, total - offset);
  const reversed = prepared.keys.map((key) =>
    key.direction === 'asc' ? desc(key.expression) : asc(key.expression),
  );
  const rows = await select()
    .orderBy(...reversed)
    .limit(limit)
    .offset(total - offset - limit);
  return rows.map((row) => row.id).reverse();
}

/**
 * A first page (up to this many rows from the start) of a filter the walk is not tried for is first
 * looked for by the filters' own indexes (decision 0053); deeper pages would read as many matches.
 */
const PROBED_ROWS = 100;

/** Sorts whose one expression leads a (list_name, expression, creation_timestamp, id) index. */
const KEYED_SORTS = new Set<WorkflowColumn>(
  (Object.keys(COLUMN_SQL) as WorkflowColumn[]).filter(
    (c) => c !== 'creationTimestamp' && c !== 'coordinator',
  ),
);

/** The list's order is one index's: creation time, or one keyed column (then creation time and id). */
function isIndexOrder(query: WorkflowListQuery) {
  const [only, ...more] = query.sort;
  return (
    !only || (more.length === 0 && (only.column === 'creationTimestamp' || KEYED_SORTS.has(only.column)))
  );
}

/** The coordinator sort for bookmarks: by shown name, read coordinator by coordinator; null past 500 of them. */
export async function coordinatorSortKey(db: Db, list: WorkflowListName): Promise<SortKey | null> {
  const column = listRows.bookingCoordinatorId;
  const distinct = await distinctValues(db, list, column);
  if (!distinct) return null;
  return {
    name: 'coordinator',
    column: sql`${column}`,
    order: sql`${COORDINATOR_NAME}, ${column}`,
    groups: await inNameOrder(db, distinct),
  };
}

/** A deep page of the whole list sorted by one indexed column, from that sort's bookmarks. */
async function sortedDeepPage(db: Db, prepared: PreparedListQuery, offset: number) {
  const { query } = prepared;
  const [only] = query.sort;
  if (!prepared.wholeList || query.sort.length !== 1 || !only || offset < BOOKMARK_SPACING) return null;
  const page = { offset, limit: query.pageSize };
  if (only.column === 'coordinator') {
    const sort = await coordinatorSortKey(db, query.list);
    return sort && sortedDeepPageIds(db, query.list, { ...sort, direction: only.direction }, page);
  }
  const [column] = COLUMN_SQL[only.column].sort;
  if (!KEYED_SORTS.has(only.column) || !column) return null;
  return sortedDeepPageIds(db, query.list, { name: only.column, column, direction: only.direction }, page);
}

export type ListPage = {
  rows: WorkflowRowSource[];
  page: number;
  total: number;
  estimated: boolean;
  /** The rows the pages reach when fewer than the total (PAGED_ROWS); null when every row is reached. */
  rowLimit: number | null;
  /** The page was not read within the time budget (decision 0052): no rows, and the planner's estimate as the total. */
  timedOut: boolean;
};

/**
 * A filtered list, or one sorted by more than one column, is paged through its first this many rows
 * (decision 0048): no bookmark leads past them, so a deeper page would walk every row before it.
 */
export const PAGED_ROWS = 10_000;

/** Whole lists in creation order or sorted by one column reach every page from bookmarks. */
const reachesEveryPage = (prepared: PreparedListQuery) =>
  Boolean(prepared.query.id) || (prepared.wholeList && prepared.query.sort.length <= 1);

/**
 * A page of one list and its total. The page asked for is found while the total is counted; a
 * page past the end is clamped to the last page, and a page past the real end of an estimated
 * total is answered from an exact count; a page past `pagedRows` of a list that does not reach
 * every page is clamped to the last page within them. `auditOf` gives the audit row of what is
 * shown, written by the statement that reads the page's rows.
 */
export async function selectListPage(
  db: Db,
  query: WorkflowListQuery,
  now: Date,
  auditOf?: (shown: { ids: string[]; page: number }) => AuditEvent,
  pagedRows = PAGED_ROWS,
  budgetMs = LIST_TIME_BUDGET_MS,
  countBudgetMs = COUNT_TIME_BUDGET_MS,
): Promise<ListPage> {
  const prepared = await prepareListQuery(db, query, now, listDeadline(budgetMs, countBudgetMs));
  try {
    return await readListPage(db, prepared, auditOf, pagedRows);
  } catch (error) {
    if (!(error instanceof ListReadTimedOut)) throw error;
    // What staff get instead of a slow page: no rows, the size of what they asked for, and the reason.
    const total = prepared.wholeList ? (await countWorkflows(db, prepared)).total : await prepared.estimate();
    const page = Math.min(query.page, Math.max(1, Math.ceil(total / query.pageSize)));
    const rows = await selectPageRows(db, [], auditOf?.({ ids: [], page }));
    return { rows, page, total, estimated: !prepared.wholeList, rowLimit: null, timedOut: true };
  }
}

async function readListPage(
  db: Db,
  prepared: PreparedListQuery,
  auditOf: ((shown: { ids: string[]; page: number }) => AuditEvent) | undefined,
  pagedRows: number,
): Promise<ListPage> {
  const { query } = prepared;
  const limit = reachesEveryPage(prepared) ? null : pagedRows;
  const lastReached = limit === null ? query.page : Math.max(1, Math.ceil(limit / query.pageSize));
  const asked = Math.min(query.page, lastReached);
  const answer = async (ids: string[], page: number, counted: ListTotal): Promise<ListPage> => {
    const rows = await selectPageRows(db, ids, auditOf?.({ ids, page }));
    const rowLimit = limit !== null && counted.total > limit ? limit : null;
    return { rows, page, total: counted.total, estimated: counted.estimated, rowLimit, timedOut: false };
  };
  const fewMatches = await smallFilteredPage(db, prepared, asked);
  if (fewMatches)
    return answer(fewMatches.ids, fewMatches.page, { total: fewMatches.total, estimated: false });
  const size = query.pageSize;
  const offsetOf = (page: number) => (page - 1) * size;
  const pageOf = (total: number) => Math.min(asked, Math.max(1, Math.ceil(total / size)));
  // A deep page is read once its total is known: past the end, it is clamped before any row is
  // walked, and in the back half it is read from the end.
  const deep = offsetOf(asked) >= WALK_BUDGET;
  // A deep page is worth the capped count (within its own budget) whatever the estimate: a filter
  // that matches nothing or few rows is then not walked past thousands of rows.
  let [counted, ids] = await Promise.all([
    countWorkflows(db, prepared, EXACT_COUNT_CAP, !deep),
    deep ? null : selectPageIds(db, prepared, offsetOf(asked)),
  ]);
  // A deep page in the back half of an estimated total, or past it: counted exactly, so that it is
  // clamped to the real last page and read from the nearer end.
  if (deep && counted.estimated && offsetOf(asked) * 2 >= counted.total)
    counted = await countWorkflows(db, prepared, null);
  // An estimate does not clamp the page (it may be short of the real end): the rows read tell.
  let page = counted.estimated ? asked : pageOf(counted.total);
  const exact = counted.estimated ? undefined : counted.total;
  if (!prepared.smallMatches && (page !== asked || !ids))
    ids = exact === 0 ? [] : await selectPageIds(db, prepared, offsetOf(page), exact);
  // A walk that found the filters tight read their few matches whole, with their exact number.
  const few = prepared.smallMatches;
  if (few) return answer(few.ids, few.page, { total: few.total, estimated: false });
  const read = ids ?? [];
  if (counted.estimated) {
    if (read.length === size)
      // At least the rows up to this page and one more: the pager's Next stays open.
      counted = { total: Math.max(counted.total, offsetOf(page) + size + 1), estimated: true };
    else if (read.length > 0 || page === 1)
      // The last page: its rows give the exact total.
      counted = { total: offsetOf(page) + read.length, estimated: false };
    else {
      // Past the real end of an estimated total: counted exactly, then the last page from the nearer end.
      counted = await countWorkflows(db, prepared, null);
      page = pageOf(counted.total);
      ids = counted.total === 0 ? [] : await selectPageIds(db, prepared, offsetOf(page), counted.total);
    }
  }
  return answer(ids ?? [], page, counted);
}

/**
 * A filter text shorter than a trigram ("5", "an") gives the trigram indexes nothing to look up: the
 * planner's bitmap of it is the whole index (a million entries), so its matches are not read whole.
 */
const hasShortText = (query: WorkflowListQuery) =>
  TRIGRAM_FILTERED.some((column) => {
    const text = query.filters[column];
    return text !== undefined && text.trim().length > 0 && text.trim().length < 3;
  });

/** The columns whose filter text is looked up in a trigram index. */
const TRIGRAM_FILTERED: WorkflowColumn[] = ['urn', 'client', 'referrer', 'adminCheckNotes'];

/**
 * A filtered list the planner expects to be small is first read whole by its filters' indexes
 * (at most EXACT_COUNT_CAP rows) and sorted: no sort's index is walked in the hope of meeting the
 * few matches early, and the total is exact.
 */
async function smallFilteredPage(db: Db, prepared: PreparedListQuery, asked: number) {
  if (!prepared.filter || prepared.query.id || hasShortText(prepared.query)) return null;
  if ((await prepared.estimate()) > EXACT_COUNT_CAP) return null;
  prepared.smallMatches = await withinDeadline(db, prepared.deadline, (tx) =>
    smallMatchPage(tx, prepared, asked, EXACT_COUNT_CAP),
  );
  return prepared.smallMatches;
}

/** Coordinators' ids in the order of their shown names (then id); ids of no user last, as their empty name sorts. */
async function inNameOrder(db: Db, ids: string[]) {
  const named = await db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.id, ids))
    .orderBy(asc(STAFF_DISPLAY_NAME), asc(users.id));
  const known = new Set(named.map((user) => user.id));
  return [...named.map((user) => user.id), ...ids.filter((id) => !known.has(id)).sort()];
}

/**
 * Past this offset a stacked sort is left to the planner, which reads the first column's index in
 * order and sorts each of its values by the rest (every id before the page is read either way).
 */
const GROUP_WALK_MAX_OFFSET = 1000;

/**
 * The coordinator's order is its shown name, which no index holds: the planner sorts every match,
 * so the coordinator's group walk serves every page within the paged rows (decision 0053; 1.5 s, cut
 * -> 60-300 ms at offset 1,850 of 209,670 matches).
 */
const COORDINATOR_WALK_MAX_OFFSET = PAGED_ROWS;

/**
 * A stacked sort led by a column with few values (Speciality, Site, Bookings ...), of the whole
 * list or a filtered one: each value's rows are read in the order of the remaining columns, value
 * by value, until the page is full, so no value's rows are sorted as a whole (the next column's
 * index serves). The coordinator sort, alone or stacked, is read coordinator by coordinator.
 */
export async function groupWalkIds(db: Db, prepared: PreparedListQuery, offset: number) {
  const { query } = prepared;
  const [first, second] = query.sort;
  if (!first) return null;
  if (offset > (first.column === 'coordinator' ? COORDINATOR_WALK_MAX_OFFSET : GROUP_WALK_MAX_OFFSET))
    return null;
  if (first.column === 'gpReport' && second) {
    // The GP report's one key (GP_REPORT_SORT_KEY) takes the values 0 to 7 and is never empty.
    const keys = first.direction === 'asc' ? GP_REPORT_KEYS : [...GP_REPORT_KEYS].reverse();
    return walkGroups(
      db,
      prepared,
      offset,
      keys.map((key) => sql`${GP_REPORT_SORT_KEY} = ${key}`),
    );
  }
  const column = COLUMN_SQL[first.column].groups;
  const emptyOften = MANY_VALUES_OFTEN_EMPTY[first.column];
  if (!column && emptyOften && second) return walkEmptySeparately(db, prepared, offset, emptyOften);
  // A sort on one column is read from its index, except the coordinator's, which is by name.
  const byName = first.column === 'coordinator';
  if (!column || !(second || byName)) return null;
  const distinct = await distinctValues(db, query.list, column);
  const values = byName && distinct ? await inNameOrder(db, distinct) : distinct;
  if (!values) return null;
  // As in ORDER BY: empty values last when ascending, first when descending.
  const groups = first.direction === 'asc' ? [...values, null] : [null, ...values.reverse()];
  return walkGroups(
    db,
    prepared,
    offset,
    groups.map((value) => (value === null ? isNull(column) : eq(column, value))),
  );
}

const GP_REPORT_KEYS = [0, 1, 2, 3, 4, 5, 6, 7];

/**
 * Columns of many values that are empty on most of a list's rows (an appointment not yet booked,
 * no admin check notes: 390,000 and 280,000 of the 700,000 active rows).
 */
const MANY_VALUES_OFTEN_EMPTY: Partial<Record<WorkflowColumn, AnyPgColumn>> = {
  appointmentDate: listRows.appointmentStart,
  adminCheckNotes: listRows.adminCheckNotes,
};

/**
 * A stacked sort led by a column that is often empty: the empty rows are one group of equal values
 * as large as half the list, which the planner's incremental sort reads and sorts whole before its
 * first row when the group comes first (descending: 1.5 s, cut, for a page of ten at a million
 * rows). The empty rows are read as one group in the order of the other columns (their indexes
 * serve), the others in the whole order, where each value's group is small; as in ORDER BY, empty
 * values come last ascending and first descending.
 */
function walkEmptySeparately(db: Db, prepared: PreparedListQuery, offset: number, column: AnyPgColumn) {
  const [first] = prepared.query.sort;
  const empty = { condition: isNull(column), order: orderAfterFirst(prepared) };
  const valued = { condition: sql`${column} IS NOT NULL`, order: prepared.order };
  return walkGroups(db, prepared, offset, first?.direction === 'desc' ? [empty, valued] : [valued, empty]);
}

/** The order of the sorted columns after the first (then creation time and id). */
function orderAfterFirst(prepared: PreparedListQuery) {
  const [first] = prepared.query.sort;
  return prepared.order.slice(first ? COLUMN_SQL[first.column].sort.length : 0);
}

/**
 * The page's ids read group by group (each group's condition, in order), each in its own order (by
 * default the order of the other sorted columns).
 */
async function walkGroups(
  db: Db,
  prepared: PreparedListQuery,
  offset: number,
  groups: (SQL | { condition: SQL; order: SQL[] })[],
) {
  const rest = orderAfterFirst(prepared);
  const wanted = offset + prepared.query.pageSize;
  return withinDeadline(db, prepared.deadline, async (tx) => {
    const ids: { id: string }[] = [];
    for (const group of groups) {
      const { condition, order } = 'condition' in group ? group : { condition: group, order: rest };
      const rows = await tx
        .select({ id: listRows.id })
        .from(listRows)
        .where(and(prepared.where, condition))
        .orderBy(...order)
        .limit(wanted - ids.length);
      ids.push(...rows);
      if (ids.length >= wanted) break;
    }
    return ids.slice(offset);
  });
}
