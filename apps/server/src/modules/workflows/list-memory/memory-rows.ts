/** The list rows as the list index in memory reads them: whole in chunks, then what changed since (decision 0059). */
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import {
  GP_REPORT_SORT_KEY,
  users,
  workflowListRemovals,
  workflowListRows,
} from '../../../db/schema/index.ts';
import { CONTINUATION_LABEL, DISPLAY_ZONE, STAFF_DISPLAY_NAME } from '../workflow-filters.ts';

/** One list row, with the texts the list shows computed by the database (its time zone and formats). */
export type MemoryRow = {
  id: string;
  list_name: string;
  /** Microseconds since 1970, as text (exact). */
  created: string;
  created_shown: string;
  urn: string | null;
  category: string | null;
  client_full_name: string;
  born: string | null;
  referrer_name: string | null;
  referral_end: string | null;
  case_manager_name: string | null;
  speciality_name: string | null;
  site_name: string | null;
  has_appointment: boolean;
  appointment: string | null;
  appointment_shown: string | null;
  is_new_appointment: boolean;
  continuation: string | null;
  booking_status: string | null;
  coordinator: string | null;
  booking_urgent: boolean;
  triage: boolean;
  results_status: string | null;
  results_urgent: boolean;
  admin_check_status: string | null;
  admin_check_notes: string | null;
  admin_check_urgent: boolean;
  gp_report_status: string | null;
  gp_report_key: number;
  sms_reply: string | null;
  /** What the list shows and neither filters nor sorts on (decision 0072). */
  archived: boolean;
  client_first_name: string | null;
  appointment_timezone: string | null;
  cont_or_tbc: string | null;
  /** Microseconds since 1970, as text. */
  status_updated: string | null;
  weeks_to_appointment: number | null;
  last_activity_name: string | null;
};

const l = workflowListRows;
const shownTime = (column: SQL) =>
  sql`to_char(${column} AT TIME ZONE ${sql.raw(`'${DISPLAY_ZONE}'`)}, 'DD/MM/YYYY HH24:MI')`;
const microseconds = (column: SQL) => sql`(extract(epoch FROM ${column}) * 1000000)::bigint::text`;

const ROW_COLUMNS = sql`${l.id}::text AS id, ${l.listName} AS list_name,
  ${microseconds(sql`${l.creationTimestamp}`)} AS created, ${shownTime(sql`${l.creationTimestamp}`)} AS created_shown,
  ${l.urn} AS urn, ${l.category} AS category, ${l.clientFullName} AS client_full_name,
  ${l.clientDateOfBirth}::text AS born, ${l.referrerName} AS referrer_name, ${l.referralEndDate}::text AS referral_end,
  ${l.caseManagerName} AS case_manager_name, ${l.specialityName} AS speciality_name, ${l.siteName} AS site_name,
  ${l.appointmentId} IS NOT NULL AS has_appointment, ${microseconds(sql`${l.appointmentStart}`)} AS appointment,
  ${shownTime(sql`${l.appointmentStart}`)} AS appointment_shown, ${l.isNewAppointment} AS is_new_appointment,
  ${CONTINUATION_LABEL} AS continuation, ${l.bookingStatus} AS booking_status,
  ${l.bookingCoordinatorId}::text AS coordinator, ${l.bookingUrgent} AS booking_urgent, ${l.triage} AS triage,
  ${l.resultsStatus} AS results_status, ${l.resultsUrgent} AS results_urgent,
  ${l.adminCheckStatus} AS admin_check_status, ${l.adminCheckNotes} AS admin_check_notes,
  ${l.adminCheckUrgent} AS admin_check_urgent, ${l.gpReportStatus} AS gp_report_status,
  ${GP_REPORT_SORT_KEY} AS gp_report_key, ${l.smsReply} AS sms_reply,
  ${l.archived} AS archived, ${l.clientFirstName} AS client_first_name,
  ${l.appointmentTimezone} AS appointment_timezone, ${l.contOrTbc} AS cont_or_tbc,
  ${microseconds(sql`${l.bookingStatusUpdatedAt}`)} AS status_updated,
  ${l.weeksToAppointment} AS weeks_to_appointment, ${l.lastActivityName} AS last_activity_name`;

/** Every transaction older than this had ended when it was read: what they wrote is seen. */
export async function readHorizon(db: Db): Promise<string> {
  const result = (await db.execute(
    sql`SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS horizon`,
  )) as unknown as { rows: { horizon: string }[] };
  return result.rows[0]?.horizon ?? '0';
}

/** Up to `limit` list rows after the id `after`, in id order. */
export async function readRowChunk(db: Db, after: string | null, limit: number): Promise<MemoryRow[]> {
  const result = (await db.execute(sql`SELECT ${ROW_COLUMNS} FROM ${l}
    WHERE ${after === null ? sql`true` : sql`${l.id} > ${after}::uuid`} ORDER BY ${l.id} LIMIT ${limit}`)) as unknown as {
    rows: MemoryRow[];
  };
  return result.rows;
}

/** The staff (memory-filters' Staff), in id order, as JSON text: the same text while no name changes. */
export type StaffText = string;

export type RowChanges = { horizon: string; changed: MemoryRow[]; removed: string[]; staff: StaffText };

/**
 * The statement of readChangesSince, prepared once per database: it is sent before every list
 * request, and planning its columns took most of its time (2.8 ms of 3 on a million rows). Where
 * the transaction ids have no histogram (as measured here: a third of the rows estimated whatever
 * the id), PostgreSQL keeps the generic plan after five runs; where they have one, it plans each
 * run for its id as before.
 */
const changesStatement = (db: Db) => {
  const since = sql`${sql.placeholder('since')}::xid8`;
  return db
    .select({
      horizon: sql<string>`pg_snapshot_xmin(pg_current_snapshot())::text`,
      changed: sql<MemoryRow[] | string>`(SELECT coalesce(json_agg(r), '[]'::json) FROM (SELECT ${ROW_COLUMNS}
        FROM ${l} WHERE ${l.changedBy} >= ${since}) r)`,
      removed: sql<string[]>`ARRAY(SELECT ${workflowListRemovals.id}::text FROM ${workflowListRemovals}
        WHERE ${workflowListRemovals.removedBy} >= ${since})`,
      // The coordinators are named, filtered and ordered as the staff are named now (decision 0072): a small table.
      staff: sql<StaffText>`(SELECT coalesce(json_agg(json_build_object('id', ${users.id}::text,
        'shown', ${STAFF_DISPLAY_NAME}, 'full', ${users.firstName} || ' ' || ${users.lastName})
        ORDER BY ${users.id}), '[]'::json)::text FROM ${users})`,
    })
    .from(sql`(VALUES (1)) AS once (one)`)
    .prepare('list_memory_changes');
};

const preparedChanges = new WeakMap<Db, ReturnType<typeof changesStatement>>();

/**
 * The rows written and removed by transactions from `since` on, and the next horizon, in one
 * statement (one snapshot): a transaction still running now has a transaction id past the new horizon,
 * so what it writes is read next time.
 */
export async function readChangesSince(db: Db, since: string): Promise<RowChanges> {
  let statement = preparedChanges.get(db);
  if (!statement) {
    statement = changesStatement(db);
    preparedChanges.set(db, statement);
  }
  const [row] = await statement.execute({ since });
  if (!row) throw new Error("The lists' changes could not be read.");
  const changed = typeof row.changed === 'string' ? (JSON.parse(row.changed) as MemoryRow[]) : row.changed;
  return { horizon: row.horizon, changed, removed: row.removed, staff: row.staff };
}
