import { and, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailMessages, users } from '../../db/schema/index.ts';
import { bearer, createUser, TEST_PASSWORD } from '../../test/factories.ts';
import { lastOutboxMessage, lastSmsCode } from '../../test/outbox.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const OWNER_PHONE = '+61498765432';

describe('adding or replacing a second factor', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const post = (url: string, token: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
  const signIn = async (email: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email, password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    return res.json().token as string;
  };
  const userWithPhone = () =>
    createUser(t.db, {
      mfaPhoneNumber: OWNER_PHONE,
      mfaPhoneEnrolledAt: new Date(),
      emailVerifiedAt: new Date(),
    });
  const userRow = async (id: string) => (await t.db.select().from(users).where(eq(users.id, id)))[0];
  const noticesTo = (email: string) =>
    t.db
      .select()
      .from(emailMessages)
      .where(and(eq(emailMessages.toAddress, email), eq(emailMessages.kind, 'system')));
  const totpNow = (secret: string) => generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) });

  /** Signs in with password and the SMS code: a full session. */
  async function fullSession(email: string, phone = OWNER_PHONE) {
    const token = await signIn(email);
    expect((await post('/api/auth/mfa/sms/send', token)).statusCode).toBe(200);
    const code = await lastSmsCode(t.db, phone);
    expect((await post('/api/auth/mfa/verify', token, { method: 'sms', code })).statusCode).toBe(200);
    t.clock.advance(21_000);
    return token;
  }

  /** A fresh check of the enrolled phone inside a full session. */
  async function recheck(token: string, phone = OWNER_PHONE) {
    expect((await post('/api/auth/mfa/sms/send', token)).statusCode).toBe(200);
    const code = await lastSmsCode(t.db, phone);
    const res = await post('/api/auth/mfa/verify', token, { method: 'sms', code });
    expect(res.statusCode).toBe(200);
    t.clock.advance(21_000);
  }

  it('refuses a password-only session an authenticator app when the account has a phone', async () => {
    const owner = await userWithPhone();
    const token = await signIn(owner.email);

    const start = await post('/api/auth/mfa/totp/enroll/start', token);
    expect(start.statusCode).toBe(403);
    expect(start.json()).toMatchObject({
      code: 'FACTOR_CHECK_REQUIRED',
      message:
        'Two-step verification is already set up for this account. Please sign in with it to change it.',
    });
    const confirm = await post('/api/auth/mfa/totp/enroll/confirm', token, { code: '123456' });
    expect(confirm.statusCode).toBe(403);
    expect((await me(token)).statusCode).toBe(401);
    expect((await userRow(owner.id))?.totpSecret).toBeNull();
  });

  it('refuses a password-only session a new phone when the account has one, and sends it nothing', async () => {
    const owner = await userWithPhone();
    const token = await signIn(owner.email);

    const send = await post('/api/auth/mfa/sms/enroll/send', token, { phoneNumber: '499999999' });
    expect(send.statusCode).toBe(403);
    expect(send.json().code).toBe('FACTOR_CHECK_REQUIRED');
    expect(await lastOutboxMessage(t.db, 'sms', '+61499999999')).toBeUndefined();
    const confirm = await post('/api/auth/mfa/sms/enroll/confirm', token, { code: '123456' });
    expect(confirm.statusCode).toBe(403);
    expect((await me(token)).statusCode).toBe(401);
    expect((await userRow(owner.id))?.mfaPhoneNumber).toBe(OWNER_PHONE);
  });

  it('refuses a full session that has not just checked its current factor', async () => {
    const owner = await userWithPhone();
    const token = await fullSession(owner.email);

    for (const [url, payload] of [
      ['/api/auth/mfa/totp/enroll/start', undefined],
      ['/api/auth/mfa/sms/enroll/send', { phoneNumber: '499999998' }],
    ] as const) {
      const res = await post(url, token, payload);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        code: 'FACTOR_CHECK_REQUIRED',
        message: 'Please confirm a code from your current two-step verification before changing it.',
      });
    }
    expect(await lastOutboxMessage(t.db, 'sms', '+61499999998')).toBeUndefined();
  });

  it('adds an authenticator app after a fresh code from the phone, once, and tells the owner', async () => {
    const owner = await userWithPhone();
    const token = await fullSession(owner.email);
    await recheck(token);

    const start = await post('/api/auth/mfa/totp/enroll/start', token);
    expect(start.statusCode).toBe(200);
    const { secret } = start.json();
    const done = await post('/api/auth/mfa/totp/enroll/confirm', token, { code: await totpNow(secret) });
    expect(done.statusCode).toBe(200);
    expect((await userRow(owner.id))?.totpSecret).toBe(secret);

    const [notice] = await noticesTo(owner.email);
    expect(notice?.subject).toBe('Your Telecare Staff two-step verification was changed');
    expect(notice?.body).toContain('also complete two-step verification with an authenticator app');
    expect(notice?.body).toContain('If this was not you');

    const again = await post('/api/auth/mfa/totp/enroll/start', token);
    expect(again.statusCode).toBe(403);
  });

  it('replaces the phone after a fresh code from the old one, and says so to the owner', async () => {
    const owner = await userWithPhone();
    const token = await fullSession(owner.email);
    await recheck(token);

    expect(
      (await post('/api/auth/mfa/sms/enroll/send', token, { phoneNumber: '411222333' })).statusCode,
    ).toBe(200);
    const code = await lastSmsCode(t.db, '+61411222333');
    expect((await post('/api/auth/mfa/sms/enroll/confirm', token, { code })).statusCode).toBe(200);
    expect((await userRow(owner.id))?.mfaPhoneNumber).toBe('+61411222333');
    const [notice] = await noticesTo(owner.email);
    expect(notice?.body).toContain('changed to the mobile phone ending in 333');
  });

  it('lets the fresh check lapse after 10 minutes', async () => {
    const owner = await userWithPhone();
    const token = await fullSession(owner.email);
    await recheck(token);
    t.clock.advance(10 * 60_000);
    expect((await post('/api/auth/mfa/totp/enroll/start', token)).statusCode).toBe(403);
  });

  it('refuses a first enrolment that another session completed meanwhile', async () => {
    const user = await createUser(t.db, { emailVerifiedAt: new Date() });
    const slow = await signIn(user.email);
    const fast = await signIn(user.email);

    const start = await post('/api/auth/mfa/totp/enroll/start', slow);
    expect(start.statusCode).toBe(200);
    expect((await post('/api/auth/mfa/sms/enroll/send', fast, { phoneNumber: '433444555' })).statusCode).toBe(
      200,
    );
    const smsCode = await lastSmsCode(t.db, '+61433444555');
    expect((await post('/api/auth/mfa/sms/enroll/confirm', fast, { code: smsCode })).statusCode).toBe(200);

    const late = await post('/api/auth/mfa/totp/enroll/confirm', slow, {
      code: await totpNow(start.json().secret),
    });
    expect(late.statusCode).toBe(403);
    expect((await me(slow)).statusCode).toBe(401);
    expect((await userRow(user.id))?.totpSecret).toBeNull();
    const notices = await noticesTo(user.email);
    expect(
      notices.map((n) => n.body.includes('was set up for your account with the mobile phone ending in 555')),
    ).toEqual([true]);
  });
});
