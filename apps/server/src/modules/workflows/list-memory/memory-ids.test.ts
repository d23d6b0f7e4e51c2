import { describe, expect, it } from 'vitest';
import { MemoryIds } from './memory-ids.ts';

/** A seeded generator, so that a failure comes back the same. */
function randomFrom(seed: number) {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 2 ** 32;
  };
}

const hexDigits = (next: () => number, n: number) =>
  Array.from({ length: n }, () => '0123456789abcdef'[Math.floor(next() * 16)]).join('');
const uuidOf = (next: () => number) =>
  `${hexDigits(next, 8)}-${hexDigits(next, 4)}-${hexDigits(next, 4)}-${hexDigits(next, 4)}-${hexDigits(next, 12)}`;
/** Ids that differ only in their last digits, as a sequence would make them. */
const sequenceId = (n: number) => `00000000-0000-0000-0000-${String(n).padStart(12, '0')}`;

describe("the index's ids", () => {
  it('finds every id at its slot through adds and deletes, and forgets deleted ids', () => {
    const next = randomFrom(11);
    const ids = new MemoryIds();
    ids.grow(12_000);
    const held = new Map<string, number>();
    const gone = new Set<string>();
    const free: number[] = [];
    let used = 0;
    for (let step = 0; step < 30_000; step++) {
      const roll = next();
      if (roll < 0.3 && held.size > 0) {
        const victims = [...held.keys()];
        const id = victims[Math.floor(next() * victims.length)] as string;
        free.push(held.get(id) as number);
        held.delete(id);
        gone.add(id);
        expect(ids.delete(id)).toBe(free.at(-1));
      } else {
        const id = roll < 0.65 ? uuidOf(next) : sequenceId(step);
        if (held.has(id)) continue;
        const slot = free.pop() ?? used++;
        held.set(id, slot);
        gone.delete(id);
        ids.add(id, slot);
      }
    }
    expect(held.size).toBeGreaterThan(5_000);
    expect(gone.size).toBeGreaterThan(5_000);
    for (const [id, slot] of held) {
      expect(ids.slotOf(id)).toBe(slot);
      expect(ids.idOf(slot)).toBe(id);
    }
    for (const id of gone) {
      expect(ids.slotOf(id)).toBeUndefined();
      expect(ids.delete(id)).toBeUndefined();
    }
  });

  it('orders slots as their ids order as text', () => {
    const next = randomFrom(5);
    const ids = new MemoryIds();
    ids.grow(400);
    const texts = [
      'ffffffff-ffff-ffff-ffff-ffffffffffff',
      '00000000-0000-0000-0000-000000000000',
      '80000000-0000-0000-0000-000000000000',
      '7fffffff-ffff-ffff-ffff-ffffffffffff',
      ...Array.from({ length: 200 }, () => uuidOf(next)),
      ...Array.from({ length: 196 }, (_, n) => sequenceId(n * 7919)),
    ];
    for (const [slot, id] of texts.entries()) ids.add(id, slot);
    const byText = texts
      .map((_, slot) => slot)
      .sort((a, b) => ((texts[a] as string) < (texts[b] as string) ? -1 : 1));
    const byIds = texts.map((_, slot) => slot).sort((a, b) => ids.compare(a, b));
    expect(byIds).toEqual(byText);
    expect(ids.compare(7, 7)).toBe(0);
  });

  it('refuses what is not a workflow id as the database writes it', () => {
    const ids = new MemoryIds();
    ids.grow(1);
    expect(() => ids.add('u1', 0)).toThrow('Not a workflow id');
    expect(() => ids.slotOf('0000000A-0000-0000-0000-000000000000')).toThrow('Not a workflow id');
  });
});
