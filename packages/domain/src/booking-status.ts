/** appointment_t.status: the Bookings column. Values and labels from the spec (section 4). */
export const BOOKING_STATUS_LABELS = {
  NS: 'Not Started',
  adminAudit: 'Audit',
  awaitingBooking: 'To Book',
  booked: 'Booked',
  discharged: 'Discharged',
  expiredReferral: 'Expired',
  ftaRebook: 'FTA-rebook',
  remove: 'Removed',
  nrfc: 'NRFC',
  relocated: 'Relocated',
  ftaRemoved: 'FTA Removed',
  checkOut: 'Check Out',
  fta: 'FTA',
  f2fTransfer: 'F2F Transfer',
} as const;
export type BookingStatus = keyof typeof BOOKING_STATUS_LABELS;
export const BOOKING_STATUSES = Object.keys(BOOKING_STATUS_LABELS) as BookingStatus[];

/** AA §4 "Booking status colour tags: success, warning, danger, other" (the assignment: roadmap K). */
export type BookingStatusTag = 'success' | 'warning' | 'danger' | 'other';
export const BOOKING_STATUS_TAGS: Record<BookingStatus, BookingStatusTag> = {
  booked: 'success',
  checkOut: 'success',
  NS: 'warning',
  adminAudit: 'warning',
  awaitingBooking: 'warning',
  ftaRebook: 'warning',
  nrfc: 'warning',
  expiredReferral: 'danger',
  fta: 'danger',
  ftaRemoved: 'danger',
  remove: 'danger',
  discharged: 'other',
  relocated: 'other',
  f2fTransfer: 'other',
};

/** The tag of a stored status; 'other' for an unknown one. */
export function bookingStatusTag(status: string): BookingStatusTag {
  return (BOOKING_STATUS_TAGS as Record<string, BookingStatusTag>)[status] ?? 'other';
}

export const ACTIVE_BOOKING_STATUSES: readonly BookingStatus[] = [
  'adminAudit',
  'awaitingBooking',
  'expiredReferral',
  'ftaRebook',
  'nrfc',
  'booked',
  'NS',
];
export const FINAL_BOOKING_STATUSES: readonly BookingStatus[] = [
  'ftaRemoved',
  'remove',
  'relocated',
  'discharged',
  'f2fTransfer',
];
export const CHECK_OUT_BOOKING_STATUSES: readonly BookingStatus[] = ['checkOut', 'fta'];

/**
 * A workflow whose booking status is outside the active set belongs to the history list,
 * unless it has been archived. Saving a task into the archivable set archives it.
 */
export const HISTORY_BOOKING_STATUSES: readonly BookingStatus[] = [
  ...FINAL_BOOKING_STATUSES,
  ...CHECK_OUT_BOOKING_STATUSES,
];
export const ARCHIVABLE_BOOKING_STATUSES: readonly BookingStatus[] = FINAL_BOOKING_STATUSES;

export type WorkflowListName = 'active' | 'archived' | 'history';

export function workflowListOf(workflow: {
  archived: boolean;
  bookingStatus: string | null;
}): WorkflowListName {
  if (workflow.archived) return 'archived';
  if (
    workflow.bookingStatus &&
    (HISTORY_BOOKING_STATUSES as readonly string[]).includes(workflow.bookingStatus)
  )
    return 'history';
  return 'active';
}

export const TASK_STATUS_LABELS = { NS: 'Not Started', PD: 'Pending', CP: 'Completed' } as const;
export type TaskStatus = keyof typeof TASK_STATUS_LABELS;
export const GP_REPORT_STATUS_LABELS = { NC: 'Not Completed', QR: 'Query', CP: 'Completed' } as const;
export type GpReportStatus = keyof typeof GP_REPORT_STATUS_LABELS;

export const CATEGORIES = ['1', '2', '3', 'RC'] as const;
export type Category = (typeof CATEGORIES)[number];
