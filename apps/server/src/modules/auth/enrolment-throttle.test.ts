import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, TEST_PASSWORD } from '../../test/factories.ts';
import { lastEmailLinkToken, lastSmsCode } from '../../test/outbox.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** Decision 0008's limits: a person enrolling normally never meets them, a script still does. */
describe('second-factor throttling', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const post = (url: string, token: string, remoteAddress: string, payload?: object) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: bearer(token),
      remoteAddress,
      ...(payload ? { payload } : {}),
    });
  const signIn = async (email: string, remoteAddress: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email, password: TEST_PASSWORD },
      remoteAddress,
    });
    expect(res.statusCode).toBe(200);
    return res.json().token as string;
  };
  const otherThan = (code: string) => (code === '000000' ? '111111' : '000000');
  const RESEND_WAIT = 20_000;

  it('never refuses a coordinator who resends the e-mail, mistypes and resends codes while enrolling and signing in', async () => {
    const ip = '127.20.0.1';
    const user = await createUser(t.db);
    const token = await signIn(user.email, ip);
    expect((await post('/api/auth/mfa/email-verification', token, ip)).statusCode).toBe(200);
    t.clock.advance(30_000);
    expect((await post('/api/auth/mfa/email-verification', token, ip)).statusCode).toBe(200);
    const token2 = await lastEmailLinkToken(t.db, user.email);
    await t.app.inject({ method: 'GET', url: `/api/auth/verify-email?token=${token2}` });

    expect(
      (await post('/api/auth/mfa/sms/enroll/send', token, ip, { phoneNumber: '412000111' })).statusCode,
    ).toBe(200);
    const first = await lastSmsCode(t.db, '+61412000111');
    expect(
      (await post('/api/auth/mfa/sms/enroll/confirm', token, ip, { code: otherThan(first) })).statusCode,
    ).toBe(400);
    t.clock.advance(RESEND_WAIT);
    expect(
      (await post('/api/auth/mfa/sms/enroll/send', token, ip, { phoneNumber: '412000111' })).statusCode,
    ).toBe(200);
    const enrolCode = await lastSmsCode(t.db, '+61412000111');
    expect((await post('/api/auth/mfa/sms/enroll/confirm', token, ip, { code: enrolCode })).statusCode).toBe(
      200,
    );

    // Two more sign-ins within the quarter of an hour, each with a typo and a resent code.
    for (let round = 0; round < 2; round++) {
      t.clock.advance(60_000);
      const again = await signIn(user.email, ip);
      expect((await post('/api/auth/mfa/sms/send', again, ip)).statusCode).toBe(200);
      const code = await lastSmsCode(t.db, '+61412000111');
      expect(
        (await post('/api/auth/mfa/verify', again, ip, { method: 'sms', code: otherThan(code) })).statusCode,
      ).toBe(400);
      t.clock.advance(RESEND_WAIT);
      const resent = await post('/api/auth/mfa/sms/send', again, ip);
      expect(resent.statusCode).toBe(200);
      const right = await lastSmsCode(t.db, '+61412000111');
      expect((await post('/api/auth/mfa/verify', again, ip, { method: 'sms', code: right })).statusCode).toBe(
        200,
      );
    }
  });

  it('stops a script that keeps asking for codes without ever entering one right', async () => {
    const ip = '127.20.0.2';
    const user = await createUser(t.db, {
      mfaPhoneNumber: '+61412000222',
      mfaPhoneEnrolledAt: new Date(),
      emailVerifiedAt: new Date(),
    });
    const token = await signIn(user.email, ip);
    for (let sent = 0; sent < 5; sent++) {
      expect((await post('/api/auth/mfa/sms/send', token, ip)).statusCode).toBe(200);
      t.clock.advance(RESEND_WAIT);
    }
    const sixth = await post('/api/auth/mfa/sms/send', token, ip);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toBe('Sorry, too many attempts, please try again later.');
  });

  it('stops a script that guesses codes across fresh sign-ins, even with the right code at the end', async () => {
    const ip = '127.20.0.3';
    const user = await createUser(t.db, {
      mfaPhoneNumber: '+61412000333',
      mfaPhoneEnrolledAt: new Date(),
      emailVerifiedAt: new Date(),
    });
    let last = '';
    let token = '';
    for (let session = 0; session < 3; session++) {
      token = await signIn(user.email, ip);
      expect((await post('/api/auth/mfa/sms/send', token, ip)).statusCode).toBe(200);
      last = await lastSmsCode(t.db, '+61412000333');
      for (let guess = 0; guess < 4 && session * 4 + guess < 10; guess++) {
        expect(
          (await post('/api/auth/mfa/verify', token, ip, { method: 'sms', code: otherThan(last) }))
            .statusCode,
        ).toBe(400);
      }
    }
    expect((await post('/api/auth/mfa/verify', token, ip, { method: 'sms', code: last })).statusCode).toBe(
      429,
    );
  });
});
