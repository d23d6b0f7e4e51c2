import { describe, expect, it } from 'vitest';
import { sortRange } from './memory-select.ts';

/** Numbers from a seeded generator (the same every run), with repeats when `distinct` is small. */
function numbersOf(length: number, distinct: number, seed: number): Float64Array {
  let state = seed;
  return Float64Array.from({ length }, () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state % distinct;
  });
}

describe('sortRange', () => {
  const shapes = [
    { name: 'distinct', make: (n: number, seed: number) => numbersOf(n, 1e9, seed) },
    { name: 'repeated', make: (n: number, seed: number) => numbersOf(n, 4, seed) },
    { name: 'ascending', make: (n: number) => Float64Array.from({ length: n }, (_, i) => i) },
    { name: 'descending', make: (n: number) => Float64Array.from({ length: n }, (_, i) => n - i) },
  ];
  for (const { name, make } of shapes) {
    it(`puts the numbers that sort at a range there, in order, the smaller before and the larger after (${name})`, () => {
      for (const [length, from, to] of [
        [1, 0, 1],
        [2, 0, 1],
        [2, 1, 2],
        [10, 0, 10],
        [1000, 0, 10],
        [1000, 990, 1000],
        [1000, 500, 550],
        [1000, 999, 1000],
        [5000, 1234, 1235],
      ] as const) {
        const numbers = make(length, length + from);
        const sorted = Float64Array.from(numbers).sort();
        sortRange(numbers, from, to);
        expect(Array.from(numbers.subarray(from, to))).toEqual(Array.from(sorted.subarray(from, to)));
        const first = numbers[from] as number;
        const last = numbers[to - 1] as number;
        expect(numbers.subarray(0, from).every((n) => n <= first)).toBe(true);
        expect(numbers.subarray(to).every((n) => n >= last)).toBe(true);
        expect(Array.from(numbers).sort((a, b) => a - b)).toEqual(Array.from(sorted));
      }
    });
  }

  it('leaves the numbers as they are for an empty range', () => {
    const numbers = Float64Array.of(3, 1, 2);
    sortRange(numbers, 1, 1);
    expect(Array.from(numbers)).toEqual([3, 1, 2]);
  });
});
