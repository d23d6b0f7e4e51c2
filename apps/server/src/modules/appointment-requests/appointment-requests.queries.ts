import type { AppointmentRequestColumn } from '@telecare/contracts/appointment-requests';
import {
  APPOINTMENT_REQUEST_PENDING,
  APPOINTMENT_REQUEST_STATUS_ORDER,
  UNKNOWN_REQUEST_STATUS_RANK,
} from '@telecare/domain/appointment-requests';
import { and, asc, count, desc, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database.ts';
import { appointmentRequests, clients, clinics, workflows } from '../../db/schema/index.ts';

const DISPLAY_ZONE = 'Australia/Melbourne';
const r = appointmentRequests;

const timeText = (column: AnyPgColumn, zone: SQL = sql`${DISPLAY_ZONE}`) =>
  sql`to_char(${column} AT TIME ZONE ${zone}, 'DD/MM/YYYY HH24:MI')`;

/** first=1, second=2, other=3, fourth=4, pending=5, anything else 6 (packages/domain). */
const statusRank = sql`CASE ${r.bookingStatus} ${sql.join(
  Object.entries(APPOINTMENT_REQUEST_STATUS_ORDER).map(
    ([status, rank]) => sql`WHEN ${status} THEN ${sql.raw(String(Number(rank)))}`,
  ),
  sql` `,
)} ELSE ${sql.raw(String(UNKNOWN_REQUEST_STATUS_RANK))} END`;

const clientName = sql`${clients.firstName} || ' ' || ${clients.lastName}`;
const plain = (expression: SQL | AnyPgColumn) => ({ sort: [sql`${expression}`], filter: sql`${expression}` });

/** What each column sorts by (in order), and the text its filter matches. */
const COLUMN_SQL: Record<AppointmentRequestColumn, { sort: SQL[]; filter: SQL }> = {
  client: plain(clientName),
  dateOfBirth: {
    sort: [sql`${clients.dateOfBirth}`],
    filter: sql`to_char(${clients.dateOfBirth}, 'DD/MM/YYYY')`,
  },
  creationTime: { sort: [sql`${r.createdAt}`], filter: timeText(r.createdAt) },
  referrer: plain(workflows.referrerName),
  caseManager: plain(workflows.caseManagerName),
  speciality: plain(workflows.specialityName),
  clinic: plain(clinics.name),
  // The requested start, shown and filtered in the request's own zone.
  appointmentDate: {
    sort: [sql`${r.requestedStart}`],
    filter: timeText(r.requestedStart, sql`coalesce(${r.timezone}, ${DISPLAY_ZONE})`),
  },
  bookings: plain(workflows.bookingStatus),
  results: plain(workflows.resultsStatus),
  notes: plain(workflows.adminCheckNotes),
  bookingStatus: { sort: [statusRank, sql`${r.bookingStatus}`], filter: sql`${r.bookingStatus}` },
};

export type AppointmentRequestListQuery = {
  page: number;
  pageSize: number;
  sort: { column: AppointmentRequestColumn; direction: 'asc' | 'desc' }[];
  filters: Partial<Record<AppointmentRequestColumn, string>>;
};

function likePattern(value: string) {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Requests not yet approved, and approved ones whose booking status is the pending value. */
const listed = or(isNull(r.approvedAt), eq(r.bookingStatus, APPOINTMENT_REQUEST_PENDING));

function whereOf(query: AppointmentRequestListQuery) {
  const conditions: (SQL | undefined)[] = [listed, isNull(clients.deletedAt), isNull(workflows.deletedAt)];
  for (const [column, value] of Object.entries(query.filters) as [
    AppointmentRequestColumn,
    string | undefined,
  ][]) {
    if (value) conditions.push(sql`${COLUMN_SQL[column].filter} ILIKE ${likePattern(value)}`);
  }
  return and(...conditions);
}

function orderOf(query: AppointmentRequestListQuery) {
  const order = query.sort.flatMap(({ column, direction }) =>
    COLUMN_SQL[column].sort.map((expression) =>
      direction === 'asc' ? sql`${asc(expression)} NULLS FIRST` : sql`${desc(expression)} NULLS LAST`,
    ),
  );
  if (query.sort.length === 0) order.push(asc(statusRank));
  order.push(desc(r.createdAt), desc(r.id));
  return order;
}

export async function countAppointmentRequests(db: Db, query: AppointmentRequestListQuery) {
  const [row] = await db
    .select({ total: count() })
    .from(r)
    .innerJoin(clients, eq(clients.id, r.clientId))
    .leftJoin(workflows, eq(workflows.id, r.workflowId))
    .leftJoin(clinics, eq(clinics.id, workflows.clinicId))
    .where(whereOf(query));
  return row?.total ?? 0;
}

export async function selectAppointmentRequestPage(
  db: Db,
  query: AppointmentRequestListQuery,
  offset: number,
) {
  return db
    .select({
      id: r.id,
      workflowId: r.workflowId,
      clientId: r.clientId,
      firstName: clients.firstName,
      lastName: clients.lastName,
      dateOfBirth: clients.dateOfBirth,
      createdAt: r.createdAt,
      referrer: workflows.referrerName,
      caseManager: workflows.caseManagerName,
      speciality: workflows.specialityName,
      clinic: clinics.name,
      requestedStart: r.requestedStart,
      timezone: r.timezone,
      specialistId: r.specialistId,
      bookings: workflows.bookingStatus,
      results: workflows.resultsStatus,
      notes: workflows.adminCheckNotes,
      bookingStatus: r.bookingStatus,
      approvedAt: r.approvedAt,
      workflowAppointmentId: workflows.appointmentId,
      workflowAppointmentStart: workflows.appointmentStart,
      workflowAppointmentTimezone: workflows.appointmentTimezone,
      siteId: workflows.siteId,
      referralEndDate: workflows.referralEndDate,
      isNewAppointment: workflows.isNewAppointment,
    })
    .from(r)
    .innerJoin(clients, eq(clients.id, r.clientId))
    .leftJoin(workflows, eq(workflows.id, r.workflowId))
    .leftJoin(clinics, eq(clinics.id, workflows.clinicId))
    .where(whereOf(query))
    .orderBy(...orderOf(query))
    .limit(query.pageSize)
    .offset(offset);
}

/** The request, locked until the approving transaction ends (two approvals cannot both pass). */
export async function lockAppointmentRequest(db: Db, id: string) {
  const [row] = await db.select().from(r).where(eq(r.id, id)).for('update').limit(1);
  return row;
}

export async function markRequestApproved(db: Db, id: string, approvedAt: Date, approvedBy: string) {
  await db.update(r).set({ approvedAt, approvedBy }).where(eq(r.id, id));
}
