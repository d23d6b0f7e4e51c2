import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/index.ts';
import { createUser, TEST_PASSWORD } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

describe('sign-in and sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const signIn = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password } });

  it('signs in with the right password, sets an httpOnly cookie and returns the user', async () => {
    const user = await createUser(t.db, { role: 'TELECARE_SUPERVISOR', isSupervisor: true });
    const res = await signIn(user.email.toUpperCase(), TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({ uid: user.id, role: 'TELECARE_SUPERVISOR', isSupervisor: true });
    expect(body.user.permissions).toContain('OTHER_SETTINGS');
    expect(body.user).not.toHaveProperty('passwordHash');
    const cookie = res.cookies.find((c) => c.name === 'tc_session');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      cookies: { tc_session: cookie?.value ?? '' },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.uid).toBe(user.id);
  });

  it('accepts the token as a bearer header for API clients', async () => {
    const user = await createUser(t.db);
    const { token } = (await signIn(user.email, TEST_PASSWORD)).json();
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(200);
  });

  it('refuses a wrong password and an unknown e-mail with the same answer, and audits both', async () => {
    const user = await createUser(t.db);
    const wrong = await signIn(user.email, 'not-the-password');
    const unknown = await signIn('nobody@telecare.test', 'whatever');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().code).toBe('INVALID_CREDENTIALS');
    expect(wrong.cookies).toHaveLength(0);
    const events = await t.db.select().from(auditEvents).where(eq(auditEvents.entityId, user.id));
    expect(events.map((e) => e.action)).toContain('auth.sign-in.failed');
    expect(JSON.stringify(events)).not.toContain('not-the-password');
  });

  it('refuses a disabled account with the spec message', async () => {
    const user = await createUser(t.db, { disabled: true });
    const res = await signIn(user.email, TEST_PASSWORD);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      code: 'ACCOUNT_DISABLED',
      message: 'Your account has been disabled, please contact your telecare manager to get access!',
    });
  });

  it.each(['GP', 'CLINIC_ADMIN', 'SPECIALIST'] as const)(
    'refuses the %s role with the spec message',
    async (role) => {
      const user = await createUser(t.db, { role });
      const res = await signIn(user.email, TEST_PASSWORD);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(
        'You are not telecare admin, please contact your telecare manager to get access!',
      );
    },
  );

  it('answers empty fields with a validation error naming them', async () => {
    const res = await signIn('', '');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(Object.keys(res.json().fieldErrors)).toEqual(expect.arrayContaining(['email', 'password']));
  });

  it('answers a malformed JSON body with 400, not 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
  });

  it('answers 401 without a session and with a made-up token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: 'Bearer abc' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');
  });

  it('ends the session at once on sign-out', async () => {
    const user = await createUser(t.db);
    const { token } = (await signIn(user.email, TEST_PASSWORD)).json();
    const headers = { authorization: `Bearer ${token}` };
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers });
    expect(out.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers })).statusCode).toBe(401);
  });

  it('ends the session when the account is disabled', async () => {
    const user = await createUser(t.db);
    const { token } = (await signIn(user.email, TEST_PASSWORD)).json();
    const { users } = await import('../../db/schema/index.ts');
    await t.db.update(users).set({ disabled: true }).where(eq(users.id, user.id));
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(401);
  });

  it('signs out after 2 hours idle, and keeps a session alive that is used', async () => {
    const user = await createUser(t.db);
    const idle = (await signIn(user.email, TEST_PASSWORD)).json().token;
    const busy = (await signIn(user.email, TEST_PASSWORD)).json().token;
    const me = (token: string) =>
      t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
    t.clock.advance(90 * 60_000);
    expect((await me(busy)).statusCode).toBe(200);
    t.clock.advance(31 * 60_000);
    expect((await me(idle)).statusCode).toBe(401);
    expect((await me(busy)).statusCode).toBe(200);
  });
});
