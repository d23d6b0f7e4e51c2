import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, documents, incomingReferrals } from '../../db/schema/index.ts';
import {
  bearer,
  createSessionToken,
  createSite,
  createSpecialist,
  createUser,
} from '../../test/factories.ts';
import { multipartBody, pdfWithText } from '../../test/files/sample-files.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// Runs with TEST_DATABASE_URL only (vitest.config.ts): on PGlite's one connection transactions never
// overlap, so two saves at once cannot race there.
describe('Save into coreplus, clicked several times at once, on PostgreSQL', () => {
  let t: TestApp;
  let token: string;
  let specialistId: string;
  let siteId: string;

  const save = (referral: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/incoming-referrals',
      headers: bearer(token),
      payload: { referral },
    });

  async function uploadLetter() {
    const body = multipartBody({ name: 'letter.pdf', bytes: await pdfWithText([['Referral']]) }, {});
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/incoming-referrals/raw',
      headers: { ...bearer(token), ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { id: string; fileName: string };
  }

  const draft = (file: { id: string; fileName: string }, firstName: string, lastName: string) => ({
    client: { firstName, lastName, dateOfBirth: '1971-07-08' },
    category: '2',
    location: { locationId: siteId, name: 'Site' },
    clinic: { name: 'Race Clinic' },
    referrer: { firstName: 'Rita', lastName: 'Racer', providerNumber: '2426591T' },
    referral: {
      practitionerId: specialistId,
      startDate: '2026-02-01',
      expiredDate: '',
      expiredDateByMonth: 12,
    },
    letterFile: { id: file.id, name: file.fileName },
    weeksToAppointment: 0,
  });

  const clientsNamed = async (lastName: string) =>
    (
      await t.db
        .select({ n: count() })
        .from(clients)
        .where(sql`lower(${clients.lastName}) = ${lastName.toLowerCase()}`)
    )[0]?.n;
  const recordsOf = async (fileId: string) =>
    (
      await t.db.select({ n: count() }).from(incomingReferrals).where(eq(incomingReferrals.rawFileId, fileId))
    )[0]?.n;

  beforeAll(async () => {
    t = await createTestApp();
    token = await createSessionToken(t.db, (await createUser(t.db)).id, t.clock.now());
    specialistId = (await createSpecialist(t.db, {}, ['Cardiology'])).id;
    siteId = (await createSite(t.db)).id;
  });
  afterAll(() => t.close());

  it('one letter saved by five clicks at once creates one client and one record; the others are refused', async () => {
    const file = await uploadLetter();
    const answers = await Promise.all(Array.from({ length: 5 }, () => save(draft(file, 'Rachel', 'Racing'))));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    // The later ones find the letter gone (404) or, when they start after the first committed, the
    // client there already (409): each with its text, none written.
    const refusals: Record<number, string> = {
      404: "The file doesn't exist",
      409: 'The client is duplicated, please check in coreplus.',
    };
    for (const refused of answers.filter((a) => a.statusCode !== 200)) {
      expect(refused.json().message).toBe(refusals[refused.statusCode]);
    }
    expect(await clientsNamed('Racing')).toBe(1);
    expect(await recordsOf(file.id)).toBe(1);
    const letters = await t.db
      .select({ n: count() })
      .from(documents)
      .where(
        sql`${documents.storageKey} = (select storage_key from incoming_referral_files where id = ${file.id})`,
      );
    expect(letters[0]?.n).toBe(1);
  });

  it('two letters of one new patient saved at once by two staff create the patient once (409 for the other)', async () => {
    const [a, b] = [await uploadLetter(), await uploadLetter()];
    const answers = await Promise.all([save(draft(a, 'Tess', 'Twinned')), save(draft(b, 'TESS', 'twinned'))]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.statusCode === 409)?.json().message).toBe(
      'The client is duplicated, please check in coreplus.',
    );
    expect(await clientsNamed('Twinned')).toBe(1);
  });

  it('Upload patient info clicked three times at once files the letter once', async () => {
    const file = await uploadLetter();
    expect((await save(draft(await uploadLetter(), 'Ruth', 'Review'))).statusCode).toBe(200);
    const referral = {
      client: { firstName: 'Ruth', lastName: 'Review', dateOfBirth: '1971-07-08' },
      letterFile: { id: file.id, name: file.fileName },
    };
    const answers = await Promise.all(
      Array.from({ length: 3 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/admin/incoming-referrals/r',
          headers: bearer(token),
          payload: { referral },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 404, 404]);
    expect(await recordsOf(file.id)).toBe(1);
  });
});
