/** A workflow record as the lists show it (the shared row of the list, history and detail answers). */
import type { WorkflowRow } from '@telecare/contracts/workflows';
import { type WorkflowListName as DomainListName, workflowListOf } from '@telecare/domain/booking-status';
import { continuationLabel, newOrReview, rowColour, weeksDue } from '@telecare/domain/workflow-rules';
import type { WorkflowRecordWithNames } from './workflows.queries.ts';

/** The columns a list row is made from, as a workflow record has them: a list page reads only these (selectPageRows). */
export type WorkflowRecordRowSource = Pick<
  WorkflowRecordWithNames,
  | 'id'
  | 'listName'
  | 'archived'
  | 'urn'
  | 'category'
  | 'clientFirstName'
  | 'clientLastName'
  | 'clientDateOfBirth'
  | 'creationTimestamp'
  | 'referrerName'
  | 'referralEndDate'
  | 'caseManagerName'
  | 'specialityName'
  | 'siteName'
  | 'appointmentStart'
  | 'appointmentTimezone'
  | 'isNewAppointment'
  | 'contOrTbc'
  | 'bookingStatus'
  | 'bookingStatusUpdatedAt'
  | 'weeksToAppointment'
  | 'resultsStatus'
  | 'adminCheckNotes'
  | 'adminCheckStatus'
  | 'gpReportStatus'
  | 'gpReportDocumentId'
  | 'coordinatorName'
  | 'lastActivityName'
>;

/** A list row as the lists' index in memory holds it (decision 0072): whether there is a GP report, not its document. */
export type MemoryRowSource = Omit<WorkflowRecordRowSource, 'gpReportDocumentId'> & { hasGpReport: boolean };

export type WorkflowRowSource = WorkflowRecordRowSource | MemoryRowSource;

export function toWorkflowRow(w: WorkflowRowSource, now: Date): WorkflowRow {
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
    hasGpReport: 'hasGpReport' in w ? w.hasGpReport : Boolean(w.gpReportDocumentId),
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
