/**
 * The lists' orders in memory (decision 0059): each list sorted by each column once (then creation
 * time and id, ascending; read backwards for descending), kept up to date as rows change, and a
 * page found by walking that order or by counting the groups of the sorted columns before it.
 */
import type { WorkflowColumn } from '@telecare/contracts/workflows';
import { addSlots, countShared, hasSlot, keepSharedCounted, slotsOf } from './memory-bits.ts';
import { type CreatedRange, createdRangeOf, type KeptSet } from './memory-kept.ts';
import type { Scratch } from './memory-scratch.ts';
import { sortRange } from './memory-select.ts';
import { FREE_SLOT, type MemoryStore, type TextColumn } from './memory-store.ts';

type Compare = (a: number, b: number) => number;
export type Direction = 'asc' | 'desc';
export type SortedColumnName = WorkflowColumn;
/** Each coordinator code's place in the order of the names the lists show (set per request from the users). */
type CoordinatorRanks = () => Uint32Array<ArrayBufferLike>;

/** The sortable columns held as dictionary codes, and the store's column of each. */
const CODED_SORTS: Partial<Record<SortedColumnName, TextColumn>> = {
  urn: 'urn',
  category: 'category',
  client: 'client',
  referrer: 'referrer',
  caseManager: 'caseManager',
  speciality: 'speciality',
  site: 'site',
  bookings: 'bookingStatus',
  results: 'resultsStatus',
  adminCheckNotes: 'adminCheckNotes',
  adminCheck: 'adminCheckStatus',
};

/** The numbers a numeric sort column orders by (NaN for no value). */
const numbersOf = (store: MemoryStore, column: SortedColumnName): Float64Array | Uint8Array =>
  column === 'creationTimestamp'
    ? store.created
    : column === 'appointmentDate'
      ? store.appointment
      : store.gpKey;

/** Compares two slots by one column, ascending, empty values last (as ORDER BY ... ASC). */
function valueCompare(
  store: MemoryStore,
  column: SortedColumnName,
  coordinatorRanks: CoordinatorRanks,
): Compare {
  // The store's arrays are read on each call: they are replaced when the store grows.
  if (column === 'coordinator') {
    const coded = store.text.coordinator;
    return (a, b) => {
      const ranks = coordinatorRanks();
      return (ranks[coded.codes[a] as number] as number) - (ranks[coded.codes[b] as number] as number);
    };
  }
  const text = CODED_SORTS[column];
  if (text) {
    const coded = store.text[text];
    return (a, b) => {
      const x = coded.codes[a] as number;
      const y = coded.codes[b] as number;
      if (x === y) return 0;
      if (x === 0 || y === 0) return x === 0 ? 1 : -1;
      return coded.dictionary.compare(x, y);
    };
  }
  return (a, b) => {
    const values = numbersOf(store, column);
    const x = values[a] as number;
    const y = values[b] as number;
    if (Number.isNaN(x) || Number.isNaN(y))
      return Number.isNaN(x) === Number.isNaN(y) ? 0 : Number.isNaN(x) ? 1 : -1;
    return x - y;
  };
}

/** Each slot's value of a column, as its groups compare them: equal codes or numbers (NaN, no value, equal to NaN). */
export function valuesOf(store: MemoryStore, column: SortedColumnName): ArrayLike<number> {
  const text = column === 'coordinator' ? 'coordinator' : CODED_SORTS[column];
  return text ? store.text[text].codes : numbersOf(store, column);
}

/** Up to this many slots written since an order was made are moved in it; more are merged into a new one. */
const MOVED_IN_PLACE = 16;

/** The group holding the place: the last whose start is at or before it (of `groups`, each starting at `starts[group]`). */
export function groupAt(starts: Int32Array, groups: number, place: number): number {
  let low = 0;
  let high = groups - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((starts[middle] as number) <= place) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** The array without the value at `at`, in its own buffer. */
function withoutAt(array: Int32Array, at: number): Int32Array {
  array.copyWithin(at, at + 1);
  return array.subarray(0, array.length - 1);
}

/** The array with `value` inserted at `at`: in its own buffer while it has room, else in a larger one. */
function withAt(array: Int32Array, at: number, value: number): Int32Array {
  const length = array.length + 1;
  let grown: Int32Array;
  if (array.byteOffset + length * 4 <= array.buffer.byteLength) {
    grown = new Int32Array(array.buffer, array.byteOffset, length);
    grown.copyWithin(at + 1, at, length - 1);
  } else {
    grown = new Int32Array(length + Math.max(64, length >> 6)).subarray(0, length);
    grown.set(array.subarray(0, at));
    grown.set(array.subarray(at), at + 1);
  }
  grown[at] = value;
  return grown;
}

/** Creation time, then id: the last keys of every order. */
function tieCompare(store: MemoryStore): Compare {
  return (a, b) => {
    const byTime = (store.created[a] as number) - (store.created[b] as number);
    if (byTime !== 0) return byTime;
    return store.ids.compare(a, b);
  };
}

/** Each slot's rank in a column's values, ascending, no value last; and how many ranks there are. */
function ranksOf(
  store: MemoryStore,
  column: SortedColumnName,
  slots: Int32Array,
  coordinatorRanks: CoordinatorRanks,
): (slot: number) => number {
  if (column === 'coordinator') {
    const { codes } = store.text.coordinator;
    const ranks = coordinatorRanks();
    return (slot) => ranks[codes[slot] as number] as number;
  }
  const text = CODED_SORTS[column];
  if (text) {
    const { codes, dictionary } = store.text[text];
    const ranks = dictionary.rankOf();
    return (slot) => ranks[codes[slot] as number] as number;
  }
  const values = numbersOf(store, column);
  const distinct = Float64Array.from(new Set(Array.from(slots, (slot) => values[slot] as number)))
    .filter((value) => !Number.isNaN(value))
    .sort();
  return (slot) => {
    const value = values[slot] as number;
    if (Number.isNaN(value)) return distinct.length;
    let low = 0;
    let high = distinct.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((distinct[middle] as number) < value) low = middle + 1;
      else high = middle;
    }
    return low;
  };
}

/** A column of one list in its order (then creation time and id), and where each slot is in it. */
class SortedList {
  order: Int32Array<ArrayBufferLike> = new Int32Array(0);
  /** Slots written since the order was made, each with whether the order holds it (it was in the list before). */
  readonly pending = new Map<number, boolean>();
  built = false;
  /** Whether the column's places and groups hold this order (placesOf). */
  placed = false;
  /** Whether `groups` and `starts` hold this order's groups (groupsOf): only a sort before the last reads them. */
  grouped = false;
  /** How many distinct values the list has (its groups of equal values). */
  groups = 0;
  /** Where each group starts in the order (and, last, the order's length). */
  starts: Int32Array<ArrayBufferLike> = new Int32Array(1);

  constructor(readonly list: number) {}
}

/** One column sorted in every list: its per-slot place and group (equal values) are shared by the lists. */
export class SortedColumn {
  readonly lists: SortedList[];
  place = new Int32Array(0);
  group = new Int32Array(0);
  private readonly compare: Compare;

  constructor(
    private readonly store: MemoryStore,
    readonly column: SortedColumnName,
    listCount: number,
    /** The creation order, which every other order is a stable sort of; undefined for the creation order itself. */
    private readonly creation: SortedColumn | undefined,
    private readonly coordinatorRanks: CoordinatorRanks,
  ) {
    const value = valueCompare(store, column, coordinatorRanks);
    const ties = tieCompare(store);
    this.compare = (a, b) => value(a, b) || ties(a, b);
    this.lists = Array.from({ length: listCount }, (_, list) => new SortedList(list));
  }

  /** The list's order, brought up to date. */
  orderOf(list: number): Int32Array {
    const sorted = this.lists[list] as SortedList;
    const written = sorted.pending.size;
    if (!sorted.built || written * 20 > sorted.order.length) this.build(sorted);
    else if (written > MOVED_IN_PLACE) this.merge(sorted);
    else if (written > 0) this.move(sorted);
    return sorted.order;
  }

  private fit() {
    const capacity = this.store.capacity;
    if (this.place.length >= capacity) return;
    const place = new Int32Array(capacity);
    place.set(this.place);
    const group = new Int32Array(capacity);
    group.set(this.group);
    this.place = place;
    this.group = group;
  }

  /** The creation order by comparing; any other by counting its values' ranks over the creation order. */
  private build(sorted: SortedList) {
    const { store } = this;
    if (!this.creation) {
      const slots: number[] = [];
      for (let slot = 0; slot < store.size; slot++) if (store.list[slot] === sorted.list) slots.push(slot);
      this.finish(sorted, Int32Array.from(slots).sort(this.compare));
      return;
    }
    const base = this.creation.orderOf(sorted.list);
    const rankOf = ranksOf(store, this.column, base, this.coordinatorRanks);
    let ranks = 0;
    for (const slot of base) ranks = Math.max(ranks, rankOf(slot) + 1);
    const starts = new Int32Array(ranks + 1);
    for (const slot of base) starts[rankOf(slot) + 1] = (starts[rankOf(slot) + 1] as number) + 1;
    for (let rank = 1; rank <= ranks; rank++)
      starts[rank] = (starts[rank] as number) + (starts[rank - 1] as number);
    const order = new Int32Array(base.length);
    for (const slot of base) {
      const rank = rankOf(slot);
      order[starts[rank] as number] = slot;
      starts[rank] = (starts[rank] as number) + 1;
    }
    this.finish(sorted, order);
  }

  /**
   * Moves a few written slots in the order itself: each is taken out where it was and put back
   * where it now sorts, and the starts of the groups after it shift (when the groups are kept).
   * A merge reads the whole order, each place's slot at random (over 10 ms on 700,000 rows).
   */
  private move(sorted: SortedList) {
    const { store } = this;
    const values = valuesOf(store, this.column);
    const same = (a: number, b: number) => {
      const x = values[a] as number;
      const y = values[b] as number;
      return x === y || (Number.isNaN(x) && Number.isNaN(y));
    };
    const { grouped } = sorted;
    let { order, starts, groups } = sorted;
    const shift = (after: number, by: number) => {
      for (let group = after + 1; group <= groups; group++) starts[group] = (starts[group] as number) + by;
    };
    // Taken out from the last place first, so that the places of those still to go stay where the order has them.
    const held = [...sorted.pending].filter(([, inOrder]) => inOrder).map(([slot]) => slot);
    const placeOf = (slot: number) => (sorted.placed ? (this.place[slot] as number) : -1);
    held.sort((a, b) => placeOf(b) - placeOf(a));
    for (const slot of held) {
      const placed = placeOf(slot);
      const at = order[placed] === slot ? placed : order.indexOf(slot);
      if (at < 0) continue;
      order = withoutAt(order, at);
      if (!grouped) continue;
      const group = groupAt(starts, groups, at);
      shift(group, -1);
      if (starts[group] === starts[group + 1]) {
        starts = withoutAt(starts, group);
        groups--;
      }
    }
    for (const slot of sorted.pending.keys()) {
      if (store.list[slot] !== sorted.list) continue;
      let low = 0;
      let high = order.length;
      while (low < high) {
        const middle = (low + high) >> 1;
        if (this.compare(order[middle] as number, slot) < 0) low = middle + 1;
        else high = middle;
      }
      if (grouped) {
        // It joins the group before it or the one after it when of the same value, else starts one.
        if (low > 0 && same(order[low - 1] as number, slot)) shift(groupAt(starts, groups, low - 1), 1);
        else if (low < order.length && same(order[low] as number, slot))
          shift(groupAt(starts, groups, low), 1);
        else {
          const group = low === order.length ? groups : groupAt(starts, groups, low);
          starts = withAt(starts, group, low);
          groups++;
          shift(group, 1);
        }
      }
      order = withAt(order, low, slot);
    }
    sorted.order = order;
    sorted.starts = starts;
    sorted.groups = groups;
    sorted.pending.clear();
    sorted.placed = false;
  }

  /** Takes the written slots out and puts those still in the list back in their places. */
  private merge(sorted: SortedList) {
    const { store } = this;
    const moved = [...sorted.pending.keys()];
    const out = new Uint8Array(store.size);
    for (const slot of moved) out[slot] = 1;
    const staying = new Int32Array(sorted.order.length);
    let count = 0;
    for (let at = 0; at < sorted.order.length; at++) {
      const slot = sorted.order[at] as number;
      if (out[slot] === 0) staying[count++] = slot;
    }
    const kept = staying.subarray(0, count);
    const back = moved.filter((slot) => store.list[slot] === sorted.list).sort(this.compare);
    const order = new Int32Array(kept.length + back.length);
    let from = 0;
    let to = 0;
    for (const slot of back) {
      let low = from;
      let high = kept.length;
      while (low < high) {
        const middle = (low + high) >> 1;
        if (this.compare(kept[middle] as number, slot) < 0) low = middle + 1;
        else high = middle;
      }
      order.set(kept.subarray(from, low), to);
      to += low - from;
      from = low;
      order[to++] = slot;
    }
    order.set(kept.subarray(from), to);
    this.finish(sorted, order);
  }

  private finish(sorted: SortedList, order: Int32Array<ArrayBufferLike>) {
    sorted.order = order;
    sorted.pending.clear();
    sorted.built = true;
    sorted.placed = false;
    sorted.grouped = false;
  }

  /**
   * The list's groups of equal values in its order, and where each starts (found when first asked
   * after the order was made: one pass reading each place's value, at random, about 25 ms on
   * 700,000 rows; a move keeps them).
   */
  groupsOf(list: number): { groups: number; starts: Int32Array } {
    const sorted = this.lists[list] as SortedList;
    const order = this.orderOf(list);
    if (!sorted.grouped) {
      // One pass without a call per row.
      const values = valuesOf(this.store, this.column);
      const starts = new Int32Array(order.length + 1);
      let group = -1;
      let last = Number.NaN;
      for (let place = 0; place < order.length; place++) {
        const value = values[order[place] as number] as number;
        // NaN (no value) is one group, though it differs from itself.
        if (place === 0 || (value !== last && !(Number.isNaN(value) && Number.isNaN(last))))
          starts[++group] = place;
        last = value;
      }
      starts[group + 1] = order.length;
      sorted.starts = starts.slice(0, group + 2);
      sorted.groups = group + 1;
      sorted.grouped = true;
    }
    return { groups: sorted.groups, starts: sorted.starts };
  }

  /**
   * Each slot's place in its list's order and its group, for the slots of `list` (written when
   * first asked after the order changed: a sort of a few rows needs them, a walk does not).
   */
  placesOf(list: number): { place: Int32Array; group: Int32Array } {
    const sorted = this.lists[list] as SortedList;
    const order = this.orderOf(list);
    if (!sorted.placed) {
      const { groups: count, starts } = this.groupsOf(list);
      this.fit();
      const { place: places, group: groups } = this;
      for (let group = 0; group < count; group++) {
        const end = starts[group + 1] as number;
        for (let place = starts[group] as number; place < end; place++) {
          const slot = order[place] as number;
          places[slot] = place;
          groups[slot] = group;
        }
      }
      sorted.placed = true;
    }
    return { place: this.place, group: this.group };
  }

  touched(slot: number, from: number, to: number) {
    for (const list of from === to ? [from] : [from, to]) {
      const pending = list === FREE_SLOT ? undefined : this.lists[list]?.pending;
      // A slot already pending keeps what the order held of it; else the order holds it if it was in the list.
      if (pending && !pending.has(slot)) pending.set(slot, list === from);
    }
  }

  /** Every list's order made again when next read. */
  forget() {
    for (const sorted of this.lists) sorted.built = false;
  }
}

/** Every sortable column's orders; the coordinator's order (by the names of users) is made per request. */
export class MemoryOrders {
  private readonly columns = new Map<WorkflowColumn, SortedColumn>();
  private readonly creation: SortedColumn;
  private coordinatorRanks: Uint32Array<ArrayBufferLike> = new Uint32Array(0);

  constructor(
    private readonly store: MemoryStore,
    private readonly listCount: number,
  ) {
    this.creation = new SortedColumn(
      store,
      'creationTimestamp',
      listCount,
      undefined,
      this.ranksOfCoordinators,
    );
    this.columns.set('creationTimestamp', this.creation);
  }

  private readonly ranksOfCoordinators = () => this.coordinatorRanks;

  /** The coordinators' places in the order of their shown names; the coordinator's orders are made again when they move. */
  setCoordinatorRanks(ranks: Uint32Array) {
    const same =
      ranks.length === this.coordinatorRanks.length &&
      ranks.every((rank, code) => this.coordinatorRanks[code] === rank);
    if (same) return;
    this.coordinatorRanks = ranks;
    this.columns.get('coordinator')?.forget();
  }

  sortedColumn(column: SortedColumnName): SortedColumn {
    let sorted = this.columns.get(column);
    if (!sorted) {
      sorted = new SortedColumn(this.store, column, this.listCount, this.creation, this.ranksOfCoordinators);
      this.columns.set(column, sorted);
    }
    return sorted;
  }

  touched(slot: number, from: number, to: number) {
    for (const sorted of this.columns.values()) sorted.touched(slot, from, to);
  }
}

/**
 * A key that groups the rows of a page's order, in its direction: each slot's group (equal values,
 * equal groups, numbered in the values' order), and the list's order by it with where each group starts.
 */
export type GroupKey = {
  /** Each slot's group (asked only when a few rows are sorted). */
  groupOf: () => Int32Array;
  /** A group's rows as a set, kept (asked only for a group of many rows). */
  rowsOf: (group: number) => { bits: Uint32Array; count: number };
  groups: number;
  direction: Direction;
  order: Int32Array<ArrayBufferLike>;
  starts: Int32Array<ArrayBufferLike>;
};
/**
 * The order within the last group: a column's order (creation time's when the last sort is a group
 * key), and the creation times when it is the creation order.
 */
export type Walk = {
  order: Int32Array;
  place: () => Int32Array;
  direction: Direction;
  created?: Float64Array;
};
/**
 * The rows that match: as bits (the list's own when `whole`, every row of it), and how many; a
 * kept set that holds them all, when there is one; and their slots, ascending, when the join
 * listed them (not to be written).
 */
export type Matches = {
  whole: boolean;
  bits: Uint32Array;
  count: number;
  within?: KeptSet;
  slots?: Int32Array;
};

/** A group's place among the key's groups in its direction (and, the same way back, the group at a place). */
const inKeyOrder = (key: GroupKey, group: number) =>
  key.direction === 'asc' ? group : key.groups - 1 - group;

/** A group with more rows than a set has words is joined as a kept set of its rows, not read row by row. */
const GROUP_SET_FROM_ROWS_PER_WORD = 1;

/** Up to this many rows are sorted (by their groups and places in the walk) rather than found by walking the order. */
export const SORTED_ROWS_LIMIT = 20_000;

/**
 * How a page is found: the arrays it is lent, up to how many rows are sorted (tests lower it to
 * reach the walks), and how far a walk goes before it looks for a shorter way (walkPage).
 */
export type PageWork = { scratch: Scratch; sortedRowsLimit: number; walkedPlacesPerMatch: number };

/**
 * The slots of rows [offset, offset + limit) of the matches in the order: the group keys first,
 * each in its direction, then the walk. The first key's groups are read in its order, counting
 * their matches until the page is reached; each group the page reaches is read in the same way by
 * the remaining keys. A few matches are sorted instead; so are matches bunched in a late group,
 * once counting the groups before it has read as much as selecting the page from every match would.
 */
export function pageOf(
  matches: Matches,
  keys: GroupKey[],
  walk: Walk,
  offset: number,
  limit: number,
  work: PageWork,
): number[] {
  if (offset >= matches.count || limit <= 0) return [];
  const { scratch, sortedRowsLimit } = work;
  if (sortIsCheaper(matches.count, offset + limit, walk, sortedRowsLimit))
    return sortedMatches(matches, keys, walk, offset, limit, scratch);
  if (keys.length === 0) return walkPage(matches, walk, offset, limit, work);
  const [key, ...rest] = keys as [GroupKey, ...GroupKey[]];
  const { bits, whole } = matches;
  const end = offset + limit;
  const page: number[] = [];
  const selectable = selectableAfter(matches, work);
  let read = 0;
  let before = 0;
  for (let n = 0; n < key.groups && before < end; n++) {
    const group = inKeyOrder(key, n);
    const first = key.starts[group] as number;
    const last = key.starts[group + 1] as number;
    // A group before the page is only counted, and only until the page is reached (no array made for it).
    let size = last - first;
    if (!whole) {
      const large = isLarge(size, bits);
      // Groups of many rows, each counted for a few matches bunched in a later one, can cost more than selecting the page.
      if (read + (large ? bits.length * WORD_IN_PLACES : size) > selectable)
        return sortedMatches(matches, keys, walk, offset, limit, scratch);
      if (large) {
        size = countShared(bits, key.rowsOf(group).bits);
        read += bits.length * WORD_IN_PLACES;
      } else {
        size = 0;
        let at = first;
        for (; at < last && before + size < end; at++) size += hasSlot(bits, key.order[at] as number);
        read += at - first;
      }
    }
    // A group with no matches, before the page or within it, lends and reads nothing more.
    if (size === 0 || before + size <= offset) {
      before += size;
      continue;
    }
    const members = key.order.subarray(first, last);
    const from = Math.max(0, offset - before);
    // What the group lends is taken back once its rows are on the page.
    const mark = scratch.mark();
    const within = isLarge(members.length, bits)
      ? largeGroupMatches(matches, key.rowsOf(group), scratch)
      : groupMatches(matches, members, end - before, walk, work);
    const wanted = Math.min(within.count, end - before) - from;
    const rows =
      'few' in within
        ? sortedPage(within.few, rest, walk, from, wanted, scratch)
        : pageOf(within.many, rest, walk, from, wanted, work);
    for (const slot of rows) page.push(slot);
    before += within.count;
    scratch.releaseTo(mark);
  }
  return page;
}

/** Counting the matches of a group's set costs about this many places of a walk per word. */
const WORD_IN_PLACES = 2;

/** A step of sorting a row costs about this many steps of walking an order. */
const SORT_STEP_IN_WALK_STEPS = 2;

/**
 * Whether `count` rows are sooner sorted than found by walking the order to the `end`-th of them
 * (the rows taken as spread evenly over the order, and a walk never longer than the order).
 */
function sortIsCheaper(count: number, end: number, walk: Walk, sortedRowsLimit: number) {
  if (count > sortedRowsLimit) return false;
  const places = walk.order.length;
  const walked = Math.min(places, (end * places) / Math.max(1, count));
  return count * Math.log2(count + 1) * SORT_STEP_IN_WALK_STEPS <= walked;
}

/** Whether a group of `size` rows is joined as a set rather than read row by row. */
const isLarge = (size: number, bits: Uint32Array) => size > bits.length * GROUP_SET_FROM_ROWS_PER_WORD;

/** The matches among a large group's rows, joined with its kept set. */
function largeGroupMatches(
  { bits, whole }: Matches,
  rows: { bits: Uint32Array; count: number },
  scratch: Scratch,
): { count: number; many: Matches } {
  const within = scratch.copyOf(rows.bits);
  const count = whole ? rows.count : keepSharedCounted(within, bits);
  return { count, many: { whole: false, bits: within, count } };
}

/** The matches among a group's members, of which the page needs the first `end`: their slots when sooner sorted, else as bits. */
function groupMatches(
  matches: Matches,
  members: Int32Array,
  end: number,
  walk: Walk,
  { scratch, sortedRowsLimit }: PageWork,
): { count: number; few: Int32Array } | { count: number; many: Matches } {
  const { bits, whole } = matches;
  if (members.length <= sortedRowsLimit) {
    const few = whole ? members : matchingMembers(bits, members, scratch);
    if (sortIsCheaper(few.length, end, walk, sortedRowsLimit)) return { count: few.length, few };
    const within = scratch.words(bits.length);
    addSlots(within, few);
    return { count: few.length, many: { whole: false, bits: within, count: few.length } };
  }
  const within = scratch.words(bits.length);
  let count = 0;
  for (let at = 0; at < members.length; at++) {
    const slot = members[at] as number;
    if (whole || hasSlot(bits, slot) === 1) {
      within[slot >>> 5] = (within[slot >>> 5] as number) | (1 << (slot & 31));
      count++;
    }
  }
  return { count, many: { whole: false, bits: within, count } };
}

/** The members whose bits are set, in their order. */
function matchingMembers(bits: Uint32Array, members: Int32Array, scratch: Scratch): Int32Array {
  const kept = scratch.slots(members.length);
  let count = 0;
  for (let at = 0; at < members.length; at++) {
    const slot = members[at] as number;
    if (hasSlot(bits, slot) === 1) kept[count++] = slot;
  }
  return kept.subarray(0, count);
}

/** Rows [offset, offset + limit) of every match, sorted (sortedPage) rather than walked. */
function sortedMatches(
  matches: Matches,
  keys: GroupKey[],
  walk: Walk,
  offset: number,
  limit: number,
  scratch: Scratch,
): number[] {
  const slots = matches.slots ?? slotsOf(matches.bits, matches.count, scratch.slots(matches.count));
  return sortedPage(slots, keys, walk, offset, limit, scratch);
}

/**
 * Rows [offset, offset + limit) of a few slots in the order. With one key at most, each slot is a
 * number (its group, then its place in the walk, each in its direction) and the page's numbers are
 * selected; with more, the page is selected by the first key and each of its groups by the rest.
 */
function sortedPage(
  slots: Int32Array,
  keys: GroupKey[],
  walk: Walk,
  offset: number,
  limit: number,
  scratch: Scratch,
): number[] {
  if (keys.length > 1) return groupedPage(slots, keys, walk, offset, limit, scratch);
  const places = walk.order.length;
  const ascending = walk.direction === 'asc';
  const [key] = keys;
  const placeOf = walk.place();
  const groupOf = key?.groupOf();
  const numbers = scratch.numbers(slots.length);
  for (let at = 0; at < slots.length; at++) {
    const slot = slots[at] as number;
    const place = placeOf[slot] as number;
    const group = key && groupOf ? inKeyOrder(key, groupOf[slot] as number) : 0;
    numbers[at] = group * places + (ascending ? place : places - 1 - place);
  }
  const end = Math.min(slots.length, offset + limit);
  sortRange(numbers, offset, end);
  const page: number[] = [];
  for (let at = offset; at < end; at++) {
    const place = (numbers[at] as number) % places;
    page.push(walk.order[ascending ? place : places - 1 - place] as number);
  }
  return page;
}

/**
 * Rows [offset, offset + limit) of the slots sorted by two keys or more: each slot numbered by
 * its group of the first key (in its direction) then its index, the page's numbers selected, and
 * each group they reach ordered by the other keys (sortedPage), the first and last groups with
 * their members off the page too.
 */
function groupedPage(
  slots: Int32Array,
  [key, ...rest]: GroupKey[],
  walk: Walk,
  offset: number,
  limit: number,
  scratch: Scratch,
): number[] {
  const count = slots.length;
  const end = Math.min(count, offset + limit);
  if (!key || offset >= end) return [];
  const groupOf = key.groupOf();
  const ranked = (slot: number) => inKeyOrder(key, groupOf[slot] as number);
  const numbers = scratch.numbers(count);
  for (let at = 0; at < count; at++) numbers[at] = ranked(slots[at] as number) * count + at;
  sortRange(numbers, offset, end);
  const rankAt = (at: number) => Math.floor((numbers[at] as number) / count);
  const page: number[] = [];
  let at = offset;
  while (at < end) {
    const rank = rankAt(at);
    let next = at;
    while (next < end && rankAt(next) === rank) next++;
    const { members, before } =
      at === offset || next === end
        ? membersRanked(slots, ranked, rank, scratch)
        : { members: slotsAt(numbers, at, next, count, slots, scratch), before: at };
    const rows = sortedPage(members, rest, walk, at - before, next - at, scratch);
    for (const slot of rows) page.push(slot);
    at = next;
  }
  return page;
}

/** The slots of one group (ranked as the page orders groups), and how many slots rank before it. */
function membersRanked(
  slots: Int32Array,
  ranked: (slot: number) => number,
  rank: number,
  scratch: Scratch,
): { members: Int32Array; before: number } {
  const members = scratch.slots(slots.length);
  let size = 0;
  let before = 0;
  for (let at = 0; at < slots.length; at++) {
    const slot = slots[at] as number;
    const its = ranked(slot);
    if (its === rank) members[size++] = slot;
    else if (its < rank) before++;
  }
  return { members: members.subarray(0, size), before };
}

/** The slots numbered at [from, to) (each number's index into `slots` being its remainder by `count`). */
function slotsAt(
  numbers: Float64Array,
  from: number,
  to: number,
  count: number,
  slots: Int32Array,
  scratch: Scratch,
): Int32Array {
  const taken = scratch.slots(to - from);
  for (let at = from; at < to; at++) taken[at - from] = slots[(numbers[at] as number) % count] as number;
  return taken;
}

/**
 * A walk passes up to this many places per matching row (and one per word of the set) before it
 * looks for a shorter way: matches bunched far down the order (a month, walked from the newest;
 * the clients of a few case managers, walked by case manager) would be walked past every row
 * before them. A walk of the creation order then reads the creation times of the matches, to walk
 * only the places between them: read once per kept set, each at random (about 30 ns a row, where a
 * place of the walk costs about 2.5 ns). A walk that reaches its page sooner reads none.
 */
export const WALKED_PLACES_PER_MATCH = 4;
/**
 * ...and a walk that has gone this many times as far again selects its page from every match
 * instead (sortedPage): a match costs a selection about 16 places of a walk, its place read at random.
 */
const SELECTED_AFTER_WALKS = 4;

/** How many places a walk, or words and rows a count of groups, reads before it selects the page from every match instead. */
const selectableAfter = ({ bits, count }: Matches, { walkedPlacesPerMatch }: PageWork) =>
  bits.length + count * walkedPlacesPerMatch * SELECTED_AFTER_WALKS;

/** What a walk of the order for a page reads. */
type Walking = {
  bits: Uint32Array;
  order: Int32Array;
  forwards: boolean;
  /** Matches passed before the page's first. */
  skip: number;
  count: number;
};

/**
 * Rows [offset, offset + limit) of the matches in the walk's order, walked from the nearer end.
 * When it is the creation order and the matches are of a kept set, the walk keeps to the set's
 * creation times once it knows them, and learns them once it has gone far. A walk that goes too
 * far all the same is given up for a selection.
 */
function walkPage(matches: Matches, walk: Walk, offset: number, limit: number, work: PageWork): number[] {
  const { order, created } = walk;
  const total = matches.count;
  const count = Math.max(0, Math.min(limit, total - offset));
  if (count === 0) return [];
  const fromEnd = offset * 2 > total;
  // Forwards is the walk's direction; from the far end, the rows after the page are skipped instead.
  const forwards = (walk.direction === 'asc') !== fromEnd;
  const skip = fromEnd ? total - offset - count : offset;
  if (matches.whole) {
    // Every row of the list matches: the page is where it is in the order.
    const start = forwards ? skip : order.length - skip - count;
    const page = Array.from(order.subarray(start, start + count));
    return forwards === !fromEnd ? page : page.reverse();
  }
  const walking = { bits: matches.bits, order, forwards, skip, count };
  const everyPlace: [number, number] = [0, order.length];
  const walkable = matches.bits.length + total * work.walkedPlacesPerMatch;
  const selectable = selectableAfter(matches, work);
  const { within } = matches;
  let page: number[] | undefined;
  if (!created || !within) page = walkWithin(walking, everyPlace, selectable);
  else if (within.created)
    page = walkWithin(walking, placesWithin(order, created, within.created), selectable);
  else {
    page =
      walkWithin(walking, everyPlace, walkable) ??
      walkWithin(walking, placesWithin(order, created, createdRangeOf(within, created)), selectable);
  }
  if (!page) return sortedMatches(matches, [], walk, offset, limit, work.scratch);
  return fromEnd ? page.reverse() : page;
}

/**
 * The page's matches among places [from, to) of the order, in the walk's direction; undefined once
 * it has walked `walkable` places without finding them.
 */
function walkWithin(
  { bits, order, forwards, skip, count }: Walking,
  [from, to]: [number, number],
  walkable: number,
): number[] | undefined {
  const page: number[] = [];
  let seen = 0;
  for (let i = 0; i < to - from && page.length < count; i++) {
    if (i === walkable) return undefined;
    const slot = order[forwards ? from + i : to - 1 - i] as number;
    if (hasSlot(bits, slot) !== 1) continue;
    if (seen++ >= skip) page.push(slot);
  }
  return page;
}

/** The places of the creation order whose times lie within the range. */
function placesWithin(
  order: Int32Array,
  created: Float64Array,
  { min, max }: CreatedRange,
): [number, number] {
  return [
    firstPlace(order, (slot) => (created[slot] as number) >= min),
    firstPlace(order, (slot) => (created[slot] as number) > max),
  ];
}

/** The first place of the order whose slot passes `reached` (which, once true, stays true along the order). */
export function firstPlace(order: Int32Array, reached: (slot: number) => boolean): number {
  let low = 0;
  let high = order.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (reached(order[middle] as number)) high = middle;
    else low = middle + 1;
  }
  return low;
}
