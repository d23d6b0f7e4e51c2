import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../db/schema/index.ts';
import { bearer, createSessionToken, createUser } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** Closing the last tab shows the user offline within a minute, without signing them out. */
describe('presence of open tabs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const onlineOf = async (uid: string) => {
    const observer = await createSessionToken(t.db, (await createUser(t.db)).id, t.clock.now());
    const users = (await call('GET', '/api/admin/user-activity/presence', observer)).json().users as {
      uid: string;
      online: boolean;
    }[];
    return users.find((u) => u.uid === uid)?.online;
  };
  const signedInTab = async () => {
    const user = await createUser(t.db);
    const token = await createSessionToken(t.db, user.id, t.clock.now());
    const activity = (await call('POST', '/api/admin/user-activity/check-in', token)).json();
    return { user, token, activity };
  };
  const heartbeat = (token: string, activityId: string) =>
    call('POST', `/api/admin/user-activity/heartbeat/${activityId}`, token);

  it('shows the user offline within a minute of the last tab closing, still signed in', async () => {
    const { user, token, activity } = await signedInTab();
    expect(await onlineOf(user.id)).toBe(true);
    const closed = await call('POST', '/api/admin/user-activity/close-tab', token, {
      userActivityId: activity.activityId,
      userActivitySessionId: activity.userActivitySessionId,
    });
    expect(closed.statusCode).toBe(204);
    t.clock.advance(30_000);
    expect(await onlineOf(user.id)).toBe(false);
    expect((await call('GET', '/api/auth/me', token)).statusCode).toBe(200);
  });

  it('tells the open screens once the grace time has passed, so they show the user offline at once', async () => {
    const { user, token, activity } = await signedInTab();
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const controller = new AbortController();
    const response = await fetch(`${address}/api/events`, {
      headers: bearer(await createSessionToken(t.db, (await createUser(t.db)).id, t.clock.now())),
      signal: controller.signal,
    });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const closedAt = t.clock.now().getTime();
    await call('POST', '/api/admin/user-activity/close-tab', token, {
      userActivityId: activity.activityId,
      userActivitySessionId: activity.userActivitySessionId,
    });
    const queued = await t.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'presence.recheck'), eq(jobs.status, 'queued')));
    const recheck = queued.find((job) => (job.payload as { userId?: string }).userId === user.id);
    expect(recheck?.runAt.getTime()).toBe(closedAt + 26_000);

    t.clock.advance(26_000);
    await t.app.jobs.drain();
    let received = '';
    while (!received.includes(`"presence.changed","ids":["${user.id}"]`)) {
      const { value, done } = await reader.read();
      if (done) break;
      received += new TextDecoder().decode(value);
    }
    expect(received).toContain(`"presence.changed","ids":["${user.id}"]`);
    expect(await onlineOf(user.id)).toBe(false);
    controller.abort();
  });

  it("closes the session's open record when the tab closed before its check-in answered (no ids)", async () => {
    const { user, token } = await signedInTab();
    const closed = await call('POST', '/api/admin/user-activity/close-tab', token, {});
    expect(closed.statusCode).toBe(204);
    t.clock.advance(30_000);
    expect(await onlineOf(user.id)).toBe(false);
    // A session without an open record: nothing to close, nothing refused.
    const fresh = await createSessionToken(t.db, (await createUser(t.db)).id, t.clock.now());
    expect((await call('POST', '/api/admin/user-activity/close-tab', fresh, {})).statusCode).toBe(204);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/admin/user-activity/close-tab', payload: {} }))
        .statusCode,
    ).toBe(401);
  });

  it("shows the user offline after the grace once the tab's live-update stream ends, without a beacon", async () => {
    const { user, token } = await signedInTab();
    const address = t.app.server.listening
      ? `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`
      : await t.app.listen({ port: 0, host: '127.0.0.1' });
    const controller = new AbortController();
    const response = await fetch(`${address}/api/events`, {
      headers: bearer(token),
      signal: controller.signal,
    });
    await (response.body as ReadableStream<Uint8Array>).getReader().read();
    // An open stream is an open tab: it never marks the tab gone.
    t.clock.advance(30_000);
    expect(await onlineOf(user.id)).toBe(true);

    controller.abort();
    const recheckOf = async () =>
      (await t.db.select().from(jobs).where(eq(jobs.kind, 'presence.recheck'))).find(
        (job) => (job.payload as { userId?: string }).userId === user.id,
      );
    await expect.poll(recheckOf, { timeout: 5_000 }).toBeDefined();
    t.clock.advance(26_000);
    expect(await onlineOf(user.id)).toBe(false);
    expect((await call('GET', '/api/auth/me', token)).statusCode).toBe(200);
  });

  it('keeps the user online while another tab of the session still speaks after one closes', async () => {
    const { user, token, activity } = await signedInTab();
    await call('POST', '/api/admin/user-activity/close-tab', token, {
      userActivityId: activity.activityId,
      userActivitySessionId: activity.userActivitySessionId,
    });
    t.clock.advance(20_000);
    expect((await heartbeat(token, activity.activityId)).statusCode).toBe(204);
    t.clock.advance(20_000);
    expect(await onlineOf(user.id)).toBe(true);
  });

  it('shows a browser that went away without a word offline after the heartbeat timeout', async () => {
    const { user, token, activity } = await signedInTab();
    for (let beat = 0; beat < 3; beat++) {
      t.clock.advance(20_000);
      expect((await heartbeat(token, activity.activityId)).statusCode).toBe(204);
      expect(await onlineOf(user.id)).toBe(true);
    }
    t.clock.advance(91_000);
    expect(await onlineOf(user.id)).toBe(false);
  });

  it('does not count a heartbeat as activity: the idle sign-out still comes', async () => {
    const { token, activity } = await signedInTab();
    t.clock.advance(60 * 60_000);
    expect((await heartbeat(token, activity.activityId)).statusCode).toBe(204);
    t.clock.advance(59 * 60_000);
    expect((await heartbeat(token, activity.activityId)).statusCode).toBe(204);
    t.clock.advance(2 * 60_000);
    expect((await call('GET', '/api/auth/me', token)).statusCode).toBe(401);
  });

  it("refuses a heartbeat without a session (401) and for someone else's tab (404)", async () => {
    const { activity } = await signedInTab();
    const other = await createSessionToken(t.db, (await createUser(t.db)).id, t.clock.now());
    const none = await t.app.inject({
      method: 'POST',
      url: `/api/admin/user-activity/heartbeat/${activity.activityId}`,
    });
    expect(none.statusCode).toBe(401);
    expect((await heartbeat(other, activity.activityId)).statusCode).toBe(404);
    expect((await heartbeat(other, 'not-an-id')).statusCode).toBe(400);
  });
});
