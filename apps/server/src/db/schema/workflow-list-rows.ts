import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { calendarDate, instant, transactionId, trigramOps } from './columns.ts';
import { GP_REPORT_SORT_KEY, workflows } from './workflows.ts';

/**
 * The columns the workflow lists filter and sort on, one row per workflow, kept equal to the
 * workflow's by a trigger (migration 0019) and read by every list query in place of the wide
 * workflows row (decision 0057). A list query finds its page's ids here and reads the page's
 * workflows by id: a filter that tests tens of thousands of rows reads about a third of the blocks.
 */
export const workflowListRows = pgTable(
  'workflow_list_rows',
  {
    id: uuid('id')
      .primaryKey()
      .references(() => workflows.id, { onDelete: 'cascade' }),
    listName: text('list_name').$type<'active' | 'archived' | 'history' | 'deleted'>().notNull(),
    creationTimestamp: instant('creation_timestamp').notNull(),
    urn: text('urn'),
    category: text('category'),
    clientFullName: text('client_full_name').notNull(),
    clientDateOfBirth: calendarDate('client_date_of_birth'),
    referrerName: text('referrer_name'),
    referralEndDate: calendarDate('referral_end_date'),
    caseManagerName: text('case_manager_name'),
    specialityName: text('speciality_name'),
    siteName: text('site_name'),
    appointmentId: uuid('appointment_id'),
    appointmentStart: instant('appointment_start'),
    isNewAppointment: boolean('is_new_appointment').notNull(),
    contOrTbc: text('cont_or_tbc'),
    bookingStatus: text('booking_status'),
    bookingCoordinatorId: uuid('booking_coordinator_id'),
    bookingUrgent: boolean('booking_urgent').notNull(),
    triage: boolean('triage').notNull(),
    resultsStatus: text('results_status'),
    resultsUrgent: boolean('results_urgent').notNull(),
    adminCheckStatus: text('admin_check_status'),
    adminCheckNotes: text('admin_check_notes'),
    adminCheckUrgent: boolean('admin_check_urgent').notNull(),
    gpReportStatus: text('gp_report_status'),
    gpReportDocumentId: uuid('gp_report_document_id'),
    smsReply: text('sms_reply').$type<'yes' | 'no' | 'noResponse' | 'pending'>(),
    // The rest of what a list row shows (migration 0022): the list index in memory answers a page's rows too (decision 0072).
    archived: boolean('archived').notNull().default(false),
    clientFirstName: text('client_first_name'),
    appointmentTimezone: text('appointment_timezone'),
    bookingStatusUpdatedAt: instant('booking_status_updated_at'),
    weeksToAppointment: integer('weeks_to_appointment'),
    lastActivityName: text('last_activity_name'),
    /** The transaction that last wrote the row (a trigger sets it): the list index in memory reads what changed since. */
    changedBy: transactionId('changed_by').notNull().default(sql`pg_current_xact_id()`),
  },
  (t) => [
    index('workflow_list_rows_changed_by_idx').on(t.changedBy),
    // The default order (newest first, id as tie-breaker) in the exact form the queries use.
    index('workflow_list_rows_created_idx').on(
      t.listName,
      t.creationTimestamp.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    ...(
      [
        ['urn', t.urn],
        ['category', t.category],
        ['client', t.clientFullName],
        ['referrer', t.referrerName],
        ['case_manager', t.caseManagerName],
        ['speciality', t.specialityName],
        ['site', t.siteName],
        ['appointment', t.appointmentStart],
        ['booking', t.bookingStatus],
        ['results', t.resultsStatus],
        ['admin_check', t.adminCheckStatus],
        ['gp_report', t.gpReportStatus],
        ['admin_check_notes', t.adminCheckNotes],
        ['coordinator', t.bookingCoordinatorId],
      ] as const
    )
      // Creation time and id follow the column, so a sort on one column is read in index order
      // in either direction (ties follow the direction of the sort).
      .map(([name, column]) =>
        index(`workflow_list_rows_${name}_idx`).on(t.listName, column, t.creationTimestamp, t.id),
      ),
    // The Triage filter (one row in ten): counted and paged from its own small index.
    index('workflow_list_rows_triage_idx')
      .on(t.listName, t.creationTimestamp.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.triage}`),
    // The Client and Referrer filters also match the dates shown under the names.
    index('workflow_list_rows_client_born_idx').on(t.listName, t.clientDateOfBirth),
    index('workflow_list_rows_referral_end_idx').on(t.listName, t.referralEndDate),
    // The GP report column's order: whether a report exists, then its status (one key, never null).
    index('workflow_list_rows_gp_report_key_idx').on(
      t.listName,
      GP_REPORT_SORT_KEY,
      t.creationTimestamp,
      t.id,
    ),
    ...(
      [
        ['urn', t.urn],
        ['client_full_name', t.clientFullName],
        ['referrer_name', t.referrerName],
        ['case_manager_name', t.caseManagerName],
        ['speciality_name', t.specialityName],
        ['site_name', t.siteName],
        ['admin_check_notes', t.adminCheckNotes],
      ] as const
    ).map(([name, column]) =>
      index(`workflow_list_rows_${name}_trgm_idx`).using('gin', column.op(trigramOps)),
    ),
  ],
);

/** The list rows removed with their workflows (a trigger writes them), so the list index in memory drops them too. */
export const workflowListRemovals = pgTable(
  'workflow_list_removals',
  {
    id: uuid('id').notNull(),
    removedBy: transactionId('removed_by').notNull().default(sql`pg_current_xact_id()`),
  },
  (t) => [index('workflow_list_removals_removed_by_idx').on(t.removedBy)],
);
