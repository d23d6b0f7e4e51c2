/** The list rows in memory, column by column, one slot per workflow (decision 0059). */
import { WORKFLOW_LIST_NAMES, type WorkflowListName } from '@telecare/contracts/workflows';
import { grownTo } from './memory-arrays.ts';
import { Dictionary } from './memory-dictionary.ts';
import { MemoryIds } from './memory-ids.ts';
import type { MemoryRow } from './memory-rows.ts';

/** The slot of a removed workflow, free for the next one. */
export const FREE_SLOT = 255;

export const listCodeOf = (name: WorkflowListName) => WORKFLOW_LIST_NAMES.indexOf(name);

const SURROGATE = /[\ud800-\udfff]/;

/**
 * Text in code point order, as the database's C-like collation orders it (decision 0059): JavaScript
 * compares UTF-16 units, which differs only where a character outside the basic plane is involved.
 */
export function compareText(a: string, b: string): number {
  if (a === b) return 0;
  if (SURROGATE.test(a) || SURROGATE.test(b)) {
    const x = [...a].map((c) => c.codePointAt(0) ?? 0);
    const y = [...b].map((c) => c.codePointAt(0) ?? 0);
    for (let i = 0; i < Math.min(x.length, y.length); i++)
      if (x[i] !== y[i]) return (x[i] ?? 0) - (y[i] ?? 0);
    return x.length - y.length;
  }
  return a < b ? -1 : 1;
}

/** 'YYYY-MM-DD' as the number YYYYMMDD; 0 for none. */
export const dayNumber = (day: string | null | undefined) => (day ? Number(day.replaceAll('-', '')) : 0);
/** 'DD/MM/YYYY HH:mm' as the number YYYYMMDD. */
const shownDayNumber = (shown: string | null) =>
  shown ? Number(shown.slice(6, 10) + shown.slice(3, 5) + shown.slice(0, 2)) : 0;
/** 'YYYY-MM-DD' shown as 'DD/MM/YYYY'. */
export const shownDate = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/** The store's text columns: each slot holds the code of its value in the column's dictionary. */
export const TEXT_COLUMNS = [
  'createdShown',
  'urn',
  'category',
  'client',
  'born',
  'referrer',
  'referralEnd',
  'caseManager',
  'speciality',
  'site',
  'appointmentShown',
  'continuation',
  'bookingStatus',
  'coordinator',
  'resultsStatus',
  'adminCheckStatus',
  'adminCheckNotes',
  'gpReportStatus',
  'smsReply',
] as const;
export type TextColumn = (typeof TEXT_COLUMNS)[number];

/** Each text column's value in a row. */
const TEXT_OF: Record<TextColumn, (row: MemoryRow) => string | null> = {
  createdShown: (row) => row.created_shown,
  urn: (row) => row.urn,
  category: (row) => row.category,
  client: (row) => row.client_full_name,
  born: (row) => row.born,
  referrer: (row) => row.referrer_name,
  referralEnd: (row) => row.referral_end,
  caseManager: (row) => row.case_manager_name,
  speciality: (row) => row.speciality_name,
  site: (row) => row.site_name,
  appointmentShown: (row) => row.appointment_shown,
  continuation: (row) => row.continuation,
  bookingStatus: (row) => row.booking_status,
  coordinator: (row) => row.coordinator,
  resultsStatus: (row) => row.results_status,
  adminCheckStatus: (row) => row.admin_check_status,
  adminCheckNotes: (row) => row.admin_check_notes,
  gpReportStatus: (row) => row.gp_report_status,
  smsReply: (row) => row.sms_reply,
};

/** Texts a list row shows and no filter or order reads (decision 0072). */
export const SHOWN_TEXT_COLUMNS = [
  'clientFirstName',
  'appointmentTimezone',
  'contOrTbc',
  'lastActivity',
] as const;
export type ShownTextColumn = (typeof SHOWN_TEXT_COLUMNS)[number];

const SHOWN_TEXT_OF: Record<ShownTextColumn, (row: MemoryRow) => string | null> = {
  clientFirstName: (row) => row.client_first_name,
  appointmentTimezone: (row) => row.appointment_timezone,
  contOrTbc: (row) => row.cont_or_tbc,
  lastActivity: (row) => row.last_activity_name,
};

export type CodedColumn = { codes: Uint32Array; dictionary: Dictionary };

const codedColumns = <C extends string>(columns: readonly C[]) =>
  Object.fromEntries(
    columns.map((column) => [column, { codes: new Uint32Array(0), dictionary: new Dictionary() }]),
  ) as Record<C, CodedColumn>;

export class MemoryStore {
  capacity = 0;
  /** Slots in use or free; a slot's index never changes while its workflow stays. */
  size = 0;
  readonly ids = new MemoryIds();
  private readonly freeSlots: number[] = [];
  list = new Uint8Array(0);
  /** Microseconds since 1970. */
  created = new Float64Array(0);
  /** The local day of creation, YYYYMMDD. */
  createdDay = new Int32Array(0);
  hasAppointment = new Uint8Array(0);
  /** Microseconds; NaN when there is no appointment time. */
  appointment = new Float64Array(0);
  appointmentDay = new Int32Array(0);
  isNew = new Uint8Array(0);
  bookingUrgent = new Uint8Array(0);
  triage = new Uint8Array(0);
  resultsUrgent = new Uint8Array(0);
  adminCheckUrgent = new Uint8Array(0);
  gpKey = new Uint8Array(0);
  readonly text = codedColumns(TEXT_COLUMNS);
  /** Shown only: a write that changes nothing else leaves the orders and sets as they were. */
  archived = new Uint8Array(0);
  /** Microseconds; NaN when the booking status was never set. */
  statusUpdated = new Float64Array(0);
  /** NaN for none. */
  weeksToAppointment = new Float64Array(0);
  readonly shownText = codedColumns(SHOWN_TEXT_COLUMNS);

  /**
   * Called with every slot written or freed whose filtered or sorted values changed, and the
   * lists it left and joined (FREE_SLOT for none).
   */
  onTouched: (slot: number, from: number, to: number) => void = () => undefined;

  put(row: MemoryRow) {
    const held = this.ids.slotOf(row.id);
    const from = held === undefined ? FREE_SLOT : (this.list[held] as number);
    const slot = held ?? this.freeSlots.pop() ?? this.newSlot();
    if (held === undefined) this.ids.add(row.id, slot);
    this.putShown(slot, row);
    const to = listCodeOf(row.list_name as WorkflowListName);
    let changed = from === FREE_SLOT;
    const set = (array: Uint8Array | Uint32Array | Int32Array | Float64Array, value: number) => {
      if (!Object.is(array[slot], value)) {
        array[slot] = value;
        changed = true;
      }
    };
    set(this.list, to < 0 ? FREE_SLOT : to);
    set(this.created, Number(row.created));
    set(this.createdDay, shownDayNumber(row.created_shown));
    set(this.hasAppointment, row.has_appointment ? 1 : 0);
    set(this.appointment, row.appointment === null ? Number.NaN : Number(row.appointment));
    set(this.appointmentDay, shownDayNumber(row.appointment_shown));
    set(this.isNew, row.is_new_appointment ? 1 : 0);
    set(this.bookingUrgent, row.booking_urgent ? 1 : 0);
    set(this.triage, row.triage ? 1 : 0);
    set(this.resultsUrgent, row.results_urgent ? 1 : 0);
    set(this.adminCheckUrgent, row.admin_check_urgent ? 1 : 0);
    set(this.gpKey, Number(row.gp_report_key));
    for (const column of TEXT_COLUMNS) {
      const coded = this.text[column];
      set(coded.codes, coded.dictionary.code(TEXT_OF[column](row)));
    }
    if (changed) this.onTouched(slot, from, this.list[slot] as number);
  }

  private putShown(slot: number, row: MemoryRow) {
    this.archived[slot] = row.archived ? 1 : 0;
    this.statusUpdated[slot] = row.status_updated === null ? Number.NaN : Number(row.status_updated);
    this.weeksToAppointment[slot] = row.weeks_to_appointment ?? Number.NaN;
    for (const column of SHOWN_TEXT_COLUMNS) {
      const coded = this.shownText[column];
      coded.codes[slot] = coded.dictionary.code(SHOWN_TEXT_OF[column](row));
    }
  }

  remove(id: string) {
    const slot = this.ids.delete(id);
    if (slot === undefined) return;
    const from = this.list[slot] as number;
    this.list[slot] = FREE_SLOT;
    this.freeSlots.push(slot);
    this.onTouched(slot, from, FREE_SLOT);
  }

  private newSlot() {
    if (this.size === this.capacity) this.grow(Math.max(1024, this.capacity * 2));
    return this.size++;
  }

  private grow(capacity: number) {
    const grown = <T extends Uint8Array | Uint32Array | Int32Array | Float64Array>(array: T) =>
      grownTo(array, capacity);
    this.list = grown(this.list);
    this.created = grown(this.created);
    this.createdDay = grown(this.createdDay);
    this.hasAppointment = grown(this.hasAppointment);
    this.appointment = grown(this.appointment);
    this.appointmentDay = grown(this.appointmentDay);
    this.isNew = grown(this.isNew);
    this.bookingUrgent = grown(this.bookingUrgent);
    this.triage = grown(this.triage);
    this.resultsUrgent = grown(this.resultsUrgent);
    this.adminCheckUrgent = grown(this.adminCheckUrgent);
    this.gpKey = grown(this.gpKey);
    this.archived = grown(this.archived);
    this.statusUpdated = grown(this.statusUpdated);
    this.weeksToAppointment = grown(this.weeksToAppointment);
    this.ids.grow(capacity);
    for (const coded of [...Object.values(this.text), ...Object.values(this.shownText)])
      coded.codes = grown(coded.codes);
    this.capacity = capacity;
  }
}
