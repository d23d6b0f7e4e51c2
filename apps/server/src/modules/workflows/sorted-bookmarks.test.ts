import type { WorkflowColumn } from '@telecare/contracts/workflows';
import { asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workflowListCounts, workflowListRows } from '../../db/schema/index.ts';
import { createUser, createWorkflow } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { sortedDeepPageIds } from './sorted-bookmarks.ts';
import { COLUMN_SQL } from './workflow-filters.ts';
import { coordinatorSortKey } from './workflow-list.queries.ts';

describe('deep pages of a sorted list from bookmarks', () => {
  let t: TestApp;
  const spacing = 4;
  const start = Date.UTC(2026, 0, 1);
  const notes = ['b note', null, 'a note', 'b note', null, 'c note'];
  const gpReports = ['CP', 'NC', 'QR', 'NC'] as const;

  beforeAll(async () => {
    t = await createTestApp();
    // Two coordinators share a shown name; every fourth row has none.
    const coordinators = [
      await createUser(t.db, { shortName: 'Sam' }),
      await createUser(t.db, { shortName: 'Alex' }),
      await createUser(t.db, { shortName: 'Sam' }),
    ];
    for (let i = 0; i < 23; i++) {
      // Repeated values, empty ones and pairs sharing a creation time, so ties and nulls decide.
      await createWorkflow(t.db, {
        creationTimestamp: new Date(start + Math.floor(i / 2) * 60_000),
        adminCheckNotes: notes[i % notes.length],
        gpReportStatus: gpReports[i % gpReports.length],
        urn: `TC${String(i % 7).padStart(5, '0')}`,
        bookingCoordinatorId: coordinators[i % 4]?.id ?? null,
      });
    }
  });
  afterAll(() => t.close());

  const offsetPage = async (
    column: WorkflowColumn,
    direction: 'asc' | 'desc',
    offset: number,
    limit: number,
  ) => {
    const by = direction === 'desc' ? desc : asc;
    const rows = await t.db
      .select({ id: workflowListRows.id })
      .from(workflowListRows)
      .where(eq(workflowListRows.listName, 'active'))
      .orderBy(
        ...COLUMN_SQL[column].sort.map((expression) => by(expression)),
        by(workflowListRows.creationTimestamp),
        by(workflowListRows.id),
      )
      .limit(limit)
      .offset(offset);
    return rows.map((r) => r.id);
  };

  it('gives the same rows as OFFSET for columns with ties and empty values, both ways', async () => {
    const [counted] = await t.db
      .select()
      .from(workflowListCounts)
      .where(eq(workflowListCounts.listName, 'active'));
    const total = counted?.total ?? 0;
    expect(total).toBe(23);
    for (const column of ['adminCheckNotes', 'gpReport', 'urn'] as const) {
      const [expression] = COLUMN_SQL[column].sort;
      for (const direction of ['asc', 'desc'] as const) {
        for (let offset = spacing; offset < total + 3; offset += 3) {
          const ids = await sortedDeepPageIds(
            t.db,
            'active',
            { name: column, column: expression as NonNullable<typeof expression>, direction },
            { offset, limit: 3 },
            spacing,
          );
          expect(ids, `${column} ${direction} from ${offset}`).toEqual(
            await offsetPage(column, direction, offset, 3),
          );
        }
      }
    }
  });

  it('gives the same rows as OFFSET for the coordinator sort, by shown name', async () => {
    const sort = await coordinatorSortKey(t.db, 'active');
    expect(sort?.groups).toHaveLength(3);
    for (const direction of ['asc', 'desc'] as const) {
      for (let offset = spacing; offset < 26; offset += 3) {
        const ids = await sortedDeepPageIds(
          t.db,
          'active',
          { ...(sort as NonNullable<typeof sort>), direction },
          { offset, limit: 3 },
          spacing,
        );
        expect(ids, `coordinator ${direction} from ${offset}`).toEqual(
          await offsetPage('coordinator', direction, offset, 3),
        );
      }
    }
  });

  it('leaves shallow pages to OFFSET', async () => {
    const [expression] = COLUMN_SQL.urn.sort;
    expect(
      await sortedDeepPageIds(
        t.db,
        'active',
        { name: 'urn', column: expression as NonNullable<typeof expression>, direction: 'asc' },
        { offset: spacing - 1, limit: 3 },
        spacing,
      ),
    ).toBe(null);
  });
});
