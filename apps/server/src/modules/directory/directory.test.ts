import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sites } from '../../db/schema/index.ts';
import { bearer, createSessionToken, createSpecialist, createUser } from '../../test/factories.ts';
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
