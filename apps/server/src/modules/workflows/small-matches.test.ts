import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, createWorkflow } from '../../test/factories.ts';
import { listQuery, plainOrderIds } from '../../test/list-queries.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { smallMatchPage } from './small-matches.ts';
import { groupWalkIds, prepareListQuery, type WorkflowListQuery } from './workflow-list.queries.ts';

describe('few matches read whole by the filters and sorted', () => {
  let t: TestApp;
  const now = new Date('2026-06-01T00:00:00Z');
  const start = Date.UTC(2026, 0, 1);
  const notes = ['Referral letter checked', null, 'Called patient', 'Referral received', null];

  beforeAll(async () => {
    t = await createTestApp();
    const zed = await createUser(t.db, { shortName: 'Zed' });
    const amy = await createUser(t.db, { shortName: 'Amy' });
    for (let i = 0; i < 24; i++) {
      // Pairs share a creation time, notes and case managers repeat: ties and empty values decide the order.
      await createWorkflow(t.db, {
        creationTimestamp: new Date(start + Math.floor(i / 2) * 60_000),
        adminCheckNotes: notes[i % notes.length],
        caseManagerName: `Dr Brooke ${i % 3}`,
        bookingCoordinatorId: [zed.id, amy.id, null][i % 3],
      });
    }
  });
  afterAll(() => t.close());

  const query = listQuery;

  /** Every match in the order the planner's own ORDER BY gives. */
  const plainOrder = (request: WorkflowListQuery) => plainOrderIds(t.db, request, now);

  it('gives the page and exact total of the plain query for stacked and coordinator sorts', async () => {
    const requests = [
      query({ filters: { adminCheckNotes: 'referral' } }),
      query({
        filters: { adminCheckNotes: 'e' },
        sort: [
          { column: 'caseManager', direction: 'desc' },
          { column: 'adminCheckNotes', direction: 'asc' },
        ],
      }),
      query({ filters: { caseManager: 'brooke' }, sort: [{ column: 'coordinator', direction: 'asc' }] }),
      query({
        filters: { caseManager: 'brooke 1' },
        sort: [
          { column: 'coordinator', direction: 'desc' },
          { column: 'creationTimestamp', direction: 'asc' },
        ],
      }),
    ];
    for (const request of requests) {
      const all = await plainOrder(request);
      for (const page of [1, 2]) {
        const prepared = await prepareListQuery(t.db, { ...request, page }, now);
        const found = await smallMatchPage(t.db, prepared, page, 100);
        expect(found, JSON.stringify(request)).toEqual({
          ids: all.slice((page - 1) * 4, page * 4),
          page,
          total: all.length,
        });
      }
    }
  });

  it('answers a page past the last match with the last page, and no match with an empty first page', async () => {
    const request = query({ filters: { adminCheckNotes: 'called' } });
    const all = await plainOrder(request);
    expect(all).toHaveLength(5);
    const prepared = await prepareListQuery(t.db, request, now);
    expect(await smallMatchPage(t.db, prepared, 7001, 100)).toEqual({ ids: all.slice(4), page: 2, total: 5 });
    const none = await prepareListQuery(
      t.db,
      query({ filters: { adminCheckNotes: 'nothing like it' } }),
      now,
    );
    expect(await smallMatchPage(t.db, none, 3, 100)).toEqual({ ids: [], page: 1, total: 0 });
  });

  it('gives up when more rows match than the cap', async () => {
    const prepared = await prepareListQuery(t.db, query({ filters: { caseManager: 'brooke' } }), now);
    expect(await smallMatchPage(t.db, prepared, 1, 23)).toBeNull();
    expect(await smallMatchPage(t.db, prepared, 1, 24)).toMatchObject({ total: 24 });
  });

  it('reads a filtered stacked or coordinator sort group by group in the same order', async () => {
    const requests = [
      query({
        filters: { adminCheckNotes: 'e' },
        sort: [
          { column: 'caseManager', direction: 'desc' },
          { column: 'adminCheckNotes', direction: 'asc' },
        ],
      }),
      query({
        filters: { adminCheckNotes: 'referral' },
        sort: [{ column: 'coordinator', direction: 'asc' }],
      }),
      query({
        filters: { caseManager: 'brooke' },
        sort: [
          { column: 'coordinator', direction: 'desc' },
          { column: 'creationTimestamp', direction: 'asc' },
        ],
      }),
    ];
    for (const request of requests) {
      const all = await plainOrder(request);
      const prepared = await prepareListQuery(t.db, request, now);
      for (const offset of [0, 4, 8]) {
        const walked = await groupWalkIds(t.db, prepared, offset);
        expect(
          walked?.map((row) => row.id),
          JSON.stringify(request),
        ).toEqual(all.slice(offset, offset + 4));
      }
    }
  });
});
