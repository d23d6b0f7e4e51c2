import { describe, expect, it } from 'vitest';
import { Scratch } from './memory-scratch.ts';

describe('the arrays a request is lent', () => {
  it('are cleared or copied when lent, whatever they held before', () => {
    const scratch = new Scratch();
    scratch.words(100).fill(0xffffffff);
    scratch.releaseTo(0);
    const words = scratch.words(100);
    expect(words.length).toBe(100);
    expect(words.every((word) => word === 0)).toBe(true);
    const copy = scratch.copyOf(Uint32Array.of(1, 2, 3));
    expect(Array.from(copy)).toEqual([1, 2, 3]);
    expect(scratch.slots(7).length).toBe(7);
    expect(scratch.numbers(9).length).toBe(9);
  });

  it('are not lent twice until taken back, and their buffers are used again after', () => {
    const scratch = new Scratch();
    const first = scratch.words(1000);
    const second = scratch.words(1000);
    expect(second.buffer).not.toBe(first.buffer);
    const mark = scratch.mark();
    const inner = scratch.slots(1000);
    expect([first.buffer, second.buffer]).not.toContain(inner.buffer);
    scratch.releaseTo(mark);
    // Only what was lent after the mark is free again.
    expect(scratch.slots(900).buffer).toBe(inner.buffer);
    expect([first.buffer, second.buffer]).not.toContain(scratch.words(1000).buffer);
    scratch.releaseTo(0);
    const again = [scratch.words(1000).buffer, scratch.words(1000).buffer, scratch.words(1000).buffer];
    expect(again).toEqual(expect.arrayContaining([first.buffer, second.buffer, inner.buffer]));
  });
});
