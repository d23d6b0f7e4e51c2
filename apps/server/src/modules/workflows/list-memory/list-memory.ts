/**
 * The workflow lists' index in memory (decision 0059): every list row's filtered and sorted
 * columns held in this process, brought up to date before each request with what the database
 * says changed since, so a request's page and its exact total are found without the database;
 * only the page's rows are then read from it.
 */
import { WORKFLOW_COLUMNS, WORKFLOW_LIST_NAMES } from '@telecare/contracts/workflows';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { users } from '../../../db/schema/index.ts';
import { DISPLAY_ZONE, STAFF_DISPLAY_NAME } from '../workflow-filters.ts';
import type { WorkflowListQuery } from '../workflow-list.queries.ts';
import { type FilterContext, filterTests } from './memory-filters.ts';
import { MemoryMatches, TEST_STEP_IN_SET_STEPS } from './memory-matches.ts';
import { type GroupKey, MemoryOrders, pageOf, SORTED_ROWS_LIMIT, type Walk } from './memory-order.ts';
import { MemoryPostings } from './memory-postings.ts';
import { readChangesSince, readHorizon, readRowChunk } from './memory-rows.ts';
import { compareText, listCodeOf, MemoryStore } from './memory-store.ts';

export type MemoryPage = { ids: string[]; page: number; total: number; rowLimit: number | null };

/** Rows read per statement while loading. */
const LOAD_CHUNK = 20_000;

/** Collations that order text by code point, as compareText does. */
const CODE_POINT_COLLATIONS = new Set(['C', 'POSIX', 'C.UTF-8', 'C.utf8', 'ucs_basic']);

export class ListMemory {
  private readonly store = new MemoryStore();
  private readonly orders: MemoryOrders;
  private readonly matches: MemoryMatches;
  private horizon: string | null = null;
  private running: Promise<void> | null = null;
  private next: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    /** Up to this many matches are sorted rather than walked (tests lower it to reach the walks with few rows). */
    private readonly sortedRowsLimit = SORTED_ROWS_LIMIT,
    /** How much setting a row in a set costs against testing it (tests force either way with 0 and Infinity). */
    testStep = TEST_STEP_IN_SET_STEPS,
  ) {
    this.orders = new MemoryOrders(this.store, WORKFLOW_LIST_NAMES.length);
    const postings = new MemoryPostings(this.store, WORKFLOW_LIST_NAMES.length);
    this.matches = new MemoryMatches(this.store, this.orders, postings, testStep);
    this.store.onTouched = (slot, from, to) => {
      this.orders.touched(slot, from, to);
      postings.touched(slot, from, to);
      this.matches.touched(from, to);
    };
  }

  private loaded = false;
  /** The load under way or done (startListMemory). */
  loading: Promise<void> = Promise.resolve();

  get ready() {
    return this.loaded;
  }

  /** Whether the database orders text as this index does; if not, the lists stay with the database. */
  static async suits(db: Db): Promise<boolean> {
    const result = (await db.execute(
      sql`SELECT datcollate AS collation FROM pg_database WHERE datname = current_database()`,
    )) as unknown as { rows: { collation: string }[] };
    return CODE_POINT_COLLATIONS.has(result.rows[0]?.collation ?? '');
  }

  /** Reads every list row, a chunk at a time, then every order once. */
  async load() {
    const horizon = await readHorizon(this.db);
    let after: string | null = null;
    for (;;) {
      const rows = await readRowChunk(this.db, after, LOAD_CHUNK);
      for (const row of rows) this.store.put(row);
      if (rows.length < LOAD_CHUNK) break;
      after = rows.at(-1)?.id ?? null;
    }
    this.horizon = horizon;
    await this.sync();
    // Every order made once, so that no request waits for one; the server answers between them.
    this.rankCoordinators(
      await readFilterContext(this.db, new Date(), { today: false, twelveWeeks: false, staff: true }),
    );
    for (const column of WORKFLOW_COLUMNS) {
      for (let list = 0; list < WORKFLOW_LIST_NAMES.length; list++) {
        this.orders.sortedColumn(column).orderOf(list);
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
    this.loaded = true;
  }

  /** Brings the rows up to date with every transaction that had ended when this was called. */
  sync(): Promise<void> {
    if (!this.running) {
      this.running = this.readChanges().finally(() => {
        this.running = null;
      });
      return this.running;
    }
    // A read under way may have started before the caller's own change: the next one is shared.
    this.next ??= this.running
      .catch(() => undefined)
      .then(() => {
        this.next = null;
        return this.sync();
      });
    return this.next;
  }

  private async readChanges() {
    if (this.horizon === null) return;
    const changes = await readChangesSince(this.db, this.horizon);
    for (const row of changes.changed) this.store.put(row);
    for (const id of changes.removed) this.store.remove(id);
    this.horizon = changes.horizon;
  }

  /** A page of a list and its exact total; null while loading or for one workflow by id (the database reads those). */
  async page(query: WorkflowListQuery, now: Date, pagedRows: number): Promise<MemoryPage | null> {
    if (!this.ready || query.id) return null;
    const [context] = await Promise.all([readFilterContext(this.db, now, contextNeeded(query)), this.sync()]);
    return this.pageNow(query, context, pagedRows);
  }

  private pageNow(query: WorkflowListQuery, context: FilterContext, pagedRows: number): MemoryPage {
    const { store } = this;
    const list = listCodeOf(query.list);
    const tests = filterTests(store, query.filters, query.namedFilters, context);
    const filtered = tests.length > 0;
    const matches = this.matches.matchesOf(list, tests);
    const { count: total } = matches;
    const limit = !filtered && query.sort.length <= 1 ? null : pagedRows;
    const size = query.pageSize;
    const lastReached = limit === null ? query.page : Math.max(1, Math.ceil(limit / size));
    const page = Math.min(query.page, lastReached, Math.max(1, Math.ceil(total / size)));
    const { keys, walk } = this.orderOf(query, list, context);
    const slots = pageOf(matches, keys, walk, (page - 1) * size, size, this.sortedRowsLimit);
    return {
      ids: slots.map((slot) => store.ids[slot] as string),
      page,
      total,
      rowLimit: limit !== null && total > limit ? limit : null,
    };
  }

  /**
   * The request's order as group keys and a walk: the last sorted column's order (then creation
   * time and id, in its direction, as the database breaks ties) walked within the groups of equal
   * values of the columns sorted before it.
   */
  private orderOf(
    query: WorkflowListQuery,
    list: number,
    context: FilterContext,
  ): { keys: GroupKey[]; walk: Walk } {
    if (query.sort.some((sort) => sort.column === 'coordinator')) this.rankCoordinators(context);
    const last = query.sort.at(-1);
    const walked = this.orders.sortedColumn(last?.column ?? 'creationTimestamp');
    const walk: Walk = {
      order: walked.orderOf(list),
      place: () => walked.placesOf(list).place,
      direction: last?.direction ?? 'desc',
    };
    const keys = query.sort.slice(0, -1).map(({ column, direction }): GroupKey => {
      const sorted = this.orders.sortedColumn(column);
      const order = sorted.orderOf(list);
      const { groups, starts } = sorted.lists[list] as { groups: number; starts: Int32Array };
      return { groupOf: () => sorted.placesOf(list).group, groups, direction, order, starts };
    });
    return { keys, walk };
  }

  /** Orders the coordinators by their shown names, then ids; no coordinator last (as NULL sorts). */
  private rankCoordinators(context: FilterContext) {
    const { dictionary } = this.store.text.coordinator;
    const names = new Map(context.staff.map((user) => [user.id, user.shown]));
    const nameOf = (code: number) => names.get(dictionary.values[code] ?? '') ?? null;
    const nullsLast = (a: string | null, b: string | null) =>
      a === null || b === null ? (a === b ? 0 : a === null ? 1 : -1) : compareText(a, b);
    const codes = dictionary.values.map((_, code) => code);
    codes.sort(
      (a, b) =>
        nullsLast(nameOf(a), nameOf(b)) ||
        nullsLast(dictionary.values[a] ?? null, dictionary.values[b] ?? null),
    );
    const ranks = new Uint32Array(codes.length);
    codes.forEach((code, rank) => {
      ranks[code] = rank;
    });
    this.orders.setCoordinatorRanks(ranks);
  }
}

/** Which of the filter context a request needs: today for ages and dates of birth, the staff for the coordinator. */
function contextNeeded(query: WorkflowListQuery) {
  return {
    today: Boolean(query.filters.client),
    twelveWeeks: query.namedFilters.includes('twelveWeeksAfterFilter'),
    staff: Boolean(query.filters.coordinator) || query.sort.some((sort) => sort.column === 'coordinator'),
  };
}

/**
 * Today in the display time zone, twelve weeks ago, and the staff's shown names, as the database
 * reckons them; only what the request needs is read (none of it, no statement).
 */
async function readFilterContext(
  db: Db,
  now: Date,
  needed: ReturnType<typeof contextNeeded>,
): Promise<FilterContext> {
  const context: FilterContext = { today: '', twelveWeeksAgo: Number.NaN, staff: [] };
  if (!needed.today && !needed.twelveWeeks && !needed.staff) return context;
  const at = now.toISOString();
  const result = (await db.execute(sql`SELECT
    (${at}::timestamptz AT TIME ZONE ${sql.raw(`'${DISPLAY_ZONE}'`)})::date::text AS today,
    (extract(epoch FROM ${at}::timestamptz - 12 * interval '7 days') * 1000000)::bigint::text AS twelve_weeks_ago,
    ${
      needed.staff
        ? sql`(SELECT coalesce(json_agg(json_build_object('id', ${users.id}::text, 'shown', ${STAFF_DISPLAY_NAME},
      'full', ${users.firstName} || ' ' || ${users.lastName})), '[]'::json) FROM ${users})`
        : sql`'[]'::json`
    } AS staff`)) as unknown as {
    rows: { today: string; twelve_weeks_ago: string; staff: FilterContext['staff'] | string }[];
  };
  const row = result.rows[0];
  if (!row) throw new Error('The list filters could not be read.');
  const staff = typeof row.staff === 'string' ? (JSON.parse(row.staff) as FilterContext['staff']) : row.staff;
  return { today: row.today, twelveWeeksAgo: Number(row.twelve_weeks_ago), staff };
}

const memories = new WeakMap<Db, ListMemory>();

/** The lists' index in memory of `db`, once started. */
export const listMemoryOf = (db: Db) => memories.get(db);

/**
 * Starts the lists' index in memory of `db`: it loads (its `loading`) when the database's collation
 * suits, and until it has loaded the database answers the lists.
 */
export function startListMemory(db: Db): ListMemory {
  const memory = new ListMemory(db);
  memories.set(db, memory);
  memory.loading = ListMemory.suits(db).then((suits) => (suits ? memory.load() : undefined));
  return memory;
}
