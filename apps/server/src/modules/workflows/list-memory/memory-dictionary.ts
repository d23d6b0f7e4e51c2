/**
 * The distinct values of a column, each with its code; code 0 is no value. The values' UTF-16 units
 * are kept in one array (decision 0064): as strings, with their lower case and a Map, a column of
 * half a million values was half a million objects more for V8 to mark at every full collection.
 */
import { grownTo } from './memory-arrays.ts';

/**
 * A dictionary keeps its last SEARCHES_KEPT searches (a search reads every value): at a million
 * rows even a small one's search, read again for each request, was a tenth of a filtered page's
 * time in the index's thread (a referrer's end dates, say).
 */
const SEARCHES_KEPT = 64;
/** From this many values, a search's lookup is named by the array it is (foundKey), not by its codes. */
export const LOOKUPS_NAMED_FROM = 5000;

/**
 * A UTF-16 unit placed so that units compare in code point order: a surrogate (D800-DFFF) is of a
 * character past FFFF, so it goes after E000-FFFF.
 */
const inCodePointOrder = (unit: number) =>
  unit < 0xd800 ? unit : unit < 0xe000 ? unit + 0x2000 : unit - 0x800;

/** How many of a dictionary's values keep the string a page shows (shownValueOf). */
const SHOWN_VALUES_KEPT = 4096;

export class Dictionary {
  /** Every value's units, then its lower case's where that differs. */
  private units = new Uint16Array(256);
  private used = 0;
  /** By code: where its value's units start, how many there are, and the same of its lower case. */
  private at = new Uint32Array(16);
  private length = new Uint32Array(16);
  private lowerAt = new Uint32Array(16);
  private lowerLength = new Uint32Array(16);
  /** Codes plus one by the hash of their value, with linear probing; 0 for an empty place. */
  private table = new Int32Array(32);
  private count = 1;
  private ranks: Uint32Array | null = null;

  /** How many codes there are, code 0 (no value) included. */
  get size(): number {
    return this.count;
  }

  valueOf(code: number): string | null {
    return code === 0 ? null : this.text(this.at[code] as number, this.length[code] as number);
  }

  /** The values shown in list rows, made once each: a page shows many of the same (decision 0072). */
  private readonly shownValues: (string | undefined)[] = [];

  /**
   * valueOf, for a value a page shows: the same string each time it is asked for, for the first
   * SHOWN_VALUES_KEPT codes (a column of few values, all of it); a column of a value a row, as the
   * clients' names, keeps no string for each.
   */
  shownValueOf(code: number): string | null {
    if (code === 0) return null;
    if (code >= SHOWN_VALUES_KEPT) return this.text(this.at[code] as number, this.length[code] as number);
    let value = this.shownValues[code];
    if (value === undefined) {
      value = this.text(this.at[code] as number, this.length[code] as number);
      this.shownValues[code] = value;
    }
    return value;
  }

  code(value: string | null): number {
    if (value === null) return 0;
    const mask = this.table.length - 1;
    let place = hashOf(value) & mask;
    for (; ; place = (place + 1) & mask) {
      const held = this.table[place] as number;
      if (held === 0) break;
      if (this.holds(held - 1, value)) return held - 1;
    }
    const code = this.count++;
    if (code === this.at.length) this.growCodes(code * 2);
    this.at[code] = this.append(value);
    this.length[code] = value.length;
    const lower = value.toLowerCase();
    this.lowerAt[code] = lower === value ? (this.at[code] as number) : this.append(lower);
    this.lowerLength[code] = lower.length;
    this.table[place] = code + 1;
    if (this.count * 2 > this.table.length) this.rehash(this.table.length * 2);
    this.ranks = null;
    return code;
  }

  /** The order of two codes' values (not 0) by code point, as the database's C-like collation orders text. */
  compare(x: number, y: number): number {
    if (x === y) return 0;
    const a = this.at[x] as number;
    const b = this.at[y] as number;
    const length = Math.min(this.length[x] as number, this.length[y] as number);
    for (let i = 0; i < length; i++) {
      const u = this.units[a + i] as number;
      const v = this.units[b + i] as number;
      if (u !== v) return inCodePointOrder(u) - inCodePointOrder(v);
    }
    return (this.length[x] as number) - (this.length[y] as number);
  }

  /** Each code's place in the values' order; no value after every value, as ORDER BY puts NULL. */
  rankOf(): Uint32Array {
    if (this.ranks) return this.ranks;
    const order = Array.from({ length: this.count - 1 }, (_, i) => i + 1);
    order.sort((a, b) => this.compare(a, b));
    const ranks = new Uint32Array(this.count);
    order.forEach((code, place) => {
      ranks[code] = place;
    });
    ranks[0] = order.length;
    this.ranks = ranks;
    return ranks;
  }

  /** Recent searches, extended to the values added since (most recent last). */
  private readonly searched = new Map<string, { found: Uint8Array; tested: number }>();

  /** The codes whose value contains `needle` (lower case), as a lookup by code. */
  containing(needle: string): Uint8Array {
    const sought = Uint16Array.from({ length: needle.length }, (_, i) => needle.charCodeAt(i));
    return this.searchingCodes(`contains ${needle}`, (code) => this.lowerContains(code, sought));
  }

  /**
   * The codes whose value passes the test, as `matching`. The dictionary keeps its last searches by
   * `key`, which names the test whole: asked again, a search is the same lookup, until a value
   * added since passes it (a new lookup then; one shorter than the dictionary has no later code).
   */
  searching(key: string, test: (value: string, lower: string) => boolean): Uint8Array {
    return this.searchingCodes(key, (code) => this.passes(code, test));
  }

  /** The codes whose value passes the test (given the value and its lower case), as a lookup by code. */
  matching(test: (value: string, lower: string) => boolean): Uint8Array {
    return this.matchingCodes((code) => this.passes(code, test));
  }

  private searchingCodes(key: string, passes: (code: number) => boolean): Uint8Array {
    let search = this.searched.get(key);
    this.searched.delete(key);
    if (!search) search = { found: new Uint8Array(0), tested: 1 };
    if (search.tested < this.count) {
      // The lookup stays the same array until a value added since passes (a code past its end does not).
      let { found } = search;
      for (let code = search.tested; code < this.count; code++) {
        if (!passes(code)) continue;
        if (found === search.found) {
          found = new Uint8Array(this.count);
          found.set(search.found);
        }
        found[code] = 1;
      }
      search = { found, tested: this.count };
    }
    this.searched.set(key, search);
    if (this.searched.size > SEARCHES_KEPT) this.searched.delete(this.searched.keys().next().value as string);
    return search.found;
  }

  private matchingCodes(passes: (code: number) => boolean): Uint8Array {
    const found = new Uint8Array(this.count);
    for (let code = 1; code < this.count; code++) if (passes(code)) found[code] = 1;
    return found;
  }

  private passes(code: number, test: (value: string, lower: string) => boolean): boolean {
    const value = this.valueOf(code) as string;
    const lowerAt = this.lowerAt[code] as number;
    const lower = lowerAt === this.at[code] ? value : this.text(lowerAt, this.lowerLength[code] as number);
    return test(value, lower);
  }

  private lowerContains(code: number, sought: Uint16Array): boolean {
    const start = this.lowerAt[code] as number;
    const last = start + (this.lowerLength[code] as number) - sought.length;
    const first = sought[0];
    if (first === undefined) return true;
    for (let at = start; at <= last; at++) {
      if (this.units[at] !== first) continue;
      let i = 1;
      while (i < sought.length && this.units[at + i] === sought[i]) i++;
      if (i === sought.length) return true;
    }
    return false;
  }

  private holds(code: number, value: string): boolean {
    if (this.length[code] !== value.length) return false;
    const at = this.at[code] as number;
    for (let i = 0; i < value.length; i++) if (this.units[at + i] !== value.charCodeAt(i)) return false;
    return true;
  }

  private text(at: number, length: number): string {
    let text = '';
    // In pieces: a call takes a bounded number of arguments. Applied, not spread: a spread iterates
    // the units, four times as long for a value of 12 (a small dictionary's search reads every value).
    for (let from = at; from < at + length; from += 8192) {
      const units = this.units.subarray(from, Math.min(at + length, from + 8192));
      text += String.fromCharCode.apply(null, units as unknown as number[]);
    }
    return text;
  }

  /** Writes the text's units after the others; where they start. */
  private append(text: string): number {
    if (this.used + text.length > this.units.length)
      this.units = grownTo(this.units, Math.max(this.units.length * 2, this.used + text.length));
    const start = this.used;
    for (let i = 0; i < text.length; i++) this.units[start + i] = text.charCodeAt(i);
    this.used += text.length;
    return start;
  }

  private growCodes(size: number) {
    this.at = grownTo(this.at, size);
    this.length = grownTo(this.length, size);
    this.lowerAt = grownTo(this.lowerAt, size);
    this.lowerLength = grownTo(this.lowerLength, size);
  }

  private rehash(size: number) {
    this.table = new Int32Array(size);
    const mask = size - 1;
    for (let code = 1; code < this.count; code++) {
      let place = hashOfUnits(this.units, this.at[code] as number, this.length[code] as number) & mask;
      while (this.table[place] !== 0) place = (place + 1) & mask;
      this.table[place] = code + 1;
    }
  }
}

/** FNV-1a over the UTF-16 units, then mixed: a text's hash, and the same of units kept. */
function hashOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return mixed(h);
}

function hashOfUnits(units: Uint16Array, at: number, length: number): number {
  let h = 0x811c9dc5;
  for (let i = at; i < at + length; i++) h = Math.imul(h ^ (units[i] as number), 0x01000193);
  return mixed(h);
}

function mixed(h: number): number {
  const x = h ^ (h >>> 15);
  return Math.imul(x, 0x2c1b3c6d) >>> 0;
}
