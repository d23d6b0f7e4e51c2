import type { WorkflowColumn, WorkflowListName, WorkflowRow } from '@telecare/contracts/workflows';
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database.ts';
import { workflows } from '../../db/schema/index.ts';

const DISPLAY_ZONE = 'Australia/Melbourne';

const displayTime = (column: AnyPgColumn) =>
  sql`to_char(${column} AT TIME ZONE ${sql.raw(`'${DISPLAY_ZONE}'`)}, 'DD/MM/YYYY HH24:MI')`;

const text = (column: AnyPgColumn) => ({ sort: sql`${column}`, filter: sql`${column}` });
const time = (column: AnyPgColumn) => ({ sort: sql`${column}`, filter: displayTime(column) });

/** What each list column sorts by, and the text its filter matches. */
const COLUMN_SQL: Record<WorkflowColumn, { sort: SQL; filter: SQL }> = {
  urn: text(workflows.urn),
  category: text(workflows.category),
  client: text(workflows.clientFullName),
  creationTimestamp: time(workflows.creationTimestamp),
  referrer: text(workflows.referrerName),
  caseManager: text(workflows.caseManagerName),
  speciality: text(workflows.specialityName),
  site: text(workflows.siteName),
  appointmentDate: time(workflows.appointmentStart),
  bookings: text(workflows.bookingStatus),
  results: text(workflows.resultsStatus),
  adminCheckNotes: text(workflows.adminCheckNotes),
  adminCheck: text(workflows.adminCheckStatus),
  gpReport: text(workflows.gpReportStatus),
};

export type WorkflowListQuery = {
  list: WorkflowListName;
  page: number;
  pageSize: number;
  sort: { column: WorkflowColumn; direction: 'asc' | 'desc' }[];
  filters: Partial<Record<WorkflowColumn, string>>;
};

function likePattern(value: string) {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function whereOf(query: WorkflowListQuery) {
  const conditions: SQL[] = [eq(workflows.listName, query.list)];
  for (const [column, value] of Object.entries(query.filters) as [WorkflowColumn, string | undefined][]) {
    if (value) conditions.push(sql`${COLUMN_SQL[column].filter} ILIKE ${likePattern(value)}`);
  }
  return and(...conditions);
}

function orderOf(query: WorkflowListQuery) {
  const order = query.sort.map(({ column, direction }) =>
    direction === 'asc'
      ? sql`${asc(COLUMN_SQL[column].sort)} NULLS FIRST`
      : sql`${desc(COLUMN_SQL[column].sort)} NULLS LAST`,
  );
  if (!query.sort.some((s) => s.column === 'creationTimestamp'))
    order.push(desc(workflows.creationTimestamp));
  order.push(desc(workflows.id));
  return order;
}

export async function countWorkflows(db: Db, query: WorkflowListQuery): Promise<number> {
  const [row] = await db.select({ total: count() }).from(workflows).where(whereOf(query));
  return row?.total ?? 0;
}

export async function selectWorkflowPage(
  db: Db,
  query: WorkflowListQuery,
  offset: number,
): Promise<WorkflowRow[]> {
  const rows = await db
    .select()
    .from(workflows)
    .where(whereOf(query))
    .orderBy(...orderOf(query))
    .limit(query.pageSize)
    .offset(offset);
  return rows.map(toWorkflowRow);
}

function toWorkflowRow(w: typeof workflows.$inferSelect): WorkflowRow {
  return {
    id: w.id,
    urn: w.urn,
    category: w.category,
    client: { firstName: w.clientFirstName, lastName: w.clientLastName, dateOfBirth: w.clientDateOfBirth },
    creationTimestamp: w.creationTimestamp.toISOString(),
    referrer: { name: w.referrerName, referralEndDate: w.referralEndDate },
    caseManager: w.caseManagerName,
    speciality: w.specialityName,
    site: w.siteName,
    appointment: {
      startDateTime: w.appointmentStart?.toISOString() ?? null,
      timezone: w.appointmentTimezone,
      consultationType: w.appointmentStart ? (w.isNewAppointment ? 'NEW' : 'REVIEW') : null,
      contOrTbc: w.contOrTbc,
    },
    bookingStatus: w.bookingStatus,
    resultsStatus: w.resultsStatus,
    adminCheckNotes: w.adminCheckNotes,
    adminCheckStatus: w.adminCheckStatus,
    gpReportStatus: w.gpReportStatus,
  };
}
