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
  INDEFINITE_END_DATE,
  INDEFINITELY_VALID,
  newOrReview,
  rowColour,
  weeksDue,
} from '@telecare/domain/workflow-rules';
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNotNull,
  isNull,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database.ts';
import { users, workflowListCounts, workflows } from '../../db/schema/index.ts';
import { type AuditEvent, listReadAuditInsert, recordListReadAudit } from '../audit/audit.queries.ts';
import { deepPageIds } from './list-bookmarks.ts';

export type WorkflowRecord = typeof workflows.$inferSelect;
/** A workflow with its booking coordinator's display name (see attachCoordinatorNames). */
export type WorkflowRecordWithNames = WorkflowRecord & { coordinatorName?: string | null };

const DISPLAY_ZONE = 'Australia/Melbourne';
const WEEK = sql.raw(`interval '7 days'`);

const displayTime = (column: AnyPgColumn) =>
  sql`to_char(${column} AT TIME ZONE ${sql.raw(`'${DISPLAY_ZONE}'`)}, 'DD/MM/YYYY HH24:MI')`;

type ColumnSql = {
  sort: SQL[];
  /** The rows whose cell shows the text; `now` gives today's date where the cell shows an age. */
  filter: (text: string, now: Date) => SQL | undefined;
  /** A column with few distinct values per list: the filter resolves the matching values first. */
  fewValues?: AnyPgColumn | undefined;
  /** A column with few distinct values per list that a stacked sort can read one value at a time. */
  groups?: AnyPgColumn | undefined;
};

const likePattern = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const text = (column: AnyPgColumn): ColumnSql => ({
  sort: [sql`${column}`],
  filter: (value) => sql`${column} ILIKE ${likePattern(value)}`,
});
/** Specialists, specialities, sites: tens of values, each on many rows. */
const fewValues = (column: AnyPgColumn): ColumnSql => ({
  ...text(column),
  fewValues: column,
  groups: column,
});
const localMidnight = (day: string) => sql`(${day}::timestamp AT TIME ZONE ${sql.raw(`'${DISPLAY_ZONE}'`)})`;

/** Text that can be part of a DD/MM/YYYY date, an HH:mm time or an '(age)'; other text is not looked for in them. */
const DATE_TEXT = /^[\d/:() ]+$/;

/** A whole day, month or year as a range on the indexed instant column; other text a substring of the shown time. */
function timeFilter(column: AnyPgColumn, value: string) {
  const range = dateFilterRange(value);
  if (!range) return sql`${displayTime(column)} ILIKE ${likePattern(value)}`;
  return sql`${column} >= ${localMidnight(range.from)} AND ${column} < ${localMidnight(range.to)}`;
}

/** A date column: a whole day, month or year becomes a range on the indexed column; other text a substring. */
const time = (column: AnyPgColumn): ColumnSql => ({
  sort: [sql`${column}`],
  filter: (value) => timeFilter(column, value),
});

const displayDate = (column: AnyPgColumn) => sql`to_char(${column}, 'DD/MM/YYYY')`;

/**
 * A calendar date shown as DD/MM/YYYY (`shown`: the SQL of the whole text shown with it): a whole
 * day, month or year is a range on the column, other text that can be part of a date a substring
 * of what is shown; undefined when the text cannot be part of it.
 */
function calendarDateFilter(column: AnyPgColumn, value: string, shown: SQL) {
  const range = dateFilterRange(value);
  if (range) return sql`(${column} >= ${range.from}::date AND ${column} < ${range.to}::date)`;
  return DATE_TEXT.test(value) ? sql`${shown} ILIKE ${likePattern(value)}` : undefined;
}

const OLDEST_AGE = 130;

/** The runs of consecutive ages whose shown '(age)' contains the text, when it holds a parenthesis. */
function agesShowing(value: string): [number, number][] | undefined {
  const typed = /^(\()?(\d{1,3})(\))?$/.exec(value);
  if (!typed || (!typed[1] && !typed[3])) return undefined;
  const [, open, digits = '', close] = typed;
  const runs: [number, number][] = [];
  for (let age = 0; age <= OLDEST_AGE; age++) {
    const shown = String(age);
    const matches =
      open && close ? shown === digits : open ? shown.startsWith(digits) : shown.endsWith(digits);
    if (!matches) continue;
    const last = runs.at(-1);
    if (last && last[1] === age - 1) last[1] = age;
    else runs.push([age, age]);
  }
  return runs;
}

/** '(67)' and the like as date-of-birth ranges, which the (list, date of birth) index serves. */
function ageFilter(born: AnyPgColumn, runs: [number, number][], today: SQL) {
  const yearsAgo = (years: number) => sql`(${today} - make_interval(years => ${years}))::date`;
  if (runs.length === 0) return sql`false`;
  return or(
    ...runs.map(
      ([youngest, oldest]) => sql`(${born} > ${yearsAgo(oldest + 1)} AND ${born} <= ${yearsAgo(youngest)})`,
    ),
  );
}

/** The client's name, or the date of birth and age shown under it: 'DD/MM/YYYY (67)'. */
const client: ColumnSql = {
  sort: [sql`${workflows.clientFullName}`],
  filter: (value, now) => {
    const born = workflows.clientDateOfBirth;
    const today = sql`(${now.toISOString()}::timestamptz AT TIME ZONE ${sql.raw(`'${DISPLAY_ZONE}'`)})::date`;
    const age = sql`date_part('year', age(${today}, ${born}))::int`;
    const ages = agesShowing(value);
    return or(
      sql`${workflows.clientFullName} ILIKE ${likePattern(value)}`,
      ages
        ? ageFilter(born, ages, today)
        : calendarDateFilter(born, value, sql`${displayDate(born)} || ' (' || ${age} || ')'`),
    );
  },
};

/** The referrer's name, or the referral end date shown under it ('Indefinitely Valid' for 1900-01-01). */
const referrer: ColumnSql = {
  sort: [sql`${workflows.referrerName}`],
  filter: (value) => {
    const end = workflows.referralEndDate;
    const endDate = calendarDateFilter(end, value, displayDate(end));
    return or(
      sql`${workflows.referrerName} ILIKE ${likePattern(value)}`,
      INDEFINITELY_VALID.toLowerCase().includes(value.toLowerCase())
        ? eq(end, INDEFINITE_END_DATE)
        : undefined,
      endDate ? and(ne(end, INDEFINITE_END_DATE), endDate) : undefined,
    );
  },
};

/** N and R (newOrReview) as the is_new_appointment value they show. */
const NEW_OR_REVIEW: Record<string, boolean> = { [newOrReview(true)]: true, [newOrReview(false)]: false };

/** The continuation label shown under the appointment, as continuationLabel makes it. */
const CONTINUATION_LABEL = sql`CASE WHEN ${workflows.contOrTbc} LIKE 'NRR X 1%' THEN 'NRR1'
  WHEN ${workflows.contOrTbc} LIKE 'NRR X 2%' THEN 'NRR2' ELSE ${workflows.contOrTbc} END`;

/**
 * The appointment's date and time, N or R (new or review) and the continuation label (NRR1, CONT,
 * ...). A whole day, month or year is read as the appointment's date only, so it stays a range on
 * the column's index.
 */
const appointmentDate: ColumnSql = {
  sort: [sql`${workflows.appointmentStart}`],
  filter: (value) => {
    const start = workflows.appointmentStart;
    if (dateFilterRange(value)) return timeFilter(start, value);
    const isNew = NEW_OR_REVIEW[value.toUpperCase()];
    return or(
      DATE_TEXT.test(value) ? timeFilter(start, value) : undefined,
      isNew === undefined ? undefined : eq(workflows.isNewAppointment, isNew),
      sql`${CONTINUATION_LABEL} ILIKE ${likePattern(value)}`,
    );
  },
};

/**
 * A column with a short fixed list of codes: the filter matches the codes whose code or label
 * (what the list shows) contains the text, so it can use the column's btree index.
 */
const coded = (column: AnyPgColumn, labels: Record<string, string>): ColumnSql => ({
  sort: [sql`${column}`],
  groups: column,
  filter: (value) => {
    const needle = value.toLowerCase();
    const codes = Object.entries(labels)
      .filter(([code, label]) => code.toLowerCase().includes(needle) || label.toLowerCase().includes(needle))
      .map(([code]) => code);
    return codes.length ? inArray(column, codes) : sql`false`;
  },
});

/** How a staff member is shown in the lists: their short name, else first and last name. */
const STAFF_DISPLAY_NAME = sql<string>`coalesce(nullif(btrim(${users.shortName}), ''), ${users.firstName} || ' ' || ${users.lastName})`;

/**
 * The booking coordinator (the experiments flag's column). The users table is small, so the filter
 * matches the coordinators' ids first (by the name shown or the full name) and the sort looks the
 * name up per row.
 */
const COORDINATOR_NAME = sql<
  string | null
>`(select ${STAFF_DISPLAY_NAME} from ${users} where ${users.id} = ${workflows.bookingCoordinatorId})`;

const coordinator: ColumnSql = {
  sort: [COORDINATOR_NAME],
  filter: (value) => {
    const pattern = likePattern(value);
    return sql`${workflows.bookingCoordinatorId} in (select ${users.id} from ${users} where ${STAFF_DISPLAY_NAME} ilike ${pattern} or (${users.firstName} || ' ' || ${users.lastName}) ilike ${pattern})`;
  },
};

/** What each list column sorts by (in order), and how its filter matches. */
const COLUMN_SQL: Record<WorkflowColumn, ColumnSql> = {
  urn: text(workflows.urn),
  category: coded(workflows.category, Object.fromEntries(CATEGORIES.map((c) => [c, c]))),
  client,
  creationTimestamp: time(workflows.creationTimestamp),
  referrer,
  caseManager: fewValues(workflows.caseManagerName),
  speciality: fewValues(workflows.specialityName),
  site: fewValues(workflows.siteName),
  appointmentDate,
  bookings: coded(workflows.bookingStatus, BOOKING_STATUS_LABELS),
  results: coded(workflows.resultsStatus, TASK_STATUS_LABELS),
  adminCheckNotes: text(workflows.adminCheckNotes),
  adminCheck: coded(workflows.adminCheckStatus, TASK_STATUS_LABELS),
  // Whether a GP report exists, then its status.
  gpReport: {
    ...coded(workflows.gpReportStatus, GP_REPORT_STATUS_LABELS),
    sort: [sql`(${workflows.gpReportDocumentId} is not null)`, sql`${workflows.gpReportStatus}`],
    groups: undefined,
  },
  coordinator,
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

/** A list request turned into SQL once: its conditions and its order. */
export type PreparedListQuery = {
  query: WorkflowListQuery;
  where: SQL | undefined;
  order: SQL[];
  wholeList: boolean;
};

export async function prepareListQuery(
  db: Db,
  query: WorkflowListQuery,
  now: Date,
): Promise<PreparedListQuery> {
  return {
    query,
    where: await whereOf(db, query, now),
    order: orderOf(query),
    wholeList: isWholeList(query),
  };
}

async function whereOf(db: Db, query: WorkflowListQuery, now: Date) {
  if (query.id) {
    // One workflow whatever its list; a deleted one only on the deleted list (IT staff).
    return and(eq(workflows.id, query.id), query.list === 'deleted' ? isDeleted : notDeleted);
  }
  const conditions: (SQL | undefined)[] = [eq(workflows.listName, query.list)];
  for (const [column, value] of Object.entries(query.filters) as [WorkflowColumn, string | undefined][]) {
    if (value) conditions.push(await filterOf(db, query.list, COLUMN_SQL[column], value, now));
  }
  for (const name of query.namedFilters) conditions.push(NAMED_FILTER_SQL[name](now));
  return and(...conditions);
}

/** Past this many distinct values in a list, a few-values column is filtered as plain text. */
const FEW_VALUES_LIMIT = 500;

async function filterOf(db: Db, list: WorkflowListName, column: ColumnSql, value: string, now: Date) {
  if (!column.fewValues) return column.filter(value, now);
  const values = await matchingValues(db, list, column.fewValues, value);
  if (!values) return column.filter(value, now);
  return values.length ? inArray(column.fewValues, values) : sql`false`;
}

/** The column's distinct values in the list, in order: one probe of the (list_name, column) index each. */
const skipScan = (list: WorkflowListName, column: AnyPgColumn) => sql`
  WITH RECURSIVE found(value) AS (
    (SELECT ${column} FROM ${workflows}
      WHERE ${workflows.listName} = ${list} AND ${column} IS NOT NULL ORDER BY ${column} LIMIT 1)
    UNION ALL
    SELECT (SELECT ${column} FROM ${workflows}
      WHERE ${workflows.listName} = ${list} AND ${column} > found.value ORDER BY ${column} LIMIT 1)
    FROM found WHERE found.value IS NOT NULL
  )`;

/** The column's distinct values in the list that contain the text; null when there are too many. */
async function matchingValues(db: Db, list: WorkflowListName, column: AnyPgColumn, value: string) {
  const result = (await db.execute(sql`${skipScan(list, column)}
    SELECT value, value ILIKE ${likePattern(value)} AS matches
    FROM found WHERE value IS NOT NULL LIMIT ${FEW_VALUES_LIMIT + 1}`)) as unknown as {
    rows: { value: string; matches: boolean }[];
  };
  if (result.rows.length > FEW_VALUES_LIMIT) return null;
  return result.rows.filter((row) => row.matches).map((row) => row.value);
}

/** The column's distinct values in the list, in the column's order; null when there are too many. */
async function distinctValues(db: Db, list: WorkflowListName, column: AnyPgColumn) {
  const result = (await db.execute(sql`${skipScan(list, column)}
    SELECT value FROM found WHERE value IS NOT NULL LIMIT ${FEW_VALUES_LIMIT + 1}`)) as unknown as {
    rows: { value: string }[];
  };
  return result.rows.length > FEW_VALUES_LIMIT ? null : result.rows.map((row) => row.value);
}

function orderOf(query: WorkflowListQuery) {
  const order = query.sort.flatMap(({ column, direction }) =>
    COLUMN_SQL[column].sort.map((expression) => (direction === 'asc' ? asc(expression) : desc(expression))),
  );
  // Ties follow the direction of the last sorted column (newest first by default), which is the
  // order of the column's (list_name, column, creation time, id) index read forwards or backwards.
  const ties = query.sort.at(-1)?.direction === 'asc' ? asc : desc;
  if (!query.sort.some((s) => s.column === 'creationTimestamp'))
    order.push(ties(workflows.creationTimestamp));
  order.push(ties(workflows.id));
  return order;
}

/** The direction when the list is in creation-time order only (the default order is descending). */
function creationOrderOf(query: WorkflowListQuery) {
  if (query.sort.length === 0) return 'desc';
  const [only] = query.sort;
  return query.sort.length === 1 && only?.column === 'creationTimestamp' ? only.direction : null;
}

const isWholeList = (query: WorkflowListQuery) =>
  !query.id && query.namedFilters.length === 0 && !Object.values(query.filters).some(Boolean);

/** Filtered results are counted exactly up to this many rows; past it the planner's estimate is used. */
export const EXACT_COUNT_CAP = 5000;
/** An estimate this far past the cap is taken as it is, without counting up to the cap first. */
const TRUSTED_ESTIMATE = 4 * EXACT_COUNT_CAP;

export type ListTotal = { total: number; estimated: boolean };

export async function countWorkflows(
  db: Db,
  prepared: PreparedListQuery,
  cap: number | null = EXACT_COUNT_CAP,
): Promise<ListTotal> {
  const { query, where } = prepared;
  if (prepared.wholeList) {
    const [kept] = await db
      .select({ total: workflowListCounts.total })
      .from(workflowListCounts)
      .where(eq(workflowListCounts.listName, query.list));
    return { total: kept?.total ?? 0, estimated: false };
  }
  if (cap === null) {
    const [row] = await db.select({ total: count() }).from(workflows).where(where);
    return { total: row?.total ?? 0, estimated: false };
  }
  const estimate = await estimateRows(db, where);
  if (estimate > TRUSTED_ESTIMATE) return { total: estimate, estimated: true };
  const matches = db
    .select({ one: sql`1` })
    .from(workflows)
    .where(where)
    .limit(cap + 1)
    .as('matches');
  const [row] = await db.select({ total: count() }).from(matches);
  const counted = row?.total ?? 0;
  if (counted <= cap) return { total: counted, estimated: false };
  return { total: Math.max(cap + 1, estimate), estimated: true };
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

/** The ids of a page: from bookmarks, by a group walk, or by an index walk past the offset. */
async function selectPageIds(db: Db, prepared: PreparedListQuery, offset: number): Promise<string[]> {
  const { query } = prepared;
  const direction = creationOrderOf(query);
  const deepIds =
    prepared.wholeList && direction
      ? await deepPageIds(db, query.list, { offset, limit: query.pageSize, direction })
      : null;
  if (deepIds) return deepIds;
  const ids =
    (await groupWalkIds(db, prepared, offset)) ??
    (await db
      .select({ id: workflows.id })
      .from(workflows)
      .where(prepared.where)
      .orderBy(...prepared.order)
      .limit(query.pageSize)
      .offset(offset));
  return ids.map((row) => row.id);
}

/**
 * The workflows of a page, in the page's order, with their coordinators' names; the audit row of
 * what is shown, when given, is written by the same statement.
 */
async function selectPageRows(db: Db, ids: string[], audit: AuditEvent | undefined) {
  if (ids.length === 0) {
    if (audit) await recordListReadAudit(db, audit);
    return [];
  }
  const columns = { ...getTableColumns(workflows), coordinatorName: COORDINATOR_NAME };
  const read = audit
    ? db.with(db.$with('audited', {}).as(listReadAuditInsert(audit))).select(columns)
    : db.select(columns);
  const rows = await read.from(workflows).where(inArray(workflows.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id)).filter((row) => row !== undefined);
}

export type ListPage = { rows: WorkflowRecordWithNames[]; page: number; total: number; estimated: boolean };

/**
 * A page of one list and its total. The page asked for is found while the total is counted; a
 * page past the end is clamped to the last page, and a page past the real end of an estimated
 * total is answered from an exact count. `auditOf` gives the audit row of what is shown, written
 * by the statement that reads the page's rows.
 */
export async function selectListPage(
  db: Db,
  query: WorkflowListQuery,
  now: Date,
  auditOf?: (shown: { ids: string[]; page: number }) => AuditEvent,
): Promise<ListPage> {
  const prepared = await prepareListQuery(db, query, now);
  const offsetOf = (page: number) => (page - 1) * query.pageSize;
  const pageOf = (total: number) => Math.min(query.page, Math.max(1, Math.ceil(total / query.pageSize)));
  let [counted, ids] = await Promise.all([
    countWorkflows(db, prepared),
    selectPageIds(db, prepared, offsetOf(query.page)),
  ]);
  let page = pageOf(counted.total);
  if (page !== query.page) ids = counted.total === 0 ? [] : await selectPageIds(db, prepared, offsetOf(page));
  if (counted.estimated && ids.length < query.pageSize) {
    counted = await countWorkflows(db, prepared, null);
    page = pageOf(counted.total);
    ids = await selectPageIds(db, prepared, offsetOf(page));
  }
  const rows = await selectPageRows(db, ids, auditOf?.({ ids, page }));
  return { rows, page, total: counted.total, estimated: counted.estimated };
}

/** Past this offset a stacked sort is left to the planner. */
const GROUP_WALK_MAX_OFFSET = 1000;

/**
 * A stacked sort of the whole list led by a column with few values (Speciality, Site, Bookings
 * ...): each value's rows are read in the order of the remaining columns, value by value, until
 * the page is full, so no value's rows are sorted as a whole (the next column's index serves).
 */
async function groupWalkIds(db: Db, prepared: PreparedListQuery, offset: number) {
  const { query } = prepared;
  const [first, second] = query.sort;
  const column = first && COLUMN_SQL[first.column].groups;
  if (!column || !second || !prepared.wholeList || offset > GROUP_WALK_MAX_OFFSET) return null;
  const values = await distinctValues(db, query.list, column);
  if (!values) return null;
  // As in ORDER BY: empty values last when ascending, first when descending.
  const groups = first.direction === 'asc' ? [...values, null] : [null, ...values.reverse()];
  const rest = prepared.order.slice(COLUMN_SQL[first.column].sort.length);
  const wanted = offset + query.pageSize;
  const ids: { id: string }[] = [];
  for (const value of groups) {
    const rows = await db
      .select({ id: workflows.id })
      .from(workflows)
      .where(and(prepared.where, value === null ? isNull(column) : eq(column, value)))
      .orderBy(...rest)
      .limit(wanted - ids.length);
    ids.push(...rows);
    if (ids.length >= wanted) break;
  }
  return ids.slice(offset);
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

/**
 * The booking coordinators' display names for a page of workflows: one users lookup for the
 * page's distinct coordinator ids (no query per row). toWorkflowRow then fills `coordinator`;
 * without this step it is null.
 */
export async function attachCoordinatorNames(
  db: Db,
  records: readonly WorkflowRecord[],
): Promise<WorkflowRecordWithNames[]> {
  const ids = [
    ...new Set(records.map((w) => w.bookingCoordinatorId).filter((id): id is string => Boolean(id))),
  ];
  if (ids.length === 0) return records.map((w) => ({ ...w, coordinatorName: null }));
  const found = await db
    .select({ id: users.id, name: STAFF_DISPLAY_NAME })
    .from(users)
    .where(inArray(users.id, ids));
  const names = new Map(found.map((u) => [u.id, u.name]));
  return records.map((w) => ({
    ...w,
    coordinatorName: w.bookingCoordinatorId ? (names.get(w.bookingCoordinatorId) ?? null) : null,
  }));
}

export function toWorkflowRow(w: WorkflowRecordWithNames, now: Date): WorkflowRow {
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
    coordinator: w.coordinatorName ?? null,
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
