import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { clients } from './clients.ts';
import { calendarDate, id, instant, timestamps } from './columns.ts';
import { clinics, referrerLocations, referrers, specialists } from './directory.ts';

export const referrals = pgTable(
  'referrals',
  {
    id: id(),
    externalReferralId: text('external_referral_id'),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id),
    referrerId: uuid('referrer_id').references(() => referrers.id),
    clinicId: uuid('clinic_id').references(() => clinics.id),
    referrerLocationId: uuid('referrer_location_id').references(() => referrerLocations.id),
    specialistId: uuid('specialist_id').references(() => specialists.id),
    startDate: calendarDate('start_date'),
    expiredDate: calendarDate('expired_date'),
    /** 3, 12, or 0 for indefinite. */
    expiredDateByMonth: integer('expired_date_by_month'),
    /** The effective end date; 1900-01-01 means indefinitely valid. */
    endDate: calendarDate('end_date'),
    ...timestamps,
  },
  (t) => [index('referrals_client_idx').on(t.clientId)],
);

/**
 * A raw referral file dropped into the referral inbox. Its text is extracted after upload
 * (extraction_status pending -> done or failed) and parsed into `draft`; the text and the draft are
 * patient data.
 */
export const incomingReferralFiles = pgTable(
  'incoming_referral_files',
  {
    id: id(),
    fileName: text('file_name').notNull(),
    specialityName: text('speciality_name'),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    uploadedBy: uuid('uploaded_by'),
    extractionStatus: text('extraction_status')
      .$type<'pending' | 'done' | 'failed'>()
      .notNull()
      .default('pending'),
    extractionAttempts: integer('extraction_attempts').notNull().default(0),
    extractedText: text('extracted_text'),
    draft: jsonb('draft').$type<Record<string, unknown>>(),
    parsedAt: instant('parsed_at'),
    /** Set when Save or Upload patient info took the file out of the inbox. */
    processedAt: instant('processed_at'),
    deletedAt: instant('deleted_at'),
    ...timestamps,
  },
  (t) => [
    index('incoming_referral_files_inbox_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`deleted_at IS NULL AND processed_at IS NULL`),
    index('incoming_referral_files_pending_idx')
      .on(t.createdAt)
      .where(sql`extraction_status = 'pending' AND deleted_at IS NULL`),
  ],
);

/**
 * A referral draft saved from the inbox (kind 'standard' or 'R'). One workflow at most per incoming
 * referral (the unique index), so retrying the workflow step never makes a second one.
 */
export const incomingReferrals = pgTable(
  'incoming_referrals',
  {
    id: id(),
    kind: text('kind').$type<'standard' | 'R'>().notNull(),
    rawFileId: uuid('raw_file_id').references(() => incomingReferralFiles.id),
    draft: jsonb('draft').$type<Record<string, unknown>>().notNull(),
    clientId: uuid('client_id').references(() => clients.id),
    referralId: uuid('referral_id').references(() => referrals.id),
    documentId: uuid('document_id'),
    workflowId: uuid('workflow_id'),
    createdBy: uuid('created_by'),
    ...timestamps,
  },
  (t) => [uniqueIndex('incoming_referrals_workflow_idx').on(t.workflowId)],
);

/** Abnormal result files and unmatched GP report files. */
export const abnormalFiles = pgTable(
  'abnormal_files',
  {
    id: id(),
    kind: text('kind').$type<'result' | 'report'>().notNull(),
    fileName: text('file_name').notNull(),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    resolvedAt: instant('resolved_at'),
    deletedAt: instant('deleted_at'),
    ...timestamps,
  },
  (t) => [index('abnormal_files_kind_idx').on(t.kind, t.createdAt)],
);

/** Stored documents linked to a workflow: referral letters, GP reports, results. */
export const documents = pgTable(
  'documents',
  {
    id: id(),
    workflowId: uuid('workflow_id'),
    clientId: uuid('client_id').references(() => clients.id),
    kind: text('kind').$type<'referral_letter' | 'gp_report' | 'result'>().notNull(),
    name: text('name').notNull(),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    appointmentDate: calendarDate('appointment_date'),
    ...timestamps,
  },
  (t) => [index('documents_workflow_idx').on(t.workflowId, t.kind)],
);
