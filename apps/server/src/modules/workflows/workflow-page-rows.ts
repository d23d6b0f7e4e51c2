/** The rows of a list page, read by id, with the audit row of what is shown. */
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { namedStatement } from '../../db/named-statement.ts';
import { users, workflows } from '../../db/schema/index.ts';
import {
  type AuditEvent,
  auditRow,
  listReadAuditInsert,
  recordListReadAudit,
} from '../audit/audit.queries.ts';
import { STAFF_DISPLAY_NAME } from './workflow-filters.ts';
import type { WorkflowRecordRowSource } from './workflow-row.presenter.ts';

/**
 * The columns a list row is made from (toWorkflowRow), and no more: every column of 50 rows
 * through the driver and Drizzle's mapping took about 2 ms of the server's thread, a third of a
 * list request's, so a page of 50 rows cost several times a page of one.
 */
export const PAGE_ROW_COLUMNS = {
  id: workflows.id,
  listName: workflows.listName,
  archived: workflows.archived,
  urn: workflows.urn,
  category: workflows.category,
  clientFirstName: workflows.clientFirstName,
  clientLastName: workflows.clientLastName,
  clientDateOfBirth: workflows.clientDateOfBirth,
  creationTimestamp: workflows.creationTimestamp,
  referrerName: workflows.referrerName,
  referralEndDate: workflows.referralEndDate,
  caseManagerName: workflows.caseManagerName,
  specialityName: workflows.specialityName,
  siteName: workflows.siteName,
  appointmentStart: workflows.appointmentStart,
  appointmentTimezone: workflows.appointmentTimezone,
  isNewAppointment: workflows.isNewAppointment,
  contOrTbc: workflows.contOrTbc,
  bookingStatus: workflows.bookingStatus,
  bookingStatusUpdatedAt: workflows.bookingStatusUpdatedAt,
  weeksToAppointment: workflows.weeksToAppointment,
  resultsStatus: workflows.resultsStatus,
  adminCheckNotes: workflows.adminCheckNotes,
  adminCheckStatus: workflows.adminCheckStatus,
  gpReportStatus: workflows.gpReportStatus,
  gpReportDocumentId: workflows.gpReportDocumentId,
  // From a join (COORDINATOR_OF_ROW), not a lookup per row: PostgreSQL reads a page of 50 rows about 15% faster.
  coordinatorName: STAFF_DISPLAY_NAME,
  lastActivityName: workflows.lastActivityName,
} satisfies Record<keyof WorkflowRecordRowSource, unknown>;

/** The row's instants, which come as epoch milliseconds (pageRowColumns) and are read as Dates. */
const INSTANTS = new Set<string>(['creationTimestamp', 'appointmentStart', 'bookingStatusUpdatedAt']);

/**
 * The select list, in PAGE_ROW_COLUMNS' order. The rows come from the driver as arrays
 * (namedStatement), not through Drizzle's mapping, which took a sixth of the server's time for a
 * page of 50 rows; instants as whole epoch milliseconds (a number through either driver, where a
 * timestamp's text would have to be parsed).
 */
const pageRowColumns = () =>
  sql.join(
    Object.entries(PAGE_ROW_COLUMNS).map(([name, value]) =>
      INSTANTS.has(name) ? sql`date_part('epoch', date_trunc('milliseconds', ${value})) * 1000` : value,
    ),
    sql`, `,
  );

const instant = (value: unknown) => (value === null ? null : new Date(Math.round(value as number)));

/**
 * A row from the values of the select list, by position: an object literal, whose shape V8 knows,
 * made and read a fifth to a third faster than one built key by key (workflow-page-rows.test.ts checks
 * the positions against PAGE_ROW_COLUMNS).
 */
export function pageRowOf(v: unknown[]): WorkflowRecordRowSource {
  return {
    id: v[0],
    listName: v[1],
    archived: v[2],
    urn: v[3],
    category: v[4],
    clientFirstName: v[5],
    clientLastName: v[6],
    clientDateOfBirth: v[7],
    creationTimestamp: instant(v[8]),
    referrerName: v[9],
    referralEndDate: v[10],
    caseManagerName: v[11],
    specialityName: v[12],
    siteName: v[13],
    appointmentStart: instant(v[14]),
    appointmentTimezone: v[15],
    isNewAppointment: v[16],
    contOrTbc: v[17],
    bookingStatus: v[18],
    bookingStatusUpdatedAt: instant(v[19]),
    weeksToAppointment: v[20],
    resultsStatus: v[21],
    adminCheckNotes: v[22],
    adminCheckStatus: v[23],
    gpReportStatus: v[24],
    gpReportDocumentId: v[25],
    coordinatorName: v[26],
    lastActivityName: v[27],
  } as WorkflowRecordRowSource;
}

/** A page's workflows with their coordinators, whose names PAGE_ROW_COLUMNS reads (none without one). */
const COORDINATOR_OF_ROW = eq(users.id, workflows.bookingCoordinatorId);

const pageRowsQuery = (audit?: SQL) => sql`
  ${audit ? sql`WITH audited AS (${audit})` : sql``}
  SELECT ${pageRowColumns()}
    FROM ${workflows} LEFT JOIN ${users} ON ${COORDINATOR_OF_ROW}
   WHERE ${workflows.id} = ANY(${sql.placeholder('ids')}::uuid[])`;

/** The audit row of a page, its values given when the statement runs (auditValues). */
const pageAuditInsert = () =>
  listReadAuditInsert(
    {
      action: sql.placeholder('action'),
      actorUserId: sql.placeholder('actorUserId'),
      actorRole: sql.placeholder('actorRole'),
      entityType: sql.placeholder('entityType'),
      entityId: sql.placeholder('entityId'),
      ipAddress: sql.placeholder('ipAddress'),
    },
    sql`${sql.placeholder('details')}::jsonb`,
  );

const auditValues = (audit: AuditEvent) => ({
  ...auditRow(audit),
  details: JSON.stringify(audit.details ?? null),
});

/** The rows of a page by id, with their audit row: prepared once per connection, as every list page reads it. */
const auditedPageRows = namedStatement(
  'workflow_page_rows',
  () => pageRowsQuery(pageAuditInsert()),
  pageRowOf,
);

const unauditedPageRows = namedStatement('workflow_page_rows_unaudited', () => pageRowsQuery(), pageRowOf);

/**
 * The workflows of a page, in the page's order, with their coordinators' names; the audit row of
 * what is shown, when given, is written by the same statement.
 */
export async function selectPageRows(
  db: Db,
  ids: string[],
  audit: AuditEvent | undefined,
): Promise<WorkflowRecordRowSource[]> {
  if (ids.length === 0) {
    if (audit) await recordListReadAudit(db, audit);
    return [];
  }
  const idsArray = `{${ids.join(',')}}`;
  const rows = audit
    ? await auditedPageRows(db, { ...auditValues(audit), ids: idsArray })
    : await unauditedPageRows(db, { ids: idsArray });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id)).filter((row) => row !== undefined);
}

const pageAudit = namedStatement('workflow_page_audit', pageAuditInsert);

/**
 * The audit row of a page whose rows the lists' index in memory wrote (decision 0072), prepared
 * once per connection as the page rows' statement is.
 */
export async function recordPageAudit(db: Db, audit: AuditEvent) {
  await pageAudit(db, auditValues(audit));
}
