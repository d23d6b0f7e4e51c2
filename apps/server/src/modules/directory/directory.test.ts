import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sites } from '../../db/schema/index.ts';
import {
  bearer,
  createClinic,
  createReferrer,
  createReferrerLocation,
  createSessionToken,
  createSpecialist,
  createUser,
} from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/admin/sites', () => {
  it('lists Own Device, then Mackay Base Hospital, then the rest by name, without Anywhere Healthcare', async () => {
    await t.db
      .insert(sites)
      .values(
        [
          'Zeehan Clinic',
          'Anywhere Healthcare',
          'Mackay Base Hospital',
          'Own Device',
          'Alice Springs Hospital',
        ].map((name) => ({ name })),
      );
    const token = await createSessionToken(t.db, (await createUser(t.db)).id);
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/sites', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().sites.map((s: { name: string }) => s.name)).toEqual([
      'Own Device',
      'Mackay Base Hospital',
      'Alice Springs Hospital',
      'Zeehan Clinic',
    ]);
  });
});

describe('GET /api/admin/specialists', () => {
  it('gives each active specialist with their appointment lengths, for the booking duration', async () => {
    const specialist = await createSpecialist(t.db, {
      newAppointmentMinutes: 45,
      reviewAppointmentMinutes: 20,
    });
    await createSpecialist(t.db, { active: false });
    const token = await createSessionToken(t.db, (await createUser(t.db)).id);
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/specialists', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().specialists).toEqual([
      {
        id: specialist.id,
        firstName: specialist.firstName,
        lastName: specialist.lastName,
        email: specialist.email,
        newAppointmentMinutes: 45,
        reviewAppointmentMinutes: 20,
      },
    ]);
  });
});

describe('GET /api/admin/coreplus/clinic and /referrer (the intake draft lookups)', () => {
  const get = async (url: string, role?: 'GP') => {
    const token = await createSessionToken(t.db, (await createUser(t.db, role ? { role } : {})).id);
    return t.app.inject({ method: 'GET', url, headers: bearer(token) });
  };

  it('finds clinics by name, suburb or postcode, with every field, by name', async () => {
    const harbour = await createClinic(t.db, {
      name: 'Harbourside Medical',
      street: '1 Wharf Rd',
      suburb: 'BALMAIN',
      postcode: '2041',
      state: 'NSW',
      email: 'reception@harbourside.example',
      phone: '02 9555 0101',
      fax: '02 9555 0102',
    });
    await createClinic(t.db, { name: 'Balmain Family Practice', suburb: 'BALMAIN', postcode: '2041' });
    await createClinic(t.db, { name: 'Outback Clinic 50%', suburb: 'ALICE SPRINGS', postcode: '0870' });

    const byName = await get('/api/admin/coreplus/clinic?search=harbour');
    expect(byName.statusCode).toBe(200);
    expect(byName.json().clinics).toEqual([
      {
        id: harbour.id,
        name: 'Harbourside Medical',
        street: '1 Wharf Rd',
        suburb: 'BALMAIN',
        postcode: '2041',
        state: 'NSW',
        email: 'reception@harbourside.example',
        phone: '02 9555 0101',
        fax: '02 9555 0102',
      },
    ]);
    const bySuburb = (await get('/api/admin/coreplus/clinic?search=balmain')).json().clinics;
    expect(bySuburb.map((c: { name: string }) => c.name)).toEqual([
      'Balmain Family Practice',
      'Harbourside Medical',
    ]);
    expect((await get('/api/admin/coreplus/clinic?search=0870')).json().clinics).toHaveLength(1);
    // A % typed is a character, not a wildcard.
    expect(
      (await get('/api/admin/coreplus/clinic?search=50%25'))
        .json()
        .clinics.map((c: { name: string }) => c.name),
    ).toEqual(['Outback Clinic 50%']);
    expect((await get('/api/admin/coreplus/clinic?search=nowhere')).json().clinics).toEqual([]);
  });

  it("finds referrers by name or provider number; with a clinic, only those there, with that location's provider number", async () => {
    const clinic = await createClinic(t.db, { name: 'Lookup Clinic' });
    const jane = await createReferrer(t.db, {
      firstName: 'Jane',
      lastName: 'Lookupton',
      providerNumber: '111111A',
      phone: '02 1111 1111',
      email: 'jane@gp.example',
    });
    await createReferrer(t.db, { firstName: 'Jack', lastName: 'Lookupton', providerNumber: '222222B' });
    await createReferrerLocation(t.db, {
      referrerId: jane.id,
      clinicId: clinic.id,
      providerNumber: '333333C',
    });

    const byName = (await get('/api/admin/coreplus/referrer?search=lookupton')).json().referrers;
    expect(byName.map((r: { firstName: string }) => r.firstName)).toEqual(['Jack', 'Jane']);
    expect(byName[1]).toEqual({
      id: jane.id,
      title: 'Dr',
      firstName: 'Jane',
      lastName: 'Lookupton',
      providerNumber: '111111A',
      phone: '02 1111 1111',
      mobile: '',
      email: 'jane@gp.example',
      fax: '',
    });
    const fullName = (await get('/api/admin/coreplus/referrer?search=jane%20lookup')).json().referrers;
    expect(fullName.map((r: { id: string }) => r.id)).toEqual([jane.id]);
    const byNumber = (await get('/api/admin/coreplus/referrer?search=222222')).json().referrers;
    expect(byNumber.map((r: { firstName: string }) => r.firstName)).toEqual(['Jack']);
    const atClinic = await get(`/api/admin/coreplus/referrer?search=lookupton&clinicId=${clinic.id}`);
    expect(atClinic.json().referrers).toEqual([
      expect.objectContaining({ id: jane.id, providerNumber: '333333C' }),
    ]);
  });

  it('refuses a bad clinic id and a search over 100 characters (400), a GP (403) and anyone signed out (401)', async () => {
    expect((await get('/api/admin/coreplus/referrer?clinicId=nope')).statusCode).toBe(400);
    expect((await get(`/api/admin/coreplus/clinic?search=${'a'.repeat(101)}`)).statusCode).toBe(400);
    for (const url of ['/api/admin/coreplus/clinic?search=a', '/api/admin/coreplus/referrer?search=a']) {
      expect((await get(url, 'GP')).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});
