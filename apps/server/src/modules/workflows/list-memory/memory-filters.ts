/**
 * The list filters in memory, meaning what the SQL of workflow-filters.ts means: a column's
 * filter matches the rows whose cell shows the text (case-insensitive), a date typed whole a range.
 */
import type { NamedFilter, WorkflowColumn } from '@telecare/contracts/workflows';
import {
  BOOKING_STATUS_LABELS,
  CATEGORIES,
  GP_REPORT_STATUS_LABELS,
  TASK_STATUS_LABELS,
} from '@telecare/domain/booking-status';
import { dateFilterRange, INDEFINITE_END_DATE, INDEFINITELY_VALID } from '@telecare/domain/workflow-rules';
import { agesShowing, DATE_TEXT, NEW_OR_REVIEW } from '../filter-texts.ts';
import { type Dictionary, LOOKUPS_NAMED_FROM } from './memory-dictionary.ts';
import { codesIn } from './memory-postings.ts';
import { dayNumber, type MemoryStore, shownDate, type TextColumn } from './memory-store.ts';

/** A test of one slot's value code in a text column: passes for the codes in `found` (a lookup by code). */
export type CodedTest = { kind: 'coded'; column: TextColumn; codes: Uint32Array; found: Uint8Array };
/**
 * A test of the slots of a list, as data so that it is run as a set of slots: a coded test, a flag
 * (0 or 1) equal to `want`, a creation time at most `max`, a local day of a time column (YYYYMMDD)
 * in [from, to), a sorted column's value (a group of its order: `members`, the slots that have it
 * now), any or all of other tests, or no slot at all.
 */
export type SlotTest =
  | CodedTest
  | { kind: 'flag'; flags: Uint8Array; want: number }
  | { kind: 'equal'; column: WorkflowColumn; values: ArrayLike<number>; value: number; members: Int32Array }
  | { kind: 'createdAtMost'; max: number }
  | { kind: 'day'; column: TimeColumn; days: Int32Array; from: number; to: number }
  | { kind: 'any'; tests: SlotTest[] }
  | { kind: 'all'; tests: SlotTest[] }
  | { kind: 'none' };

/** What a request's filters need besides the rows: read from the database with the request. */
/** The staff, each with the name the lists show and their full name (readChangesSince). */
export type Staff = { id: string; shown: string | null; full: string | null }[];

/** What a request's filters read besides the rows; the staff are the index's own (MemoryIndex.nameStaff). */
export type RequestContext = Omit<FilterContext, 'staff'>;

export type FilterContext = {
  /** Today in the display time zone, YYYY-MM-DD. */
  today: string;
  /** Twelve weeks before now, in microseconds, as the database counts them. */
  twelveWeeksAgo: number;
  /** The staff, with the name the lists show and their full name. */
  staff: Staff;
};

/** Numbers that name arrays by identity within a key. */
const arrayNumbers = new WeakMap<Uint8Array, number>();
let arraysNumbered = 0;

function arrayNumber(array: Uint8Array): number {
  let number = arrayNumbers.get(array);
  if (number === undefined) {
    number = ++arraysNumbered;
    arrayNumbers.set(array, number);
  }
  return number;
}

/**
 * A lookup by code, named: a small dictionary's by the codes it lists, a large one's by identity
 * (its dictionary keeps its searches, so a search asked again is the same lookup).
 */
function foundKey(found: Uint8Array): string {
  return found.length >= LOOKUPS_NAMED_FROM ? `#${arrayNumber(found)}` : codesIn(found).join(',');
}

/**
 * What a test passes, as a key: two tests with the same key pass the same slots, as the store is
 * now and after any write. A creation time at most any time is one key (its time is kept apart);
 * none for a test no slot passes.
 */
export const testKey = (test: SlotTest): string | undefined =>
  test.kind === 'createdAtMost' ? 'createdAtMost' : partKey(test);

/** A test's key where its time is not kept apart: none for a creation time at most a time. */
function partKey(test: SlotTest): string | undefined {
  switch (test.kind) {
    case 'coded':
      return `${test.column} ${foundKey(test.found)}`;
    case 'flag':
      return `flag #${arrayNumber(test.flags)} ${test.want}`;
    case 'day':
      return `${test.column} ${test.from}-${test.to}`;
    case 'equal':
      return `${test.column} = ${test.value}`;
    case 'any':
    case 'all': {
      const parts = test.tests.map(partKey);
      return parts.includes(undefined) ? undefined : `${test.kind}(${parts.join('; ')})`;
    }
    case 'createdAtMost':
    case 'none':
      return undefined;
  }
}

/** The test no row passes. */
export const never: SlotTest = { kind: 'none' };

/** The coded tests whose union a test is (a coded test alone, or any of coded tests); undefined for other tests. */
export function codedParts(test: SlotTest): CodedTest[] | undefined {
  if (test.kind === 'coded') return [test];
  if (test.kind !== 'any') return undefined;
  const parts = test.tests.map(codedParts);
  return parts.every((part) => part !== undefined) ? parts.flat() : undefined;
}

/** The test of a text column's codes in `found`; one that no row passes when none is. */
const coded = (store: MemoryStore, column: TextColumn, found: Uint8Array): SlotTest =>
  found.includes(1) ? { kind: 'coded', column, codes: store.text[column].codes, found } : never;

const flag = (flags: Uint8Array, want: boolean): SlotTest => ({ kind: 'flag', flags, want: want ? 1 : 0 });

const containing = (store: MemoryStore, column: TextColumn, needle: string) =>
  coded(store, column, store.text[column].dictionary.containing(needle));

/** The dictionary codes whose value is one of `values`. */
const codesOf = (dictionary: Dictionary, values: Set<string>) =>
  dictionary.matching((value) => values.has(value));

/** The codes whose code or label contains the text, as `coded` in workflow-filters.ts. */
function labelled(store: MemoryStore, column: TextColumn, labels: Record<string, string>, value: string) {
  const needle = value.toLowerCase();
  const matching = Object.entries(labels)
    .filter(([code, label]) => code.toLowerCase().includes(needle) || label.toLowerCase().includes(needle))
    .map(([code]) => code);
  return coded(store, column, codesOf(store.text[column].dictionary, new Set(matching)));
}

/** A day range as YYYYMMDD numbers: [from, to). */
const rangeOf = (range: { from: string; to: string }) =>
  [dayNumber(range.from), dayNumber(range.to)] as const;

/** The columns of a time, whose local days are in the order of their times. */
export type TimeColumn = 'creationTimestamp' | 'appointmentDate';

/** A time column: a whole day, month or year a range of local days, other text a substring of the shown time. */
function timeTest(store: MemoryStore, column: TimeColumn, value: string): SlotTest {
  const [days, shown]: [Int32Array, TextColumn] =
    column === 'creationTimestamp'
      ? [store.createdDay, 'createdShown']
      : [store.appointmentDay, 'appointmentShown'];
  const range = dateFilterRange(value);
  if (!range) return containing(store, shown, value.toLowerCase());
  const [from, to] = rangeOf(range);
  return { kind: 'day', column, days, from, to };
}

/** Which dates of a column shown as DD/MM/YYYY (`shown` the whole text) match: a range, a substring, or no condition. */
function calendarDateMatch(
  value: string,
  shown: (date: string) => string,
): ((date: string) => boolean) | undefined {
  const range = dateFilterRange(value);
  if (range) return (date) => date >= range.from && date < range.to;
  if (!DATE_TEXT.test(value)) return undefined;
  const needle = value.toLowerCase();
  return (date) => shown(date).toLowerCase().includes(needle);
}

const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** `day - n years` as the database counts it: 29 February becomes 28 February in a common year. */
export function yearsBefore(day: string, years: number): string {
  const year = Number(day.slice(0, 4)) - years;
  const monthDay = day.slice(5) === '02-29' && !isLeapYear(year) ? '02-28' : day.slice(5);
  return `${String(year).padStart(4, '0')}-${monthDay}`;
}

/** Whole years from `from` to `to` (both YYYY-MM-DD), negative when `to` is earlier: date_part('year', age(to, from)). */
export function wholeYears(from: string, to: string): number {
  if (to < from) return -wholeYears(to, from);
  const years = Number(to.slice(0, 4)) - Number(from.slice(0, 4));
  return to.slice(5) < from.slice(5) ? years - 1 : years;
}

/** Passes when any of the tests passes. */
function either(...tests: (SlotTest | undefined)[]): SlotTest {
  const [only, ...more] = tests.filter((test): test is SlotTest => test !== undefined && test !== never);
  if (!only) return never;
  return more.length === 0 ? only : { kind: 'any', tests: [only, ...more] };
}

function columnTest(
  store: MemoryStore,
  column: WorkflowColumn,
  value: string,
  context: FilterContext,
): SlotTest {
  const needle = value.toLowerCase();
  switch (column) {
    case 'urn':
      return containing(store, 'urn', needle);
    case 'adminCheckNotes':
      return containing(store, 'adminCheckNotes', needle);
    case 'category':
      return labelled(store, 'category', Object.fromEntries(CATEGORIES.map((c) => [c, c])), value);
    case 'bookings':
      return labelled(store, 'bookingStatus', BOOKING_STATUS_LABELS, value);
    case 'results':
      return labelled(store, 'resultsStatus', TASK_STATUS_LABELS, value);
    case 'adminCheck':
      return labelled(store, 'adminCheckStatus', TASK_STATUS_LABELS, value);
    case 'gpReport':
      return labelled(store, 'gpReportStatus', GP_REPORT_STATUS_LABELS, value);
    case 'caseManager':
      return containing(store, 'caseManager', needle);
    case 'speciality':
      return containing(store, 'speciality', needle);
    case 'site':
      return containing(store, 'site', needle);
    case 'creationTimestamp':
      return timeTest(store, 'creationTimestamp', value);
    case 'client':
      return either(containing(store, 'client', needle), bornTest(store, value, context.today));
    case 'referrer':
      return referrerTest(store, value);
    case 'appointmentDate':
      return appointmentTest(store, value);
    case 'coordinator': {
      const ids = new Set(
        context.staff
          .filter(
            (user) => user.shown?.toLowerCase().includes(needle) || user.full?.toLowerCase().includes(needle),
          )
          .map((user) => user.id),
      );
      return coded(store, 'coordinator', codesOf(store.text.coordinator.dictionary, ids));
    }
  }
}

/** The date of birth and age shown under the client's name: 'DD/MM/YYYY (67)'. */
function bornTest(store: MemoryStore, value: string, today: string): SlotTest | undefined {
  const born = store.text.born.dictionary;
  const ages = agesShowing(value);
  if (ages) {
    const ranges = ages.map(([youngest, oldest]) => [
      yearsBefore(today, oldest + 1),
      yearsBefore(today, youngest),
    ]);
    return coded(
      store,
      'born',
      born.searching(`ages ${value} ${today}`, (date) =>
        ranges.some(([after = '', upTo = '']) => date > after && date <= upTo),
      ),
    );
  }
  const match = calendarDateMatch(value, (date) => `${shownDate(date)} (${wholeYears(date, today)})`);
  return match && coded(store, 'born', born.searching(`shown ${value} ${today}`, match));
}

/** The referrer's name, or the referral's end date shown under it ('Indefinitely Valid' for 1900-01-01). */
function referrerTest(store: MemoryStore, value: string): SlotTest {
  const needle = value.toLowerCase();
  const indefinite = INDEFINITELY_VALID.toLowerCase().includes(needle);
  const endDate = calendarDateMatch(value, shownDate);
  const endMatches = (date: string) =>
    date === INDEFINITE_END_DATE ? indefinite : (endDate?.(date) ?? false);
  return either(
    containing(store, 'referrer', needle),
    coded(store, 'referralEnd', store.text.referralEnd.dictionary.searching(`shown ${value}`, endMatches)),
  );
}

/** The appointment's time, N or R, and the continuation label; a whole day, month or year the time only. */
function appointmentTest(store: MemoryStore, value: string): SlotTest {
  const time = timeTest(store, 'appointmentDate', value);
  if (dateFilterRange(value)) return time;
  const isNew = NEW_OR_REVIEW[value.toUpperCase()];
  return either(
    DATE_TEXT.test(value) ? time : undefined,
    isNew === undefined ? undefined : flag(store.isNew, isNew),
    containing(store, 'continuation', value.toLowerCase()),
  );
}

function namedTest(store: MemoryStore, name: NamedFilter, context: FilterContext): SlotTest {
  switch (name) {
    case 'needFollowUp':
      return coded(store, 'smsReply', codesOf(store.text.smsReply.dictionary, new Set(['noResponse', 'no'])));
    case 'twelveWeeksAfterFilter':
      return { kind: 'createdAtMost', max: context.twelveWeeksAgo };
    case 'newFilter':
      return { kind: 'all', tests: [flag(store.isNew, true), flag(store.hasAppointment, false)] };
    case 'reviewFilter':
      return flag(store.isNew, false);
    case 'urgentFilter':
      return {
        kind: 'any',
        tests: [
          flag(store.bookingUrgent, true),
          flag(store.resultsUrgent, true),
          flag(store.adminCheckUrgent, true),
        ],
      };
    case 'triageFilter':
      return flag(store.triage, true);
    case 'unassignedFilter':
      return coded(
        store,
        'coordinator',
        new Uint8Array(store.text.coordinator.dictionary.size).fill(1, 0, 1),
      );
  }
}

/** Every filter and named filter of a request as slot tests. */
export function filterTests(
  store: MemoryStore,
  filters: Partial<Record<WorkflowColumn, string>>,
  namedFilters: NamedFilter[],
  context: FilterContext,
): SlotTest[] {
  const tests: SlotTest[] = namedFilters.map((name) => namedTest(store, name, context));
  for (const [column, value] of Object.entries(filters) as [WorkflowColumn, string | undefined][]) {
    if (value) tests.push(columnTest(store, column, value, context));
  }
  return tests;
}
