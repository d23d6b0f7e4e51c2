import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/index.ts';
import { bearer, createSessionToken, createUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

describe('presence', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const presenceOf = async (token: string, uid: string) =>
    (
      (await call('GET', '/api/admin/user-activity/presence', token)).json().users as {
        uid: string;
        online: boolean;
      }[]
    ).find((u) => u.uid === uid);

  it('checks in, shows staff online and offline without IT or disabled staff, and checks out', async () => {
    const alice = await createUser(t.db, { firstName: 'Alice' });
    const bob = await createUser(t.db, { firstName: 'Bob' });
    const it = await createUser(t.db, { role: 'TELECARE_IT', isItStaff: true });
    const disabled = await createUser(t.db, { disabled: true });
    const gp = await createUser(t.db, { role: 'GP' });
    const token = await createSessionToken(t.db, alice.id, t.clock.now());

    const checkIn = await call('POST', '/api/admin/user-activity/check-in', token);
    expect(checkIn.statusCode).toBe(200);
    const { activityId, userActivitySessionId } = checkIn.json();
    expect(activityId).toBeTruthy();
    expect(userActivitySessionId).toBeTruthy();
    expect((await call('POST', '/api/admin/user-activity/check-in', token)).json().activityId).toBe(
      activityId,
    );

    const list = (await call('GET', '/api/admin/user-activity/presence', token)).json().users as {
      uid: string;
    }[];
    const ids = list.map((u) => u.uid);
    expect(ids).toEqual(expect.arrayContaining([alice.id, bob.id]));
    for (const hidden of [it.id, disabled.id, gp.id]) expect(ids).not.toContain(hidden);
    expect(await presenceOf(token, alice.id)).toMatchObject({ online: true });
    expect(await presenceOf(token, bob.id)).toMatchObject({ online: false });

    const status = await call('GET', `/api/admin/user-activity/login-status/${activityId}`, token);
    expect(status.json()).toEqual({ isExpired: false, userActivityId: activityId, userActivitySessionId });
    const closeTab = await call('POST', '/api/admin/user-activity/close-tab', token, {
      userActivityId: activityId,
      userActivitySessionId,
    });
    expect(closeTab.statusCode).toBe(204);

    const out = await call('POST', `/api/admin/user-activity/check-out/${activityId}`, token);
    expect(out.statusCode).toBe(201);
    expect(
      (await call('GET', `/api/admin/user-activity/login-status/${activityId}`, token)).json().isExpired,
    ).toBe(true);
    await call('POST', '/api/auth/sign-out', token);
    const observer = await createSessionToken(t.db, bob.id, t.clock.now());
    expect(await presenceOf(observer, alice.id)).toMatchObject({ online: false });
  });

  it('audits a check-in once, and the check-out', async () => {
    const user = await createUser(t.db);
    const token = await createSessionToken(t.db, user.id, t.clock.now());
    const { activityId } = (await call('POST', '/api/admin/user-activity/check-in', token)).json();
    await call('POST', '/api/admin/user-activity/check-in', token);
    await call('POST', `/api/admin/user-activity/check-out/${activityId}`, token);
    const rows = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityType, 'user_activity'), eq(auditEvents.entityId, activityId)))
      .orderBy(auditEvents.id);
    expect(rows.map((row) => [row.action, row.actorUserId])).toEqual([
      ['presence.check-in', user.id],
      ['presence.check-out', user.id],
    ]);
  });

  it("does not let a user read or close someone else's activity", async () => {
    const owner = await createUser(t.db);
    const other = await createUser(t.db);
    const { activityId } = (
      await call('POST', '/api/admin/user-activity/check-in', await createSessionToken(t.db, owner.id))
    ).json();
    const otherToken = await createSessionToken(t.db, other.id);
    expect(
      (await call('GET', `/api/admin/user-activity/login-status/${activityId}`, otherToken)).statusCode,
    ).toBe(404);
    expect(
      (await call('POST', `/api/admin/user-activity/check-out/${activityId}`, otherToken)).statusCode,
    ).toBe(404);
  });

  it('gives supervisors the activity report as CSV and refuses everyone else', async () => {
    const supervisor = await createUser(t.db, {
      role: 'TELECARE_SUPERVISOR',
      isSupervisor: true,
      firstName: 'Sue',
    });
    const token = await createSessionToken(t.db, supervisor.id);
    await call('POST', '/api/admin/user-activity/check-in', token);
    const from = new Date(Date.now() - 8 * 86_400_000).toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const res = await call(
      'GET',
      `/api/admin/user-activity/report?startDate=${from}&endDate=${tomorrow}`,
      token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('user-activity-report.csv');
    const [header, ...rows] = res.body.trim().split('\r\n');
    expect(header).toBe(
      'Date,Staff Member,Short Name,E-mail,Role,Check-in Time,Check-out Time,Minutes Online,Status',
    );
    const sues = rows.filter(
      (row) => row.includes(`Sue ${supervisor.lastName}`) && row.includes('SUPERVISOR'),
    );
    expect(sues).toHaveLength(1);
    // The check-in time names Melbourne's zone of that day.
    expect(sues[0]).toMatch(/,\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} AE[SD]T,/);

    const reversed = await call(
      'GET',
      `/api/admin/user-activity/report?startDate=${tomorrow}&endDate=${from}`,
      token,
    );
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().fieldErrors.endDate).toEqual(['End date should be after the start date']);
    const missing = await call('GET', '/api/admin/user-activity/report', token);
    expect(missing.statusCode).toBe(400);
    expect(JSON.stringify(missing.json().fieldErrors)).toContain('You must select a valid time range.');

    const admin = await createUser(t.db, { role: 'TELECARE_SUPERVISOR', isSupervisor: false });
    const refused = await call(
      'GET',
      `/api/admin/user-activity/report?startDate=${from}&endDate=${tomorrow}`,
      await createSessionToken(t.db, admin.id),
    );
    expect(refused.statusCode).toBe(403);
  });

  it('streams a change to other signed-in browsers within a second', async () => {
    const watcher = await createUser(t.db);
    const mover = await createUser(t.db);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    expect(address).toContain(String(port));
    const controller = new AbortController();
    const response = await fetch(`http://127.0.0.1:${port}/api/events`, {
      headers: bearer(await createSessionToken(t.db, watcher.id)),
      signal: controller.signal,
    });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const started = Date.now();
    await call('POST', '/api/admin/user-activity/check-in', await createSessionToken(t.db, mover.id));
    let received = '';
    while (!received.includes(mover.id)) {
      const { value, done } = await reader.read();
      if (done) break;
      received += new TextDecoder().decode(value);
    }
    expect(received).toContain('"type":"presence.changed"');
    expect(Date.now() - started).toBeLessThan(1000);
    controller.abort();
  });
});
