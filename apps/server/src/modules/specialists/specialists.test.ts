import type { AddressInfo } from 'node:net';
import { SPECIALIST_MESSAGES as M } from '@telecare/contracts/specialists';
import { instantAt, stepMonth, todayIn } from '@telecare/domain/calendar';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appointments,
  auditEvents,
  specialistAvailability,
  specialistSpecialities,
  specialists,
  specialities,
  workflows,
} from '../../db/schema/index.ts';
import {
  bearer,
  createAvailability,
  createClient,
  createSessionToken,
  createSite,
  createSpecialist,
  createUser,
  createWorkflow,
} from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let supervisor: string;
let admin: string;
let gp: string;
beforeAll(async () => {
  t = await createTestApp();
  const session = async (role: string) =>
    createSessionToken(t.db, (await createUser(t.db, { role })).id, t.clock.now());
  supervisor = await session('TELECARE_SUPERVISOR');
  admin = await session('TELECARE_ADMIN');
  gp = await session('GP');
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: object, token: string | null = supervisor) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

const SPECIALITY = '/api/admin/specialists/speciality';
const ZONE = 'Australia/Melbourne';
/** A month wholly in the future (next month), as YYYYMM, and a day in it. */
const nextMonthStart = () => stepMonth(todayIn(ZONE, t.clock.now()), 1);
const yyyymm = (day: string) => day.slice(0, 7).replace('-', '');

const fee = (total: string, medicareRebate = '', outOfPocket = '') => ({
  total,
  medicareRebate,
  outOfPocket,
});
const profileBody = (specialityIds: string[], extra: object = {}) => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  specialityIds,
  title: 'Consultant Cardiologist',
  qualification: 'MBBS, FRACP',
  language: 'English',
  skills: 'Heart failure',
  profile: 'Dr Lovelace sees adults.',
  avatarLink: '',
  specialistRules: '',
  publishedTo: [],
  initialFee: fee('420.00', '150.65'),
  reviewFee: fee('200', '84.25', '100'),
  videoLink: '',
  videoId: '',
  ...extra,
});

async function specialityNamed(name: string) {
  const [row] = await t.db.select().from(specialities).where(eq(specialities.name, name));
  if (!row) throw new Error(`no speciality ${name}`);
  return row;
}

describe('who may read and change', () => {
  it('needs a session for every route (401), and refuses a role that may not use the staff app (403)', async () => {
    const specialist = await createSpecialist(t.db);
    const id = specialist.id;
    const routes: [Method, string, object?][] = [
      ['GET', '/api/admin/specialists/specialities'],
      ['GET', `/api/admin/specialists/available-dates?month=${yyyymm(nextMonthStart())}&type=NEW`],
      ['GET', SPECIALITY],
      ['POST', SPECIALITY, { name: 'Nobody' }],
      ['PUT', `${SPECIALITY}/${id}`, { name: 'Nobody' }],
      ['DELETE', `${SPECIALITY}/${id}`],
      ['GET', `/api/admin/specialists/${id}/profile`],
      ['PUT', `/api/admin/specialists/${id}/profile`, profileBody([])],
      ['GET', `/api/admin/specialists/${id}/schedule-description`],
      ['PUT', `/api/admin/specialists/${id}/schedule-description`, { scheduleDescription: 'x' }],
    ];
    for (const [method, url, body] of routes) {
      expect((await call(method, url, body, null)).statusCode, `${method} ${url}`).toBe(401);
      expect((await call(method, url, body, gp)).statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('lets an admin read everything but refuses every change (403), leaving nothing changed', async () => {
    const specialist = await createSpecialist(t.db, {}, ['Admin Reads']);
    const speciality = await specialityNamed('Admin Reads');
    for (const url of [
      '/api/admin/specialists/specialities',
      `/api/admin/specialists/available-dates?month=${yyyymm(nextMonthStart())}&type=REVIEW`,
      SPECIALITY,
      `/api/admin/specialists/${specialist.id}/profile`,
      `/api/admin/specialists/${specialist.id}/schedule-description`,
    ]) {
      expect((await call('GET', url, undefined, admin)).statusCode, url).toBe(200);
    }
    const writes: [Method, string, object?][] = [
      ['POST', SPECIALITY, { name: 'Admin Made' }],
      ['PUT', `${SPECIALITY}/${speciality.id}`, { name: 'Admin Renamed' }],
      ['DELETE', `${SPECIALITY}/${speciality.id}`],
      ['PUT', `/api/admin/specialists/${specialist.id}/profile`, profileBody([speciality.id])],
      ['PUT', `/api/admin/specialists/${specialist.id}/schedule-description`, { scheduleDescription: 'x' }],
    ];
    for (const [method, url, body] of writes) {
      const res = await call(method, url, body, admin);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    expect((await specialityNamed('Admin Reads')).name).toBe('Admin Reads');
    expect(await t.db.select().from(specialities).where(eq(specialities.name, 'Admin Made'))).toEqual([]);
  });
});

describe('specialities', () => {
  it("refuses an empty name with the spec's text", async () => {
    for (const body of [{ name: '' }, { name: '   ' }, {}]) {
      const res = await call('POST', SPECIALITY, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors.name).toEqual([M.specialityNameRequired]);
    }
  });

  it("creates a trimmed speciality, audited, and refuses a second one of the same name in any case: 'Speciality already exists' (409)", async () => {
    const site = await createSite(t.db, { name: 'Mount Isa Hospital' });
    const res = await call('POST', SPECIALITY, { name: '  cardiology ', publishedTo: [site.id] });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'cardiology', publishedTo: [site.id], specialistCount: 0 });
    const [audit] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'speciality.created'), eq(auditEvents.entityId, res.json().id)));
    expect(audit).toMatchObject({ entityType: 'speciality', actorRole: 'TELECARE_SUPERVISOR' });

    for (const name of ['Cardiology ', 'CARDIOLOGY', 'cardiology']) {
      const again = await call('POST', SPECIALITY, { name });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ code: 'CONFLICT', message: 'Speciality already exists' });
    }
    const other = await call('POST', SPECIALITY, { name: 'Endocrinology' });
    const renameOnto = await call('PUT', `${SPECIALITY}/${other.json().id}`, { name: 'Cardiology' });
    expect(renameOnto.statusCode).toBe(409);
    expect(renameOnto.json().message).toBe('Speciality already exists');
    expect(await t.db.select().from(specialities).where(eq(specialities.name, 'Cardiology'))).toEqual([]);
  });

  it('refuses sites that do not exist and ids that are not ids', async () => {
    const unknownSite = await call('POST', SPECIALITY, {
      name: 'Haematology',
      publishedTo: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(unknownSite.statusCode).toBe(400);
    expect(unknownSite.json().fieldErrors.publishedTo).toEqual([M.noSuchSite]);
    const notAnId = await call('POST', SPECIALITY, { name: 'Haematology', publishedTo: ['Mackay'] });
    expect(notAnId.statusCode).toBe(400);
    expect(notAnId.json().fieldErrors['publishedTo.0']).toEqual([M.noSuchSite]);
    expect((await call('PUT', `${SPECIALITY}/nope`, { name: 'X' })).statusCode).toBe(400);
    const missing = await call('PUT', `${SPECIALITY}/00000000-0000-4000-8000-000000000000`, { name: 'X' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(M.noSuchSpeciality);
  });

  it("a rename updates the Speciality of that speciality's live workflows in the same change", async () => {
    const created = (await call('POST', SPECIALITY, { name: 'Gastro' })).json();
    const live = await createWorkflow(t.db, { specialityName: 'Gastro' });
    const deleted = await createWorkflow(t.db, { specialityName: 'Gastro', deletedAt: new Date() });
    const other = await createWorkflow(t.db, { specialityName: 'Gastroenterology (old)' });
    const res = await call('PUT', `${SPECIALITY}/${created.id}`, { name: 'Gastroenterology ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: created.id, name: 'Gastroenterology' });
    const speciality = async (id: string) =>
      (await t.db.select().from(workflows).where(eq(workflows.id, id)))[0]?.specialityName;
    expect(await speciality(live.id)).toBe('Gastroenterology');
    expect(await speciality(deleted.id)).toBe('Gastro');
    expect(await speciality(other.id)).toBe('Gastroenterology (old)');
    const [audit] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'speciality.updated'), eq(auditEvents.entityId, created.id)));
    expect(audit?.details).toMatchObject({
      name: { from: 'Gastro', to: 'Gastroenterology' },
      workflowsRenamed: 1,
    });
  });

  it('refuses to delete a speciality a specialist or a live workflow uses, naming the count; deletes an unused one', async () => {
    await createSpecialist(t.db, {}, ['Neurology']);
    await createSpecialist(t.db, {}, ['Neurology']);
    const neurology = await specialityNamed('Neurology');
    const bySpecialists = await call('DELETE', `${SPECIALITY}/${neurology.id}`);
    expect(bySpecialists.statusCode).toBe(409);
    expect(bySpecialists.json().message).toBe(
      'The speciality is used by 2 specialists; it can not be deleted.',
    );

    const rheumatology = (await call('POST', SPECIALITY, { name: 'Rheumatology' })).json();
    await createWorkflow(t.db, { specialityName: 'Rheumatology' });
    const byWorkflow = await call('DELETE', `${SPECIALITY}/${rheumatology.id}`);
    expect(byWorkflow.statusCode).toBe(409);
    expect(byWorkflow.json().message).toBe('The speciality is used by 1 workflow; it can not be deleted.');

    const unused = (await call('POST', SPECIALITY, { name: 'Unused Speciality' })).json();
    expect((await call('DELETE', `${SPECIALITY}/${unused.id}`)).statusCode).toBe(204);
    expect(await t.db.select().from(specialities).where(eq(specialities.id, unused.id))).toEqual([]);
    expect((await call('DELETE', `${SPECIALITY}/${unused.id}`)).statusCode).toBe(404);
    const audits = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'speciality.deleted'), eq(auditEvents.entityId, unused.id)));
    expect(audits).toHaveLength(1);
  });

  it('lists every speciality A-Z with how many specialists have it', async () => {
    await createSpecialist(t.db, {}, ['aaa First']);
    const res = await call('GET', SPECIALITY, undefined, admin);
    const names: string[] = res.json().specialities.map((s: { name: string }) => s.name);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(res.json().specialities[0]).toMatchObject({ name: 'aaa First', specialistCount: 1 });
  });

  it('tells other browsers that a speciality changed', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    const controller = new AbortController();
    const response = await fetch(`http://127.0.0.1:${port}/api/events`, {
      headers: bearer(admin),
      signal: controller.signal,
    });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const created = (await call('POST', SPECIALITY, { name: 'Live Speciality' })).json();
    let received = '';
    while (!received.includes(created.id)) {
      const { value, done } = await reader.read();
      if (done) break;
      received += new TextDecoder().decode(value);
    }
    controller.abort();
    expect(received).toContain('"type":"speciality.changed"');
  });
});

describe('the Specialists page', () => {
  it('lists specialities A-Z, each with the cards of its active specialists', async () => {
    const ann = await createSpecialist(
      t.db,
      { firstName: 'Ann', lastName: 'Zed', timezone: 'Australia/Perth' },
      ['Page Dermatology', 'Page Allergy'],
    );
    await createSpecialist(t.db, { firstName: 'Old', lastName: 'Gone', active: false }, ['Page Dermatology']);
    const bob = await createSpecialist(t.db, { firstName: 'Bob', lastName: 'Able' }, ['Page Dermatology']);
    await call(
      'PUT',
      `/api/admin/specialists/${ann.id}/profile`,
      profileBody(
        [(await specialityNamed('Page Dermatology')).id, (await specialityNamed('Page Allergy')).id],
        {
          firstName: 'Ann',
          lastName: 'Zed',
          profile: 'First paragraph.\nSecond paragraph.',
          avatarLink: '/avatars/ann.png',
        },
      ),
    );
    const res = await call('GET', '/api/admin/specialists/specialities', undefined, admin);
    expect(res.statusCode).toBe(200);
    const list: { name: string; specialistProfiles: { id: string }[] }[] = res.json();
    const names = list.map((s) => s.name);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    const dermatology = list.find((s) => s.name === 'Page Dermatology');
    expect(dermatology?.specialistProfiles.map((p) => p.id)).toEqual([bob.id, ann.id]);
    expect(dermatology?.specialistProfiles[1]).toEqual({
      id: ann.id,
      title: 'Dr',
      firstName: 'Ann',
      lastName: 'Zed',
      profileTitle: 'Consultant Cardiologist',
      avatarLink: '/avatars/ann.png',
      specialities: ['Page Allergy', 'Page Dermatology'],
      language: 'English',
      qualification: 'MBBS, FRACP',
      profile: ['First paragraph.', 'Second paragraph.'],
      scheduleDescription: null,
      newTime: 30,
      reviewTime: 15,
      timezone: 'Australia/Perth',
    });
    expect(dermatology?.specialistProfiles[0]).toMatchObject({ avatarLink: null, profile: [] });
  });

  it('marks a day whose only free time is a 20-minute gap under Review (15 min) but not under NEW (30 min); private sessions and past days never', async () => {
    const specialist = await createSpecialist(t.db, {}, ['Gap Speciality']);
    const start = nextMonthStart();
    const gapDay = start.replace(/-01$/, '-10');
    const openDay = start.replace(/-01$/, '-11');
    const privateDay = start.replace(/-01$/, '-12');
    await createAvailability(t.db, {
      specialistId: specialist.id,
      fullDate: gapDay,
      slots: [{ start: '09:00', end: '10:00' }],
    });
    await createAvailability(t.db, {
      specialistId: specialist.id,
      fullDate: openDay,
      slots: [{ start: '09:00', end: '10:00' }],
    });
    const hidden = await createAvailability(t.db, {
      specialistId: specialist.id,
      fullDate: privateDay,
      slots: [{ start: '09:00', end: '12:00' }],
    });
    await t.db
      .update(specialistAvailability)
      .set({ isPrivate: true })
      .where(eq(specialistAvailability.id, hidden.id));
    const yesterday = todayIn(ZONE, new Date(t.clock.now().getTime() - 86_400_000));
    await createAvailability(t.db, {
      specialistId: specialist.id,
      fullDate: yesterday,
      slots: [{ start: '09:00', end: '17:00' }],
    });
    // 09:00-09:40 booked: 20 free minutes left on the gap day.
    const client = await createClient(t.db);
    await t.db.insert(appointments).values({
      clientId: client.id,
      specialistId: specialist.id,
      startDateTime: instantAt(gapDay, '09:00', ZONE),
      endDateTime: instantAt(gapDay, '09:40', ZONE),
      durationMinutes: 40,
      timezone: ZONE,
      appointmentType: 'atHome',
      consultationType: 'NEW',
    });
    const speciality = await specialityNamed('Gap Speciality');
    const dates = async (type: 'NEW' | 'REVIEW', month = yyyymm(start)) => {
      const res = await call(
        'GET',
        `/api/admin/specialists/available-dates?month=${month}&type=${type}&specialityId=${speciality.id}`,
        undefined,
        admin,
      );
      expect(res.statusCode).toBe(200);
      return res.json().specialists;
    };
    expect(await dates('REVIEW')).toEqual([
      {
        specialistId: specialist.id,
        durationMinutes: 15,
        dates: [
          { date: gapDay, timezone: ZONE },
          { date: openDay, timezone: ZONE },
        ],
      },
    ]);
    expect(await dates('NEW')).toEqual([
      { specialistId: specialist.id, durationMinutes: 30, dates: [{ date: openDay, timezone: ZONE }] },
    ]);
    const [thisMonth] = await dates('NEW', yyyymm(yesterday));
    expect(thisMonth.dates.map((d: { date: string }) => d.date)).not.toContain(yesterday);
  });

  it('refuses a bad month, type or speciality id with field messages', async () => {
    const res = await call(
      'GET',
      '/api/admin/specialists/available-dates?month=202613&type=LONG&specialityId=x',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({
      month: ['The month must be YYYYMM.'],
      type: ['The type must be NEW or REVIEW.'],
      specialityId: [M.noSuchSpeciality],
    });
  });
});

describe('practitioner profiles', () => {
  const profileUrl = (id: string) => `/api/admin/specialists/${id}/profile`;

  it('blocks a blank first name, no speciality, an empty profile, an empty fee total, a fee of "12a" and a rebate above the total', async () => {
    const specialist = await createSpecialist(t.db, {}, ['Profile Checks']);
    const res = await call(
      'PUT',
      profileUrl(specialist.id),
      profileBody([], {
        firstName: '  ',
        lastName: '',
        profile: '\n \n',
        initialFee: fee(''),
        reviewFee: fee('12a', '300'),
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({
      firstName: [M.firstNameRequired],
      lastName: [M.lastNameRequired],
      specialityIds: [M.specialityRequired],
      profile: [M.profileRequired],
      'initialFee.total': [M.feeTotalRequired],
      'reviewFee.total': [M.feeFormat],
    });
    const rebate = await call(
      'PUT',
      profileUrl(specialist.id),
      profileBody([(await specialityNamed('Profile Checks')).id], { reviewFee: fee('100', '120') }),
    );
    expect(rebate.statusCode).toBe(400);
    expect(rebate.json().fieldErrors).toEqual({ 'reviewFee.medicareRebate': [M.rebateAboveTotal] });
    // The video link is opened by staff and sent to patients: a web address only.
    for (const videoLink of ['javascript:alert(document.cookie)', 'data:text/html,hi', 'meet.example/x']) {
      const link = await call(
        'PUT',
        profileUrl(specialist.id),
        profileBody([(await specialityNamed('Profile Checks')).id], { videoLink }),
      );
      expect(link.statusCode, videoLink).toBe(400);
      expect(link.json().fieldErrors).toEqual({ videoLink: [M.videoLinkFormat] });
    }
    const unknown = await call(
      'PUT',
      profileUrl(specialist.id),
      profileBody(['00000000-0000-4000-8000-000000000000']),
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fieldErrors).toEqual({ specialityIds: [M.specialityRequired] });
    const missing = await call('GET', profileUrl('00000000-0000-4000-8000-000000000000'));
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(M.noSuchSpecialist);
  });

  it('saves trimmed names, lists split on newlines with blanks dropped, computed out-of-pocket; copies the new name onto live workflows', async () => {
    const specialist = await createSpecialist(t.db, { firstName: 'Old', lastName: 'Name' }, [
      'Profile Saves',
    ]);
    const workflow = await createWorkflow(t.db, {
      specialistId: specialist.id,
      caseManagerName: 'Dr Old Name',
    });
    const saves = await specialityNamed('Profile Saves');
    const extra = (await call('POST', SPECIALITY, { name: 'Profile Extra' })).json();
    const site = await createSite(t.db, { name: 'Profile Site' });
    const res = await call(
      'PUT',
      profileUrl(specialist.id),
      profileBody([saves.id, extra.id], {
        firstName: '  Grace ',
        lastName: ' Hopper  ',
        skills: 'a\n\n b \n',
        specialistRules: ['No under 16s', '', ' Reviews by phone \n'],
        publishedTo: [site.id],
        videoLink: 'https://video.test/grace',
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: specialist.id,
      firstName: 'Grace',
      lastName: 'Hopper',
      specialityIds: [extra.id, saves.id],
      title: 'Consultant Cardiologist',
      qualification: 'MBBS, FRACP',
      language: 'English',
      skills: ['a', 'b'],
      profile: ['Dr Lovelace sees adults.'],
      avatarLink: null,
      specialistRules: ['No under 16s', 'Reviews by phone'],
      publishedTo: [site.id],
      initialFee: { total: '420.00', medicareRebate: '150.65', outOfPocket: '269.35' },
      reviewFee: { total: '200', medicareRebate: '84.25', outOfPocket: '100' },
      videoLink: 'https://video.test/grace',
      videoId: null,
    });
    expect((await call('GET', profileUrl(specialist.id), undefined, admin)).json()).toEqual(res.json());
    const [row] = await t.db.select().from(specialists).where(eq(specialists.id, specialist.id));
    expect(row).toMatchObject({ firstName: 'Grace', lastName: 'Hopper' });
    const [copy] = await t.db.select().from(workflows).where(eq(workflows.id, workflow.id));
    expect(copy?.caseManagerName).toBe('Dr Grace Hopper');
    const links = await t.db
      .select()
      .from(specialistSpecialities)
      .where(eq(specialistSpecialities.specialistId, specialist.id));
    expect(links).toHaveLength(2);
    const [audit] = await t.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, 'specialist.profile.updated'), eq(auditEvents.entityId, specialist.id)),
      );
    expect(audit?.details).toMatchObject({
      workflowsRenamed: 1,
      changed: expect.arrayContaining(['firstName', 'lastName', 'skills', 'initialFee']),
    });
  });
});

describe('schedule descriptions', () => {
  const url = (id: string) => `/api/admin/specialists/${id}/schedule-description`;

  it('saves the description, shown on the card, audited', async () => {
    const specialist = await createSpecialist(t.db, {}, ['Described']);
    expect((await call('GET', url(specialist.id), undefined, admin)).json()).toEqual({
      scheduleDescription: '',
    });
    const res = await call('PUT', url(specialist.id), {
      scheduleDescription: ' Mondays 9-12 (Melbourne time) ',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ scheduleDescription: 'Mondays 9-12 (Melbourne time)' });
    expect((await call('GET', url(specialist.id))).json()).toEqual(res.json());
    const page = (await call('GET', '/api/admin/specialists/specialities')).json();
    const card = page
      .find((s: { name: string }) => s.name === 'Described')
      .specialistProfiles.find((p: { id: string }) => p.id === specialist.id);
    expect(card.scheduleDescription).toBe('Mondays 9-12 (Melbourne time)');
    const audits = await t.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'specialist.schedule-description.updated'),
          eq(auditEvents.entityId, specialist.id),
        ),
      );
    expect(audits).toHaveLength(1);
    expect((await call('GET', url('00000000-0000-4000-8000-000000000000'))).statusCode).toBe(404);
    expect((await call('PUT', url(specialist.id), { scheduleDescription: 5 })).statusCode).toBe(400);
  });
});
