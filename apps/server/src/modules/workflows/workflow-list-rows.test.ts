import { eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workflowListRows, workflows } from '../../db/schema/index.ts';
import { createClient, createUser, createWorkflow } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { copyClientToWorkflows } from './workflow-copies.ts';

/** The list columns as the workflows table has them, and as the list table has them: what must be equal. */
const LIST_COLUMNS = Object.values(getTableColumns(workflowListRows))
  .map((column) => column.name)
  .filter((name) => name !== 'changed_by');

describe('the list columns table (workflow_list_rows)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** Rows of one table that the other does not have, both ways: nothing when they are equal. */
  async function differences() {
    const columns = sql.raw(LIST_COLUMNS.map((name) => `"${name}"`).join(', '));
    const result = (await t.db.execute(sql`
      SELECT 'only in workflows' AS side, id FROM
        (SELECT ${columns} FROM workflows EXCEPT SELECT ${columns} FROM workflow_list_rows) a
      UNION ALL
      SELECT 'only in workflow_list_rows', id FROM
        (SELECT ${columns} FROM workflow_list_rows EXCEPT SELECT ${columns} FROM workflows) b`)) as unknown as {
      rows: { side: string; id: string }[];
    };
    return result.rows;
  }

  it('holds every list column of every workflow, through inserts, updates, deletes and restores', async () => {
    const coordinator = await createUser(t.db, { firstName: 'Cora' });
    const client = await createClient(t.db, { firstName: 'Ada', lastName: 'Lovelace' });
    const created = await Promise.all(
      Array.from({ length: 6 }, (_, n) =>
        createWorkflow(t.db, { clientId: client.id, category: String(1 + (n % 3)), urn: client.urn }),
      ),
    );
    const ids = created.map((w) => w.id);
    expect(await differences()).toEqual([]);

    const [first, second, third, fourth] = ids as [string, string, string, string];
    await t.db
      .update(workflows)
      .set({
        bookingStatus: 'booked',
        bookingCoordinatorId: coordinator.id,
        appointmentStart: new Date('2026-12-01T01:00:00Z'),
        appointmentId: client.id,
        isNewAppointment: false,
        contOrTbc: 'CONT',
        caseManagerName: 'Dr Grace Hopper',
        specialityName: 'Cardiology',
        siteName: 'Own Device',
        referrerName: 'Dr Alan Turing',
        referralEndDate: '2027-01-01',
        bookingUrgent: true,
        triage: true,
      })
      .where(eq(workflows.id, first));
    await t.db
      .update(workflows)
      .set({
        resultsStatus: 'PD',
        resultsUrgent: true,
        adminCheckStatus: 'CP',
        adminCheckNotes: 'Called patient',
        adminCheckUrgent: true,
        gpReportStatus: 'QR',
        gpReportDocumentId: client.id,
        smsReply: 'noResponse',
      })
      .where(eq(workflows.id, second));
    // Off the active list three ways (history, archived, deleted), and one back again.
    await t.db.update(workflows).set({ bookingStatus: 'discharged' }).where(eq(workflows.id, third));
    await t.db.update(workflows).set({ archived: true }).where(eq(workflows.id, fourth));
    await t.db
      .update(workflows)
      .set({ deletedAt: new Date() })
      .where(inArray(workflows.id, [first, second]));
    await t.db.update(workflows).set({ deletedAt: null }).where(eq(workflows.id, second));
    // A copy written to every workflow of the client at once (Edit Client), and a change to none.
    await copyClientToWorkflows(t.db, client.id, {
      urn: 'TC9999',
      firstName: 'Ada',
      lastName: 'King',
      dateOfBirth: '1815-12-10',
    });
    await t.db.update(workflows).set({ bookingNotes: 'not a list column' }).where(inArray(workflows.id, ids));
    expect(await differences()).toEqual([]);

    const listed = await t.db
      .select({
        id: workflowListRows.id,
        listName: workflowListRows.listName,
        client: workflowListRows.clientFullName,
      })
      .from(workflowListRows)
      .where(inArray(workflowListRows.id, [first, second, third, fourth]));
    expect(new Map(listed.map((row) => [row.id, row.listName]))).toEqual(
      new Map([
        [first, 'deleted'],
        [second, 'active'],
        [third, 'history'],
        [fourth, 'archived'],
      ]),
    );
    // Edit Client's copy reaches the live workflows only; the deleted one keeps its name.
    expect(new Map(listed.map((row) => [row.id, row.client]))).toEqual(
      new Map([
        [first, `${created[0]?.clientFirstName} ${created[0]?.clientLastName}`],
        [second, 'Ada King'],
        [third, 'Ada King'],
        [fourth, 'Ada King'],
      ]),
    );

    await t.db.delete(workflows).where(eq(workflows.id, third));
    const gone = await t.db.select().from(workflowListRows).where(eq(workflowListRows.id, third));
    expect(gone).toEqual([]);
    expect(await differences()).toEqual([]);
  });

  it('follows a change of any one list column on its own', async () => {
    const coordinator = await createUser(t.db, { firstName: 'Solo' });
    const other = await createClient(t.db);
    const changes: Partial<typeof workflows.$inferInsert>[] = [
      { urn: 'TC0000001' },
      { category: 'RC' },
      { clientFirstName: 'Bea' },
      { clientDateOfBirth: '1990-02-03' },
      { referrerName: 'Dr Solo Referrer' },
      { referralEndDate: '2027-02-02' },
      { caseManagerName: 'Dr Solo Specialist' },
      { specialityName: 'Neurology' },
      { siteName: 'Hospital 1' },
      { appointmentId: other.id },
      { appointmentStart: new Date('2026-12-24T00:00:00Z') },
      { isNewAppointment: false },
      { contOrTbc: 'TBC' },
      { bookingStatus: 'fta' },
      { bookingCoordinatorId: coordinator.id },
      { bookingUrgent: true },
      { triage: true },
      { resultsStatus: 'CP' },
      { resultsUrgent: true },
      { adminCheckStatus: 'PD' },
      { adminCheckNotes: 'Awaiting updated referral' },
      { adminCheckUrgent: true },
      { gpReportStatus: 'CP' },
      { gpReportDocumentId: other.id },
      { smsReply: 'yes' },
      { creationTimestamp: new Date('2025-01-01T00:00:00Z') },
      { archived: true },
      { appointmentTimezone: 'Australia/Perth' },
      { bookingStatusUpdatedAt: new Date('2026-11-02T03:04:05Z') },
      { weeksToAppointment: 6 },
      { lastActivityName: 'SMS sent' },
    ];
    // Every list column but the generated ones (list, client's full name) is changed alone once.
    const changed = new Set(changes.flatMap((change) => Object.keys(change)));
    const listKeys = Object.keys(getTableColumns(workflowListRows)).filter(
      (key) => !['id', 'listName', 'clientFullName', 'changedBy'].includes(key),
    );
    expect(listKeys.filter((key) => !changed.has(key))).toEqual([]);
    for (const change of changes) {
      const workflow = await createWorkflow(t.db);
      await t.db.update(workflows).set(change).where(eq(workflows.id, workflow.id));
    }
    expect(await differences()).toEqual([]);
  });

  it('leaves a workflow’s list row alone when no list column changed', async () => {
    const workflow = await createWorkflow(t.db);
    const versionOf = async () =>
      (
        (await t.db.execute(
          sql`SELECT xmin::text AS version FROM workflow_list_rows WHERE id = ${workflow.id}`,
        )) as unknown as { rows: { version: string }[] }
      ).rows[0]?.version;
    const before = await versionOf();
    await t.db.update(workflows).set({ bookingNotes: 'Rang twice' }).where(eq(workflows.id, workflow.id));
    expect(await versionOf()).toBe(before);
    await t.db.update(workflows).set({ bookingStatus: 'booked' }).where(eq(workflows.id, workflow.id));
    expect(await versionOf()).not.toBe(before);
  });
});
