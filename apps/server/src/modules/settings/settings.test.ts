import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/index.ts';
import { bearer, createSessionToken, createUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { readSetting } from './settings.queries.ts';

describe('GET and PATCH /api/admin/settings/flags', () => {
  let t: TestApp;
  let admin: string;
  let supervisor: string;
  let itToken: string;
  let itId: string;
  beforeAll(async () => {
    t = await createTestApp();
    const session = async (role: string, isItStaff = false) => {
      const user = await createUser(t.db, { role, isItStaff });
      return { id: user.id, token: await createSessionToken(t.db, user.id, t.clock.now()) };
    };
    admin = (await session('TELECARE_ADMIN')).token;
    supervisor = (await session('TELECARE_SUPERVISOR')).token;
    const itStaff = await session('TELECARE_IT', true);
    itToken = itStaff.token;
    itId = itStaff.id;
  });
  afterAll(() => t.close());

  const get = (token?: string) =>
    t.app.inject({ method: 'GET', url: '/api/admin/settings/flags', headers: token ? bearer(token) : {} });
  const patch = (payload: object, token?: string) =>
    t.app.inject({
      method: 'PATCH',
      url: '/api/admin/settings/flags',
      headers: token ? bearer(token) : {},
      payload,
    });

  it('gives every signed-in staff member the flags, with their defaults', async () => {
    const res = await get(admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      experiments: false,
      referralInbox: true,
      setWorkflowStatus: true,
      onlyAustralianUsers: true,
    });
    expect((await get()).statusCode).toBe(401);
  });

  it('lets IT and supervisors change any subset of the flags, audited', async () => {
    const res = await patch({ experiments: true, referralInbox: false }, itToken);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      experiments: true,
      referralInbox: false,
      setWorkflowStatus: true,
      onlyAustralianUsers: true,
    });
    expect(await readSetting(t.db, 'experiments')).toBe(true);
    expect((await get(admin)).json()).toMatchObject({ experiments: true, referralInbox: false });

    const [event] = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'settings.flags.updated'));
    expect(event).toMatchObject({ actorUserId: itId, actorRole: 'TELECARE_IT', entityType: 'settings' });
    expect(event?.details).toEqual({
      experiments: { from: false, to: true },
      referralInbox: { from: true, to: false },
    });

    const back = await patch({ experiments: false, referralInbox: true }, supervisor);
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ experiments: false, referralInbox: true });

    // Saving the values the flags already have changes nothing and leaves no audit row.
    const audited = async () =>
      (await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'settings.flags.updated'))).length;
    const before = await audited();
    expect((await patch({ experiments: false }, supervisor)).statusCode).toBe(200);
    expect(await audited()).toBe(before);
  });

  it('refuses the admin role (403), no session (401), and unknown or non-boolean values (400)', async () => {
    expect((await patch({ experiments: true }, admin)).statusCode).toBe(403);
    expect((await patch({ experiments: true })).statusCode).toBe(401);
    expect((await patch({ experiment: true }, itToken)).statusCode).toBe(400);
    expect((await patch({ experiments: 'yes' }, itToken)).statusCode).toBe(400);
    expect(await readSetting(t.db, 'experiments')).toBe(false);
  });
});
