/**
 * Sets of slots as bits (slot s is bit s & 31 of word s >>> 5), so that a filter over a large list
 * costs a pass over its words and not over its rows (decision 0060).
 */

/** How many words a set of `capacity` slots has. */
export const wordCount = (capacity: number) => (capacity + 31) >>> 5;

export const wordsFor = (capacity: number) => new Uint32Array(wordCount(capacity));

export const hasSlot = (bits: Uint32Array, slot: number) =>
  ((bits[slot >>> 5] as number) >>> (slot & 31)) & 1;

/** Sets the bits of `slots`, from `from` up to `to`. */
export function addSlots(bits: Uint32Array, slots: Int32Array, from = 0, to = slots.length) {
  for (let at = from; at < to; at++) {
    const slot = slots[at] as number;
    bits[slot >>> 5] = (bits[slot >>> 5] as number) | (1 << (slot & 31));
  }
}

/** Clears the bits of `slots`, from `from` up to `to`. */
export function removeSlots(bits: Uint32Array, slots: Int32Array, from = 0, to = slots.length) {
  for (let at = from; at < to; at++) {
    const slot = slots[at] as number;
    bits[slot >>> 5] = (bits[slot >>> 5] as number) & ~(1 << (slot & 31));
  }
}

/** `into` keeps the bits it shares with `other`. */
export function keepShared(into: Uint32Array, other: Uint32Array) {
  for (let word = 0; word < into.length; word++) into[word] = (into[word] as number) & (other[word] ?? 0);
}

/**
 * `into` keeps the bits it shares with `other`; returns how many it keeps (one pass, not two). The
 * word's count is written out here as in countOf: a shared helper measured 5-10% slower.
 */
export function keepSharedCounted(into: Uint32Array, other: Uint32Array): number {
  let count = 0;
  for (let word = 0; word < into.length; word++) {
    let v = (into[word] as number) & (other[word] ?? 0);
    into[word] = v;
    v -= (v >>> 1) & 0x55555555;
    v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
    count += Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
  }
  return count;
}

/**
 * `into` becomes the bits `a`, `b` and `c` (`b` again when not given) all have; returns how many. One
 * pass where a copy and two joins made three: the three sets of a request's filters joined in 100 µs
 * at a million rows, not 155 µs.
 */
export function sharedCounted(into: Uint32Array, a: Uint32Array, b: Uint32Array, c = b): number {
  let count = 0;
  for (let word = 0; word < into.length; word++) {
    let v = (a[word] as number) & (b[word] ?? 0) & (c[word] ?? 0);
    into[word] = v;
    v -= (v >>> 1) & 0x55555555;
    v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
    count += Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
  }
  return count;
}

/**
 * The members (slots, ascending) whose bits every one of `sets` has: set in `into` (clear before)
 * and listed in `slots`; returns how many. A pass over a few members, where sharedCounted passes
 * over every word of each set.
 */
export function sharedMembers(
  into: Uint32Array,
  slots: Int32Array,
  members: Int32Array,
  sets: Uint32Array[],
): number {
  let count = 0;
  next: for (let at = 0; at < members.length; at++) {
    const slot = members[at] as number;
    const word = slot >>> 5;
    const bit = 1 << (slot & 31);
    for (let set = 0; set < sets.length; set++) {
      if ((((sets[set] as Uint32Array)[word] as number) & bit) === 0) continue next;
    }
    into[word] = (into[word] as number) | bit;
    slots[count++] = slot;
  }
  return count;
}

/** `into` takes the bits of `other` too. */
export function addAll(into: Uint32Array, other: Uint32Array) {
  for (let word = 0; word < into.length; word++) into[word] = (into[word] as number) | (other[word] ?? 0);
}

/** `into` loses the bits of `other`. */
export function removeAll(into: Uint32Array, other: Uint32Array) {
  for (let word = 0; word < into.length; word++) into[word] = (into[word] as number) & ~(other[word] ?? 0);
}

export function countOf(bits: Uint32Array): number {
  let count = 0;
  for (let word = 0; word < bits.length; word++) {
    let v = bits[word] as number;
    v -= (v >>> 1) & 0x55555555;
    v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
    count += Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
  }
  return count;
}

/** How many bits the two sets share. */
export function countShared(a: Uint32Array, b: Uint32Array): number {
  let count = 0;
  for (let word = 0; word < a.length; word++) {
    let v = (a[word] as number) & (b[word] ?? 0);
    v -= (v >>> 1) & 0x55555555;
    v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
    count += Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
  }
  return count;
}

/** The slots whose bits are set, ascending (`count` of them), in `slots` when given. */
export function slotsOf(
  bits: Uint32Array,
  count: number,
  slots: Int32Array = new Int32Array(count),
): Int32Array {
  let at = 0;
  for (let word = 0; word < bits.length; word++) {
    let v = bits[word] as number;
    while (v !== 0) {
      const lowest = v & -v;
      slots[at++] = (word << 5) | (31 - Math.clz32(lowest));
      v ^= lowest;
    }
  }
  return slots;
}

/** The slots whose byte is `want` (0 or 1) as bits. */
export function bitsOfBytes(bytes: Uint8Array, want: number, size: number): Uint32Array {
  const bits = wordsFor(bytes.length);
  for (let slot = 0; slot < size; slot++) {
    bits[slot >>> 5] =
      (bits[slot >>> 5] as number) | (((bytes[slot] as number) === want ? 1 : 0) << (slot & 31));
  }
  return bits;
}
