import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { bearer, createSessionToken, createUser, createWorkflow } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { toWorkflowRow } from './workflow-row.presenter.ts';
import { attachCoordinatorNames, findWorkflowsIncludingDeleted } from './workflows.queries.ts';

/** The experiments flag's Coordinator column: the booking coordinator's name, filter and sort. */
describe('the Coordinator column of the workflow lists', () => {
  let t: TestApp;
  let token: string;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp();
    token = await createSessionToken(t.db, (await createUser(t.db)).id, t.clock.now());
    const zoe = await createUser(t.db, { firstName: 'Zoe', lastName: 'Quill', shortName: 'ZQ' });
    const adam = await createUser(t.db, { firstName: 'Adam', lastName: 'Brook', shortName: '' });
    ids.zoe = (await createWorkflow(t.db, { urn: 'COORD-ZOE', bookingCoordinatorId: zoe.id })).id;
    ids.adam = (await createWorkflow(t.db, { urn: 'COORD-ADAM', bookingCoordinatorId: adam.id })).id;
    ids.none = (await createWorkflow(t.db, { urn: 'COORD-NONE', bookingCoordinatorId: null })).id;
  });
  afterAll(() => t.close());

  const list = async (body: Record<string, unknown>) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/workflow/list',
      headers: bearer(token),
      payload: { filters: { urn: 'COORD-' }, ...body },
    });
    expect(res.statusCode).toBe(200);
    return (res.json().rows as { urn: string }[]).map((row) => row.urn);
  };

  it('filters by the name shown or the full name, case-insensitively', async () => {
    expect(await list({ filters: { urn: 'COORD-', coordinator: 'zq' } })).toEqual(['COORD-ZOE']);
    expect(await list({ filters: { urn: 'COORD-', coordinator: 'zoe qu' } })).toEqual(['COORD-ZOE']);
    expect(await list({ filters: { urn: 'COORD-', coordinator: 'adam b' } })).toEqual(['COORD-ADAM']);
    expect(await list({ filters: { urn: 'COORD-', coordinator: '%' } })).toEqual([]);
    expect(await list({ filters: { urn: 'COORD-', coordinator: 'nobody' } })).toEqual([]);
  });

  it('sorts by the name shown, the unassigned last', async () => {
    expect(await list({ sort: [{ column: 'coordinator', direction: 'asc' }] })).toEqual([
      'COORD-ADAM',
      'COORD-ZOE',
      'COORD-NONE',
    ]);
    expect(await list({ sort: [{ column: 'coordinator', direction: 'desc' }] })).toEqual([
      'COORD-NONE',
      'COORD-ZOE',
      'COORD-ADAM',
    ]);
  });

  it('names the coordinators of a page with one lookup: short name, else first and last name', async () => {
    const records = await findWorkflowsIncludingDeleted(t.db, [ids.zoe, ids.adam, ids.none] as string[]);
    const rows = (await attachCoordinatorNames(t.db, records)).map((r) => toWorkflowRow(r, t.clock.now()));
    const byUrn = Object.fromEntries(rows.map((row) => [row.urn, row.coordinator]));
    expect(byUrn).toEqual({ 'COORD-ZOE': 'ZQ', 'COORD-ADAM': 'Adam Brook', 'COORD-NONE': null });
    expect(await attachCoordinatorNames(t.db, [])).toEqual([]);
  });

  it('shows each row’s coordinator by the name shown now, on the list too', async () => {
    const coordinators = async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/workflow/list',
        headers: bearer(token),
        payload: { filters: { urn: 'COORD-' }, sort: [{ column: 'urn', direction: 'asc' }] },
      });
      return (res.json().rows as { urn: string; coordinator: string | null }[]).map((row) => [
        row.urn,
        row.coordinator,
      ]);
    };
    expect(await coordinators()).toEqual([
      ['COORD-ADAM', 'Adam Brook'],
      ['COORD-NONE', null],
      ['COORD-ZOE', 'ZQ'],
    ]);
    // Renamed, and the workflow itself unchanged: the next page names the coordinator anew.
    await t.db.update(users).set({ shortName: 'AB' }).where(eq(users.firstName, 'Adam'));
    expect((await coordinators())[0]).toEqual(['COORD-ADAM', 'AB']);
    await t.db.update(users).set({ shortName: '' }).where(eq(users.firstName, 'Adam'));
    expect((await coordinators())[0]).toEqual(['COORD-ADAM', 'Adam Brook']);
  });

  it('shows the coordinator on the rows of the panel and of the History tab', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/workflow/${ids.zoe}`,
      headers: bearer(token),
    });
    expect(res.json().row.coordinator).toBe('ZQ');
  });
});
