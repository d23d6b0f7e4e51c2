import type {
  NamedFilter,
  WorkflowColumn,
  WorkflowListName,
  WorkflowRow,
} from '@telecare/contracts/workflows';
import {
  BOOKING_STATUS_LABELS,
  CATEGORIES,
  type WorkflowListName as DomainListName,
  GP_REPORT_STATUS_LABELS,
  TASK_STATUS_LABELS,
  workflowListOf,
} from '@telecare/domain/booking-status';
import {
  continuationLabel,
  dateFilterRange,
  newOrReview,
  rowColour,
  weeksDue,
} from '@telecare/domain/workflow-rules';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database.ts';
import { workflowListCounts, workflows } from '../../db/schema/index.ts';

export type WorkflowRecord = typeof workflows.$inferSelect;

const DISPLAY_ZONE = 'Australia/Melbourne';
const WEEK = sql.raw(`interval '7 days'`);

const displayTime = (column: AnyPgColumn) =>
  sql`to_char(${column} AT TIME ZONE ${sql.raw(`'${DISPLAY_ZONE}'`)}, 'DD/MM/YYYY HH24:MI')`;

type ColumnSql = { sort: SQL[]; filter: (text: string) => SQL };

const likePattern = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const text = (column: AnyPgColumn): ColumnSql => ({
  sort: [sql`${column}`],
  filter: (value) => sql`${column} ILIKE ${likePattern(value)}`,
});
const localMidnight = (day: string) => sql`(${day}::timestamp AT TIME ZONE ${sql.raw(`'${DISPLAY_ZONE}'`)})`;

/** A date column: a whole day, month or year becomes a range on the indexed column; other text a substring. */
const time = (column: AnyPgColumn): ColumnSql => ({
  sort: [sql`${column}`],
  filter: (value) => {
    const range = dateFilterRange(value);
    if (!range) return sql`${displayTime(column)} ILIKE ${likePattern(value)}`;
    return sql`${column} >= ${localMidnight(range.from)} AND ${column} < ${localMidnight(range.to)}`;
  },
});
/**
 * A column with a short fixed list of codes: the filter matches the codes whose code or label
 * (what the list shows) contains the text, so it can use the column's btree index.
 */
const coded = (column: AnyPgColumn, labels: Record<string, string>): ColumnSql => ({
  sort: [sql`${column}`],
  filter: (value) => {
    const needle = value.toLowerCase();
    const codes = Object.entries(labels)
      .filter(([code, label]) => code.toLowerCase().includes(needle) || label.toLowerCase().includes(needle))
      .map(([code]) => code);
    return codes.length ? inArray(column, codes) : sql`false`;
  },
});

/** What each list column sorts by (in order), and how its filter matches. */
const COLUMN_SQL: Record<WorkflowColumn, ColumnSql> = {
  urn: text(workflows.urn),
  category: coded(workflows.category, Object.fromEntries(CATEGORIES.map((c) => [c, c]))),
  client: text(workflows.clientFullName),
  creationTimestamp: time(workflows.creationTimestamp),
  referrer: text(workflows.referrerName),
  caseManager: text(workflows.caseManagerName),
  speciality: text(workflows.specialityName),
  site: text(workflows.siteName),
  appointmentDate: time(workflows.appointmentStart),
  bookings: coded(workflows.bookingStatus, BOOKING_STATUS_LABELS),
  results: coded(workflows.resultsStatus, TASK_STATUS_LABELS),
  adminCheckNotes: text(workflows.adminCheckNotes),
  adminCheck: coded(workflows.adminCheckStatus, TASK_STATUS_LABELS),
  // Whether a GP report exists, then its status.
  gpReport: {
    ...coded(workflows.gpReportStatus, GP_REPORT_STATUS_LABELS),
    sort: [sql`(${workflows.gpReportDocumentId} is not null)`, sql`${workflows.gpReportStatus}`],
  },
};

/** The drop-down filters of the active list; meanings in docs/domain.md. */
const NAMED_FILTER_SQL: Record<NamedFilter, (now: Date) => SQL | undefined> = {
  needFollowUp: () => inArray(workflows.smsReply, ['noResponse', 'no']),
  twelveWeeksAfterFilter: (now) =>
    sql`${workflows.creationTimestamp} <= ${now.toISOString()}::timestamptz - 12 * ${WEEK}`,
  newFilter: () => and(eq(workflows.isNewAppointment, true), isNull(workflows.appointmentId)),
  reviewFilter: () => eq(workflows.isNewAppointment, false),
  urgentFilter: () =>
    or(
      eq(workflows.bookingUrgent, true),
      eq(workflows.resultsUrgent, true),
      eq(workflows.adminCheckUrgent, true),
    ),
  triageFilter: () => eq(workflows.triage, true),
  unassignedFilter: () => isNull(workflows.bookingCoordinatorId),
};

export type WorkflowListQuery = {
  list: WorkflowListName;
  page: number;
  pageSize: number;
  sort: { column: WorkflowColumn; direction: 'asc' | 'desc' }[];
  filters: Partial<Record<WorkflowColumn, string>>;
  namedFilters: NamedFilter[];
  id?: string | undefined;
};

function whereOf(query: WorkflowListQuery, now: Date) {
  if (query.id) return and(eq(workflows.id, query.id), isNull(workflows.deletedAt));
  const conditions: (SQL | undefined)[] = [eq(workflows.listName, query.list)];
  for (const [column, value] of Object.entries(query.filters) as [WorkflowColumn, string | undefined][]) {
    if (value) conditions.push(COLUMN_SQL[column].filter(value));
  }
  for (const name of query.namedFilters) conditions.push(NAMED_FILTER_SQL[name](now));
  return and(...conditions);
}

function orderOf(query: WorkflowListQuery) {
  const order = query.sort.flatMap(({ column, direction }) =>
    COLUMN_SQL[column].sort.map((expression) => (direction === 'asc' ? asc(expression) : desc(expression))),
  );
  if (!query.sort.some((s) => s.column === 'creationTimestamp'))
    order.push(desc(workflows.creationTimestamp));
  order.push(desc(workflows.id));
  return order;
}

const isWholeList = (query: WorkflowListQuery) =>
  !query.id && query.namedFilters.length === 0 && !Object.values(query.filters).some(Boolean);

/** Filtered results are counted exactly up to this many rows; past it the planner's estimate is used. */
export const EXACT_COUNT_CAP = 5000;

export type ListTotal = { total: number; estimated: boolean };

export async function countWorkflows(
  db: Db,
  query: WorkflowListQuery,
  now: Date,
  cap: number | null = EXACT_COUNT_CAP,
): Promise<ListTotal> {
  if (isWholeList(query)) {
    const [kept] = await db
      .select({ total: workflowListCounts.total })
      .from(workflowListCounts)
      .where(eq(workflowListCounts.listName, query.list));
    return { total: kept?.total ?? 0, estimated: false };
  }
  const where = whereOf(query, now);
  if (cap === null) {
    const [row] = await db.select({ total: count() }).from(workflows).where(where);
    return { total: row?.total ?? 0, estimated: false };
  }
  const matches = db
    .select({ one: sql`1` })
    .from(workflows)
    .where(where)
    .limit(cap + 1)
    .as('matches');
  const [row] = await db.select({ total: count() }).from(matches);
  const counted = row?.total ?? 0;
  if (counted <= cap) return { total: counted, estimated: false };
  return { total: Math.max(cap + 1, await estimateRows(db, where)), estimated: true };
}

async function estimateRows(db: Db, where: SQL | undefined) {
  const result = (await db.execute(
    sql`EXPLAIN (FORMAT JSON) SELECT 1 FROM ${workflows} WHERE ${where}`,
  )) as unknown as {
    rows: Record<string, unknown>[];
  };
  const cell = result.rows[0]?.['QUERY PLAN'];
  const plan = (typeof cell === 'string' ? JSON.parse(cell) : cell) as [{ Plan: { 'Plan Rows': number } }];
  return Math.round(plan[0].Plan['Plan Rows']);
}

/** The page's ids first (an index-only walk past the offset), then just those rows. */
export async function selectWorkflowPage(db: Db, query: WorkflowListQuery, offset: number, now: Date) {
  const ids = await db
    .select({ id: workflows.id })
    .from(workflows)
    .where(whereOf(query, now))
    .orderBy(...orderOf(query))
    .limit(query.pageSize)
    .offset(offset);
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(workflows)
    .where(
      inArray(
        workflows.id,
        ids.map((r) => r.id),
      ),
    );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((r) => byId.get(r.id)).filter((row): row is WorkflowRecord => Boolean(row));
}

export async function findWorkflow(db: Db, id: string) {
  const [row] = await db
    .select()
    .from(workflows)
    .where(and(eq(workflows.id, id), isNull(workflows.deletedAt)))
    .limit(1);
  return row;
}

export async function findWorkflowsIncludingDeleted(db: Db, ids: string[]) {
  return db.select().from(workflows).where(inArray(workflows.id, ids));
}

/** Other workflows of the same person (first name, last name and date of birth). */
export async function selectSameClientWorkflows(db: Db, workflow: WorkflowRecord) {
  return db
    .select()
    .from(workflows)
    .where(
      and(
        eq(sql`lower(${workflows.clientFirstName})`, workflow.clientFirstName.toLowerCase()),
        eq(sql`lower(${workflows.clientLastName})`, workflow.clientLastName.toLowerCase()),
        workflow.clientDateOfBirth
          ? eq(workflows.clientDateOfBirth, workflow.clientDateOfBirth)
          : isNull(workflows.clientDateOfBirth),
        isNull(workflows.deletedAt),
      ),
    )
    .orderBy(desc(workflows.creationTimestamp))
    .limit(100);
}

export async function updateWorkflows(db: Db, ids: string[], values: Partial<typeof workflows.$inferInsert>) {
  return db.update(workflows).set(values).where(inArray(workflows.id, ids)).returning({ id: workflows.id });
}

export const notDeleted = isNull(workflows.deletedAt);
export const isDeleted = isNotNull(workflows.deletedAt);

export function toWorkflowRow(w: WorkflowRecord, now: Date): WorkflowRow {
  const list =
    w.listName === 'deleted'
      ? 'deleted'
      : workflowListOf({ archived: w.archived, bookingStatus: w.bookingStatus });
  const due = weeksDue({
    creationTimestamp: w.creationTimestamp,
    weeksToAppointment: w.weeksToAppointment,
    list: list === 'deleted' ? 'history' : (list as DomainListName),
    statusUpdatedAt: w.bookingStatusUpdatedAt,
    now,
  });
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
    hasGpReport: Boolean(w.gpReportDocumentId),
    list,
    newOrReview: newOrReview(w.isNewAppointment),
    continuation: continuationLabel(w.contOrTbc),
    weeksDue: due,
    rowColour: rowColour({
      bookingStatus: w.bookingStatus,
      weeksDue: due,
      lastActivityName: w.lastActivityName,
    }),
  };
}
