/** How each list column sorts and filters in SQL (on the list columns' table), and the named filters of the active list. */
import type { NamedFilter, WorkflowColumn } from '@telecare/contracts/workflows';
import {
  BOOKING_STATUS_LABELS,
  CATEGORIES,
  GP_REPORT_STATUS_LABELS,
  TASK_STATUS_LABELS,
} from '@telecare/domain/booking-status';
import { dateFilterRange, INDEFINITE_END_DATE, INDEFINITELY_VALID } from '@telecare/domain/workflow-rules';
import { and, eq, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { GP_REPORT_SORT_KEY, workflowListRows as listRows, users } from '../../db/schema/index.ts';
import { agesShowing, DATE_TEXT, NEW_OR_REVIEW } from './filter-texts.ts';

export const DISPLAY_ZONE = 'Australia/Melbourne';
const WEEK = sql.raw(`interval '7 days'`);

const displayTime = (column: AnyPgColumn) =>
  sql`to_char(${column} AT TIME ZONE ${sql.raw(`'${DISPLAY_ZONE}'`)}, 'DD/MM/YYYY HH24:MI')`;

export type ColumnSql = {
  sort: SQL[];
  /** The rows whose cell shows the text; `now` gives today's date where the cell shows an age. */
  filter: (text: string, now: Date) => SQL | undefined;
  /** A column with few distinct values per list: the filter resolves the matching values first. */
  fewValues?: AnyPgColumn | undefined;
  /** A column with few distinct values per list that a stacked sort can read one value at a time. */
  groups?: AnyPgColumn | undefined;
  /**
   * A column of ids of a small table (the coordinator's users): the filter looks up the ids whose
   * shown text contains the text first, so the planner sees a list of ids (or no match at all).
   */
  lookup?: { column: AnyPgColumn; idsShowing: (text: string) => SQL } | undefined;
};

export const likePattern = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

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
  sort: [sql`${listRows.clientFullName}`],
  filter: (value, now) => {
    const born = listRows.clientDateOfBirth;
    const today = sql`(${now.toISOString()}::timestamptz AT TIME ZONE ${sql.raw(`'${DISPLAY_ZONE}'`)})::date`;
    const age = sql`date_part('year', age(${today}, ${born}))::int`;
    const ages = agesShowing(value);
    return or(
      sql`${listRows.clientFullName} ILIKE ${likePattern(value)}`,
      ages
        ? ageFilter(born, ages, today)
        : calendarDateFilter(born, value, sql`${displayDate(born)} || ' (' || ${age} || ')'`),
    );
  },
};

/** The referrer's name, or the referral end date shown under it ('Indefinitely Valid' for 1900-01-01). */
const referrer: ColumnSql = {
  sort: [sql`${listRows.referrerName}`],
  filter: (value) => {
    const end = listRows.referralEndDate;
    const endDate = calendarDateFilter(end, value, displayDate(end));
    return or(
      sql`${listRows.referrerName} ILIKE ${likePattern(value)}`,
      INDEFINITELY_VALID.toLowerCase().includes(value.toLowerCase())
        ? eq(end, INDEFINITE_END_DATE)
        : undefined,
      endDate ? and(ne(end, INDEFINITE_END_DATE), endDate) : undefined,
    );
  },
};

/** The continuation label shown under the appointment, as continuationLabel makes it. */
export const CONTINUATION_LABEL = sql`CASE WHEN ${listRows.contOrTbc} LIKE 'NRR X 1%' THEN 'NRR1'
  WHEN ${listRows.contOrTbc} LIKE 'NRR X 2%' THEN 'NRR2' ELSE ${listRows.contOrTbc} END`;

/**
 * The appointment's date and time, N or R (new or review) and the continuation label (NRR1, CONT,
 * ...). A whole day, month or year is read as the appointment's date only, so it stays a range on
 * the column's index.
 */
const appointmentDate: ColumnSql = {
  sort: [sql`${listRows.appointmentStart}`],
  filter: (value) => {
    const start = listRows.appointmentStart;
    if (dateFilterRange(value)) return timeFilter(start, value);
    const isNew = NEW_OR_REVIEW[value.toUpperCase()];
    return or(
      DATE_TEXT.test(value) ? timeFilter(start, value) : undefined,
      isNew === undefined ? undefined : eq(listRows.isNewAppointment, isNew),
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
export const STAFF_DISPLAY_NAME = sql<string>`coalesce(nullif(btrim(${users.shortName}), ''), ${users.firstName} || ' ' || ${users.lastName})`;

/**
 * The booking coordinator (the experiments flag's column). The users table is small, so the filter
 * matches the coordinators' ids first (by the name shown or the full name) and the sort looks the
 * name up per row.
 */
export const coordinatorNameOf = (coordinatorId: AnyPgColumn) =>
  sql<string | null>`(select ${STAFF_DISPLAY_NAME} from ${users} where ${users.id} = ${coordinatorId})`;

export const COORDINATOR_NAME = coordinatorNameOf(listRows.bookingCoordinatorId);

const coordinator: ColumnSql = {
  // The id after the name keeps two staff of the same name apart, as the group walk reads them.
  sort: [COORDINATOR_NAME, sql`${listRows.bookingCoordinatorId}`],
  groups: listRows.bookingCoordinatorId,
  filter: (value) => sql`${listRows.bookingCoordinatorId} in (${coordinatorIdsShowing(value)})`,
  lookup: { column: listRows.bookingCoordinatorId, idsShowing: (value) => coordinatorIdsShowing(value) },
};

/** The staff whose shown name or full name contains the text. */
function coordinatorIdsShowing(value: string) {
  const pattern = likePattern(value);
  return sql`select ${users.id} from ${users} where ${STAFF_DISPLAY_NAME} ilike ${pattern} or (${users.firstName} || ' ' || ${users.lastName}) ilike ${pattern}`;
}

/** What each list column sorts by (in order), and how its filter matches. */
export const COLUMN_SQL: Record<WorkflowColumn, ColumnSql> = {
  urn: text(listRows.urn),
  category: coded(listRows.category, Object.fromEntries(CATEGORIES.map((c) => [c, c]))),
  client,
  creationTimestamp: time(listRows.creationTimestamp),
  referrer,
  caseManager: fewValues(listRows.caseManagerName),
  speciality: fewValues(listRows.specialityName),
  site: fewValues(listRows.siteName),
  appointmentDate,
  bookings: coded(listRows.bookingStatus, BOOKING_STATUS_LABELS),
  results: coded(listRows.resultsStatus, TASK_STATUS_LABELS),
  adminCheckNotes: text(listRows.adminCheckNotes),
  adminCheck: coded(listRows.adminCheckStatus, TASK_STATUS_LABELS),
  // Whether a GP report exists, then its status.
  gpReport: {
    ...coded(listRows.gpReportStatus, GP_REPORT_STATUS_LABELS),
    sort: [GP_REPORT_SORT_KEY],
    groups: undefined,
  },
  coordinator,
};

/** The drop-down filters of the active list; meanings in docs/domain.md. */
export const NAMED_FILTER_SQL: Record<NamedFilter, (now: Date) => SQL | undefined> = {
  needFollowUp: () => inArray(listRows.smsReply, ['noResponse', 'no']),
  twelveWeeksAfterFilter: (now) =>
    sql`${listRows.creationTimestamp} <= ${now.toISOString()}::timestamptz - 12 * ${WEEK}`,
  newFilter: () => and(eq(listRows.isNewAppointment, true), isNull(listRows.appointmentId)),
  reviewFilter: () => eq(listRows.isNewAppointment, false),
  urgentFilter: () =>
    or(
      eq(listRows.bookingUrgent, true),
      eq(listRows.resultsUrgent, true),
      eq(listRows.adminCheckUrgent, true),
    ),
  // As the partial index's predicate is written, so the planner can use it.
  triageFilter: () => sql`${listRows.triage}`,
  unassignedFilter: () => isNull(listRows.bookingCoordinatorId),
};
