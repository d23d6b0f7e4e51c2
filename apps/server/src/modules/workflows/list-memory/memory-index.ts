/**
 * The lists' index itself (decision 0059): the list rows' filtered and sorted columns, their orders
 * and sets, and the page and exact total of a request. It reads no database: ListMemory gives it
 * the rows and the filter context, from the thread of its own that holds it (decision 0061).
 */
import { WORKFLOW_COLUMNS, WORKFLOW_LIST_NAMES } from '@telecare/contracts/workflows';
import type { WorkflowListQuery } from '../workflow-list.queries.ts';
import { type FilterContext, filterTests, type RequestContext, type Staff } from './memory-filters.ts';
import { MemoryMatches } from './memory-matches.ts';
import {
  type GroupKey,
  MemoryOrders,
  type PageWork,
  pageOf,
  SORTED_ROWS_LIMIT,
  valuesOf,
  WALKED_PLACES_PER_MATCH,
  type Walk,
} from './memory-order.ts';
import { MemoryPostings, VALUE_BITS_FROM_ROWS_PER_WORD } from './memory-postings.ts';
import type { MemoryRow } from './memory-rows.ts';
import { Scratch } from './memory-scratch.ts';
import { writtenRows } from './memory-shown.ts';
import { compareText, listCodeOf, MemoryStore } from './memory-store.ts';

export type MemoryPage = {
  ids: string[];
  page: number;
  total: number;
  rowLimit: number | null;
  /** The page's rows as the answer writes them, in JSON (decision 0072). */
  writtenRows: string;
};

export type IndexSettings = {
  /** Up to this many matches are sorted rather than walked (tests lower it to reach the walks with few rows). */
  sortedRowsLimit?: number;
  /** Rows per word from which a value's rows are kept as bits (tests force either way with 0 and Infinity). */
  valueBitsFrom?: number;
  /** Places a walk passes per match before it looks for a shorter way (decision 0066; tests force that with 0). */
  walkedPlacesPerMatch?: number;
};

export class MemoryIndex {
  private readonly store = new MemoryStore();
  private readonly orders: MemoryOrders;
  private readonly matches: MemoryMatches;
  private readonly work: PageWork;
  /** The staff as last read with the changes (nameStaff), and the name each is shown by. */
  private staff: Staff = [];
  private staffNames = new Map<string, string | null>();

  constructor({
    sortedRowsLimit = SORTED_ROWS_LIMIT,
    valueBitsFrom = VALUE_BITS_FROM_ROWS_PER_WORD,
    walkedPlacesPerMatch = WALKED_PLACES_PER_MATCH,
  }: IndexSettings = {}) {
    const scratch = new Scratch();
    this.work = { scratch, sortedRowsLimit, walkedPlacesPerMatch };
    this.orders = new MemoryOrders(this.store, WORKFLOW_LIST_NAMES.length);
    const postings = new MemoryPostings(this.store, WORKFLOW_LIST_NAMES.length, valueBitsFrom);
    this.matches = new MemoryMatches(this.store, this.orders, postings, scratch);
    this.store.onTouched = (slot, from, to) => {
      this.orders.touched(slot, from, to);
      postings.touched(slot, from, to);
      this.matches.touched(slot, from, to);
    };
  }

  write(changed: MemoryRow[], removed: string[]) {
    for (const row of changed) this.store.put(row);
    for (const id of removed) this.store.remove(id);
  }

  /** The staff the rows' coordinators are named, filtered and ordered by from now on: one read for all three. */
  nameStaff(staff: Staff) {
    this.staff = staff;
    this.staffNames = new Map(staff.map((user) => [user.id, user.shown]));
  }

  /** Makes every order and its groups once, so that no request waits for them. */
  makeOrders() {
    this.rankCoordinators();
    for (const column of WORKFLOW_COLUMNS) {
      for (let list = 0; list < WORKFLOW_LIST_NAMES.length; list++)
        this.orders.sortedColumn(column).groupsOf(list);
    }
  }

  page(query: WorkflowListQuery, given: RequestContext, pagedRows: number, now: Date): MemoryPage {
    const { store, work } = this;
    const context: FilterContext = { ...given, staff: this.staff };
    // The previous request's sets and slots are no longer read.
    work.scratch.releaseTo(0);
    const list = listCodeOf(query.list);
    const tests = filterTests(store, query.filters, query.namedFilters, context);
    const filtered = tests.length > 0;
    const matches = this.matches.matchesOf(list, tests);
    const { count: total } = matches;
    const limit = !filtered && query.sort.length <= 1 ? null : pagedRows;
    const size = query.pageSize;
    const lastReached = limit === null ? query.page : Math.max(1, Math.ceil(limit / size));
    const page = Math.min(query.page, lastReached, Math.max(1, Math.ceil(total / size)));
    const { keys, walk } = this.orderOf(query, list);
    const slots = pageOf(matches, keys, walk, (page - 1) * size, size, work);
    return {
      ids: slots.map((slot) => store.ids.idOf(slot)),
      page,
      total,
      rowLimit: limit !== null && total > limit ? limit : null,
      writtenRows: writtenRows(store, slots, this.staffNames, now),
    };
  }

  /**
   * The request's order as group keys and a walk: the last sorted column's order (then creation
   * time and id, in its direction, as the database breaks ties) walked within the groups of equal
   * values of the columns sorted before it.
   */
  private orderOf(query: WorkflowListQuery, list: number): { keys: GroupKey[]; walk: Walk } {
    if (query.sort.some((sort) => sort.column === 'coordinator')) this.rankCoordinators();
    const last = query.sort.at(-1);
    const walked = this.orders.sortedColumn(last?.column ?? 'creationTimestamp');
    const walk: Walk = {
      order: walked.orderOf(list),
      place: () => walked.placesOf(list).place,
      direction: last?.direction ?? 'desc',
      created: walked.column === 'creationTimestamp' ? this.store.created : undefined,
    };
    const keys = query.sort.slice(0, -1).map(({ column, direction }): GroupKey => {
      const sorted = this.orders.sortedColumn(column);
      const order = sorted.orderOf(list);
      const { groups, starts } = sorted.groupsOf(list);
      const values = valuesOf(this.store, column);
      const rowsOf = (group: number) => {
        const members = order.subarray(starts[group] as number, starts[group + 1] as number);
        const value = values[members[0] as number] as number;
        return this.matches.groupRows(list, { kind: 'equal', column, values, value, members });
      };
      return { groupOf: () => sorted.placesOf(list).group, rowsOf, groups, direction, order, starts };
    });
    return { keys, walk };
  }

  /** Orders the coordinators by their shown names, then ids; no coordinator last (as NULL sorts). */
  private rankCoordinators() {
    const { dictionary } = this.store.text.coordinator;
    const names = this.staffNames;
    const nameOf = (code: number) => names.get(dictionary.valueOf(code) ?? '') ?? null;
    const nullsLast = (a: string | null, b: string | null) =>
      a === null || b === null ? (a === b ? 0 : a === null ? 1 : -1) : compareText(a, b);
    const codes = Array.from({ length: dictionary.size }, (_, code) => code);
    codes.sort(
      (a, b) => nullsLast(nameOf(a), nameOf(b)) || nullsLast(dictionary.valueOf(a), dictionary.valueOf(b)),
    );
    const ranks = new Uint32Array(codes.length);
    codes.forEach((code, rank) => {
      ranks[code] = rank;
    });
    this.orders.setCoordinatorRanks(ranks);
  }
}
