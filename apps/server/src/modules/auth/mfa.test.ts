import { AUTH_MESSAGES } from '@telecare/contracts/auth';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, users } from '../../db/schema/index.ts';
import { bearer, createUser, TEST_PASSWORD } from '../../test/factories.ts';
import { lastEmailLinkToken, lastSmsCode } from '../../test/outbox.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

describe('second factor', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const post = (url: string, token: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const signIn = async (email: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email, password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    return res.json().token as string;
  };
  const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
  const enrolledUser = () =>
    createUser(t.db, {
      mfaPhoneNumber: '+61498765432',
      mfaPhoneEnrolledAt: new Date(),
      emailVerifiedAt: new Date(),
    });

  it('enrols a new user: e-mail link, phone, SMS code, then signed in', async () => {
    const user = await createUser(t.db);
    const token = await signIn(user.email);

    const early = await post('/api/auth/mfa/sms/enroll/send', token, { phoneNumber: '412345678' });
    expect(early.statusCode).toBe(409);

    const sent = await post('/api/auth/mfa/email-verification', token);
    expect(sent.statusCode).toBe(200);
    expect(sent.json().message).toContain('spam folder');
    const link = await t.app.inject({
      method: 'GET',
      url: `/api/auth/verify-email?token=${await lastEmailLinkToken(t.db, user.email)}`,
    });
    expect(link.statusCode).toBe(302);
    expect(link.headers.location).toBe('/mfa-enroll?emailVerified=1');
    const status = await t.app.inject({ method: 'GET', url: '/api/auth/mfa/status', headers: bearer(token) });
    expect(status.json()).toMatchObject({ emailVerified: true, smsEnrolled: false });

    const codeSent = await post('/api/auth/mfa/sms/enroll/send', token, { phoneNumber: '412 345 678' });
    expect(codeSent.statusCode).toBe(200);
    expect(codeSent.json().message).toBe(
      'The verification code has been sent to your mobile phone, please check',
    );
    const code = await lastSmsCode(t.db, '+61412345678');
    expect(code).toMatch(/^\d{6}$/);

    const wrong = await post('/api/auth/mfa/sms/enroll/confirm', token, {
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Failed to enroll MFA.');
    const done = await post('/api/auth/mfa/sms/enroll/confirm', token, { code });
    expect(done.statusCode).toBe(200);
    expect(done.json().user.uid).toBe(user.id);
    expect((await me(token)).statusCode).toBe(200);

    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.mfaPhoneNumber).toBe('+61412345678');
    const actions = (await t.db.select().from(auditEvents).where(eq(auditEvents.entityId, user.id))).map(
      (e) => e.action,
    );
    expect(actions).toEqual(
      expect.arrayContaining([
        'auth.email-verification.completed',
        'auth.mfa.code-sent',
        'auth.mfa.enrolled',
      ]),
    );
    const details = JSON.stringify(await t.db.select().from(auditEvents));
    expect(details).not.toContain(code);
  });

  it('answers a link that is wrong or used with the enrol page and no verification', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/verify-email?token=not-a-real-token' });
    expect(res.headers.location).toBe('/mfa-enroll?emailVerified=0');
  });

  it('checks the phone number with the spec messages', async () => {
    const user = await createUser(t.db, { emailVerifiedAt: new Date() });
    const token = await signIn(user.email);
    const empty = await post('/api/auth/mfa/sms/enroll/send', token, { phoneNumber: '' });
    expect(empty.json().fieldErrors.phoneNumber).toEqual(['Phone number can not be empty']);
    for (const phoneNumber of ['0412345678', '312345678', '41234567', '4123456789']) {
      const bad = await post('/api/auth/mfa/sms/enroll/send', token, { phoneNumber });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fieldErrors.phoneNumber).toEqual([
        "Please input a valid phone number(without '0' prefix)",
      ]);
    }
    const noCode = await post('/api/auth/mfa/sms/enroll/confirm', token, { code: '' });
    expect(noCode.json().fieldErrors.code).toEqual(['Verification Code is not empty']);
    const noVerifyCode = await post('/api/auth/mfa/verify', token, { method: 'sms', code: ' ' });
    expect(noVerifyCode.json().fieldErrors.code).toEqual(['Please input your verify code']);
  });

  it('locks resending for 20 seconds on the server', async () => {
    const user = await enrolledUser();
    const token = await signIn(user.email);
    expect((await post('/api/auth/mfa/sms/send', token)).statusCode).toBe(200);
    const again = await post('/api/auth/mfa/sms/send', token);
    expect(again.statusCode).toBe(429);
    expect(again.json().code).toBe('RESEND_LOCKED');
    t.clock.advance(19_000);
    expect((await post('/api/auth/mfa/sms/send', token)).statusCode).toBe(429);
    t.clock.advance(1_000);
    expect((await post('/api/auth/mfa/sms/send', token)).statusCode).toBe(200);
  });

  it('verifies a sign-in with the code sent to the enrolled phone, once', async () => {
    const user = await enrolledUser();
    const token = await signIn(user.email);
    const sent = await post('/api/auth/mfa/sms/send', token);
    expect(sent.statusCode).toBe(200);
    const code = await lastSmsCode(t.db, '+61498765432');
    const wrong = await post('/api/auth/mfa/verify', token, {
      method: 'sms',
      code: code === '999999' ? '999998' : '999999',
    });
    expect(wrong.json()).toEqual({
      code: 'CODE_INVALID',
      message: 'Failed to login, your phone verify failed...',
    });
    expect((await me(token)).statusCode).toBe(401);
    expect((await post('/api/auth/mfa/verify', token, { method: 'sms', code })).statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(200);

    const second = await signIn(user.email);
    const reused = await post('/api/auth/mfa/verify', second, { method: 'sms', code });
    expect(reused.statusCode).toBe(400);
    expect((await me(second)).statusCode).toBe(401);
  });

  it('binds a code to its own sign-in attempt', async () => {
    const user = await enrolledUser();
    const first = await signIn(user.email);
    await post('/api/auth/mfa/sms/send', first);
    const code = await lastSmsCode(t.db, '+61498765432');
    const second = await signIn(user.email);
    await post('/api/auth/mfa/sms/send', second);
    const secondCode = await lastSmsCode(t.db, '+61498765432');
    if (secondCode !== code) {
      expect((await post('/api/auth/mfa/verify', second, { method: 'sms', code })).statusCode).toBe(400);
    }
    expect((await post('/api/auth/mfa/verify', second, { method: 'sms', code: secondCode })).statusCode).toBe(
      200,
    );
  });

  it('lets a code expire after 5 minutes', async () => {
    const user = await enrolledUser();
    const token = await signIn(user.email);
    await post('/api/auth/mfa/sms/send', token);
    const code = await lastSmsCode(t.db, '+61498765432');
    t.clock.advance(5 * 60_000 + 1000);
    const late = await post('/api/auth/mfa/verify', token, { method: 'sms', code });
    expect(late.statusCode).toBe(400);
    expect(late.json().code).toBe('CODE_EXPIRED');
  });

  it('kills a code after 5 wrong entries, and the right one no longer works', async () => {
    const user = await enrolledUser();
    const token = await signIn(user.email);
    await post('/api/auth/mfa/sms/send', token);
    const code = await lastSmsCode(t.db, '+61498765432');
    const wrongCode = code === '123456' ? '654321' : '123456';
    for (let i = 0; i < 4; i++) {
      expect((await post('/api/auth/mfa/verify', token, { method: 'sms', code: wrongCode })).statusCode).toBe(
        400,
      );
    }
    const fifth = await post('/api/auth/mfa/verify', token, { method: 'sms', code: wrongCode });
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().message).toBe('Sorry, too many attempts, please try again later.');
    expect((await post('/api/auth/mfa/verify', token, { method: 'sms', code })).statusCode).toBe(429);
  });

  it('enrols an authenticator app and signs in with it', async () => {
    const user = await createUser(t.db, { emailVerifiedAt: new Date() });
    const token = await signIn(user.email);
    const start = await post('/api/auth/mfa/totp/enroll/start', token);
    expect(start.statusCode).toBe(200);
    const { secret, otpauthUri } = start.json();
    expect(otpauthUri).toContain('otpauth://totp/');
    const epoch = Math.floor(t.clock.now().getTime() / 1000);
    const code = await generate({ secret, epoch });
    expect(
      (
        await post('/api/auth/mfa/totp/enroll/confirm', token, {
          code: '000000' === code ? '000001' : '000000',
        })
      ).statusCode,
    ).toBe(400);
    expect((await post('/api/auth/mfa/totp/enroll/confirm', token, { code })).statusCode).toBe(200);

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(again.json().mfa).toMatchObject({ next: 'mfa-verify', totpEnrolled: true, smsEnrolled: false });
    const next = again.json().token;
    const later = await generate({ secret, epoch: epoch + 60 });
    t.clock.advance(60_000);
    expect((await post('/api/auth/mfa/verify', next, { method: 'totp', code: later })).statusCode).toBe(200);
    expect((await me(next)).statusCode).toBe(200);
  });

  it('takes an authenticator code once: a seen code, or an earlier one, does not sign in again', async () => {
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const user = await createUser(t.db, {
      emailVerifiedAt: new Date(),
      totpSecret: secret,
      totpEnrolledAt: new Date(),
    });
    const epoch = Math.floor(t.clock.now().getTime() / 1000);
    const code = await generate({ secret, epoch });
    const earlier = await generate({ secret, epoch: epoch - 30 });
    const owner = await signIn(user.email);
    expect((await post('/api/auth/mfa/verify', owner, { method: 'totp', code })).statusCode).toBe(200);

    const replayer = await signIn(user.email);
    const replayed = await post('/api/auth/mfa/verify', replayer, { method: 'totp', code });
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().message).toBe(AUTH_MESSAGES.verifyFailed);
    expect((await post('/api/auth/mfa/verify', replayer, { method: 'totp', code: earlier })).statusCode).toBe(
      400,
    );
    expect((await me(replayer)).statusCode).toBe(401);

    const twice = await signIn(user.email);
    t.clock.advance(30_000);
    const next = await generate({ secret, epoch: epoch + 30 });
    const both = await Promise.all([
      post('/api/auth/mfa/verify', replayer, { method: 'totp', code: next }),
      post('/api/auth/mfa/verify', twice, { method: 'totp', code: next }),
    ]);
    expect(both.map((res) => res.statusCode).sort()).toEqual([200, 400]);
  });

  it('does not take the code that enrolled an authenticator app for a sign-in', async () => {
    const user = await createUser(t.db, { emailVerifiedAt: new Date() });
    const token = await signIn(user.email);
    const { secret } = (await post('/api/auth/mfa/totp/enroll/start', token)).json();
    const code = await generate({ secret, epoch: Math.floor(t.clock.now().getTime() / 1000) });
    expect((await post('/api/auth/mfa/totp/enroll/confirm', token, { code })).statusCode).toBe(200);
    const other = await signIn(user.email);
    expect((await post('/api/auth/mfa/verify', other, { method: 'totp', code })).statusCode).toBe(400);
  });
});
