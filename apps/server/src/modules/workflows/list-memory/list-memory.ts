/**
 * The workflow lists' index in memory (decision 0059): every list row's filtered and sorted
 * columns, held by a thread of its own (decision 0061) and brought up to date before each request
 * with what the database says changed since, so a request's page and its exact total are found
 * without the database; only the page's rows are then read from it.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { DISPLAY_ZONE } from '../workflow-filters.ts';
import type { WorkflowListQuery } from '../workflow-list.queries.ts';
import type { RequestContext, Staff } from './memory-filters.ts';
import type { IndexSettings, MemoryPage } from './memory-index.ts';
import { readChangesSince, readHorizon, readRowChunk, type StaffText } from './memory-rows.ts';
import { MemoryThread } from './memory-thread.ts';

/** Rows read per statement while loading. */
const LOAD_CHUNK = 20_000;

/** Collations that order text by code point, as compareText does. */
const CODE_POINT_COLLATIONS = new Set(['C', 'POSIX', 'C.UTF-8', 'C.utf8', 'ucs_basic']);

export class ListMemory {
  private thread: MemoryThread | null = null;
  private horizon: string | null = null;
  /** The staff the thread was last given, as read (readChangesSince). */
  private staff: StaffText | null = null;
  private running: Promise<void> | null = null;
  private next: Promise<void> | null = null;
  private loaded = false;
  private closed = false;
  private failed = false;
  /** The load under way or done (startListMemory). */
  loading: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly settings: IndexSettings = {},
    /** Told when the index stops answering (its thread failed); the database answers the lists from then on. */
    private readonly onFailure: (err: Error) => void = () => undefined,
    /** Rows read per statement while loading (tests make it small to load in many chunks). */
    private readonly loadChunk = LOAD_CHUNK,
  ) {}

  /** Loaded, and its thread still answering. */
  get ready() {
    return this.loaded && !this.failed && !this.closed;
  }

  /** Whether the database orders text as this index does; if not, the lists stay with the database. */
  static async suits(db: Db): Promise<boolean> {
    const result = (await db.execute(
      sql`SELECT datcollate AS collation FROM pg_database WHERE datname = current_database()`,
    )) as unknown as { rows: { collation: string }[] };
    return CODE_POINT_COLLATIONS.has(result.rows[0]?.collation ?? '');
  }

  /** Reads every list row, a chunk at a time (the thread takes each in while the next is read), then makes every order once. */
  async load() {
    if (this.closed) return;
    const thread = new MemoryThread(this.settings, (err) => this.fail(err));
    this.thread = thread;
    try {
      await this.fill(thread);
    } catch (err) {
      // A load that failed (the database went away, say) leaves no thread holding half the rows.
      await thread.close();
      throw err;
    }
    this.loaded = true;
  }

  private async fill(thread: MemoryThread) {
    const horizon = await readHorizon(this.db);
    const written: Promise<void>[] = [];
    let after: string | null = null;
    for (;;) {
      const rows = await readRowChunk(this.db, after, this.loadChunk);
      if (thread.stopped) throw thread.stopped;
      const write = thread.write(rows, []);
      // Awaited below; if the thread stops first, the writes not yet awaited must not go unhandled.
      write.catch(() => undefined);
      written.push(write);
      // At most two chunks wait for the thread: the rows are not all held twice while it catches up.
      if (written.length > 2) await written.shift();
      if (rows.length < this.loadChunk) break;
      after = rows.at(-1)?.id ?? null;
    }
    await Promise.all(written);
    this.horizon = horizon;
    // The sync gives the thread the staff, whose names order the coordinators.
    await this.sync();
    await thread.makeOrders();
  }

  get isClosed() {
    return this.closed;
  }

  /** Stops the index's thread; the lists go to the database. */
  async close() {
    this.closed = true;
    await this.thread?.close();
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
    if (this.horizon === null || !this.thread) return;
    const changes = await readChangesSince(this.db, this.horizon);
    if (changes.changed.length > 0 || changes.removed.length > 0) {
      // A write the index could not take leaves it behind the database: the database answers from then on.
      await this.thread.write(changes.changed, changes.removed).catch((err: Error) => this.fail(err));
    }
    if (changes.staff !== this.staff) {
      // Staff the thread could not take leave it naming them as before: the database answers from then on.
      try {
        await this.thread.nameStaff(JSON.parse(changes.staff) as Staff);
      } catch (err) {
        this.fail(err as Error);
      }
      this.staff = changes.staff;
    }
    this.horizon = changes.horizon;
  }

  private fail(err: Error) {
    if (this.failed || this.closed) return;
    this.failed = true;
    void this.thread?.close();
    // A load that fails says so itself (startListMemory's `loading`).
    if (this.loaded) this.onFailure(err);
  }

  /**
   * A page of a list and its exact total; null while loading, for one workflow by id, or once the
   * index has failed (the database reads those).
   */
  async page(query: WorkflowListQuery, now: Date, pagedRows: number): Promise<MemoryPage | null> {
    const { thread } = this;
    if (!this.ready || !thread || query.id) return null;
    const [context] = await Promise.all([readFilterContext(this.db, now, contextNeeded(query)), this.sync()]);
    if (!this.ready) return null;
    try {
      return await thread.page(query, context, pagedRows, now);
    } catch (err) {
      this.fail(err as Error);
      return null;
    }
  }
}

/**
 * Which of the filter context a request needs: today for ages and dates of birth. (The staff, for
 * the coordinator, are read with the changes: decision 0072.)
 */
function contextNeeded(query: WorkflowListQuery) {
  return {
    today: Boolean(query.filters.client),
    twelveWeeks: query.namedFilters.includes('twelveWeeksAfterFilter'),
  };
}

/**
 * Today in the display time zone and twelve weeks ago, as the database reckons them; only what the
 * request needs is read (none of it, no statement).
 */
async function readFilterContext(
  db: Db,
  now: Date,
  needed: ReturnType<typeof contextNeeded>,
): Promise<RequestContext> {
  const context: RequestContext = { today: '', twelveWeeksAgo: Number.NaN };
  if (!needed.today && !needed.twelveWeeks) return context;
  const at = now.toISOString();
  const result = (await db.execute(sql`SELECT
    (${at}::timestamptz AT TIME ZONE ${sql.raw(`'${DISPLAY_ZONE}'`)})::date::text AS today,
    (extract(epoch FROM ${at}::timestamptz - 12 * interval '7 days') * 1000000)::bigint::text AS twelve_weeks_ago`)) as unknown as {
    rows: { today: string; twelve_weeks_ago: string }[];
  };
  const row = result.rows[0];
  if (!row) throw new Error('The list filters could not be read.');
  return { today: row.today, twelveWeeksAgo: Number(row.twelve_weeks_ago) };
}

const memories = new WeakMap<Db, ListMemory>();

/** The lists' index in memory of `db`, once started. */
export const listMemoryOf = (db: Db) => memories.get(db);

/**
 * Starts the lists' index in memory of `db`: it loads (its `loading`) when the database's collation
 * suits, and until it has loaded the database answers the lists.
 */
export function startListMemory(db: Db, onFailure: (err: Error) => void): ListMemory {
  const memory = new ListMemory(db, {}, onFailure);
  memories.set(db, memory);
  memory.loading = ListMemory.suits(db)
    .then((suits) => (suits ? memory.load() : undefined))
    .catch((err) => {
      // A server closed while the index loads has no lists left to answer.
      if (!memory.isClosed) throw err;
    });
  return memory;
}
