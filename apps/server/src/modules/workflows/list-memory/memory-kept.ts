/**
 * The rows of a list that pass a filter's test, kept as bits with their count once a request has
 * asked for them (decision 0063). Staff ask for the same filters again and again, and at a million
 * rows making a test's set reads rows at random all over the list: a kept set is joined in one pass
 * over its words. Each slot written is tested again in every kept set of the lists it left and
 * joined, so a kept set is always of the rows as they are now.
 */
import { slotsOf } from './memory-bits.ts';
import { type SlotTest, testKey } from './memory-filters.ts';
import { FREE_SLOT } from './memory-store.ts';

/** Up to this many sets are kept (the least recently asked for go first)... */
const KEPT_SETS = 512;
/** ...and up to this many bytes of them. */
const KEPT_BYTES = 64 * 2 ** 20;

export type KeptSet = {
  list: number;
  /** The test the set was made by (a creation time's is the set's own, as its time moves). */
  test: SlotTest;
  bits: Uint32Array;
  count: number;
  /** Whether a slot of the list passes the test, as the store is now. */
  passes: (slot: number) => boolean;
  /**
   * Its rows as slots, ascending, once a join has asked for them (membersOf): made only of a set
   * with no more rows than words, and dropped when a row joins or leaves it.
   */
  members?: Int32Array;
  /** The creation times its rows lie within: made when a walk first asks (createdRangeOf), then widened as rows join. */
  created?: CreatedRange;
};

export type CreatedRange = { min: number; max: number };

/** The bytes a kept set holds. */
const bytesOf = (set: KeptSet) => set.bits.byteLength + (set.members?.byteLength ?? 0);

export class KeptSets {
  /** By list and test key, the least recently asked for first. */
  private readonly sets = new Map<string, KeptSet>();
  private bytes = 0;

  /** The list's set of the test named `key`, when kept and of sets of `words` words. */
  get(list: number, key: string, words: number): KeptSet | undefined {
    const name = `${list} ${key}`;
    const kept = this.sets.get(name);
    if (!kept) return undefined;
    this.drop(name, kept);
    // A set made before the store grew is made again.
    if (kept.bits.length !== words) return undefined;
    this.sets.set(name, kept);
    this.bytes += bytesOf(kept);
    return kept;
  }

  keep(key: string, set: KeptSet) {
    const name = `${set.list} ${key}`;
    const was = this.sets.get(name);
    if (was) this.drop(name, was);
    this.sets.set(name, set);
    this.bytes += bytesOf(set);
    this.trim();
  }

  /**
   * The rows of a kept set as slots, ascending, made once and kept with it until one of its rows
   * changes: a join of a few rows probes the other sets for each of them,
   * where a pass over every word of each set costs about as much as probing a row per word.
   */
  membersOf(set: KeptSet): Int32Array {
    if (set.members) return set.members;
    const members = slotsOf(set.bits, set.count);
    set.members = members;
    if (this.holds(set)) {
      this.bytes += members.byteLength;
      this.trim();
    }
    return members;
  }

  /**
   * A slot was written or freed: its bit is set anew in each set of the lists it left and joined
   * (`listOf`, its list now; `created`, its creation time now). Sets not of `words` words are
   * dropped, whatever their list: they were made before the store grew, and their tests read the
   * store's old arrays.
   */
  touched(slot: number, from: number, to: number, listOf: number, words: number, created: number) {
    if (this.sets.size === 0) return;
    const word = slot >>> 5;
    const bit = 1 << (slot & 31);
    for (const [name, kept] of this.sets) {
      if (kept.bits.length !== words) {
        this.drop(name, kept);
        continue;
      }
      if (kept.list !== from && kept.list !== to) continue;
      const was = ((kept.bits[word] as number) & bit) !== 0;
      const is = listOf === kept.list && listOf !== FREE_SLOT && kept.passes(slot);
      if (is && kept.created) widen(kept.created, created);
      if (was === is) continue;
      kept.bits[word] = (kept.bits[word] as number) ^ bit;
      kept.count += is ? 1 : -1;
      this.rowsChanged(kept);
    }
  }

  /** Rows joined or left a kept set: its members are made again when next asked for. */
  rowsChanged(set: KeptSet) {
    if (!set.members) return;
    if (this.holds(set)) this.bytes -= set.members.byteLength;
    set.members = undefined;
  }

  /** Whether the set is the one kept under its name, so that its bytes are counted. */
  private holds(set: KeptSet) {
    return this.sets.get(`${set.list} ${testKey(set.test)}`) === set;
  }

  /** Drops the least recently asked for until the sets are within both bounds. */
  private trim() {
    for (const [oldest, kept] of this.sets) {
      if (this.sets.size <= KEPT_SETS && this.bytes <= KEPT_BYTES) break;
      this.drop(oldest, kept);
    }
  }

  private drop(name: string, kept: KeptSet) {
    this.sets.delete(name);
    this.bytes -= bytesOf(kept);
  }
}

/** The creation times the set's rows lie within, read from its rows once and kept with it. */
export function createdRangeOf(set: KeptSet, created: Float64Array): CreatedRange {
  if (set.created) return set.created;
  const range = { min: Number.POSITIVE_INFINITY, max: Number.NEGATIVE_INFINITY };
  const { bits } = set;
  for (let word = 0; word < bits.length; word++) {
    let v = bits[word] as number;
    while (v !== 0) {
      const lowest = v & -v;
      widen(range, created[(word << 5) | (31 - Math.clz32(lowest))] as number);
      v ^= lowest;
    }
  }
  set.created = range;
  return range;
}

function widen(range: CreatedRange, time: number) {
  if (time < range.min) range.min = time;
  if (time > range.max) range.max = time;
}
