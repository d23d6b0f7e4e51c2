import { asc, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workflowListCounts, workflows } from '../../db/schema/index.ts';
import { createWorkflow } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { deepPageIds } from './list-bookmarks.ts';

describe('deep pages from bookmarks', () => {
  let t: TestApp;
  const spacing = 4;
  const start = Date.UTC(2026, 0, 1);

  beforeAll(async () => {
    t = await createTestApp();
    for (let i = 0; i < 23; i++) {
      // Pairs share a creation time, so the id decides their order.
      await createWorkflow(t.db, { creationTimestamp: new Date(start + Math.floor(i / 2) * 60_000) });
    }
  });
  afterAll(() => t.close());

  const offsetPage = async (offset: number, limit: number, direction: 'asc' | 'desc') => {
    const by = direction === 'desc' ? desc : asc;
    const rows = await t.db
      .select({ id: workflows.id })
      .from(workflows)
      .where(eq(workflows.listName, 'active'))
      .orderBy(by(workflows.creationTimestamp), by(workflows.id))
      .limit(limit)
      .offset(offset);
    return rows.map((r) => r.id);
  };

  const expectSameAsOffset = async () => {
    const total = (
      await t.db.select().from(workflowListCounts).where(eq(workflowListCounts.listName, 'active'))
    )[0]?.total as number;
    for (const direction of ['desc', 'asc'] as const) {
      for (let offset = spacing; offset < total + 3; offset += 3) {
        const ids = await deepPageIds(t.db, 'active', { offset, limit: 3, direction }, spacing);
        expect(ids, `${direction} from ${offset}`).toEqual(await offsetPage(offset, 3, direction));
      }
    }
  };

  it('gives the same rows as OFFSET in both directions', async () => {
    await expectSameAsOffset();
  });

  it('leaves shallow pages to OFFSET', async () => {
    expect(
      await deepPageIds(t.db, 'active', { offset: spacing - 1, limit: 3, direction: 'desc' }, spacing),
    ).toBe(null);
  });

  it('notices rows entering and leaving the list and rebuilds', async () => {
    const [before] = await t.db
      .select()
      .from(workflowListCounts)
      .where(eq(workflowListCounts.listName, 'active'));
    const some = (await offsetPage(5, 3, 'desc')).slice(0, 2);
    await t.db.update(workflows).set({ archived: true }).where(inArray(workflows.id, some));
    await createWorkflow(t.db, { creationTimestamp: new Date(start - 60_000) });
    await createWorkflow(t.db, { creationTimestamp: new Date(start + 3 * 60_000) });
    const [after] = await t.db
      .select()
      .from(workflowListCounts)
      .where(eq(workflowListCounts.listName, 'active'));
    expect(after?.total).toBe((before?.total ?? 0) - 2 + 2);
    expect(after?.orderVersion).toBeGreaterThan(before?.orderVersion ?? 0);
    await expectSameAsOffset();
  });

  it('does not treat an update within the list as a change of order', async () => {
    const [before] = await t.db
      .select()
      .from(workflowListCounts)
      .where(eq(workflowListCounts.listName, 'active'));
    await t.db
      .update(workflows)
      .set({ adminCheckNotes: 'called the clinic' })
      .where(eq(workflows.listName, 'active'));
    const [after] = await t.db
      .select()
      .from(workflowListCounts)
      .where(eq(workflowListCounts.listName, 'active'));
    expect(after).toEqual(before);
  });
});
