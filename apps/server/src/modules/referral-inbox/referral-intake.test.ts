import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditEvents,
  clients,
  documents,
  incomingReferrals,
  referrals,
  referrers,
  specialistStaffAssignments,
  workflows,
} from '../../db/schema/index.ts';
import {
  bearer,
  createClient,
  createSessionToken,
  createSite,
  createSpecialist,
  createUser,
} from '../../test/factories.ts';
import { multipartBody, pdfWithText } from '../../test/files/sample-files.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

describe('Save into coreplus and Upload patient info', () => {
  let t: TestApp;
  let token: string;
  let specialistId: string;
  let siteId: string;
  let coordinatorId: string;

  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: bearer(token), payload });

  async function uploadLetter(name = 'letter.pdf') {
    const body = multipartBody(
      { name, bytes: await pdfWithText([['Referral']]) },
      { speciality: 'Cardiology' },
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/incoming-referrals/raw',
      headers: { ...bearer(token), ...body.headers },
      payload: body.payload,
    });
    return res.json() as { id: string; fileName: string };
  }

  function draft(file: { id: string; fileName: string }, client: Record<string, unknown> = {}) {
    return {
      client: {
        firstName: 'Olivia',
        lastName: 'Intake',
        dateOfBirth: '1970-05-06',
        medicareCardNumber: '2999888771',
        medicareCardIRN: '1',
        addressResidential: { streetAddress: '1 Test St', suburb: 'BONDI', postcode: '2026', state: 'NSW' },
        ...client,
      },
      category: '2',
      location: { locationId: siteId, name: 'Site' },
      clinic: { name: 'Intake Test Clinic', suburb: 'Bondi', state: 'NSW', postcode: '2026' },
      referrer: { firstName: 'Rita', lastName: 'Referrer', providerNumber: '2426591T' },
      referral: {
        practitionerId: specialistId,
        startDate: '2026-02-01',
        expiredDate: '',
        expiredDateByMonth: 12,
      },
      letterFile: { id: file.id, name: file.fileName },
      weeksToAppointment: 3,
    };
  }

  beforeAll(async () => {
    t = await createTestApp();
    token = await createSessionToken(t.db, (await createUser(t.db)).id, t.clock.now());
    specialistId = (await createSpecialist(t.db, {}, ['Cardiology'])).id;
    siteId = (await createSite(t.db)).id;
    // Assign clinician to staff (G3): the first mapped staff member who may coordinate.
    coordinatorId = (await createUser(t.db)).id;
    const itStaff = await createUser(t.db, { isItStaff: true });
    await t.db.insert(specialistStaffAssignments).values([
      { specialistId, userId: itStaff.id, createdAt: new Date('2026-01-01T00:00:00Z') },
      { specialistId, userId: coordinatorId, createdAt: new Date('2026-01-02T00:00:00Z') },
    ]);
  });
  afterAll(() => t.close());

  it('lists every problem at once', async () => {
    const file = await uploadLetter();
    const res = await post('/api/admin/incoming-referrals', {
      referral: {
        client: {},
        clinic: {},
        referrer: {},
        referral: {},
        letterFile: { id: file.id, name: file.fileName },
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.referral).toEqual([
      'Client first name cannot be empty',
      'Client last name cannot be empty',
      'Client date of birth cannot be empty',
      'Clinic name cannot be empty',
      'Referrer first name cannot be empty',
      'Referrer last name cannot be empty',
      'Referrer provider number cannot be empty',
      'Referral start date cannot be empty',
      'Referral expiry date or expiry by month cannot be empty',
      'Practitioner cannot be empty',
    ]);
  });

  it("saves everything in one go, then creates one workflow however often it is asked ('All Set!')", async () => {
    const file = await uploadLetter('Refferal_Intake_1732000000-8f3a2c.pdf');
    const saved = await post('/api/admin/incoming-referrals', { referral: draft(file) });
    expect(saved.statusCode).toBe(200);
    const incomingId = saved.json().id;
    const [record] = await t.db.select().from(incomingReferrals).where(eq(incomingReferrals.id, incomingId));
    expect(record).toMatchObject({ kind: 'standard', rawFileId: file.id });
    const [client] = await t.db
      .select()
      .from(clients)
      .where(eq(clients.id, record?.clientId ?? ''));
    expect(client).toMatchObject({
      firstName: 'Olivia',
      lastName: 'Intake',
      dateOfBirth: '1970-05-06',
      medicareCardNumber: '2999888771',
    });
    const [referral] = await t.db
      .select()
      .from(referrals)
      .where(eq(referrals.id, record?.referralId ?? ''));
    expect(referral).toMatchObject({
      startDate: '2026-02-01',
      expiredDateByMonth: 12,
      endDate: '2027-02-01',
    });
    const inbox = await t.app.inject({
      method: 'GET',
      url: '/api/admin/incoming-referrals/raw',
      headers: bearer(token),
    });
    expect(inbox.json().rows.some((r: { id: string }) => r.id === file.id)).toBe(false);

    const first = await post('/api/admin/incoming-referrals/workflow', { incomingReferralId: incomingId });
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe('All Set!');
    const again = await post('/api/admin/incoming-referrals/workflow', { incomingReferralId: incomingId });
    expect(again.json().workflowId).toBe(first.json().workflowId);
    const rows = await t.db
      .select()
      .from(workflows)
      .where(eq(workflows.clientId, record?.clientId ?? ''));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      bookingStatus: 'awaitingBooking',
      listName: 'active',
      isNewAppointment: true,
      category: '2',
      siteId,
      specialistId,
      specialityName: 'Cardiology',
      referrerName: 'Dr Rita Referrer',
      referralEndDate: '2027-02-01',
      weeksToAppointment: 3,
      clientFirstName: 'Olivia',
      bookingCoordinatorId: coordinatorId,
      createdBy: expect.any(String),
    });
    const [letter] = await t.db
      .select()
      .from(documents)
      .where(eq(documents.id, record?.documentId ?? ''));
    expect(letter).toMatchObject({ kind: 'referral_letter', workflowId: first.json().workflowId });
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/referral-letters/${letter?.id}`,
      headers: bearer(token),
    });
    expect(download.statusCode).toBe(200);
    const audit = await t.db
      .select({ n: count() })
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'incoming-referral.save'), eq(auditEvents.entityId, incomingId)));
    expect(audit[0]?.n).toBe(1);
  });

  it('gives one workflow when the step is sent twice at once', async () => {
    const file = await uploadLetter();
    const saved = await post('/api/admin/incoming-referrals', {
      referral: draft(file, { firstName: 'Twice', lastName: 'Clicked', medicareCardNumber: '' }),
    });
    const incomingReferralId = saved.json().id;
    const [a, b] = await Promise.all([
      post('/api/admin/incoming-referrals/workflow', { incomingReferralId }),
      post('/api/admin/incoming-referrals/workflow', { incomingReferralId }),
    ]);
    expect(a.statusCode).toBe(200);
    expect(b.json().workflowId).toBe(a.json().workflowId);
    const [record] = await t.db
      .select()
      .from(incomingReferrals)
      .where(eq(incomingReferrals.id, incomingReferralId));
    const rows = await t.db
      .select()
      .from(workflows)
      .where(eq(workflows.clientId, record?.clientId ?? ''));
    expect(rows).toHaveLength(1);
  });

  it("refuses a duplicate client with the spec's 409 text before writing anything, and flags it on the draft", async () => {
    await createClient(t.db, { firstName: 'Dup', lastName: 'Licate', dateOfBirth: '1980-01-01' });
    const file = await uploadLetter();
    const referrersBefore = (await t.db.select({ n: count() }).from(referrers))[0]?.n;
    const res = await post('/api/admin/incoming-referrals', {
      referral: draft(file, {
        firstName: 'DUP',
        lastName: 'licate',
        dateOfBirth: '1980-01-01',
        medicareCardNumber: '',
      }),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('The client is duplicated, please check in coreplus.');
    expect((await t.db.select({ n: count() }).from(referrers))[0]?.n).toBe(referrersBefore);
    const inbox = await t.app.inject({
      method: 'GET',
      url: '/api/admin/incoming-referrals/raw',
      headers: bearer(token),
    });
    expect(inbox.json().rows.some((r: { id: string }) => r.id === file.id)).toBe(true);
  });

  it('rolls everything back when a step of the save fails', async () => {
    const file = await uploadLetter();
    const clientsBefore = (await t.db.select({ n: count() }).from(clients))[0]?.n;
    const referrersBefore = (await t.db.select({ n: count() }).from(referrers))[0]?.n;
    const unknown = draft(file, { firstName: 'Roll', lastName: 'Back', medicareCardNumber: '' });
    unknown.referral.practitionerId = '00000000-0000-4000-8000-000000000000';
    const refused = await post('/api/admin/incoming-referrals', { referral: unknown });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('The practitioner does not exist.');
    const anywhere = await createSite(t.db, { name: 'Anywhere Healthcare' });
    const excluded = draft(file, { firstName: 'Roll', lastName: 'Back', medicareCardNumber: '' });
    excluded.location = { locationId: anywhere.id, name: 'Anywhere Healthcare' };
    const refusedSite = await post('/api/admin/incoming-referrals', { referral: excluded });
    expect(refusedSite.statusCode).toBe(400);
    expect(refusedSite.json().message).toBe('Anywhere Healthcare can not be chosen as the hospital.');
    // The last write of the save (the incoming-referral record) fails: nothing before it stays.
    await t.db.execute(sql`CREATE FUNCTION refuse_incoming() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'refused by test'; END $$`);
    await t.db.execute(sql`CREATE TRIGGER refuse_incoming BEFORE INSERT ON incoming_referrals
      FOR EACH ROW EXECUTE FUNCTION refuse_incoming()`);
    try {
      const res = await post('/api/admin/incoming-referrals', {
        referral: draft(file, { firstName: 'Roll', lastName: 'Back', medicareCardNumber: '' }),
      });
      expect(res.statusCode).toBe(500);
      expect(res.json().message).toBe('Something went wrong, please try again later.');
    } finally {
      await t.db.execute(sql`DROP TRIGGER refuse_incoming ON incoming_referrals`);
      await t.db.execute(sql`DROP FUNCTION refuse_incoming()`);
    }
    expect((await t.db.select({ n: count() }).from(clients))[0]?.n).toBe(clientsBefore);
    expect((await t.db.select({ n: count() }).from(referrers))[0]?.n).toBe(referrersBefore);
    const retry = await post('/api/admin/incoming-referrals', {
      referral: draft(file, { firstName: 'Roll', lastName: 'Back', medicareCardNumber: '' }),
    });
    expect(retry.statusCode).toBe(200);
  });

  it('Upload patient info: 400 for an unknown client; an R workflow for a known one', async () => {
    const file = await uploadLetter();
    const unknown = await post('/api/admin/incoming-referrals/r', {
      referral: {
        client: { firstName: 'No', lastName: 'Body', dateOfBirth: '1990-01-01' },
        letterFile: { id: file.id, name: file.fileName },
      },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('The client or referral is not existing in Coreplus.');

    const known = await createClient(t.db, {
      firstName: 'Known',
      lastName: 'Client',
      dateOfBirth: '1955-03-03',
    });
    await t.db
      .insert(referrals)
      .values({ clientId: known.id, specialistId, startDate: '2026-01-01', endDate: '2027-01-01' });
    const saved = await post('/api/admin/incoming-referrals/r', {
      referral: {
        client: { firstName: 'known', lastName: 'CLIENT', dateOfBirth: '1955-03-03' },
        letterFile: { id: file.id, name: file.fileName },
      },
    });
    expect(saved.statusCode).toBe(200);
    const created = await post('/api/admin/incoming-referrals/workflow/r', {
      incomingReferralRId: saved.json().id,
    });
    expect(created.statusCode).toBe(200);
    const [workflow] = await t.db.select().from(workflows).where(eq(workflows.id, created.json().workflowId));
    expect(workflow).toMatchObject({
      clientId: known.id,
      isNewAppointment: false,
      bookingStatus: 'awaitingBooking',
    });
    const wrongKind = await post('/api/admin/incoming-referrals/workflow', {
      incomingReferralId: saved.json().id,
    });
    expect(wrongKind.statusCode).toBe(404);
  });
});
