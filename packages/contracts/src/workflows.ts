import { z } from 'zod';
import { listPageSchema, listQuerySchema } from './lists.ts';

/** The spec's three lists, and the soft-deleted workflows that IT staff can restore. */
export const WORKFLOW_LIST_NAMES = ['active', 'archived', 'history', 'deleted'] as const;
export const WorkflowListNameSchema = z.enum(WORKFLOW_LIST_NAMES);
export type WorkflowListName = z.infer<typeof WorkflowListNameSchema>;

/**
 * The workflow table's columns, in display order; each is sortable and filterable. `coordinator`
 * (the booking coordinator) is the experiments flag's extra column: the server always accepts it,
 * the active list shows it only while the flag is on.
 */
export const WORKFLOW_COLUMNS = [
  'urn',
  'category',
  'client',
  'creationTimestamp',
  'referrer',
  'caseManager',
  'speciality',
  'site',
  'appointmentDate',
  'bookings',
  'results',
  'adminCheckNotes',
  'adminCheck',
  'gpReport',
  'coordinator',
] as const;
export type WorkflowColumn = (typeof WORKFLOW_COLUMNS)[number];

/** The active list's filter drop-down (meanings in docs/domain.md). */
export const NAMED_FILTERS = [
  'needFollowUp',
  'twelveWeeksAfterFilter',
  'newFilter',
  'reviewFilter',
  'urgentFilter',
  'triageFilter',
  'unassignedFilter',
] as const;
export const NamedFilterSchema = z.enum(NAMED_FILTERS);
export type NamedFilter = z.infer<typeof NamedFilterSchema>;

export const WorkflowListRequestSchema = listQuerySchema(WORKFLOW_COLUMNS).extend({
  list: WorkflowListNameSchema.default('active'),
  namedFilters: z.array(NamedFilterSchema).max(NAMED_FILTERS.length).default([]),
  /** Selects this one workflow whatever its list and the filters (the screens' ?id=); a deleted one only with list 'deleted'. */
  id: z.string().uuid().optional(),
});
export type WorkflowListRequest = z.input<typeof WorkflowListRequestSchema>;

export const WorkflowRowSchema = z.object({
  id: z.string(),
  urn: z.string().nullable(),
  category: z.string().nullable(),
  client: z.object({
    firstName: z.string(),
    lastName: z.string(),
    dateOfBirth: z.string().nullable(),
  }),
  creationTimestamp: z.string(),
  referrer: z.object({
    name: z.string().nullable(),
    referralEndDate: z.string().nullable(),
  }),
  caseManager: z.string().nullable(),
  speciality: z.string().nullable(),
  site: z.string().nullable(),
  appointment: z.object({
    startDateTime: z.string().nullable(),
    timezone: z.string().nullable(),
    consultationType: z.enum(['NEW', 'REVIEW']).nullable(),
    contOrTbc: z.string().nullable(),
  }),
  bookingStatus: z.string().nullable(),
  resultsStatus: z.string().nullable(),
  adminCheckNotes: z.string().nullable(),
  adminCheckStatus: z.string().nullable(),
  gpReportStatus: z.string().nullable(),
  hasGpReport: z.boolean(),
  /** The booking coordinator's short name (else first and last name); null when unassigned. */
  coordinator: z.string().nullable(),
  list: z.enum(['active', 'archived', 'history', 'deleted']),
  newOrReview: z.enum(['N', 'R']),
  continuation: z.string().nullable(),
  weeksDue: z.number().int().nullable(),
  rowColour: z.enum(['red', 'green', 'yellow']).nullable(),
});
export type WorkflowRow = z.infer<typeof WorkflowRowSchema>;

export const WorkflowListResponseSchema = listPageSchema(WorkflowRowSchema).extend({
  /** True when a filter matched so many rows that `total` is the database's estimate, not a count. */
  totalIsEstimate: z.boolean(),
  /**
   * The rows the pages reach when fewer than the total: a filtered list, or one sorted by more than
   * one column, is paged through its first rows only (decision 0048). Null when every row is reached.
   */
  rowLimit: z.number().int().nullable(),
  /**
   * True when the page could not be read within the server's time budget (decision 0052): `rows`
   * is empty and `total` the database's estimate; the screen says to narrow the filter or sort by
   * one column.
   */
  timedOut: z.boolean(),
});
export type WorkflowListResponse = z.infer<typeof WorkflowListResponseSchema>;
