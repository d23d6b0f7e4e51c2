import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, clientAddresses, clients, referrals, workflows } from '../../db/schema/index.ts';
import {
  bearer,
  createClient,
  createClinic,
  createReferrer,
  createReferrerLocation,
  createSessionToken,
  createSite,
  createSpecialist,
  createUser,
  createWorkflow,
} from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

describe('client and referral editing', () => {
  let t: TestApp;
  let token: string;
  let supervisorToken: string;
  let gpToken: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = await createSessionToken(t.db, (await createUser(t.db, { role: 'TELECARE_ADMIN' })).id);
    supervisorToken = await createSessionToken(
      t.db,
      (await createUser(t.db, { role: 'TELECARE_SUPERVISOR', isSupervisor: true })).id,
    );
    gpToken = await createSessionToken(t.db, (await createUser(t.db, { role: 'GP' })).id);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, as: string | null = token) =>
    t.app.inject({ method, url, headers: as ? bearer(as) : {}, ...(payload ? { payload } : {}) });
  const auditOf = (entityId: string, action?: string) =>
    t.db
      .select()
      .from(auditEvents)
      .where(
        action
          ? and(eq(auditEvents.entityId, entityId), eq(auditEvents.action, action))
          : eq(auditEvents.entityId, entityId),
      );
  const workflowRow = async (id: string) =>
    (await t.db.select().from(workflows).where(eq(workflows.id, id)))[0] as typeof workflows.$inferSelect;

  const address = {
    country: 'AUSTRALIA',
    streetAddress: '1 Collins St',
    suburb: 'Melbourne',
    postcode: '3000',
    state: 'VIC',
  };
  const form = {
    title: 'Mrs',
    firstName: 'Harriet',
    lastName: 'Quill',
    dateOfBirth: '1971-04-09',
    gender: 'Female',
    clientGroupId: 'G1',
    email: 'h.quill@example.com',
    urn: 'URN-77',
    addressResidential: address,
    addressPostal: { ...address, streetAddress: 'PO Box 9' },
    postalSameAsResidential: false,
    phoneNumberMobile: '+61 400 000 000',
    phoneNumberHome: '03 9000 0000',
    phoneNumberWork: '',
    phoneNumberFax: '',
  };

  describe('PATCH /api/admin/coreplus/patient', () => {
    it('refuses a bad date of birth, an empty or missing name and a future birth date with field errors', async () => {
      const workflow = await createWorkflow(t.db);
      const patch = (client: object) =>
        call('PATCH', '/api/admin/coreplus/patient', {
          id: workflow.id,
          clientId: workflow.clientId,
          client,
        });
      for (const dateOfBirth of ['2026-02-30', '1990-13-01', 'abc', '1990-1-1', '', null]) {
        const res = await patch({ ...form, dateOfBirth });
        expect(res.statusCode, String(dateOfBirth)).toBe(400);
        expect(res.json().fieldErrors['client.dateOfBirth']).toEqual([
          'Please enter the date of birth as YYYY-MM-DD.',
        ]);
      }
      const future = await patch({ ...form, dateOfBirth: '2999-01-01' });
      expect(future.statusCode).toBe(400);
      expect(future.json().fieldErrors['client.dateOfBirth']).toEqual([
        'The date of birth can not be in the future.',
      ]);
      const empty = await patch({ ...form, firstName: '  ', lastName: '' });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().fieldErrors['client.firstName']).toEqual(['First name is required.']);
      expect(empty.json().fieldErrors['client.lastName']).toEqual(['Last name is required.']);
      const { firstName: _, ...missing } = form;
      expect((await patch(missing)).json().fieldErrors['client.firstName']).toEqual([
        'First name is required.',
      ]);

      const others = await patch({
        ...form,
        title: 'Duke',
        gender: 'Other',
        email: 'not-an-email',
        category: '4',
        phoneNumberMobile: '0400-000-000',
        addressResidential: { ...address, postcode: '300', state: 'XYZ' },
      });
      expect(Object.keys(others.json().fieldErrors).sort()).toEqual(
        [
          'client.addressResidential.postcode',
          'client.addressResidential.state',
          'client.category',
          'client.email',
          'client.gender',
          'client.phoneNumberMobile',
          'client.title',
        ].sort(),
      );
      // Nothing was saved.
      expect((await workflowRow(workflow.id)).clientFirstName).toBe(workflow.clientFirstName);
    });

    it('accepts a date of birth from 01/01/1900 to today and refuses one outside with a clear message', async () => {
      const workflow = await createWorkflow(t.db);
      const patch = (dateOfBirth: string) =>
        call('PATCH', '/api/admin/coreplus/patient', {
          id: workflow.id,
          clientId: workflow.clientId,
          client: { ...form, dateOfBirth },
        });
      for (const dateOfBirth of ['1800-01-01', '1899-12-31']) {
        const res = await patch(dateOfBirth);
        expect(res.statusCode, dateOfBirth).toBe(400);
        expect(res.json()).toMatchObject({
          code: 'VALIDATION_FAILED',
          fieldErrors: { 'client.dateOfBirth': ['The date of birth can not be before 01/01/1900.'] },
        });
      }
      const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
      const future = await patch(tomorrow);
      expect(future.statusCode).toBe(400);
      expect(future.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        fieldErrors: { 'client.dateOfBirth': ['The date of birth can not be in the future.'] },
      });
      expect((await workflowRow(workflow.id)).clientDateOfBirth).toBe(workflow.clientDateOfBirth);

      expect((await patch('1900-01-01')).statusCode).toBe(200);
      const today = new Date().toISOString().slice(0, 10);
      expect((await patch(today)).statusCode).toBe(200);
      expect((await workflowRow(workflow.id)).clientDateOfBirth).toBe(today);
    });

    it('refuses text longer than its limit with a message per field, and takes text at the limit', async () => {
      const workflow = await createWorkflow(t.db);
      const patch = (client: object) =>
        call('PATCH', '/api/admin/coreplus/patient', {
          id: workflow.id,
          clientId: workflow.clientId,
          client,
        });
      const long = (length: number) => 'x'.repeat(length);
      const tooLong = await patch({
        ...form,
        firstName: long(101),
        lastName: long(101),
        clientGroupId: long(51),
        email: `${long(250)}@example.com`,
        urn: long(51),
        addressResidential: { ...address, streetAddress: long(201), suburb: long(101), country: long(61) },
        phoneNumberMobile: '0'.repeat(31),
      });
      expect(tooLong.statusCode).toBe(400);
      const body = tooLong.json();
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(body.fieldErrors).toEqual({
        'client.firstName': ['Please use at most 100 characters.'],
        'client.lastName': ['Please use at most 100 characters.'],
        'client.clientGroupId': ['Please use at most 50 characters.'],
        'client.email': ['Please use at most 254 characters.'],
        'client.urn': ['Please use at most 50 characters.'],
        'client.addressResidential.streetAddress': ['Please use at most 200 characters.'],
        'client.addressResidential.suburb': ['Please use at most 100 characters.'],
        'client.addressResidential.country': ['Please use at most 60 characters.'],
        'client.phoneNumberMobile': ['Please use at most 30 characters.'],
      });
      expect((await workflowRow(workflow.id)).clientFirstName).toBe(workflow.clientFirstName);

      const atLimit = await patch({
        ...form,
        firstName: long(100),
        lastName: ` ${long(100)} `,
        addressResidential: { ...address, streetAddress: long(200) },
      });
      expect(atLimit.statusCode).toBe(200);
      expect(atLimit.json()).toMatchObject({ firstName: long(100), lastName: long(100) });
    });

    it("saves the client, its addresses and the copies on all of the client's workflows, with one audit row", async () => {
      const client = await createClient(t.db, {
        firstName: 'Harry',
        lastName: 'Quil',
        dateOfBirth: '1971-04-08',
      });
      const site = await createSite(t.db, { name: 'Mackay Base Hospital Test' });
      const specialist = await createSpecialist(t.db, { firstName: 'Nora', lastName: 'Neuro' }, [
        'Neurology',
      ]);
      const edited = await createWorkflow(t.db, {
        clientId: client.id,
        clientFirstName: 'Harry',
        clientLastName: 'Quil',
        category: '1',
        specialityName: 'Cardiology',
      });
      const sibling = await createWorkflow(t.db, {
        clientId: client.id,
        clientFirstName: 'Harry',
        clientLastName: 'Quil',
        category: '2',
      });
      const deleted = await createWorkflow(t.db, {
        clientId: client.id,
        clientFirstName: 'Harry',
        clientLastName: 'Quil',
        deletedAt: new Date(),
      });
      const stranger = await createWorkflow(t.db);

      const res = await call('PATCH', '/api/admin/coreplus/patient', {
        id: edited.id,
        clientId: client.id,
        client: {
          ...form,
          postalSameAsResidential: true,
          practitionerId: specialist.id,
          site: site.id,
          category: 'RC',
        },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        clientId: client.id,
        firstName: 'Harriet',
        lastName: 'Quill',
        dateOfBirth: '1971-04-09',
        title: 'Mrs',
        urn: 'URN-77',
        email: 'h.quill@example.com',
        phoneNumberMobile: '+61 400 000 000',
        phoneNumberWork: null,
        practitionerId: specialist.id,
        postalSameAsResidential: true,
        addressResidential: address,
        addressPostal: address,
      });

      const [saved] = await t.db.select().from(clients).where(eq(clients.id, client.id));
      expect(saved?.practitionerId).toBe(specialist.practitionerId);
      const addresses = await t.db
        .select()
        .from(clientAddresses)
        .where(eq(clientAddresses.clientId, client.id));
      expect(addresses.map((a) => [a.kind, a.streetAddress]).sort()).toEqual([
        ['postal', '1 Collins St'],
        ['residential', '1 Collins St'],
      ]);

      for (const id of [edited.id, sibling.id]) {
        expect(await workflowRow(id)).toMatchObject({
          clientFirstName: 'Harriet',
          clientLastName: 'Quill',
          clientDateOfBirth: '1971-04-09',
          urn: 'URN-77',
        });
      }
      expect(await workflowRow(edited.id)).toMatchObject({
        category: 'RC',
        siteId: site.id,
        siteName: 'Mackay Base Hospital Test',
        specialistId: specialist.id,
        caseManagerName: 'Dr Nora Neuro',
        specialityName: 'Neurology',
      });
      expect((await workflowRow(sibling.id)).category).toBe('2');
      expect((await workflowRow(deleted.id)).clientFirstName).toBe('Harry');
      expect((await workflowRow(stranger.id)).clientFirstName).toBe(stranger.clientFirstName);

      const audit = await auditOf(client.id);
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ action: 'client.updated', entityType: 'client' });
      expect(audit[0]?.details).toMatchObject({ workflowId: edited.id });
      expect([...((audit[0]?.details as { fields?: string[] } | null)?.fields ?? [])].sort()).toEqual(
        [
          'addressPostal',
          'addressResidential',
          'category',
          'clientGroupId',
          'dateOfBirth',
          'email',
          'firstName',
          'gender',
          'lastName',
          'phoneNumberHome',
          'phoneNumberMobile',
          'practitionerId',
          'site',
          'title',
          'urn',
        ].sort(),
      );
      const stored = JSON.stringify(audit);
      for (const secret of [
        'Harriet',
        'Quill',
        'Harry',
        '1971-04',
        '09/04/1971',
        '400 000',
        'Collins',
        'h.quill',
      ]) {
        expect(stored).not.toContain(secret);
      }
    });

    it('leaves fields that are not sent as they are, and clears the site with null', async () => {
      const site = await createSite(t.db);
      const workflow = await createWorkflow(t.db, { siteId: site.id, siteName: site.name });
      const first = await call('PATCH', '/api/admin/coreplus/patient', {
        id: workflow.id,
        clientId: workflow.clientId,
        client: form,
      });
      expect(first.statusCode).toBe(200);
      const res = await call('PATCH', '/api/admin/coreplus/patient', {
        id: workflow.id,
        clientId: workflow.clientId,
        client: { firstName: 'Only', lastName: 'Names', dateOfBirth: '1980-02-29', site: null },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        firstName: 'Only',
        email: 'h.quill@example.com',
        addressPostal: { streetAddress: 'PO Box 9' },
      });
      expect(await workflowRow(workflow.id)).toMatchObject({ siteId: null, siteName: null, category: '1' });
    });

    it("refuses 'Anywhere Healthcare' as the site, unknown sites and case managers", async () => {
      const anywhere = await createSite(t.db, { name: 'Anywhere Healthcare' });
      const workflow = await createWorkflow(t.db);
      const patch = (client: object) =>
        call('PATCH', '/api/admin/coreplus/patient', {
          id: workflow.id,
          clientId: workflow.clientId,
          client,
        });
      const refused = await patch({ ...form, site: anywhere.id });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fieldErrors['client.site']).toEqual([
        'Anywhere Healthcare can not be chosen as the site of a client.',
      ]);
      const unknown = '00000000-0000-4000-8000-000000000000';
      expect((await patch({ ...form, site: unknown })).json().fieldErrors['client.site']).toEqual([
        'Please choose a site from the list.',
      ]);
      expect(
        (await patch({ ...form, practitionerId: unknown })).json().fieldErrors['client.practitionerId'],
      ).toEqual(['Please choose a case manager from the list.']);
      expect((await workflowRow(workflow.id)).siteId).toBeNull();
      expect(await auditOf(workflow.clientId)).toHaveLength(0);
    });

    it('answers 404 for an unknown workflow or one of another client', async () => {
      const mine = await createWorkflow(t.db);
      const other = await createWorkflow(t.db);
      const wrongClient = await call('PATCH', '/api/admin/coreplus/patient', {
        id: other.id,
        clientId: mine.clientId,
        client: form,
      });
      expect(wrongClient.statusCode).toBe(404);
      const missing = await call('PATCH', '/api/admin/coreplus/patient', {
        id: '00000000-0000-4000-8000-000000000000',
        clientId: mine.clientId,
        client: form,
      });
      expect(missing.statusCode).toBe(404);
      expect((await workflowRow(other.id)).clientFirstName).toBe(other.clientFirstName);
    });

    it('refuses a GP (403) and a caller without a session (401)', async () => {
      const workflow = await createWorkflow(t.db);
      const body = { id: workflow.id, clientId: workflow.clientId, client: form };
      expect((await call('PATCH', '/api/admin/coreplus/patient', body, gpToken)).statusCode).toBe(403);
      expect((await call('PATCH', '/api/admin/coreplus/patient', body, null)).statusCode).toBe(401);
      expect((await workflowRow(workflow.id)).clientFirstName).toBe(workflow.clientFirstName);
    });

    it('tells other browsers which workflows changed', async () => {
      const workflow = await createWorkflow(t.db);
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const port = (t.app.server.address() as AddressInfo).port;
      const controller = new AbortController();
      const response = await fetch(`http://127.0.0.1:${port}/api/events`, {
        headers: bearer(token),
        signal: controller.signal,
      });
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      await call('PATCH', '/api/admin/coreplus/patient', {
        id: workflow.id,
        clientId: workflow.clientId,
        client: form,
      });
      let received = '';
      while (!received.includes(workflow.id)) {
        const { value, done } = await reader.read();
        if (done) break;
        received += new TextDecoder().decode(value);
      }
      controller.abort();
      expect(received).toContain('"type":"workflow.changed"');
      expect(received).not.toContain('Harriet');
    });
  });

  describe('referrals', () => {
    const dates = (referralDate: object) => ({ startDate: '2026-01-15', ...referralDate });

    it('refuses an expiry date together with an expiry by month, and an expiry before the start', async () => {
      const workflow = await createWorkflow(t.db);
      const both = await call('PATCH', '/api/admin/coreplus/referral', {
        id: workflow.id,
        referralId: null,
        referralDate: dates({ expiredDate: '2026-06-30', expiredDateByMonth: 3 }),
        clinic: null,
        referrer: null,
      });
      expect(both.statusCode).toBe(400);
      const message = 'Choose either an expiry date or an expiry by month, not both.';
      expect(both.json().fieldErrors['referralDate.expiredDate']).toEqual([message]);
      expect(both.json().fieldErrors['referralDate.expiredDateByMonth']).toEqual([message]);
      const before = await call('PATCH', '/api/admin/coreplus/referral', {
        id: workflow.id,
        referralDate: dates({ expiredDate: '2026-01-14' }),
      });
      expect(before.json().fieldErrors['referralDate.expiredDate']).toEqual([
        'The expiry date can not be before the start date.',
      ]);
      const badMonth = await call('PATCH', '/api/admin/coreplus/referral', {
        id: workflow.id,
        referralDate: dates({ expiredDateByMonth: 6 }),
      });
      expect(badMonth.statusCode).toBe(400);
      const badDate = await call('PATCH', '/api/admin/coreplus/referral', {
        id: workflow.id,
        referralDate: dates({ startDate: '2026-02-30' }),
      });
      expect(badDate.json().fieldErrors['referralDate.startDate']).toEqual(['This date does not exist.']);
      const notADate = await call('PATCH', '/api/admin/coreplus/referral', {
        id: workflow.id,
        referralDate: dates({ startDate: '15/02/2026' }),
      });
      expect(notADate.json().fieldErrors['referralDate.startDate']).toEqual([
        'Please enter the date as YYYY-MM-DD.',
      ]);
      expect((await workflowRow(workflow.id)).referralId).toBeNull();
    });

    it('creates the referral with referrer, clinic and their location, and links it to the workflow', async () => {
      const workflow = await createWorkflow(t.db);
      const referrer = await createReferrer(t.db, { title: 'Prof', firstName: 'Rita', lastName: 'Ferrer' });
      const clinic = await createClinic(t.db, { name: 'Harbour Clinic' });
      const location = await createReferrerLocation(t.db, {
        referrerId: referrer.id,
        clinicId: clinic.id,
        providerNumber: 'LOC-123',
      });
      const res = await call('PATCH', '/api/admin/coreplus/referral', {
        id: workflow.id,
        referralId: null,
        referralDate: dates({ expiredDateByMonth: 12 }),
        clinic: { id: clinic.id },
        referrer: { id: referrer.id },
      });
      expect(res.statusCode).toBe(200);
      const summary = res.json();
      expect(summary).toMatchObject({
        clientId: workflow.clientId,
        startDate: '2026-01-15',
        expiredDate: null,
        expiredDateByMonth: 12,
        endDate: '2027-01-15',
        referrer: { id: referrer.id, name: 'Prof Rita Ferrer', providerNumber: 'LOC-123' },
        clinic: { id: clinic.id, name: 'Harbour Clinic' },
        workflowIds: [workflow.id],
      });
      const [referral] = await t.db.select().from(referrals).where(eq(referrals.id, summary.id));
      expect(referral?.referrerLocationId).toBe(location.id);
      expect(await workflowRow(workflow.id)).toMatchObject({
        referralId: summary.id,
        referrerId: referrer.id,
        clinicId: clinic.id,
        referrerName: 'Prof Rita Ferrer',
        referralEndDate: '2027-01-15',
      });
      const audit = await auditOf(summary.id, 'referral.updated');
      expect(audit).toHaveLength(1);
      expect(audit[0]?.details).toMatchObject({ created: true, workflowId: workflow.id });

      const unknown = await call('PATCH', '/api/admin/coreplus/referral', {
        id: workflow.id,
        referralDate: dates({}),
        referrer: { id: '00000000-0000-4000-8000-000000000000' },
      });
      expect(unknown.json().fieldErrors['referrer.id']).toEqual(['Please choose a referrer from the list.']);
    });

    it('keeps the category and the referral of an archived or history workflow as they are', async () => {
      const offActive = [{ archived: true }, { bookingStatus: 'discharged' as const }];
      for (const values of offActive) {
        const workflow = await createWorkflow(t.db, { ...values, category: '2' });
        const patient = (category: string) =>
          call('PATCH', '/api/admin/coreplus/patient', {
            id: workflow.id,
            clientId: workflow.clientId,
            client: { firstName: 'Kept', lastName: 'Category', dateOfBirth: '1970-01-01', category },
          });
        expect((await patient('2')).statusCode).toBe(200);
        const changed = await patient('RC');
        expect(changed.statusCode).toBe(409);
        expect(changed.json()).toMatchObject({
          code: 'CONFLICT',
          message: 'The category and referral dates of an archived or history workflow can not be changed.',
        });
        const referral = await call('PATCH', '/api/admin/coreplus/referral', {
          id: workflow.id,
          referralDate: dates({ expiredDate: '2026-12-31' }),
        });
        expect(referral.statusCode).toBe(409);
        expect(await workflowRow(workflow.id)).toMatchObject({ category: '2', referralId: null });
      }
    });

    it("updates the referral's dates and the end date on every workflow of that referral", async () => {
      const client = await createClient(t.db);
      const first = await createWorkflow(t.db, { clientId: client.id });
      const created = (
        await call('PATCH', '/api/admin/coreplus/referral', {
          id: first.id,
          referralDate: dates({ expiredDate: '2026-12-31' }),
        })
      ).json();
      const second = await createWorkflow(t.db, { clientId: client.id, referralId: created.id });
      const other = await createWorkflow(t.db, { clientId: client.id, referralEndDate: '2026-05-05' });

      const indefinite = await call('PATCH', '/api/admin/coreplus/referral-date', {
        id: first.id,
        referralId: created.id,
        referralDate: { startDate: '2026-01-15', expiredDate: null, expiredDateByMonth: 0 },
      });
      expect(indefinite.statusCode).toBe(200);
      expect(indefinite.json()).toMatchObject({ endDate: '1900-01-01', expiredDateByMonth: 0 });
      expect(indefinite.json().workflowIds.sort()).toEqual([first.id, second.id].sort());
      expect((await workflowRow(first.id)).referralEndDate).toBe('1900-01-01');
      expect((await workflowRow(second.id)).referralEndDate).toBe('1900-01-01');
      expect((await workflowRow(other.id)).referralEndDate).toBe('2026-05-05');

      const threeMonths = await call('PATCH', '/api/admin/coreplus/referral-date', {
        id: second.id,
        referralId: created.id,
        referralDate: { startDate: '2026-11-30', expiredDateByMonth: 3 },
      });
      expect(threeMonths.json()).toMatchObject({ startDate: '2026-11-30', endDate: '2027-02-28' });
      expect((await workflowRow(first.id)).referralEndDate).toBe('2027-02-28');

      const exclusive = await call('PATCH', '/api/admin/coreplus/referral-date', {
        id: first.id,
        referralId: created.id,
        referralDate: { startDate: '2026-01-01', expiredDate: '2026-02-01', expiredDateByMonth: 0 },
      });
      expect(exclusive.statusCode).toBe(400);
      const wrong = await call('PATCH', '/api/admin/coreplus/referral-date', {
        id: other.id,
        referralId: created.id,
        referralDate: { startDate: '2026-01-01', expiredDateByMonth: 0 },
      });
      expect(wrong.statusCode).toBe(404);
      const audit = await auditOf(created.id, 'referral.updated');
      expect(audit).toHaveLength(3);
      expect(audit.at(-1)?.details).toMatchObject({ fields: ['startDate', 'expiredDateByMonth', 'endDate'] });
    });
  });

  describe('client search', () => {
    it('needs 2 characters, matches first or last name case-insensitively, and audits only the count', async () => {
      await createClient(t.db, { firstName: 'Zelda', lastName: 'Oxenbridge' });
      await createClient(t.db, { firstName: 'OXANA', lastName: 'Petrova' });
      await createClient(t.db, { firstName: 'Oxley', lastName: 'Gone', deletedAt: new Date() });
      const short = await call('POST', '/api/admin/clients/search', { search: ' o ' });
      expect(short.statusCode).toBe(400);
      expect(short.json().fieldErrors.search).toEqual(['Please enter at least 2 characters.']);
      expect((await call('POST', '/api/admin/clients/search', {})).statusCode).toBe(400);

      const found = await call('POST', '/api/admin/clients/search', { search: 'oXa' });
      expect(found.statusCode).toBe(200);
      expect(found.json().clients.map((c: { firstName: string }) => c.firstName)).toEqual(['OXANA']);
      const byLast = (await call('POST', '/api/admin/clients/search', { search: 'OXEN' })).json().clients;
      expect(byLast).toEqual([
        {
          clientId: expect.any(String),
          firstName: 'Zelda',
          lastName: 'Oxenbridge',
          dateOfBirth: '1960-05-17',
          gender: null,
          practitionerId: null,
        },
      ]);
      const both = (await call('POST', '/api/admin/clients/search', { search: 'ox' })).json().clients;
      expect(both).toHaveLength(2);

      const audit = await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'client.searched'));
      expect(audit.map((a) => a.details)).toEqual([{ results: 1 }, { results: 1 }, { results: 2 }]);
      expect(JSON.stringify(audit).toLowerCase()).not.toContain('ox');
    });

    it('is not offered as GET with the name in the URL', async () => {
      await createClient(t.db, { firstName: 'Quillon', lastName: 'Urlsafe' });
      const res = await call('GET', '/api/admin/clients?search=Quillon');
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    });

    it('answers at most 20 clients', async () => {
      for (let i = 0; i < 22; i++) await createClient(t.db, { lastName: `Manyfold${i}` });
      const res = await call('POST', '/api/admin/clients/search', { search: 'manyfold' });
      expect(res.json().clients).toHaveLength(20);
    });
  });

  describe('POST /api/admin/clients', () => {
    it('creates a client with addresses for CLIENT_SETTING users only', async () => {
      const specialist = await createSpecialist(t.db);
      const body = {
        ...form,
        firstName: 'Newly',
        lastName: 'Made',
        postalSameAsResidential: true,
        practitionerId: specialist.id,
      };
      expect((await call('POST', '/api/admin/clients', body)).statusCode).toBe(403);
      const res = await call('POST', '/api/admin/clients', body, supervisorToken);
      expect(res.statusCode).toBe(201);
      const created = res.json();
      expect(created).toMatchObject({
        firstName: 'Newly',
        lastName: 'Made',
        practitionerId: specialist.id,
        addressResidential: address,
        addressPostal: address,
      });
      expect(created).not.toHaveProperty('category');
      const audit = await auditOf(created.clientId);
      expect(audit.map((a) => a.action)).toEqual(['client.created']);
      expect(JSON.stringify(audit)).not.toContain('Newly');

      const minimal = await call(
        'POST',
        '/api/admin/clients',
        { firstName: 'Min', lastName: 'Imal', dateOfBirth: '2000-01-01' },
        supervisorToken,
      );
      expect(minimal.statusCode).toBe(201);
      expect(minimal.json()).toMatchObject({
        email: null,
        postalSameAsResidential: true,
        addressResidential: { country: 'AUSTRALIA', streetAddress: null },
      });
      const invalid = await call(
        'POST',
        '/api/admin/clients',
        { firstName: '', lastName: 'X', dateOfBirth: '2001-02-29' },
        supervisorToken,
      );
      expect(invalid.statusCode).toBe(400);
      expect(Object.keys(invalid.json().fieldErrors).sort()).toEqual(['dateOfBirth', 'firstName']);
    });

    it('refuses a date of birth before 1900, one in the future and over-long text', async () => {
      const create = (body: object) =>
        call(
          'POST',
          '/api/admin/clients',
          { firstName: 'Range', lastName: 'Check', dateOfBirth: '1980-05-05', ...body },
          supervisorToken,
        );
      const early = await create({ dateOfBirth: '1899-12-31' });
      expect(early.statusCode).toBe(400);
      expect(early.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        fieldErrors: { dateOfBirth: ['The date of birth can not be before 01/01/1900.'] },
      });
      const future = await create({ dateOfBirth: '2999-12-31' });
      expect(future.json().fieldErrors).toEqual({
        dateOfBirth: ['The date of birth can not be in the future.'],
      });
      const long = await create({ lastName: 'y'.repeat(101), phoneNumberFax: '1'.repeat(31) });
      expect(long.statusCode).toBe(400);
      expect(long.json().fieldErrors).toEqual({
        lastName: ['Please use at most 100 characters.'],
        phoneNumberFax: ['Please use at most 30 characters.'],
      });
      const huge = await create({ firstName: 'z'.repeat(200_000) });
      expect(huge.statusCode).toBeGreaterThanOrEqual(400);
      expect(huge.statusCode).toBeLessThan(500);
      expect((await create({ dateOfBirth: '1900-01-01' })).statusCode).toBe(201);
    });
  });
});
