import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, referrers } from '../../db/schema/index.ts';
import { bearer, createSessionToken, createUser, TEST_PASSWORD } from '../../test/factories.ts';
import { deliverQueuedEmails, lastEmailLinkToken, lastOutboxMessage } from '../../test/outbox.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

describe('user management', () => {
  let t: TestApp;
  let token: string;
  let supervisorId: string;
  beforeAll(async () => {
    t = await createTestApp();
    const supervisor = await createUser(t.db, { role: 'TELECARE_SUPERVISOR', isSupervisor: true });
    supervisorId = supervisor.id;
    token = await createSessionToken(t.db, supervisor.id);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, as = token) =>
    t.app.inject({ method, url, headers: bearer(as), ...(payload ? { payload } : {}) });
  const base = {
    email: 'new.person@telecare.test',
    firstName: 'New',
    lastName: 'Person',
    shortName: 'NP',
    role: 'TELECARE_ADMIN',
    timezone: 'Australia/Melbourne',
  };

  it('pages users zero-based, filters by role and refuses other page sizes', async () => {
    for (let i = 0; i < 12; i++) await createUser(t.db, { lastName: `Pager${String(i).padStart(2, '0')}` });
    const first = (await call('GET', '/api/admin/auth/users/page?curr=0&size=10')).json();
    expect(first.page).toBe(0);
    expect(first.rows).toHaveLength(10);
    expect(first.total).toBeGreaterThanOrEqual(13);
    const second = (await call('GET', '/api/admin/auth/users/page?curr=1&size=10')).json();
    expect(second.rows.length).toBe(first.total - 10);
    const far = (await call('GET', '/api/admin/auth/users/page?curr=99&size=10')).json();
    expect(far.page).toBe(1);
    const supervisors = (await call('GET', '/api/admin/auth/users/page?role=TELECARE_SUPERVISOR')).json();
    expect(supervisors.rows.every((u: { role: string }) => u.role === 'TELECARE_SUPERVISOR')).toBe(true);
    expect((await call('GET', '/api/admin/auth/users/page?size=15')).statusCode).toBe(400);
    expect(first.rows[0]).not.toHaveProperty('passwordHash');
  });

  it('creates a user, e-mails an invitation and refuses a taken e-mail', async () => {
    const res = await call('POST', '/api/admin/auth/users', base);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      email: 'new.person@telecare.test',
      role: 'TELECARE_ADMIN',
      disabled: false,
    });
    await deliverQueuedEmails(t);
    expect((await lastOutboxMessage(t.db, 'email', base.email))?.subject).toBe('Your Telecare Staff account');
    const again = await call('POST', '/api/admin/auth/users', { ...base, email: 'NEW.PERSON@telecare.test' });
    expect(again.statusCode).toBe(409);
    const audit = await t.db.select().from(auditEvents).where(eq(auditEvents.entityId, res.json().uid));
    expect(audit.map((e) => e.action)).toContain('user.created');
    expect(audit[0]?.actorUserId).toBe(supervisorId);
  });

  it('applies the form rules: required fields, and GP needs a referrer', async () => {
    const missing = await call('POST', '/api/admin/auth/users', {
      ...base,
      firstName: ' ',
      email: 'x',
      timezone: '',
    });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().fieldErrors)).toEqual(
      expect.arrayContaining(['firstName', 'email', 'timezone']),
    );
    const gp = await call('POST', '/api/admin/auth/users', {
      ...base,
      email: 'gp@telecare.test',
      role: 'GP',
    });
    expect(gp.json().fieldErrors.coreplusId).toEqual(['Please select a referrer for a GP.']);
    const clinicAdmin = await call('POST', '/api/admin/auth/users', {
      ...base,
      email: 'ca@telecare.test',
      role: 'CLINIC_ADMIN',
    });
    expect(clinicAdmin.json().fieldErrors.coreplusId).toEqual(['Please select a clinic for a clinic admin.']);
    const unknownReferrer = await call('POST', '/api/admin/auth/users', {
      ...base,
      email: 'gp@telecare.test',
      role: 'GP',
      coreplusId: '00000000-0000-0000-0000-000000000000',
    });
    expect(unknownReferrer.statusCode).toBe(400);
    const [referrer] = await t.db
      .insert(referrers)
      .values({ firstName: 'Gina', lastName: 'Practitioner' })
      .returning();
    const ok = await call('POST', '/api/admin/auth/users', {
      ...base,
      email: 'gp@telecare.test',
      role: 'GP',
      coreplusId: referrer?.id,
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().coreplusId).toBe(referrer?.id);
  });

  it('keeps the password when both fields are blank, checks them otherwise, and ends sessions on change', async () => {
    const user = await createUser(t.db);
    const session = await createSessionToken(t.db, user.id);
    const body = { ...base, email: user.email, firstName: 'Changed' };
    const kept = await call('PUT', `/api/admin/auth/user/${user.id}`, {
      ...body,
      password: '',
      confirmPassword: '',
    });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().firstName).toBe('Changed');
    const signIn = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: user.email, password } });
    expect((await signIn(TEST_PASSWORD)).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(session) })).statusCode,
    ).toBe(200);

    const differ = await call('PUT', `/api/admin/auth/user/${user.id}`, {
      ...body,
      password: 'abcdef',
      confirmPassword: 'abcdeg',
    });
    expect(differ.json().fieldErrors.confirmPassword).toEqual(["Passwords doesn't match."]);
    const short = await call('PUT', `/api/admin/auth/user/${user.id}`, {
      ...body,
      password: 'abc',
      confirmPassword: 'abc',
    });
    expect(short.json().fieldErrors.password).toEqual(['The password must be at least 6 characters.']);

    const changed = await call('PUT', `/api/admin/auth/user/${user.id}`, {
      ...body,
      password: 'new-pass-1',
      confirmPassword: 'new-pass-1',
    });
    expect(changed.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(session) })).statusCode,
    ).toBe(401);
    expect((await signIn('new-pass-1')).statusCode).toBe(200);
    const audit = await t.db.select().from(auditEvents).where(eq(auditEvents.entityId, user.id));
    expect(JSON.stringify(audit)).not.toContain('new-pass-1');
  });

  it('ends the invitation sent before an e-mail change, the sessions, and the old address’s proof', async () => {
    const typo = { ...base, email: 'nora.typo@gmial.test' };
    const created = await call('POST', '/api/admin/auth/users', typo);
    expect(created.statusCode).toBe(201);
    await deliverQueuedEmails(t);
    const invitation = await lastEmailLinkToken(t.db, typo.email);
    const uid = created.json().uid;
    const fixed = await call('PUT', `/api/admin/auth/user/${uid}`, {
      ...typo,
      email: 'nora.right@telecare.test',
    });
    expect(fixed.statusCode).toBe(200);
    const used = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/complete',
      payload: { token: invitation, password: 'stranger-pass-1' },
    });
    expect(used.json().code).toBe('LINK_INVALID');

    const verified = await createUser(t.db, { emailVerifiedAt: new Date() });
    const session = await createSessionToken(t.db, verified.id);
    const moved = await call('PUT', `/api/admin/auth/user/${verified.id}`, {
      ...base,
      email: 'moved.elsewhere@telecare.test',
    });
    expect(moved.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(session) })).statusCode,
    ).toBe(401);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: 'moved.elsewhere@telecare.test', password: TEST_PASSWORD },
    });
    expect(signIn.json().mfa.emailVerified).toBe(false);
  });

  it('ends the links sent before an account is disabled, so enabling it again does not revive them', async () => {
    const user = await createUser(t.db);
    await t.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email: user.email } });
    await deliverQueuedEmails(t);
    const link = await lastEmailLinkToken(t.db, user.email);
    const body = { ...base, email: user.email };
    expect(
      (await call('PUT', `/api/admin/auth/user/${user.id}`, { ...body, disabled: true })).statusCode,
    ).toBe(200);
    expect(
      (await call('PUT', `/api/admin/auth/user/${user.id}`, { ...body, disabled: false })).statusCode,
    ).toBe(200);
    const used = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/complete',
      payload: { token: link, password: 'stranger-pass-1' },
    });
    expect(used.json().code).toBe('LINK_INVALID');
  });

  it('deletes a user (soft), who then cannot sign in; nobody deletes themselves', async () => {
    const user = await createUser(t.db);
    expect((await call('DELETE', `/api/admin/auth/user/${user.id}`)).statusCode).toBe(204);
    expect((await call('GET', `/api/admin/auth/user/${user.id}`)).statusCode).toBe(404);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(signIn.statusCode).toBe(401);
    expect((await call('DELETE', `/api/admin/auth/user/${supervisorId}`)).statusCode).toBe(400);
    expect((await call('DELETE', '/api/admin/auth/user/not-a-uuid')).statusCode).toBe(400);
  });

  it('lists the staff a coordinator may pick by name only: no e-mail, second factor or account state, no IT staff or disabled accounts', async () => {
    const admin = await createUser(t.db, { role: 'TELECARE_ADMIN', firstName: 'Picked' });
    const it = await createUser(t.db, { role: 'TELECARE_ADMIN', isItStaff: true, firstName: 'Technical' });
    const off = await createUser(t.db, { role: 'TELECARE_SUPERVISOR', disabled: true, firstName: 'Gone' });
    const adminToken = await createSessionToken(t.db, admin.id);
    const res = await call(
      'GET',
      '/api/admin/auth/users?role=TELECARE_ADMIN,TELECARE_SUPERVISOR',
      undefined,
      adminToken,
    );
    expect(res.statusCode).toBe(200);
    const listed: Record<string, unknown>[] = res.json().users;
    const uids = listed.map((user) => user.uid);
    expect(uids).toContain(admin.id);
    expect(uids).toContain(supervisorId);
    expect(uids).not.toContain(it.id);
    expect(uids).not.toContain(off.id);
    for (const user of listed)
      expect(Object.keys(user).sort()).toEqual(['firstName', 'lastName', 'role', 'shortName', 'uid']);
    expect(res.body).not.toContain(admin.email);
  });

  it('refuses a change of one’s own access: Disabled, role, Supervisor or IT staff', async () => {
    const manager = await createUser(t.db, { role: 'TELECARE_IT', isItStaff: true });
    const managerToken = await createSessionToken(t.db, manager.id);
    const own = {
      ...base,
      email: manager.email,
      firstName: manager.firstName,
      lastName: manager.lastName,
      role: 'TELECARE_IT',
      isITStaff: true,
    };
    const url = `/api/admin/auth/user/${manager.id}`;
    for (const change of [
      { isSupervisor: true },
      { isITStaff: false },
      { disabled: true },
      { role: 'TELECARE_SUPERVISOR' },
    ]) {
      const res = await call('PUT', url, { ...own, ...change }, managerToken);
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().message).toBe(
        'You can not disable yourself or change your own role, Supervisor or IT staff.',
      );
    }
    expect((await call('PUT', url, { ...own, shortName: 'Me' }, managerToken)).statusCode).toBe(200);
    const other = await createUser(t.db);
    const promoted = await call(
      'PUT',
      `/api/admin/auth/user/${other.id}`,
      { ...base, email: other.email, isSupervisor: true },
      managerToken,
    );
    expect(promoted.json().isSupervisor).toBe(true);
  });

  it('refuses the admin role, which lacks OTHER_SETTINGS', async () => {
    const admin = await createUser(t.db, { role: 'TELECARE_ADMIN' });
    const adminToken = await createSessionToken(t.db, admin.id);
    expect((await call('GET', '/api/admin/auth/users/page', undefined, adminToken)).statusCode).toBe(403);
    expect((await call('POST', '/api/admin/auth/users', base, adminToken)).statusCode).toBe(403);
    expect(
      (
        await call(
          'GET',
          '/api/admin/auth/users?role=TELECARE_ADMIN,TELECARE_SUPERVISOR',
          undefined,
          adminToken,
        )
      ).statusCode,
    ).toBe(200);
  });
});
