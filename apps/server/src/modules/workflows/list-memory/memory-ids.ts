/**
 * The workflows' ids by slot, and the slot of each id (decision 0064). An id is kept as four 32-bit
 * words and found through a table of slots: as a million strings and a Map, they were most of what
 * V8 marks at every full collection of the index's thread.
 */
import { grownTo } from './memory-arrays.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Each byte's two hexadecimal digits: an id's text is made of 16 of them, 6 times faster than of each word's toString(16). */
const BYTE_DIGITS = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));
/** The digits of a word's last two bytes, and of all four. */
const digits2 = (word: number) => (BYTE_DIGITS[(word >>> 8) & 255] as string) + BYTE_DIGITS[word & 255];
const digits4 = (word: number) => digits2(word >>> 16) + digits2(word);

export class MemoryIds {
  /** Four words per slot, in the order of the id's text. */
  private words = new Uint32Array(0);
  /** Open addressing with linear probing: a slot plus one, 0 for an empty place. */
  private table = new Int32Array(16);
  private count = 0;
  /** The words of the id last read (`read`). */
  private readonly sought = new Uint32Array(4);

  /** Room for `capacity` slots. */
  grow(capacity: number) {
    this.words = grownTo(this.words, capacity * 4);
  }

  slotOf(id: string): number | undefined {
    this.read(id);
    const at = this.placeOfSought();
    const held = this.table[at] as number;
    return held === 0 ? undefined : held - 1;
  }

  /** Gives `id`, which has no slot, the slot `slot`. */
  add(id: string, slot: number) {
    if ((this.count + 1) * 2 > this.table.length) this.rehash(this.table.length * 2);
    this.read(id);
    this.words.set(this.sought, slot * 4);
    this.table[this.placeOfSought()] = slot + 1;
    this.count++;
  }

  /** Forgets `id`: the slot it had, which keeps its words until given to another id; undefined when it had none. */
  delete(id: string): number | undefined {
    this.read(id);
    let empty = this.placeOfSought();
    const slot = (this.table[empty] as number) - 1;
    if (slot < 0) return undefined;
    this.count--;
    // Each later entry of the run moves back into the emptied place unless its own place lies after it.
    const mask = this.table.length - 1;
    for (let at = (empty + 1) & mask; this.table[at] !== 0; at = (at + 1) & mask) {
      const home = this.homeOf((this.table[at] as number) - 1);
      const stays = empty <= at ? empty < home && home <= at : empty < home || home <= at;
      if (stays) continue;
      this.table[empty] = this.table[at] as number;
      empty = at;
    }
    this.table[empty] = 0;
    return slot;
  }

  idOf(slot: number): string {
    const w = slot * 4;
    const b = this.words[w + 1] as number;
    const c = this.words[w + 2] as number;
    return `${digits4(this.words[w] as number)}-${digits2(b >>> 16)}-${digits2(b)}-${digits2(c >>> 16)}-${digits2(c)}${digits4(this.words[w + 3] as number)}`;
  }

  /** The order of two slots' ids as text (the words are the text's hexadecimal digits in order). */
  compare(a: number, b: number): number {
    for (let i = 0; i < 4; i++) {
      const x = this.words[a * 4 + i] as number;
      const y = this.words[b * 4 + i] as number;
      if (x !== y) return x < y ? -1 : 1;
    }
    return 0;
  }

  private read(id: string) {
    if (!UUID.test(id)) throw new Error(`Not a workflow id: ${id}`);
    this.sought[0] = Number.parseInt(id.slice(0, 8), 16);
    this.sought[1] = Number.parseInt(id.slice(9, 13) + id.slice(14, 18), 16);
    this.sought[2] = Number.parseInt(id.slice(19, 23) + id.slice(24, 28), 16);
    this.sought[3] = Number.parseInt(id.slice(28), 16);
  }

  /** The place of the id read: where its slot is, or the empty place that ends its run. */
  private placeOfSought(): number {
    const mask = this.table.length - 1;
    const a = this.sought[0] as number;
    const b = this.sought[1] as number;
    const c = this.sought[2] as number;
    const d = this.sought[3] as number;
    for (let at = hashOf(a, b, c, d) & mask; ; at = (at + 1) & mask) {
      const held = this.table[at] as number;
      if (held === 0) return at;
      const w = (held - 1) * 4;
      if (
        this.words[w] === a &&
        this.words[w + 1] === b &&
        this.words[w + 2] === c &&
        this.words[w + 3] === d
      )
        return at;
    }
  }

  private homeOf(slot: number): number {
    const w = slot * 4;
    const hash = hashOf(
      this.words[w] as number,
      this.words[w + 1] as number,
      this.words[w + 2] as number,
      this.words[w + 3] as number,
    );
    return hash & (this.table.length - 1);
  }

  private rehash(size: number) {
    const old = this.table;
    this.table = new Int32Array(size);
    const mask = size - 1;
    for (const held of old) {
      if (held === 0) continue;
      let at = this.homeOf(held - 1);
      while (this.table[at] !== 0) at = (at + 1) & mask;
      this.table[at] = held;
    }
  }
}

/** Mixes all four words: ids need not be random in any one of them. */
function hashOf(a: number, b: number, c: number, d: number): number {
  let h =
    Math.imul(a ^ Math.imul(b, 0x9e3779b1), 0x85ebca6b) ^ Math.imul(c ^ Math.imul(d, 0xc2b2ae35), 0x27d4eb2f);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  return (h ^ (h >>> 13)) >>> 0;
}
