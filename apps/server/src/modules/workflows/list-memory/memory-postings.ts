/** For a text column of one list: the slots of each value, so a filter reads its matches and not the whole list. */
import { addSlots, removeSlots } from './memory-bits.ts';
import { FREE_SLOT, type MemoryStore, type TextColumn } from './memory-store.ts';

/** The list's slots grouped by value code: the slots of code c are slots[starts[c]] to slots[starts[c + 1]]. */
class Postings {
  starts = new Int32Array(0);
  slots = new Int32Array(0);
  stale = true;
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
    const codes = new Int32Array(found.length);
    let count = 0;
    let rows = 0;
    for (let code = 0; code < found.length; code++) {
      if (found[code] !== 1) continue;
      codes[count++] = code;
      rows += (starts[code + 1] ?? 0) - (starts[code] ?? 0);
    }
    return {
      rows,
      addFound: (bits: Uint32Array) => {
        for (let at = 0; at < count; at++) {
          const code = codes[at] as number;
          addSlots(bits, slots, starts[code] ?? 0, starts[code + 1] ?? 0);
        }
      },
      removeOthers: (bits: Uint32Array) => {
        for (let code = 0; code + 1 < starts.length; code++) {
          if (found[code] !== 1) removeSlots(bits, slots, starts[code] as number, starts[code + 1] as number);
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
