import { ageOn } from '@telecare/domain/workflow-rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionToken, createUser, createWorkflow } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** Column filters match what the cell shows besides its main value (dates of birth, end dates, N/R ...). */
describe('workflow list filters on the texts the cells show', () => {
  let t: TestApp;
  let token: string;
  const made: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    token = await createSessionToken(t.db, (await createUser(t.db)).id, t.clock.now());
    const rows = {
      born1985: {
        clientDateOfBirth: '1985-03-12',
        referralEndDate: '2027-12-31',
        contOrTbc: 'NRR X 1 05/12/2026',
      },
      born1990: { clientDateOfBirth: '1990-11-30', referralEndDate: '1900-01-01', contOrTbc: 'CONT' },
      review: {
        clientDateOfBirth: '1985-07-01',
        referralEndDate: '2027-01-15',
        contOrTbc: 'TBC 05/12/2026',
        isNewAppointment: false,
        appointmentStart: new Date('2026-12-10T23:00:00Z'),
      },
      noDates: { clientDateOfBirth: null, referralEndDate: null, contOrTbc: 'NRR X 2 01/02/2026' },
    };
    for (const [name, values] of Object.entries(rows)) {
      const workflow = await createWorkflow(t.db, {
        urn: `SHOWN-${name}`,
        clientFirstName: 'Shown',
        clientLastName: name,
        referrerName: `Dr Shown ${name}`,
        ...values,
      });
      made[workflow.id] = name;
    }
  });
  afterAll(() => t.close());

  /** The names of the test rows the filter keeps, in creation order. */
  const matching = async (filters: Record<string, string>) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/workflow/list',
      headers: { authorization: `Bearer ${token}` },
      payload: { filters: { urn: 'SHOWN-', ...filters }, sort: [{ column: 'urn', direction: 'asc' }] },
    });
    expect(res.statusCode).toBe(200);
    return (res.json().rows as { id: string }[]).map((row) => made[row.id]);
  };

  it('matches the client column by the date of birth and age shown under the name', async () => {
    expect(await matching({ client: '12/03/1985' })).toEqual(['born1985']);
    expect(await matching({ client: '03/1985' })).toEqual(['born1985']);
    expect(await matching({ client: '1985' })).toEqual(['born1985', 'review']);
    expect(await matching({ client: '12/03' })).toEqual(['born1985']);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Melbourne' }).format(t.clock.now());
    expect(await matching({ client: `(${ageOn('1990-11-30', today)})` })).toEqual(['born1990']);
    const shownAges = { born1985: '1985-03-12', born1990: '1990-11-30', review: '1985-07-01' };
    for (const typed of ['(3', '(4', '0)', '1)', `${ageOn('1985-07-01', today)})`, '(999)']) {
      const expected = Object.entries(shownAges)
        .filter(([, born]) => `(${ageOn(born, today)})`.includes(typed))
        .map(([name]) => name);
      expect(await matching({ client: typed }), typed).toEqual(expected.sort());
    }
    expect(await matching({ client: 'shown born' })).toEqual(['born1985', 'born1990']);
    expect(await matching({ client: '31/12/1985' })).toEqual([]);
  });

  it('matches the referrer column by the referral end date shown, or Indefinitely Valid', async () => {
    expect(await matching({ referrer: '31/12/2027' })).toEqual(['born1985']);
    expect(await matching({ referrer: '/2027' })).toEqual(['born1985', 'review']);
    expect(await matching({ referrer: '15/01' })).toEqual(['review']);
    expect(await matching({ referrer: 'indefinitely valid' })).toEqual(['born1990']);
    expect(await matching({ referrer: 'Indef' })).toEqual(['born1990']);
    // 1900-01-01 shows as 'Indefinitely Valid', never as a date.
    expect(await matching({ referrer: '1900' })).toEqual([]);
    expect(await matching({ referrer: 'dr shown review' })).toEqual(['review']);
  });

  it('matches the APT Date column by N or R, the continuation label and the date shown', async () => {
    expect(await matching({ appointmentDate: 'N' })).toEqual(['born1985', 'born1990', 'noDates']);
    expect(await matching({ appointmentDate: 'r' })).toEqual(['born1985', 'noDates', 'review']);
    expect(await matching({ appointmentDate: 'NRR1' })).toEqual(['born1985']);
    expect(await matching({ appointmentDate: 'nrr2' })).toEqual(['noDates']);
    expect(await matching({ appointmentDate: 'NRR' })).toEqual(['born1985', 'noDates']);
    expect(await matching({ appointmentDate: 'cont' })).toEqual(['born1990']);
    expect(await matching({ appointmentDate: 'TBC 05/12' })).toEqual(['review']);
    // The text under an NRR label is not shown, so it does not match.
    expect(await matching({ appointmentDate: 'NRR X 1' })).toEqual([]);
    // A whole day, month or year is the appointment's date (10:00 on 11/12/2026 in Melbourne).
    expect(await matching({ appointmentDate: '11/12/2026' })).toEqual(['review']);
    expect(await matching({ appointmentDate: '/12/2026' })).toEqual(['review']);
    expect(await matching({ appointmentDate: '11/12/2026 10:00' })).toEqual(['review']);
  });
});
