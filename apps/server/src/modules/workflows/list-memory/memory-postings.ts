/** For a text column of one list: the slots of each value, so a filter reads its matches and not the whole list. */
import { FREE_SLOT, type MemoryStore, type TextColumn } from './memory-store.ts';

/** The list's slots grouped by value code: the slots of code c are slots[starts[c]] to slots[starts[c + 1]]. */
class Postings {
  starts = new Int32Array(0);
  slots = new Int32Array(0);
  stale = true;
}

/** The codes of a lookup by code, listed; kept while the lookup is (a large dictionary keeps its recent searches). */
const listedCodes = new WeakMap<Uint8Array, Int32Array>();

function codesIn(found: Uint8Array): Int32Array {
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
  ) {}

  /**
   * The list's rows with a code in `found`: how many, and their slots set in a set of bits (or the
   * slots of the other rows cleared, when they are fewer).
   */
  select(column: TextColumn, list: number, listSlots: Int32Array, found: Uint8Array) {
    const { starts, slots } = this.postings(column, list, listSlots);
    const codes = codesIn(found);
    const count = codes.length;
    let rows = 0;
    for (let at = 0; at < count; at++) {
      const code = codes[at] as number;
      rows += (starts[code + 1] ?? 0) - (starts[code] ?? 0);
    }
    // The slots of consecutive codes are consecutive: each loop runs over them without a call per code.
    return {
      rows,
      addFound: (bits: Uint32Array) => {
        for (let at = 0; at < count; at++) {
          const code = codes[at] as number;
          const end = starts[code + 1] ?? 0;
          for (let place = starts[code] ?? 0; place < end; place++) {
            const slot = slots[place] as number;
            bits[slot >>> 5] = (bits[slot >>> 5] as number) | (1 << (slot & 31));
          }
        }
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
      },
    };
  }

  touched(_slot: number, from: number, to: number) {
    for (const lists of this.byColumn.values()) {
      for (const list of [from, to]) {
        const postings = list === FREE_SLOT ? undefined : lists[list];
        if (postings) postings.stale = true;
      }
    }
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
    const starts = new Int32Array(dictionary.values.length + 1);
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
    postings.stale = false;
    return postings;
  }
}
