/**
 * The rows of a list that pass a request's filters, as a set of bits (decision 0060): each test
 * is made a set from what is already sorted or grouped (a flag's bits, a value's rows, a range of
 * a time's order), kept for the requests after (decision 0063), and the sets are joined word by word.
 */
import {
  addAll,
  addSlots,
  bitsOfBytes,
  countOf,
  keepShared,
  keepSharedCounted,
  removeAll,
  removeSlots,
  sharedCounted,
  sharedMembers,
  wordCount,
  wordsFor,
} from './memory-bits.ts';
import { type SlotTest, testKey } from './memory-filters.ts';
import { type KeptSet, KeptSets } from './memory-kept.ts';
import { firstPlace, type Matches, type MemoryOrders } from './memory-order.ts';
import { type MemoryPostings, WORDS_PER_ROW_SET } from './memory-postings.ts';
import type { Scratch } from './memory-scratch.ts';
import { FREE_SLOT, type MemoryStore } from './memory-store.ts';

/**
 * A set with no more rows than half its words is joined row by row, and its rows are the matches'
 * slots as listed (sharedMembers): at a million rows a probe costs about 3-8 ns and a word of a
 * join about 3 ns, and the rows listed spare a selection the pass that lists them. With up to a
 * row per word, a few joins of about 30,000 rows were a third slower.
 */
const FEW_ROWS_PER_WORD = 2;

/** A list's slots, in slot order and as bits. */
type ListSet = { slots: Int32Array; bits: Uint32Array };

export class MemoryMatches {
  private readonly lists: (ListSet | undefined)[] = [];
  private readonly flags = new Map<Uint8Array, Uint32Array>();
  private readonly kept = new KeptSets();

  constructor(
    private readonly store: MemoryStore,
    private readonly orders: MemoryOrders,
    private readonly postings: MemoryPostings,
    /** Lends the sets a request makes (matchesOf's are taken back at the index's next request). */
    private readonly scratch: Scratch,
  ) {}

  /**
   * A slot was written or freed: the sets of the lists it left and joined are made again (a slot
   * written in its own list leaves them as they are), and its bit in each flag's and kept set is set anew.
   */
  touched(slot: number, from: number, to: number) {
    const words = wordCount(this.store.capacity);
    this.kept.touched(
      slot,
      from,
      to,
      this.store.list[slot] as number,
      words,
      this.store.created[slot] as number,
    );
    if (from !== to) {
      for (const list of [from, to]) if (list !== FREE_SLOT) this.lists[list] = undefined;
    }
    for (const [flags, ones] of this.flags) {
      // A set made before the store grew is of its old flags: made again, of the new ones, when next asked.
      if (ones.length !== words) this.flags.delete(flags);
      else if (flags[slot] === 1) ones[slot >>> 5] = (ones[slot >>> 5] as number) | (1 << (slot & 31));
      else ones[slot >>> 5] = (ones[slot >>> 5] as number) & ~(1 << (slot & 31));
    }
  }

  /** Every row of the list. */
  whole(list: number): Matches {
    const { bits, slots } = this.listSet(list);
    return { whole: true, bits, count: slots.length };
  }

  /** The rows of the list that pass every test: the kept sets of the tests joined, the fewest rows first. */
  matchesOf(list: number, tests: SlotTest[]): Matches {
    if (tests.length === 0) return this.whole(list);
    const words = this.listSet(list).bits.length;
    if (tests.some((test) => test.kind === 'none'))
      return { whole: false, bits: this.scratch.words(words), count: 0 };
    const [fewest, ...more] = tests
      .map((test) => this.keptSet(list, test, words))
      .sort((a, b) => a.count - b.count) as [KeptSet, ...KeptSet[]];
    const [second, third, ...rest] = more;
    const few = fewest.count * FEW_ROWS_PER_WORD <= words;
    // One set, or none of its rows to join: its copy is the matches.
    if (!second || fewest.count === 0) {
      const slots = few ? this.kept.membersOf(fewest) : undefined;
      return {
        whole: false,
        bits: this.scratch.copyOf(fewest.bits),
        count: fewest.count,
        within: fewest,
        slots,
      };
    }
    const bits = this.scratch.words(words);
    if (few) {
      // Each of a few rows is probed in the other sets, and no set is passed over word by word.
      const members = this.kept.membersOf(fewest);
      const slots = this.scratch.slots(members.length);
      const count = sharedMembers(
        bits,
        slots,
        members,
        more.map((set) => set.bits),
      );
      return { whole: false, bits, count, within: fewest, slots: slots.subarray(0, count) };
    }
    let count = sharedCounted(bits, fewest.bits, second.bits, third?.bits);
    for (const set of rest) if (count > 0) count = keepSharedCounted(bits, set.bits);
    return { whole: false, bits, count, within: fewest };
  }

  /** The rows of a group of one of the list's orders, as kept. */
  groupRows(list: number, group: Extract<SlotTest, { kind: 'equal' }>): KeptSet {
    return this.keptSet(list, group, this.listSet(list).bits.length);
  }

  /** The list's rows that pass the test, as kept; made and kept when not. */
  private keptSet(list: number, test: SlotTest, words: number): KeptSet {
    const key = testKey(test);
    const kept = key === undefined ? undefined : this.kept.get(list, key, words);
    if (kept) {
      if (test.kind === 'createdAtMost') this.moveCreatedAtMost(kept, test.max);
      return kept;
    }
    const bits = this.bitsOf(list, test).slice();
    // A creation time's set keeps a test of its own, whose time moves with the requests; a group's
    // keeps no members (a view of an order that a merge replaces).
    const own =
      test.kind === 'createdAtMost'
        ? { ...test }
        : test.kind === 'equal'
          ? { ...test, members: new Int32Array(0) }
          : test;
    const made = { list, test: own, bits, count: countOf(bits), passes: this.slotTest(own) };
    // A test without a key (none is made so today) is made for this request only.
    if (key !== undefined) this.kept.keep(key, made);
    return made;
  }

  /** A kept set of the rows created at most a time, moved to another time: the rows between are set or cleared. */
  private moveCreatedAtMost(kept: KeptSet, max: number) {
    const test = kept.test as Extract<SlotTest, { kind: 'createdAtMost' }>;
    if (test.max === max) return;
    // Rows are added and removed here without being touched: its creation range is read again when asked.
    kept.created = undefined;
    const order = this.orders.sortedColumn('creationTimestamp').orderOf(kept.list);
    const { created } = this.store;
    const was = firstPlace(order, (slot) => (created[slot] as number) > test.max);
    const now = firstPlace(order, (slot) => (created[slot] as number) > max);
    if (now > was) addSlots(kept.bits, order, was, now);
    else removeSlots(kept.bits, order, now, was);
    kept.count += now - was;
    this.kept.rowsChanged(kept);
    test.max = max;
  }

  /** The test of one slot. */
  private slotTest(test: SlotTest): (slot: number) => boolean {
    const { store } = this;
    switch (test.kind) {
      case 'none':
        return () => false;
      case 'flag': {
        const { flags, want } = test;
        return (slot) => flags[slot] === want;
      }
      case 'coded': {
        const { codes } = store.text[test.column];
        const { found } = test;
        return (slot) => found[codes[slot] as number] === 1;
      }
      case 'createdAtMost': {
        const { created } = store;
        return (slot) => (created[slot] as number) <= test.max;
      }
      case 'equal': {
        const { values, value } = test;
        // NaN (no value) is one group, though it differs from itself.
        return Number.isNaN(value)
          ? (slot) => Number.isNaN(values[slot] as number)
          : (slot) => values[slot] === value;
      }
      case 'day': {
        const { days, from, to } = test;
        return (slot) => {
          const day = days[slot] as number;
          return day !== 0 && day >= from && day < to;
        };
      }
      case 'any': {
        const parts = test.tests.map((part) => this.slotTest(part));
        return (slot) => {
          for (const passes of parts) if (passes(slot)) return true;
          return false;
        };
      }
      case 'all': {
        const parts = test.tests.map((part) => this.slotTest(part));
        return (slot) => {
          for (const passes of parts) if (!passes(slot)) return false;
          return true;
        };
      }
    }
  }

  private listSet(list: number): ListSet {
    const { store } = this;
    const kept = this.lists[list];
    // A list's set is made again once the store has grown, so that every set a request joins is of its words.
    if (kept && kept.bits.length === wordCount(store.capacity)) return kept;
    let count = 0;
    for (let slot = 0; slot < store.size; slot++) if (store.list[slot] === list) count++;
    const slots = new Int32Array(count);
    let at = 0;
    for (let slot = 0; slot < store.size; slot++) if (store.list[slot] === list) slots[at++] = slot;
    const bits = wordsFor(store.capacity);
    addSlots(bits, slots);
    const made = { slots, bits };
    this.lists[list] = made;
    return made;
  }

  /** The slots of the list that pass one test, as a new set of bits. */
  private bitsOf(list: number, test: SlotTest): Uint32Array {
    const { bits: listBits, slots: listSlots } = this.listSet(list);
    switch (test.kind) {
      case 'none':
        return this.scratch.words(listBits.length);
      case 'flag': {
        const bits = this.scratch.copyOf(listBits);
        keepShared(bits, this.flagBits(test.flags, test.want));
        return bits;
      }
      case 'coded': {
        const found = this.postings.select(test.column, list, listSlots, test.found, listBits.length);
        // Either the found rows are set, or the list is copied and the other rows cleared.
        if (found.addCost <= listSlots.length - found.rows + listBits.length / WORDS_PER_ROW_SET) {
          const bits = this.scratch.words(listBits.length);
          found.addFound(bits);
          return bits;
        }
        const bits = this.scratch.copyOf(listBits);
        found.removeOthers(bits);
        return bits;
      }
      case 'createdAtMost':
      case 'day': {
        const [order, from, to] = this.orderRangeOf(list, test);
        return this.orderRange(listBits, order, from, to);
      }
      case 'equal': {
        const bits = this.scratch.words(listBits.length);
        addSlots(bits, test.members);
        return bits;
      }
      case 'any': {
        const [first, ...rest] = test.tests.map((part) => this.bitsOf(list, part));
        const bits = first ?? this.scratch.words(listBits.length);
        for (const part of rest) addAll(bits, part);
        return bits;
      }
      case 'all': {
        const bits = this.scratch.copyOf(listBits);
        for (const part of test.tests) keepShared(bits, this.bitsOf(list, part));
        return bits;
      }
    }
  }

  /** The places [from, to) of the list's order by a time that hold the rows passing a test of that time. */
  private orderRangeOf(
    list: number,
    test: Extract<SlotTest, { kind: 'createdAtMost' | 'day' }>,
  ): [Int32Array, number, number] {
    if (test.kind === 'createdAtMost') {
      const order = this.orders.sortedColumn('creationTimestamp').orderOf(list);
      const { created } = this.store;
      return [order, 0, firstPlace(order, (slot) => (created[slot] as number) > test.max)];
    }
    const order = this.orders.sortedColumn(test.column).orderOf(list);
    const { days } = test;
    // Days follow their times' order; no day (0) is last, as no time is.
    const dayAt = (slot: number) => (days[slot] as number) || Number.POSITIVE_INFINITY;
    return [
      order,
      firstPlace(order, (slot) => dayAt(slot) >= test.from),
      firstPlace(order, (slot) => dayAt(slot) >= test.to),
    ];
  }

  /** The slots at places [from, to) of a list's order, set by the shorter way: those slots, or the list without the others. */
  private orderRange(listBits: Uint32Array, order: Int32Array, from: number, to: number): Uint32Array {
    if ((to - from) * 2 <= order.length) {
      const bits = this.scratch.words(listBits.length);
      addSlots(bits, order, from, to);
      return bits;
    }
    const bits = this.scratch.copyOf(listBits);
    removeSlots(bits, order, 0, from);
    removeSlots(bits, order, to, order.length);
    return bits;
  }

  /** The slots whose flag is `want`, as bits (kept until a slot is written). */
  private flagBits(flags: Uint8Array, want: number): Uint32Array {
    let ones = this.flags.get(flags);
    if (!ones) {
      ones = bitsOfBytes(flags, 1, this.store.size);
      this.flags.set(flags, ones);
    }
    if (want === 1) return ones;
    const zeros = this.scratch.words(ones.length).fill(0xffffffff);
    removeAll(zeros, ones);
    return zeros;
  }
}
