/** The index's typed arrays, made longer. */
type Grown = Uint8Array | Uint16Array | Uint32Array | Int32Array | Float64Array;

/** A copy of `array` in a new array of `length` (at least its own), the rest zero. */
export function grownTo<T extends Grown>(array: T, length: number): T {
  const bigger = new (array.constructor as new (n: number) => T)(length);
  bigger.set(array);
  return bigger;
}
