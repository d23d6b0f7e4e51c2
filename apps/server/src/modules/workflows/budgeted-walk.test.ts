import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, createWorkflow } from '../../test/factories.ts';
import { listQuery, plainOrderIds } from '../../test/list-queries.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { budgetedWalkIds } from './budgeted-walk.ts';
import { prepareListQuery, type WorkflowListQuery } from './workflow-list.queries.ts';

describe('filtered pages walked in the order of one index', () => {
  let t: TestApp;
  const now = new Date('2026-06-01T00:00:00Z');
  const start = Date.UTC(2026, 0, 1);
  const notes = ['Referral letter checked', null, 'Called patient', 'Referral received', null];

  beforeAll(async () => {
    t = await createTestApp();
    const coordinator = await createUser(t.db, { shortName: 'Walker' });
    for (let i = 0; i < 30; i++) {
      // Pairs share a creation time and notes repeat, so ties and empty values decide the order.
      await createWorkflow(t.db, {
        creationTimestamp: new Date(start + Math.floor(i / 2) * 60_000),
        adminCheckNotes: notes[i % notes.length],
        urn: `TC${String(i % 6).padStart(5, '0')}`,
        bookingCoordinatorId: i % 3 === 0 ? coordinator.id : null,
      });
    }
  });
  afterAll(() => t.close());

  const query = listQuery;

  /** The page as the planner's own plan gives it: every match in order, then the page. */
  async function plainPage(request: WorkflowListQuery, offset: number) {
    return (await plainOrderIds(t.db, request, now)).slice(offset, offset + request.pageSize);
  }

  it('gives the rows of the plain query for filters and one-column sorts, both ways', async () => {
    const requests = [
      query({ filters: { adminCheckNotes: 'referral' } }),
      query({ filters: { adminCheckNotes: 'e' }, sort: [{ column: 'adminCheckNotes', direction: 'asc' }] }),
      query({ filters: { urn: 'TC0000' }, sort: [{ column: 'urn', direction: 'desc' }] }),
      query({ filters: { coordinator: 'walk' }, sort: [{ column: 'creationTimestamp', direction: 'asc' }] }),
      query({ namedFilters: ['unassignedFilter'], sort: [{ column: 'gpReport', direction: 'desc' }] }),
    ];
    for (const request of requests) {
      const prepared = await prepareListQuery(t.db, request, now);
      for (const offset of [0, 4]) {
        const walked = await budgetedWalkIds(t.db, prepared, offset, 1_000, 100);
        expect(walked, JSON.stringify(request)).toEqual(await plainPage(request, offset));
        expect(walked).toHaveLength(4);
      }
    }
  });

  it('gives up when the budget runs out before the page is full, unless it walked the whole list', async () => {
    const prepared = await prepareListQuery(t.db, query({ filters: { adminCheckNotes: 'called' } }), now);
    // Six rows of thirty match: ten rows walked hold two of them.
    expect(await budgetedWalkIds(t.db, prepared, 0, 30, 10)).toBeNull();
    expect(await budgetedWalkIds(t.db, prepared, 0, 30, 30)).toEqual(await plainPage(prepared.query, 0));
    // The last page of a list walked whole is short, and complete.
    const last = await budgetedWalkIds(t.db, prepared, 4, 30, 30);
    expect(last).toEqual(await plainPage(prepared.query, 4));
    expect(last).toHaveLength(2);
  });
});
