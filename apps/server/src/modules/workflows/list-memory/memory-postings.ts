/** For a text column of one list: the slots of each value, so a filter reads its matches and not the whole list. */
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

  /** How many of the list's rows have a code in `found`, and the slots that do. */
  of(column: TextColumn, list: number, listSlots: Int32Array) {
    const postings = this.postings(column, list, listSlots);
    return {
      count: (found: Uint8Array) => {
        let total = 0;
        for (let code = 0; code < found.length; code++) {
          if (found[code] === 1) total += (postings.starts[code + 1] ?? 0) - (postings.starts[code] ?? 0);
        }
        return total;
      },
      addSlots: (found: Uint8Array, into: (slot: number) => void) => {
        for (let code = 0; code < found.length; code++) {
          if (found[code] !== 1) continue;
          const end = postings.starts[code + 1] ?? 0;
          for (let at = postings.starts[code] ?? 0; at < end; at++) into(postings.slots[at] as number);
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
