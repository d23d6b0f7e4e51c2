/**
 * A page's rows as the lists' index in memory holds them (decision 0072): what the list shows, made
 * and written as the answer's JSON on the index's thread, so a page's rows are read from no
 * database and cross to the server's thread as one text.
 */
import { WORKFLOW_LIST_NAMES, type WorkflowListName, WorkflowRowSchema } from '@telecare/contracts/workflows';
import { z } from 'zod';
import { compiledSerializer } from '../../../plugins/compiled-serializer.ts';
import { type MemoryRowSource, toWorkflowRow } from '../workflow-row.presenter.ts';
import type { CodedColumn, MemoryStore } from './memory-store.ts';

const valueAt = (column: CodedColumn, slot: number) =>
  column.dictionary.shownValueOf(column.codes[slot] as number);

/** Microseconds as the Date the database path reads (whole milliseconds, as date_trunc leaves them). */
const instantOf = (microseconds: number) =>
  Number.isNaN(microseconds) ? null : new Date(Math.floor(microseconds / 1000));

/** The rows of the slots, their coordinators named by `names` (the staff read with the changes, by id). */
export function shownRows(
  store: MemoryStore,
  slots: readonly number[],
  names: ReadonlyMap<string, string | null>,
): MemoryRowSource[] {
  const { text, shownText } = store;
  const rows: MemoryRowSource[] = [];
  for (const slot of slots) {
    const coordinator = valueAt(text.coordinator, slot);
    const firstName = valueAt(shownText.clientFirstName, slot) ?? '';
    const fullName = valueAt(text.client, slot) ?? '';
    const weeks = store.weeksToAppointment[slot] as number;
    rows.push({
      id: store.ids.idOf(slot),
      listName: WORKFLOW_LIST_NAMES[store.list[slot] as number] as WorkflowListName,
      archived: store.archived[slot] === 1,
      urn: valueAt(text.urn, slot),
      category: valueAt(text.category, slot),
      clientFirstName: firstName,
      // The full name is the first, a space and the last (a generated column).
      clientLastName: fullName.slice(firstName.length + 1),
      clientDateOfBirth: valueAt(text.born, slot),
      creationTimestamp: instantOf(store.created[slot] as number) as Date,
      referrerName: valueAt(text.referrer, slot),
      referralEndDate: valueAt(text.referralEnd, slot),
      caseManagerName: valueAt(text.caseManager, slot),
      specialityName: valueAt(text.speciality, slot),
      siteName: valueAt(text.site, slot),
      appointmentStart: instantOf(store.appointment[slot] as number),
      appointmentTimezone: valueAt(shownText.appointmentTimezone, slot),
      isNewAppointment: store.isNew[slot] === 1,
      contOrTbc: valueAt(shownText.contOrTbc, slot),
      bookingStatus: valueAt(text.bookingStatus, slot) as MemoryRowSource['bookingStatus'],
      bookingStatusUpdatedAt: instantOf(store.statusUpdated[slot] as number),
      weeksToAppointment: Number.isNaN(weeks) ? null : weeks,
      resultsStatus: valueAt(text.resultsStatus, slot) as MemoryRowSource['resultsStatus'],
      adminCheckNotes: valueAt(text.adminCheckNotes, slot),
      adminCheckStatus: valueAt(text.adminCheckStatus, slot) as MemoryRowSource['adminCheckStatus'],
      gpReportStatus: valueAt(text.gpReportStatus, slot) as MemoryRowSource['gpReportStatus'],
      // The GP report's order key is 4 and over when a report is held (GP_REPORT_SORT_KEY).
      hasGpReport: (store.gpKey[slot] as number) >= 4,
      coordinatorName: coordinator === null ? null : (names.get(coordinator) ?? null),
      lastActivityName: valueAt(shownText.lastActivity, slot),
    });
  }
  return rows;
}

const writeRows = compiledSerializer({ schema: z.array(WorkflowRowSchema) });

/** The page's rows as the list answers them, in JSON. */
export function writtenRows(
  store: MemoryStore,
  slots: readonly number[],
  names: ReadonlyMap<string, string | null>,
  now: Date,
): string {
  return writeRows(shownRows(store, slots, names).map((row) => toWorkflowRow(row, now)));
}
