import { describe, expect, it } from 'vitest';
import {
  addAll,
  addSlots,
  bitsOfBytes,
  countOf,
  hasSlot,
  keepShared,
  keepSharedCounted,
  removeAll,
  removeSlots,
  sharedCounted,
  sharedMembers,
  slotsOf,
  wordsFor,
} from './memory-bits.ts';

/** Slots chosen to reach every bit of a word, the sign bit (31) included, and a last partial word. */
const SLOTS = [0, 1, 30, 31, 32, 63, 64, 95, 96, 127, 200, 999];
const CAPACITY = 1000;

const setOf = (slots: number[]) => {
  const bits = wordsFor(CAPACITY);
  addSlots(bits, Int32Array.from(slots));
  return bits;
};
const listed = (bits: Uint32Array) => Array.from(slotsOf(bits, countOf(bits)));

describe('sets of slots as bits', () => {
  it('holds, counts and lists slots in every place of a word', () => {
    const bits = setOf(SLOTS);
    expect(countOf(bits)).toBe(SLOTS.length);
    expect(listed(bits)).toEqual(SLOTS);
    expect(Array.from({ length: CAPACITY }, (_, slot) => slot).filter((slot) => hasSlot(bits, slot))).toEqual(
      SLOTS,
    );
    removeSlots(bits, Int32Array.from([31, 999, 5]));
    expect(listed(bits)).toEqual(SLOTS.filter((slot) => slot !== 31 && slot !== 999));
  });

  it('joins sets word by word', () => {
    const odd = SLOTS.filter((slot) => slot % 2 === 1);
    const shared = setOf(SLOTS);
    keepShared(shared, setOf(odd.concat([3, 5])));
    expect(listed(shared)).toEqual(odd);
    const counted = setOf(SLOTS);
    expect(keepSharedCounted(counted, setOf(odd.concat([3, 5])))).toBe(odd.length);
    expect(listed(counted)).toEqual(odd);
    const three = wordsFor(CAPACITY).fill(0xffffffff);
    expect(
      sharedCounted(three, setOf(SLOTS), setOf(odd.concat([2])), setOf(SLOTS.filter((slot) => slot > 40))),
    ).toBe(odd.filter((slot) => slot > 40).length);
    expect(listed(three)).toEqual(odd.filter((slot) => slot > 40));
    const two = wordsFor(CAPACITY);
    expect(sharedCounted(two, setOf(SLOTS), setOf([0, 31, 500, 999]))).toBe(3);
    expect(listed(two)).toEqual([0, 31, 999]);
    const both = setOf([2, 31]);
    addAll(both, setOf([31, 64]));
    expect(listed(both)).toEqual([2, 31, 64]);
    const rest = setOf(SLOTS);
    removeAll(rest, setOf(odd));
    expect(listed(rest)).toEqual(SLOTS.filter((slot) => slot % 2 === 0));
  });

  it('joins a few members with sets, probing each member, as a join of their words does', () => {
    const members = Int32Array.from([1, 31, 32, 96, 200, 999]);
    const odd = setOf(SLOTS.filter((slot) => slot % 2 === 1).concat([32]));
    const late = setOf(SLOTS.filter((slot) => slot > 30));
    for (const sets of [[odd], [odd, late], [odd, late, setOf([31, 96, 999])]]) {
      const into = wordsFor(CAPACITY);
      const slots = new Int32Array(members.length);
      const count = sharedMembers(into, slots, members, sets);
      const joined = setOf(Array.from(members));
      for (const set of sets) keepShared(joined, set);
      expect(Array.from(slots.subarray(0, count))).toEqual(listed(joined));
      expect(listed(into)).toEqual(listed(joined));
    }
  });

  it('makes a set of the slots whose flag is set or not, up to the slots in use', () => {
    const flags = new Uint8Array(CAPACITY);
    for (const slot of SLOTS) flags[slot] = 1;
    expect(listed(bitsOfBytes(flags, 1, CAPACITY))).toEqual(SLOTS);
    expect(countOf(bitsOfBytes(flags, 0, 100))).toBe(100 - SLOTS.filter((slot) => slot < 100).length);
  });
});
