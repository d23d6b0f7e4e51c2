import { BOOKING_STATUSES, workflowListOf } from '@telecare/domain/booking-status';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, documents, workflows } from '../../db/schema/index.ts';
import { createSessionToken, createUser, createWorkflow } from '../../test/factories.ts';
import { listQuery, plainOrderIds } from '../../test/list-queries.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { selectListPage } from './workflow-list.queries.ts';
import { toWorkflowRow } from './workflow-row.presenter.ts';
import { attachCoordinatorNames, type WorkflowRecordWithNames } from './workflows.queries.ts';

describe('POST /api/admin/workflow/list', () => {
  let t: TestApp;
  let token: string;
  let viewer: Awaited<ReturnType<typeof createUser>>;
  const day = 86_400_000;
  const start = Date.UTC(2026, 0, 1);

  beforeAll(async () => {
    t = await createTestApp();
    viewer = await createUser(t.db);
    token = await createSessionToken(t.db, viewer.id, t.clock.now());
    for (let i = 0; i < 25; i++) {
      await createWorkflow(t.db, {
        creationTimestamp: new Date(start + i * day),
        urn: `URN${String(i).padStart(3, '0')}`,
        clientFirstName: i === 7 ? 'Matilda' : `Given${i}`,
        clientLastName: i === 7 ? "O'Brien" : `Family${i}`,
        bookingStatus: i < 20 ? 'awaitingBooking' : 'discharged',
      });
    }
    await createWorkflow(t.db, { archived: true, urn: 'ARCHIVED1' });
    await createWorkflow(t.db, { deletedAt: new Date(), urn: 'DELETED1' });
  });
  afterAll(() => t.close());

  const list = (body: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/workflow/list',
      headers: { authorization: `Bearer ${token}` },
      payload: body,
    });

  it('pages the active list ten at a time, newest first', async () => {
    const res = await list({});
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ page: 1, pageSize: 10, total: 20 });
    expect(body.rows).toHaveLength(10);
    expect(body.rows[0].urn).toBe('URN019');
    expect(body.rows[9].urn).toBe('URN010');
    const second = (await list({ page: 2 })).json();
    expect(second.rows.map((r: { urn: string }) => r.urn)).toEqual(
      Array.from({ length: 10 }, (_, i) => `URN${String(9 - i).padStart(3, '0')}`),
    );
  });

  it('clamps a page past the end to the last page', async () => {
    const body = (await list({ page: 99, pageSize: 20 })).json();
    expect(body.page).toBe(1);
    expect(body.rows).toHaveLength(20);
  });

  it('keeps archived, history and deleted workflows in their own lists', async () => {
    const archived = (await list({ list: 'archived' })).json();
    expect(archived.rows.map((r: { urn: string }) => r.urn)).toEqual(['ARCHIVED1']);
    const history = (await list({ list: 'history' })).json();
    expect(history.total).toBe(5);
    expect(history.rows.every((r: { bookingStatus: string }) => r.bookingStatus === 'discharged')).toBe(true);
  });

  it('filters by a case-insensitive substring and sorts by a chosen column', async () => {
    const byName = (await list({ filters: { client: "o'bri" } })).json();
    expect(byName.total).toBe(1);
    expect(byName.rows[0].client).toMatchObject({ firstName: 'Matilda', lastName: "O'Brien" });
    const literal = (await list({ filters: { urn: '%' } })).json();
    expect(literal.total).toBe(0);
    const sorted = (await list({ sort: [{ column: 'urn', direction: 'asc' }], pageSize: 20 })).json();
    expect(sorted.rows[0].urn).toBe('URN000');
    expect(sorted.rows[19].urn).toBe('URN019');
  });

  it('audits which workflows a page showed, by id, without the filter texts', async () => {
    const body = (await list({ filters: { client: "o'bri" } })).json();
    const [event] = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'workflow.list.viewed'))
      .orderBy(desc(auditEvents.id))
      .limit(1);
    expect(event).toMatchObject({
      entityType: 'workflow-list',
      entityId: 'active',
      actorUserId: viewer.id,
      actorRole: viewer.role,
    });
    expect(event?.ipAddress).toBeTruthy();
    expect(event?.details).toMatchObject({
      page: 1,
      workflowIds: [body.rows[0].id],
      filteredColumns: ['client'],
    });
    expect(JSON.stringify(event)).not.toMatch(/bri|Matilda/i);

    expect((await list({ filters: { client: 'zz-nobody' } })).json().total).toBe(0);
    const [empty] = await t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'workflow.list.viewed'))
      .orderBy(desc(auditEvents.id))
      .limit(1);
    expect(empty?.details).toMatchObject({ workflowIds: [], filteredColumns: ['client'] });
  });

  it('refuses a page size outside 10-50 and an unknown column with 400', async () => {
    expect((await list({ pageSize: 15 })).statusCode).toBe(400);
    const res = await list({ sort: [{ column: 'passwordHash', direction: 'asc' }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
  });

  it('applies the named filters of the active list', async () => {
    const urgent = await createWorkflow(t.db, { urn: 'NF-URGENT', resultsUrgent: true });
    const triage = await createWorkflow(t.db, { urn: 'NF-TRIAGE', triage: true, bookingCoordinatorId: null });
    const review = await createWorkflow(t.db, { urn: 'NF-REVIEW', isNewAppointment: false });
    const followUp = await createWorkflow(t.db, { urn: 'NF-FOLLOW', smsReply: 'noResponse' });
    const old = await createWorkflow(t.db, {
      urn: 'NF-OLD',
      creationTimestamp: new Date(Date.now() - 13 * 7 * 86_400_000),
    });
    const ids = async (namedFilters: string[]) =>
      ((await list({ namedFilters, pageSize: 50 })).json().rows as { id: string }[]).map((r) => r.id);
    expect(await ids(['urgentFilter'])).toEqual([urgent.id]);
    expect(await ids(['triageFilter'])).toEqual([triage.id]);
    expect(await ids(['reviewFilter'])).toEqual([review.id]);
    expect(await ids(['needFollowUp'])).toEqual([followUp.id]);
    expect(await ids(['twelveWeeksAfterFilter'])).toContain(old.id);
    expect(await ids(['twelveWeeksAfterFilter'])).not.toContain(urgent.id);
    expect(await ids(['urgentFilter', 'triageFilter'])).toEqual([]);
    expect((await ids(['unassignedFilter'])).length).toBeGreaterThan(5);
    expect((await list({ namedFilters: ['bogus'] })).statusCode).toBe(400);
  });

  it('matches coded columns by the label the list shows, and keeps the list counts right', async () => {
    const toBook = (await list({ filters: { bookings: 'to book' }, pageSize: 50 })).json();
    expect(toBook.total).toBeGreaterThan(0);
    expect(toBook.rows.every((r: { bookingStatus: string }) => r.bookingStatus === 'awaitingBooking')).toBe(
      true,
    );
    expect((await list({ filters: { bookings: 'no such status' } })).json().total).toBe(0);
    const before = (await list({})).json().total;
    const extra = await createWorkflow(t.db);
    expect((await list({})).json().total).toBe(before + 1);
    await t.db.update(workflows).set({ archived: true }).where(eq(workflows.id, extra.id));
    expect((await list({})).json().total).toBe(before);
  });

  it('filters a date column by a day, month or year in Melbourne time, or by its text', async () => {
    const march = await createWorkflow(t.db, {
      urn: 'DATE-MARCH',
      creationTimestamp: new Date('2025-03-04T14:30:00Z'),
    });
    await createWorkflow(t.db, { urn: 'DATE-APRIL', creationTimestamp: new Date('2025-04-04T15:30:00Z') });
    const ids = async (text: string) =>
      (
        (await list({ filters: { creationTimestamp: text, urn: 'DATE-' } })).json().rows as { id: string }[]
      ).map((r) => r.id);
    expect(await ids('05/03/2025')).toEqual([march.id]);
    expect(await ids('04/03/2025')).toEqual([]);
    expect(await ids('/03/2025')).toEqual([march.id]);
    expect((await ids('2025')).length).toBe(2);
    expect(await ids('01:30')).toEqual([march.id]);
  });

  it('counts a large filtered result exactly; the database path counts up to 5,000 and estimates past that', async () => {
    const seedRow = await createWorkflow(t.db, { urn: 'BULK-SEED' });
    await t.db.execute(sql`
      INSERT INTO workflows (client_id, client_first_name, client_last_name, urn, booking_status)
      SELECT ${seedRow.clientId}, 'Bulkclient', 'Row' || g, 'BULK' || g, 'awaitingBooking'
      FROM generate_series(1, 5100) g`);
    await t.db.execute(sql`ANALYZE workflows`);
    const many = (await list({ filters: { client: 'bulkclient' } })).json();
    // The lists' index in memory counts every match (decision 0059).
    expect(many).toMatchObject({ totalIsEstimate: false, total: 5100 });
    expect(many.rows).toHaveLength(10);
    const query = { list: 'active' as const, page: 1, pageSize: 10, sort: [], namedFilters: [] };
    const fromDatabase = await selectListPage(
      t.db,
      { ...query, filters: { client: 'bulkclient' } },
      new Date(),
    );
    expect(fromDatabase.estimated).toBe(true);
    expect(fromDatabase.total).toBeGreaterThan(5000);
    const few = (await list({ filters: { client: 'bulkclient row51' } })).json();
    expect(few).toMatchObject({ totalIsEstimate: false, total: 12 });
    const pastTheEnd = (await list({ filters: { client: 'bulkclient' }, page: 100_000 })).json();
    expect(pastTheEnd).toMatchObject({ totalIsEstimate: false, total: 5100, page: 510 });
    expect(pastTheEnd.rows).toHaveLength(10);
    await t.db.execute(sql`DELETE FROM workflows WHERE urn LIKE 'BULK%'`);
  });

  it('reads a deep page in the back half of a large filtered list from its end, in the order asked', async () => {
    const seedRow = await createWorkflow(t.db, { urn: 'BACK-SEED' });
    await t.db.execute(sql`
      INSERT INTO workflows (client_id, client_first_name, client_last_name, urn, booking_status)
      SELECT ${seedRow.clientId}, 'Backclient', 'Row' || g, 'BACK' || lpad(g::text, 5, '0'), 'awaitingBooking'
      FROM generate_series(1, 5003) g`);
    await t.db.execute(sql`ANALYZE workflows`);
    const urns = (body: { rows: { urn: string }[] }) => body.rows.map((row) => row.urn);
    const back = (from: number, to: number) =>
      Array.from(
        { length: Math.abs(to - from) + 1 },
        (_, i) => `BACK${String(from + (to > from ? i : -i)).padStart(5, '0')}`,
      );
    const byUrn = (direction: string) => [{ column: 'urn', direction }];
    const filters = { client: 'backclient' };
    const last = (await list({ filters, sort: byUrn('asc'), page: 501 })).json();
    expect(last).toMatchObject({ page: 501, total: 5003, totalIsEstimate: false });
    expect(urns(last)).toEqual(back(5001, 5003));
    const lastDown = (await list({ filters, sort: byUrn('desc'), page: 501 })).json();
    expect(urns(lastDown)).toEqual(back(3, 1));
    const deep = (await list({ filters, sort: byUrn('asc'), page: 400 })).json();
    expect(deep).toMatchObject({ page: 400, total: 5003, totalIsEstimate: false });
    expect(urns(deep)).toEqual(back(3991, 4000));
    const pastTheEnd = (await list({ filters, sort: byUrn('desc'), page: 900, pageSize: 50 })).json();
    expect(pastTheEnd).toMatchObject({ page: 101, total: 5003, totalIsEstimate: false });
    expect(urns(pastTheEnd)).toEqual(back(3, 1));
    // A deep page in the front half is read forwards, as before.
    const front = (await list({ filters, sort: byUrn('desc'), page: 150 })).json();
    expect(urns(front)).toEqual(back(3513, 3504));
    await t.db.execute(sql`DELETE FROM workflows WHERE urn LIKE 'BACK%'`);
  });

  it('pages a filtered or stack-sorted list through its first 10,000 rows, and says so', async () => {
    const seedRow = await createWorkflow(t.db, { urn: 'DEEP-SEED' });
    await t.db.execute(sql`
      INSERT INTO workflows (client_id, client_first_name, client_last_name, urn, booking_status)
      SELECT ${seedRow.clientId}, 'Deepclient', 'Row' || g, 'DEEP' || g, 'awaitingBooking'
      FROM generate_series(1, 10050) g`);
    await t.db.execute(sql`ANALYZE workflows`);
    const filtered = (await list({ filters: { client: 'deepclient' }, page: 100_000 })).json();
    expect(filtered).toMatchObject({ page: 1000, rowLimit: 10_000 });
    expect(filtered.rows).toHaveLength(10);
    const stackedSort = [
      { column: 'bookings' as const, direction: 'asc' as const },
      { column: 'urn' as const, direction: 'asc' as const },
    ];
    const stacked = (await list({ page: 2000, sort: stackedSort })).json();
    expect(stacked).toMatchObject({ page: 1000, rowLimit: 10_000 });
    // Read bookings status by bookings status, as deep as the limit, in the plain query's order.
    const plain = await plainOrderIds(t.db, listQuery({ pageSize: 10, sort: stackedSort }), t.clock.now());
    expect(stacked.rows.map((row: { id: string }) => row.id)).toEqual(plain.slice(9_990, 10_000));
    // Every page of the whole list in one column's order is reached, from bookmarks.
    const sorted = (await list({ page: 100_000, sort: [{ column: 'urn', direction: 'asc' }] })).json();
    expect(sorted.rowLimit).toBeNull();
    expect(sorted.page).toBe(Math.ceil(sorted.total / 10));
    expect(sorted.page).toBeGreaterThan(1000);
    // Under the limit nothing is said.
    const few = (await list({ filters: { client: 'deepclient row10' } })).json();
    expect(few).toMatchObject({ rowLimit: null, totalIsEstimate: false });
    await t.db.execute(sql`DELETE FROM workflows WHERE urn LIKE 'DEEP%'`);
  });

  it('selects one workflow by id whatever the list and filters', async () => {
    const archived = await createWorkflow(t.db, { archived: true, urn: 'BY-ID' });
    const body = (await list({ id: archived.id, filters: { urn: 'nothing-matches' } })).json();
    expect(body.total).toBe(1);
    expect(body.rows[0]).toMatchObject({ id: archived.id, list: 'archived' });
  });

  it('answers no rows for an unknown or deleted id, and 400 for an id that is not a uuid', async () => {
    const deleted = await createWorkflow(t.db, { deletedAt: new Date(), urn: 'BY-ID-DELETED' });
    for (const id of [crypto.randomUUID(), deleted.id]) {
      const res = await list({ id });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ rows: [], total: 0, page: 1, totalIsEstimate: false });
    }
    const invalid = await list({ id: 'not-a-uuid' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().code).toBe('VALIDATION_FAILED');
  });

  it('sorts the GP report column by whether a report exists, then by status', async () => {
    const withReport = await createWorkflow(t.db, { urn: 'GP-WITH', gpReportStatus: 'NC' });
    const [doc] = await t.db
      .insert(documents)
      .values({
        workflowId: withReport.id,
        kind: 'gp_report',
        name: 'r.pdf',
        storageKey: 'k',
        contentType: 'application/pdf',
      })
      .returning();
    await t.db.update(workflows).set({ gpReportDocumentId: doc?.id }).where(eq(workflows.id, withReport.id));
    await createWorkflow(t.db, { urn: 'GP-WITHOUT', gpReportStatus: 'CP' });
    await createWorkflow(t.db, { urn: 'GP-NONE' });
    const rows = (
      await list({ sort: [{ column: 'gpReport', direction: 'desc' }], filters: { urn: 'GP-' } })
    ).json().rows;
    expect(rows.map((r: { urn: string }) => r.urn)).toEqual(['GP-WITH', 'GP-NONE', 'GP-WITHOUT']);
    expect(rows[0].hasGpReport).toBe(true);
    // A workflow with no report and no status chosen is NC (Not Completed), as the task panel shows.
    expect(rows[1]).toMatchObject({ hasGpReport: false, gpReportStatus: 'NC' });
    const notCompleted = (await list({ filters: { urn: 'GP-NONE', gpReport: 'not completed' } })).json();
    expect(notCompleted.rows.map((r: { urn: string }) => r.urn)).toEqual(['GP-NONE']);
  });

  it('shows a workflow in a list row as its own record makes it, from the index and from the database', async () => {
    const coordinator = await createUser(t.db, { firstName: 'Zoë', lastName: 'Ng', shortName: 'Zoë N' });
    const shown = await createWorkflow(t.db, {
      urn: 'ROW-SHOWN',
      category: 'RC',
      clientFirstName: 'Ana "Quoted"',
      clientLastName: "Łukasz\\O'Neil",
      clientDateOfBirth: '1961-02-28',
      referrerName: 'Dr Referrer',
      referralEndDate: '2027-01-31',
      caseManagerName: 'Case Manager',
      specialityName: 'Cardiology',
      siteName: 'Mackay',
      appointmentId: '00000000-0000-4000-8000-000000000001',
      appointmentTimezone: 'Australia/Brisbane',
      isNewAppointment: false,
      contOrTbc: 'TBC',
      bookingStatus: 'booked',
      bookingCoordinatorId: coordinator.id,
      weeksToAppointment: 6,
      resultsStatus: 'PD',
      adminCheckNotes: 'call back',
      adminCheckStatus: 'NS',
      gpReportStatus: 'QR',
      lastActivityName: 'SMS sent',
    });
    const [doc] = await t.db
      .insert(documents)
      .values({
        workflowId: shown.id,
        kind: 'gp_report',
        name: 'r.pdf',
        storageKey: 'k2',
        contentType: 'application/pdf',
      })
      .returning();
    // Microseconds, which a list row's times drop as the record's do.
    await t.db.execute(sql`UPDATE workflows SET gp_report_document_id = ${doc?.id},
      creation_timestamp = '2026-02-03 04:05:06.789654+00', appointment_start = '2026-12-01 23:30:00.000999+00',
      booking_status_updated_at = '2026-11-20 01:02:03.456789+00' WHERE id = ${shown.id}`);
    const bare = await createWorkflow(t.db, { urn: 'ROW-BARE', bookingStatus: 'awaitingBooking' });
    const records = await attachCoordinatorNames(
      t.db,
      await t.db.select().from(workflows).where(sql`${workflows.id} IN (${shown.id}, ${bare.id})`),
    );
    const now = new Date();
    const expected = (id: string) =>
      toWorkflowRow(records.find((r) => r.id === id) as WorkflowRecordWithNames, now);
    const listed = (
      await list({ filters: { urn: 'ROW-' }, sort: [{ column: 'urn', direction: 'desc' }] })
    ).json().rows;
    expect(listed).toEqual([expected(shown.id), expected(bare.id)]);
    expect(listed[0]).toMatchObject({
      creationTimestamp: '2026-02-03T04:05:06.789Z',
      coordinator: 'Zoë N',
      hasGpReport: true,
      appointment: { startDateTime: '2026-12-01T23:30:00.000Z', consultationType: 'REVIEW' },
    });
    const query = { list: 'active' as const, page: 1, pageSize: 10, namedFilters: [] };
    const fromDatabase = await selectListPage(
      t.db,
      { ...query, filters: { urn: 'ROW-' }, sort: [{ column: 'urn', direction: 'desc' }] },
      now,
    );
    expect(fromDatabase.rows.map((row) => toWorkflowRow(row, now))).toEqual([
      expected(shown.id),
      expected(bare.id),
    ]);
  });

  it('puts each booking status in the list the domain rule names', async () => {
    for (const bookingStatus of BOOKING_STATUSES) {
      const workflow = await createWorkflow(t.db, { bookingStatus, urn: `LIST-${bookingStatus}-END` });
      const expected = workflowListOf({ archived: false, bookingStatus });
      const body = (await list({ list: expected, filters: { urn: `LIST-${bookingStatus}-END` } })).json();
      expect(
        body.rows.map((r: { id: string }) => r.id),
        bookingStatus,
      ).toEqual([workflow.id]);
    }
  });
});
