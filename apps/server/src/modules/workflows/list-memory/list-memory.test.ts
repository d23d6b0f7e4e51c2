import { WORKFLOW_COLUMNS, type WorkflowColumn, WorkflowRowSchema } from '@telecare/contracts/workflows';
import { count, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Database, Db } from '../../../db/database.ts';
import { workflowListRows as listRows, workflows } from '../../../db/schema/index.ts';
import { loadDemoDataIfEmpty } from '../../../db/seed/demo-data.ts';
import { compiledSerializer } from '../../../plugins/compiled-serializer.ts';
import { openTestDatabase } from '../../../test/test-database.ts';
import { type ListSizes, listRequestSpace } from '../list-request-space.ts';
import { prepareListQuery, type WorkflowListQuery } from '../workflow-list.queries.ts';
import { selectPageRows } from '../workflow-page-rows.ts';
import { toWorkflowRow } from '../workflow-row.presenter.ts';
import { ListMemory } from './list-memory.ts';
import type { IndexSettings } from './memory-index.ts';

const NOW = new Date('2026-11-20T03:00:00Z');

/** The first page of ten of a list, unsorted and unfiltered unless `more` says otherwise. */
const firstPage = (more: Partial<WorkflowListQuery> = {}): WorkflowListQuery => ({
  list: 'active',
  page: 1,
  pageSize: 10,
  sort: [],
  filters: {},
  namedFilters: [],
  ...more,
});

/** The page the database gives: every match counted, ORDER BY ... OFFSET, clamped as the lists clamp. */
async function pageFromDatabase(db: Db, query: WorkflowListQuery, pagedRows: number) {
  const prepared = await prepareListQuery(db, query, NOW);
  const [counted] = await db.select({ total: count() }).from(listRows).where(prepared.where);
  const total = counted?.total ?? 0;
  const limit = prepared.wholeList && query.sort.length <= 1 ? null : pagedRows;
  const size = query.pageSize;
  const lastReached = limit === null ? query.page : Math.max(1, Math.ceil(limit / size));
  const page = Math.min(query.page, lastReached, Math.max(1, Math.ceil(total / size)));
  const rows = await db
    .select({ id: listRows.id })
    .from(listRows)
    .where(prepared.where)
    .orderBy(...prepared.order)
    .limit(size)
    .offset((page - 1) * size);
  const ids = rows.map((row) => row.id);
  return {
    ids,
    page,
    total,
    rowLimit: limit !== null && total > limit ? limit : null,
    rows: writeRows((await selectPageRows(db, ids, undefined)).map((row) => toWorkflowRow(row, NOW))),
  };
}

/** Rows as the list answers them: the route's serializer, as the index's thread writes them. */
const writeRows = compiledSerializer({ schema: z.array(WorkflowRowSchema) });

/** Rows the demo data lacks: equal names and times, empty cells, a leap-day birthday, letters outside ASCII, times at a month's edge. */
async function addAwkwardRows(db: Db) {
  const ids = (await db.select({ id: workflows.id }).from(workflows).orderBy(workflows.id)).map(
    (row) => row.id,
  );
  const some = (from: number, n: number) => ids.slice(from, from + n);
  const set = (rows: string[], values: Record<string, unknown>) =>
    db
      .update(workflows)
      .set(values)
      .where(
        sql`${workflows.id} IN (${sql.join(
          rows.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
      );
  await set(some(0, 6), { creationTimestamp: new Date('2026-03-10T10:05:00Z') });
  await set(some(6, 5), {
    clientFirstName: 'Zoë',
    clientLastName: 'Ångström',
    urn: null,
    referrerName: null,
  });
  await set(some(11, 4), {
    clientFirstName: 'zoe',
    clientLastName: 'Smith',
    clientDateOfBirth: '1960-02-29',
  });
  await set(some(15, 4), { referralEndDate: '1900-01-01', adminCheckNotes: null, caseManagerName: null });
  await set(some(19, 4), {
    appointmentStart: null,
    siteName: null,
    specialityName: null,
    contOrTbc: 'NRR X 2 (tbc)',
  });
  await set(some(23, 3), {
    bookingCoordinatorId: null,
    smsReply: 'no',
    triage: true,
    isNewAppointment: false,
  });
  await set(some(26, 3), { clientDateOfBirth: '2030-05-01', adminCheckNotes: 'Call 10:30 re referral' });
  // The first minutes of a year and a month in Melbourne, still the day before in UTC: the edges of day ranges.
  await set(some(29, 3), {
    creationTimestamp: new Date('2025-12-31T13:30:00Z'),
    appointmentStart: new Date('2026-11-30T13:05:00Z'),
  });
}

describe('the lists in memory answer every request of the space as the database does', () => {
  let database: Database;
  let db: Db;
  let sizes: ListSizes;

  beforeAll(async () => {
    database = await openTestDatabase();
    db = database.db;
    await loadDemoDataIfEmpty(db, { now: NOW });
    await addAwkwardRows(db);
    const counted = await db
      .select({ list: listRows.listName, n: count() })
      .from(listRows)
      .groupBy(listRows.listName);
    sizes = { active: 0, archived: 0, history: 0, deleted: 0 };
    for (const { list, n } of counted) sizes[list] = n;
  }, 120_000);
  afterAll(() => database.close());
  const opened: ListMemory[] = [];
  afterEach(async () => {
    for (const memory of opened.splice(0)) await memory.close();
  });
  /** The page of the index in memory, as pageFromDatabase gives it: with its rows as the list answers them. */
  async function pageFromMemory(memory: ListMemory, query: WorkflowListQuery, pagedRows: number) {
    const found = await memory.page(query, NOW, pagedRows);
    if (!found) return null;
    const { ids, page, total, rowLimit, writtenRows } = found;
    return { ids, page, total, rowLimit, rows: writtenRows };
  }

  /** A loaded index, closed after the test. */
  async function loadedMemory(settings: IndexSettings = {}, onFailure?: (err: Error) => void) {
    const memory = new ListMemory(db, settings, onFailure);
    opened.push(memory);
    await memory.load();
    return memory;
  }

  // The sort limit 0 walks and groups every request; 5,000 sorts them (the demo lists are smaller); 40 does both.
  // A value's rows are kept as bits from the default rows per word, for every value (0) or none (Infinity).
  // A walk at 0 places per match looks for a shorter way (its set's creation times, then a selection)
  // once past a place per word of the set.
  for (const [sortedRowsLimit, pagedRows, valueBitsFrom, walkedPlacesPerMatch] of [
    [5000, 10_000, undefined, undefined],
    [40, 10_000, 0, undefined],
    [0, 10_000, Number.POSITIVE_INFINITY, undefined],
    [0, 60, 0, undefined],
    [0, 10_000, undefined, 0],
  ] as const) {
    it(`with ${sortedRowsLimit} rows sorted, ${pagedRows} rows paged, value bits from ${valueBitsFrom ?? 'default'} and ${walkedPlacesPerMatch ?? 'default'} places walked per match`, async () => {
      const memory = await loadedMemory({ sortedRowsLimit, valueBitsFrom, walkedPlacesPerMatch });
      const space = listRequestSpace(sizes);
      expect(space.length).toBeGreaterThan(1000);
      const differences: string[] = [];
      for (const { name, query } of space) {
        const expected = await pageFromDatabase(db, query, pagedRows);
        const found = await pageFromMemory(memory, query, pagedRows);
        if (JSON.stringify(found) !== JSON.stringify(expected)) {
          differences.push(`${name}: ${JSON.stringify(found)} != ${JSON.stringify(expected)}`);
        }
      }
      expect(differences.slice(0, 5)).toEqual([]);
    }, 300_000);
  }

  // Sorted (5,000), walked and grouped (0), and given up for a selection early (0 places walked per match):
  // the first key's groups, both directions, spread over a page of 50 and cut by its edges.
  for (const [sortedRowsLimit, walkedPlacesPerMatch] of [
    [5000, undefined],
    [0, undefined],
    [0, 0],
  ] as const) {
    it(`answers pages sorted by three and four columns as the database does (${sortedRowsLimit} rows sorted, ${walkedPlacesPerMatch ?? 'default'} places walked per match)`, async () => {
      const memory = await loadedMemory({ sortedRowsLimit, walkedPlacesPerMatch });
      const twoSorts = listRequestSpace(sizes).filter(({ query }) => query.sort.length === 2);
      expect(twoSorts.length).toBeGreaterThan(100);
      const differences: string[] = [];
      for (const [at, { name, query }] of twoSorts.entries()) {
        const unsorted = WORKFLOW_COLUMNS.filter(
          (column) => !query.sort.some((sort) => sort.column === column),
        );
        const more = [0, 1].slice(0, 1 + (at % 2)).map((n) => ({
          column: unsorted[(at + n * 5) % unsorted.length] as WorkflowColumn,
          direction: (at + n) % 3 === 0 ? ('desc' as const) : ('asc' as const),
        }));
        const sorted = { ...query, sort: [...query.sort, ...more] };
        const expected = await pageFromDatabase(db, sorted, 10_000);
        const found = await pageFromMemory(memory, sorted, 10_000);
        if (JSON.stringify(found) !== JSON.stringify(expected)) {
          differences.push(
            `${name}, then ${JSON.stringify(more)}: ${JSON.stringify(found)} != ${JSON.stringify(expected)}`,
          );
        }
      }
      expect(differences.slice(0, 5)).toEqual([]);
    }, 300_000);
  }

  // Walked (0 rows sorted), and sorted by the places and groups the merges leave (the demo lists are under 20,000).
  for (const sortedRowsLimit of [0, 20_000]) {
    it(`keeps answering as the database does after a few rows change (their orders merged, not made again; ${sortedRowsLimit} rows sorted)`, async () => {
      const memory = await loadedMemory({ sortedRowsLimit });
      const space = listRequestSpace(sizes, { samples: 100, pageSizes: [10] });
      for (const { query } of space.slice(0, 200)) await pageFromMemory(memory, query, 10_000);
      const ids = (await db.select({ id: workflows.id }).from(workflows).orderBy(workflows.id)).map(
        (row) => row.id,
      );
      // Each run changes its own rows (the second run's are four further on).
      const change = (n: number, values: Record<string, unknown>) =>
        db
          .update(workflows)
          .set(values)
          .where(eq(workflows.id, ids[ids.length - 1 - n - (sortedRowsLimit > 0 ? 4 : 0)] as string));
      await change(0, {
        clientFirstName: 'Aaron',
        urn: 'TC0000001',
        creationTimestamp: new Date('2026-03-10T10:05:00Z'),
      });
      await change(1, { caseManagerName: 'Zed Brooke', bookingStatus: 'fta', appointmentStart: null });
      await change(2, { archived: true, siteName: 'Mackay New' });
      await change(3, {
        referrerName: 'Dr Zz Singh',
        adminCheckNotes: 'referral call',
        gpReportStatus: 'QR',
      });
      const differences: string[] = [];
      for (const { name, query } of listRequestSpace(sizes)) {
        const expected = await pageFromDatabase(db, query, 10_000);
        const found = await pageFromMemory(memory, query, 10_000);
        if (JSON.stringify(found) !== JSON.stringify(expected)) differences.push(name);
      }
      expect(differences.slice(0, 5)).toEqual([]);
    }, 300_000);
  }

  // One row written between requests: orders moved in place (a few written slots) or merged (more), postings set apart.
  for (const sortedRowsLimit of [0, 20_000]) {
    it(`keeps answering as the database does while rows change one at a time between requests (${sortedRowsLimit} rows sorted)`, async () => {
      const memory = await loadedMemory({ sortedRowsLimit });
      const space = listRequestSpace(sizes, { samples: 40, pageSizes: [10] });
      // Every order, its groups and places, and the postings are made before the first write.
      for (const { query } of space) await pageFromMemory(memory, query, 10_000);
      const ids = (await db.select({ id: workflows.id }).from(workflows).orderBy(workflows.id)).map(
        (row) => row.id,
      );
      const rowAt = (n: number) => ids[20 + n + (sortedRowsLimit > 0 ? 12 : 0)] as string;
      const first = await db
        .select({ client: workflows.clientFirstName, caseManager: workflows.caseManagerName })
        .from(workflows)
        .where(eq(workflows.id, ids[0] as string));
      const existing = first[0];
      if (!existing) throw new Error('no workflows');
      const [report] = await db
        .select({ id: workflows.gpReportDocumentId })
        .from(workflows)
        .where(isNotNull(workflows.gpReportDocumentId))
        .limit(1);
      if (!report) throw new Error('no GP reports');
      // Values new to every list (a new group), values others have (joining a group), no value, and moves between lists.
      const changes: [number, Record<string, unknown>][] = [
        [0, { clientFirstName: 'Aaaron', bookingStatus: 'fta' }],
        [1, { clientFirstName: existing.client, caseManagerName: existing.caseManager }],
        [2, { archived: true }],
        [0, { clientFirstName: 'Zzara', urn: null, appointmentStart: null }],
        [3, { creationTimestamp: new Date('2026-03-10T10:05:00Z'), gpReportStatus: 'QR' }],
        [4, { caseManagerName: null, siteName: 'Mackay New', resultsStatus: 'PD' }],
        [2, { archived: false, adminCheckNotes: 'referral call' }],
        [5, { referrerName: 'Dr Zz Singh', bookingUrgent: true }],
        [1, { urn: 'TC0000002', appointmentStart: new Date('2026-12-01T00:30:00Z') }],
        [6, { archived: true, clientLastName: 'Smith' }],
        [3, { creationTimestamp: new Date('2026-11-19T23:59:00Z'), triage: true }],
        [7, { specialityName: 'Cardiology New', adminCheckStatus: 'CP', isNewAppointment: false }],
        // Only what the row shows: the orders and sets stay as they are, the row's cells change.
        [
          5,
          {
            lastActivityName: 'Called the patient',
            weeksToAppointment: 3,
            appointmentTimezone: 'Australia/Perth',
          },
        ],
        [6, { bookingStatusUpdatedAt: new Date('2026-11-01T00:00:00.123Z') }],
        [7, { contOrTbc: 'NRR X 2 (tbc) later' }],
        // A GP report held: only the GP report column's order key changes.
        [8, { gpReportDocumentId: report.id }],
      ];
      const differences: string[] = [];
      for (const [round, [n, values]] of changes.entries()) {
        await db
          .update(workflows)
          .set(values)
          .where(eq(workflows.id, rowAt(n)));
        const asked = space.filter((_, at) => at % 23 === round || at >= space.length - 40);
        for (const { name, query } of asked) {
          const expected = await pageFromDatabase(db, query, 10_000);
          const found = await pageFromMemory(memory, query, 10_000);
          if (JSON.stringify(found) !== JSON.stringify(expected)) differences.push(`round ${round}: ${name}`);
        }
      }
      expect(differences.slice(0, 5)).toEqual([]);
      expect(memory.ready).toBe(true);
    }, 300_000);
  }

  it('sees what another process wrote, moved and removed, as soon as it was committed', async () => {
    const memory = await loadedMemory();
    const query = firstPage({
      sort: [{ column: 'client', direction: 'asc' }],
      filters: { client: 'Aardvark' },
    });
    expect((await pageFromMemory(memory, query, 10_000))?.total).toBe(0);
    const [first, second] = await db
      .select({ id: workflows.id })
      .from(workflows)
      .where(eq(workflows.listName, 'active'))
      .limit(2);
    if (!first || !second) throw new Error('no active workflows');
    await db.update(workflows).set({ clientFirstName: 'Aardvark' }).where(eq(workflows.id, first.id));
    await db
      .update(workflows)
      .set({ clientFirstName: 'Aardvark', clientLastName: 'Zed' })
      .where(eq(workflows.id, second.id));
    expect(await pageFromMemory(memory, query, 10_000)).toEqual(await pageFromDatabase(db, query, 10_000));
    expect((await pageFromMemory(memory, query, 10_000))?.total).toBe(2);
    await db.update(workflows).set({ archived: true }).where(eq(workflows.id, second.id));
    expect((await pageFromMemory(memory, query, 10_000))?.ids).toEqual([first.id]);
    expect((await pageFromMemory(memory, { ...query, list: 'archived' }, 10_000))?.ids).toEqual([second.id]);
    await db.delete(listRows).where(eq(listRows.id, first.id));
    expect((await pageFromMemory(memory, query, 10_000))?.total).toBe(0);
  });

  it('leaves the lists to the database once its thread fails, and says so', async () => {
    const failures: Error[] = [];
    const memory = await loadedMemory({}, (err) => failures.push(err));
    const query = firstPage();
    expect((await pageFromMemory(memory, query, 10_000))?.ids).toHaveLength(10);
    // Filters the index cannot read (the API refuses them first) fail on the index's thread.
    const broken = { ...query, namedFilters: ['noSuchFilter'] } as unknown as WorkflowListQuery;
    expect(await pageFromMemory(memory, broken, 10_000)).toBeNull();
    expect(failures.map((err) => err.message)).toEqual([expect.stringMatching(/^The lists' index failed/)]);
    expect(memory.ready).toBe(false);
    expect(await pageFromMemory(memory, query, 10_000)).toBeNull();
  });

  it("finds no rows of a list for a value first written to another list since that list's postings were made", async () => {
    const memory = await loadedMemory();
    const history = (filters: WorkflowListQuery['filters']) => firstPage({ list: 'history', filters });
    // The history list's postings of URNs and categories are made here, before the new URN exists.
    await memory.page(history({ urn: 'TC', category: '2' }), NOW, 10_000);
    const [active] = await db
      .select({ id: workflows.id })
      .from(workflows)
      .where(eq(workflows.listName, 'active'))
      .limit(1);
    if (!active) throw new Error('no active workflows');
    await db.update(workflows).set({ urn: 'TC9876543' }).where(eq(workflows.id, active.id));
    for (const filters of [{ urn: 'TC9876543' }, { urn: 'TC9876543', category: '2' }]) {
      expect(await pageFromMemory(memory, history(filters), 10_000)).toEqual(
        await pageFromDatabase(db, history(filters), 10_000),
      );
    }
    expect(memory.ready).toBe(true);
  });

  it('loads in many chunks as in one', async () => {
    const memory = new ListMemory(db, {}, undefined, 37);
    opened.push(memory);
    await memory.load();
    for (const { name, query } of listRequestSpace(sizes, { samples: 30, pageSizes: [10] }).slice(0, 120)) {
      expect(await pageFromMemory(memory, query, 10_000), name).toEqual(
        await pageFromDatabase(db, query, 10_000),
      );
    }
  });

  it('stops loading when closed before it reads or midway, leaving nothing unhandled', async () => {
    const early = new ListMemory(db);
    const loading = early.load();
    await early.close();
    await expect(loading).rejects.toThrow("The lists' index was closed.");
    expect(early.ready).toBe(false);
    // A row a chunk: chunks are still being read, and some still being taken in by the thread, when it closes.
    const midway = new ListMemory(db, {}, undefined, 1);
    const chunked = midway.load();
    await new Promise((resolve) => setTimeout(resolve, 60));
    await midway.close();
    await expect(chunked).rejects.toThrow("The lists' index was closed.");
    expect(midway.ready).toBe(false);
  });

  it('answers nothing once closed, and its thread ends', async () => {
    const memory = await loadedMemory();
    await memory.close();
    expect(memory.ready).toBe(false);
    expect(await pageFromMemory(memory, firstPage(), 10_000)).toBeNull();
  });
});
