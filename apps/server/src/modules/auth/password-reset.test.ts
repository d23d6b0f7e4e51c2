import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailMessages } from '../../db/schema/index.ts';
import { bearer, createSessionToken, createUser, TEST_PASSWORD } from '../../test/factories.ts';
import { deliverQueuedEmails, lastEmailLinkToken, lastOutboxMessage } from '../../test/outbox.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

describe('forgot password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const request = (email: string, remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email }, remoteAddress });
  const complete = (token: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/password-reset/complete', payload: { token, password } });
  const signIn = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password } });

  it('answers the same whether or not the address has an account, and e-mails only a real one', async () => {
    const user = await createUser(t.db);
    const known = await request(user.email);
    const unknown = await request('nobody-here@telecare.test');
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    await deliverQueuedEmails(t);
    expect((await lastOutboxMessage(t.db, 'email', user.email))?.subject).toBe(
      'Reset your Telecare Staff password',
    );
    expect(await lastOutboxMessage(t.db, 'email', 'nobody-here@telecare.test')).toBeUndefined();
  });

  it('queues the e-mail with the link instead of sending it during the request; the worker delivers it', async () => {
    const user = await createUser(t.db);
    expect((await request(user.email, '10.1.2.3')).statusCode).toBe(200);
    const queued = await t.db.select().from(emailMessages).where(eq(emailMessages.toAddress, user.email));
    expect(queued).toMatchObject([
      { status: 'queued', kind: 'system', workflowId: null, subject: 'Reset your Telecare Staff password' },
    ]);
    expect(queued[0]?.body).toMatch(/\/reset-password\?token=[\w-]+/);
    expect(await lastOutboxMessage(t.db, 'email', user.email)).toBeUndefined();

    await deliverQueuedEmails(t);
    const [sent] = await t.db.select().from(emailMessages).where(eq(emailMessages.toAddress, user.email));
    expect(sent?.status).toBe('sent');
    expect((await lastOutboxMessage(t.db, 'email', user.email))?.body).toBe(queued[0]?.body);
    expect(
      (await complete(await lastEmailLinkToken(t.db, user.email), 'chosen-after-queue')).statusCode,
    ).toBe(200);
  });

  it('checks the e-mail pattern', async () => {
    const res = await request('not-an-email');
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.email).toEqual(['Please enter a valid e-mail address.']);
  });

  it('sets a new password with the link once, and ends the old sessions', async () => {
    const user = await createUser(t.db);
    const session = await createSessionToken(t.db, user.id, t.clock.now());
    await request(user.email);
    await deliverQueuedEmails(t);
    const token = await lastEmailLinkToken(t.db, user.email);
    expect((await complete(token, '12345')).statusCode).toBe(400);
    const done = await complete(token, 'brand-new-secret');
    expect(done.statusCode).toBe(200);
    expect((await complete(token, 'another-secret')).json().code).toBe('LINK_INVALID');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(session) })).statusCode,
    ).toBe(401);
    expect((await signIn(user.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await signIn(user.email, 'brand-new-secret')).statusCode).toBe(200);
  });

  it('ends the other links when one of them sets the password', async () => {
    const user = await createUser(t.db);
    await request(user.email);
    await deliverQueuedEmails(t);
    const first = await lastEmailLinkToken(t.db, user.email);
    await request(user.email);
    await deliverQueuedEmails(t);
    const second = await lastEmailLinkToken(t.db, user.email);
    expect(second).not.toBe(first);
    expect((await complete(second, 'owner-new-secret')).statusCode).toBe(200);
    expect((await complete(first, 'stranger-secret')).json().code).toBe('LINK_INVALID');
    expect((await signIn(user.email, 'owner-new-secret')).statusCode).toBe(200);
  });

  it('refuses a link older than an hour', async () => {
    const user = await createUser(t.db);
    await request(user.email);
    await deliverQueuedEmails(t);
    const token = await lastEmailLinkToken(t.db, user.email);
    t.clock.advance(61 * 60_000);
    expect((await complete(token, 'brand-new-secret')).statusCode).toBe(400);
  });

  it('throttles repeated requests for one address', async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < 3; i++) expect((await request(user.email, '10.1.1.1')).statusCode).toBe(200);
    expect((await request(user.email, '10.1.1.2')).statusCode).toBe(429);
  });
});
