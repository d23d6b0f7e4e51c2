import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditEvents, users } from '../../db/schema/index.ts';
import { bearer, createSessionToken, createUser, TEST_PASSWORD } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { writeSetting } from '../settings/settings.queries.ts';

describe('the password step of sign-in, and sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The office network is exempt from the country check here, as COUNTRY_CHECK_EXEMPT_NETWORKS can say.
    t = await createTestApp({
      env: { COUNTRY_CHECK_EXEMPT_NETWORKS: '127.0.0.1,10.0.0.0/8,192.168.0.0/16' },
    });
  });
  afterAll(() => t.close());

  const signIn = (email: string, password: string, remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password }, remoteAddress });
  const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });

  it('accepts the right password, sets an httpOnly cookie and asks for the second factor', async () => {
    const user = await createUser(t.db, { role: 'TELECARE_SUPERVISOR', isSupervisor: true });
    const res = await signIn(user.email.toUpperCase(), TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json().mfa).toMatchObject({ next: 'mfa-enroll', emailVerified: false, smsEnrolled: false });
    const cookie = res.cookies.find((c) => c.name === 'tc_session');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');

    const before = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      cookies: { tc_session: cookie?.value ?? '' },
    });
    expect(before.statusCode).toBe(401);
    expect(before.json().code).toBe('MFA_REQUIRED');
    const status = await t.app.inject({
      method: 'GET',
      url: '/api/auth/mfa/status',
      headers: bearer(res.json().token),
    });
    expect(status.statusCode).toBe(200);
  });

  it('sends a user with an enrolled phone to /mfa-verify and shows only the end of the number', async () => {
    const user = await createUser(t.db, { mfaPhoneNumber: '+61412345678', mfaPhoneEnrolledAt: new Date() });
    const { mfa } = (await signIn(user.email, TEST_PASSWORD)).json();
    expect(mfa).toMatchObject({ next: 'mfa-verify', smsEnrolled: true, phoneHint: '+61 4** *** 678' });
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
    expect(events[0]?.ipAddress).toBe('127.0.0.1');
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

  it('answers empty fields and malformed JSON with 400, not 500', async () => {
    const res = await signIn('', '');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(Object.keys(res.json().fieldErrors)).toEqual(expect.arrayContaining(['email', 'password']));
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(broken.statusCode).toBe(400);
  });

  it('answers 401 without a session and with a made-up token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    const res = await me('abc');
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');
  });

  it('accepts a signed-in token as a bearer header and reports the idle limit', async () => {
    const user = await createUser(t.db);
    const res = await me(await createSessionToken(t.db, user.id, t.clock.now()));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user: { uid: user.id }, idleMinutes: 120 });
    expect(res.json().user).not.toHaveProperty('passwordHash');
  });

  it('ends the session at once on sign-out and when the account is disabled', async () => {
    const user = await createUser(t.db);
    const token = await createSessionToken(t.db, user.id, t.clock.now());
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: bearer(token) })).statusCode,
    ).toBe(204);
    expect((await me(token)).statusCode).toBe(401);

    const other = await createUser(t.db);
    const otherToken = await createSessionToken(t.db, other.id, t.clock.now());
    await t.db.update(users).set({ disabled: true }).where(eq(users.id, other.id));
    expect((await me(otherToken)).statusCode).toBe(401);
  });

  it('ends a session in use at once when its account is deleted or disabled, here or by another server process', async () => {
    const itStaff = await createUser(t.db, { role: 'TELECARE_IT', isItStaff: true });
    const itToken = await createSessionToken(t.db, itStaff.id, t.clock.now());
    const user = await createUser(t.db);
    const token = await createSessionToken(t.db, user.id, t.clock.now());
    expect((await me(token)).statusCode).toBe(200);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/auth/user/${user.id}`,
      headers: bearer(itToken),
    });
    expect(removed.statusCode).toBe(204);
    expect((await me(token)).statusCode).toBe(401);

    // Another process writes the user row and announces it; this process must not wait out its cache.
    const other = await createUser(t.db);
    const otherToken = await createSessionToken(t.db, other.id, t.clock.now());
    expect((await me(otherToken)).statusCode).toBe(200);
    await t.db.update(users).set({ disabled: true }).where(eq(users.id, other.id));
    await t.db.execute(sql`select pg_notify('telecare_changes', '{"type":"users.changed"}')`);
    await vi.waitFor(async () => expect((await me(otherToken)).statusCode).toBe(401), {
      timeout: 400,
      interval: 20,
    });
  });

  it('signs out after 2 hours idle, and keeps a session alive that is used', async () => {
    const user = await createUser(t.db);
    const idle = await createSessionToken(t.db, user.id, t.clock.now());
    const busy = await createSessionToken(t.db, user.id, t.clock.now());
    t.clock.advance(90 * 60_000);
    expect((await me(busy)).statusCode).toBe(200);
    t.clock.advance(31 * 60_000);
    expect((await me(idle)).statusCode).toBe(401);
    expect((await me(busy)).statusCode).toBe(200);
  });

  it('ends even a busy session at its absolute lifetime (12 hours)', async () => {
    const user = await createUser(t.db);
    const { token } = (await signIn(user.email, TEST_PASSWORD)).json();
    const { sessions } = await import('../../db/schema/index.ts');
    await t.db.update(sessions).set({ mfaCompletedAt: t.clock.now() }).where(eq(sessions.userId, user.id));
    for (let hour = 0; hour < 11; hour++) {
      t.clock.advance(60 * 60_000);
      expect((await me(token)).statusCode).toBe(200);
    }
    t.clock.advance(60 * 60_000);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('throttles an account after 5 wrong passwords, even for the right one, with the spec message', async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < 5; i++) expect((await signIn(user.email, 'wrong-password')).statusCode).toBe(401);
    const locked = await signIn(user.email, TEST_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({
      code: 'TOO_MANY_ATTEMPTS',
      message: 'Sorry, too many attempts, please try again later.',
    });
    t.clock.advance(16 * 60_000);
    expect((await signIn(user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('throttles an address that tries many accounts', async () => {
    for (let i = 0; i < 20; i++) await signIn(`guess${i}@telecare.test`, 'x', '10.9.9.9');
    const user = await createUser(t.db);
    expect((await signIn(user.email, TEST_PASSWORD, '10.9.9.9')).statusCode).toBe(429);
    expect((await signIn(user.email, TEST_PASSWORD, '10.9.9.8')).statusCode).toBe(200);
  });

  describe('country check', () => {
    const US = '8.8.8.8';
    const AU = '1.128.0.1';

    it('refuses a sign-in from outside Australia with the spec message, whatever the password', async () => {
      const user = await createUser(t.db);
      const res = await signIn(user.email, 'wrong-anyway', US);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        code: 'COUNTRY_NOT_ALLOWED',
        message: 'Sorry, our services are currently available only within Australia.',
      });
      const [event] = await t.db.select().from(auditEvents).where(eq(auditEvents.entityId, user.id));
      expect(event?.action).toBe('auth.sign-in.failed');
      expect(event?.details).toMatchObject({ reason: 'wrong-password', country: 'US' });
      expect((await signIn(user.email, TEST_PASSWORD, US)).json().code).toBe('COUNTRY_NOT_ALLOWED');
      const events = await t.db.select().from(auditEvents).where(eq(auditEvents.entityId, user.id));
      expect(events.map((e) => [e.action, e.details])).toContainEqual([
        'auth.sign-in.refused',
        { reason: 'country', country: 'US' },
      ]);
    });

    it('does not tell from abroad which e-mails are allow-listed unless the password is right', async () => {
      const listed = await createUser(t.db);
      const other = await createUser(t.db);
      await writeSetting(t.db, 'allowListedEmails', [listed.email]);
      const answers = [
        await signIn(listed.email, 'wrong-password', US),
        await signIn(other.email, 'wrong-password', US),
        await signIn('nobody-abroad@telecare.test', 'wrong-password', US),
      ];
      for (const res of answers) {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual(answers[0]?.json());
      }
      expect(answers[0]?.json().message).toBe(
        'Sorry, our services are currently available only within Australia.',
      );
      expect((await signIn(listed.email, TEST_PASSWORD, US)).statusCode).toBe(200);
      await writeSetting(t.db, 'allowListedEmails', []);
    });

    it('counts wrong passwords from abroad towards the lock-out', async () => {
      const listed = await createUser(t.db);
      await writeSetting(t.db, 'allowListedEmails', [listed.email]);
      for (let i = 0; i < 4; i++) expect((await signIn(listed.email, 'wrong', US)).statusCode).toBe(403);
      expect((await signIn(listed.email, 'wrong', AU)).statusCode).toBe(401);
      expect((await signIn(listed.email, TEST_PASSWORD, US)).statusCode).toBe(429);
      await writeSetting(t.db, 'allowListedEmails', []);
    });

    it('lets in an Australian address, the own network, and allow-listed e-mails from anywhere', async () => {
      const user = await createUser(t.db);
      expect((await signIn(user.email, TEST_PASSWORD, AU)).statusCode).toBe(200);
      expect((await signIn(user.email, TEST_PASSWORD, '192.168.1.20')).statusCode).toBe(200);
      const traveller = await createUser(t.db);
      await writeSetting(t.db, 'allowListedEmails', [traveller.email.toUpperCase()]);
      expect((await signIn(traveller.email, TEST_PASSWORD, US)).statusCode).toBe(200);
      expect((await signIn(user.email, TEST_PASSWORD, US)).statusCode).toBe(403);
    });

    it('lets everyone in when only-Australian-users is off', async () => {
      const user = await createUser(t.db);
      await writeSetting(t.db, 'onlyAustralianUsers', false);
      expect((await signIn(user.email, TEST_PASSWORD, US)).statusCode).toBe(200);
      await writeSetting(t.db, 'onlyAustralianUsers', true);
    });
  });
});
