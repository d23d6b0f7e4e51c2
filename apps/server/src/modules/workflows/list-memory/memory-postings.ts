/** For a text column of one list: the slots of each value, so a filter reads its matches and not the whole list. */
import { addAll, addSlots } from './memory-bits.ts';
import { groupAt } from './memory-order.ts';
import { FREE_SLOT, type MemoryStore, type TextColumn } from './memory-store.ts';

/**
 * A value with at least this many rows per word of a set keeps its rows as a set of bits too
 * (until the list is written): joining a word costs about as much as setting a few rows, and the
 * values this keeps are few (a list of n slots has at most n / (32 x this) of them per column).
 */
export const VALUE_BITS_FROM_ROWS_PER_WORD = 1;

/** Joining or copying this many words costs about as much as setting one row's bit. */
export const WORDS_PER_ROW_SET = 4;

/** Up to this many slots written since a list's postings were made are set apart; more, and the postings are made again. */
const WRITTEN_KEPT = 64;

/** A written slot's code in the postings, not yet looked up. */
const NOT_LOOKED_UP = -2;

/**
 * The list's slots grouped by value code: the slots of code c are slots[starts[c]] to
 * slots[starts[c + 1]], as they were when made. The slots written since are set apart (`written`,
 * with the code they are under in `slots`, -1 for none) and tested as they are now.
 */
class Postings {
  starts = new Int32Array(0);
  slots = new Int32Array(0);
  /** The rows of the values with many rows, as bits, made when first asked for. */
  bits = new Map<number, Uint32Array>();
  written = new Map<number, number>();
  stale = true;
}

/** The codes of a lookup by code, listed; kept while the lookup is (a large dictionary keeps its recent searches). */
const listedCodes = new WeakMap<Uint8Array, Int32Array>();

export function codesIn(found: Uint8Array): Int32Array {
  let codes = listedCodes.get(found);
  if (!codes) {
    let count = 0;
    for (let code = 0; code < found.length; code++) count += found[code] as number;
    codes = new Int32Array(count);
    let at = 0;
    for (let code = 0; code < found.length; code++) if (found[code] === 1) codes[at++] = code;
    listedCodes.set(found, codes);
  }
  return codes;
}

export class MemoryPostings {
  private readonly byColumn = new Map<TextColumn, Postings[]>();

  constructor(
    private readonly store: MemoryStore,
    private readonly listCount: number,
    /** Rows per word from which a value's rows are kept as bits (tests use 0: every value's). */
    private readonly bitsFrom = VALUE_BITS_FROM_ROWS_PER_WORD,
  ) {}

  /**
   * The list's rows with a code in `found`: how many, and their slots set in a set of `words` words
   * (a value with many rows joined as its kept bits), or the slots of the other rows cleared; and
   * what setting them costs, in rows set.
   */
  select(column: TextColumn, list: number, listSlots: Int32Array, found: Uint8Array, words: number) {
    const postings = this.postings(column, list, listSlots);
    const { starts, slots } = postings;
    const written = this.writtenOf(postings);
    const now = this.store.text[column].codes;
    const { list: lists } = this.store;
    const passesNow = (slot: number) => lists[slot] === list && found[now[slot] as number] === 1;
    // Each written slot is counted as it is now, not as the postings hold it.
    const setWritten = (bits: Uint32Array) => {
      for (const slot of written.keys()) {
        if (passesNow(slot)) bits[slot >>> 5] = (bits[slot >>> 5] as number) | (1 << (slot & 31));
        else bits[slot >>> 5] = (bits[slot >>> 5] as number) & ~(1 << (slot & 31));
      }
    };
    const codes = codesIn(found);
    const count = codes.length;
    const many = words * this.bitsFrom;
    const keptAsBits = (size: number) => size > 0 && size >= many;
    let rows = 0;
    let addCost = 0;
    for (let at = 0; at < count; at++) {
      const code = codes[at] as number;
      // A value added to the dictionary since this list's postings were made has no rows in it.
      const size = code + 1 < starts.length ? (starts[code + 1] as number) - (starts[code] as number) : 0;
      rows += size;
      addCost += keptAsBits(size) ? words / WORDS_PER_ROW_SET : size;
    }
    for (const [slot, was] of written)
      rows += (passesNow(slot) ? 1 : 0) - (was >= 0 && found[was] === 1 ? 1 : 0);
    addCost += written.size;
    // The slots of consecutive codes are consecutive: each loop runs over them without a call per code.
    return {
      rows,
      addCost,
      addFound: (bits: Uint32Array) => {
        for (let at = 0; at < count; at++) {
          const code = codes[at] as number;
          if (code + 1 >= starts.length) continue;
          const from = starts[code] as number;
          const end = starts[code + 1] as number;
          if (keptAsBits(end - from)) {
            addAll(bits, this.valueBits(postings, code, bits.length));
            continue;
          }
          for (let place = from; place < end; place++) {
            const slot = slots[place] as number;
            bits[slot >>> 5] = (bits[slot >>> 5] as number) | (1 << (slot & 31));
          }
        }
        setWritten(bits);
      },
      removeOthers: (bits: Uint32Array) => {
        for (let code = 0; code + 1 < starts.length; code++) {
          if (found[code] === 1) continue;
          const end = starts[code + 1] as number;
          for (let place = starts[code] as number; place < end; place++) {
            const slot = slots[place] as number;
            bits[slot >>> 5] = (bits[slot >>> 5] as number) & ~(1 << (slot & 31));
          }
        }
        setWritten(bits);
      },
    };
  }

  /** A value's rows as bits, kept until the list's postings are made again. */
  private valueBits(postings: Postings, code: number, words: number): Uint32Array {
    let bits = postings.bits.get(code);
    if (!bits) {
      bits = new Uint32Array(words);
      addSlots(bits, postings.slots, postings.starts[code] as number, postings.starts[code + 1] as number);
      postings.bits.set(code, bits);
    }
    return bits;
  }

  touched(slot: number, from: number, to: number) {
    for (const lists of this.byColumn.values()) {
      for (const list of from === to ? [from] : [from, to]) {
        const postings = list === FREE_SLOT ? undefined : lists[list];
        if (!postings || postings.stale || postings.written.has(slot)) continue;
        // A slot that joins the list is under no code of its postings.
        if (postings.written.size >= WRITTEN_KEPT) postings.stale = true;
        else postings.written.set(slot, list === from ? NOT_LOOKED_UP : -1);
      }
    }
  }

  /** The slots written since the postings were made, each with the code it is under in them (-1 for none). */
  private writtenOf(postings: Postings): Map<number, number> {
    const { written, starts, slots } = postings;
    for (const [slot, was] of written) {
      if (was !== NOT_LOOKED_UP) continue;
      const at = slots.indexOf(slot);
      let code = -1;
      if (at >= 0) {
        // The code whose slots hold `at`, as a group of an order holds a place.
        code = groupAt(starts, starts.length - 1, at);
      }
      written.set(slot, code);
    }
    return written;
  }

  private postings(column: TextColumn, list: number, listSlots: Int32Array): Postings {
    let lists = this.byColumn.get(column);
    if (!lists) {
      lists = Array.from({ length: this.listCount }, () => new Postings());
      this.byColumn.set(column, lists);
    }
    const postings = lists[list] as Postings;
    if (!postings.stale) return postings;
    const { codes, dictionary } = this.store.text[column];
    const starts = new Int32Array(dictionary.size + 1);
    for (const slot of listSlots) {
      const code = codes[slot] as number;
      starts[code + 1] = (starts[code + 1] as number) + 1;
    }
    for (let code = 1; code < starts.length; code++)
      starts[code] = (starts[code] as number) + (starts[code - 1] as number);
    const next = starts.slice();
    const slots = new Int32Array(listSlots.length);
    for (const slot of listSlots) {
      const code = codes[slot] as number;
      slots[next[code] as number] = slot;
      next[code] = (next[code] as number) + 1;
    }
    postings.starts = starts;
    postings.slots = slots;
    postings.bits.clear();
    postings.written.clear();
    postings.stale = false;
    return postings;
  }
}
