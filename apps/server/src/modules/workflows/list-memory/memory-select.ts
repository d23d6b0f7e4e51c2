/**
 * A page of numbers in order without sorting them all (decision 0066): a list's page of a few
 * thousand matches costs a pass over them, not a sort.
 */

/**
 * Leaves the numbers that sort at [from, to) there, in order, and the others on their sides (each
 * side in no order): a selection, then a sort of the range alone.
 */
export function sortRange(numbers: Float64Array, from: number, to: number) {
  if (from >= to) return;
  selectAt(numbers, from, 0, numbers.length - 1);
  if (to - 1 > from) selectAt(numbers, to - 1, from + 1, numbers.length - 1);
  numbers.subarray(from, to).sort();
}

/** Puts the number that sorts at `at` (within [left, right]) there, the smaller before it and the larger after. */
function selectAt(numbers: Float64Array, at: number, left: number, right: number) {
  let low = left;
  let high = right;
  while (low < high) {
    const a = numbers[low] as number;
    const b = numbers[(low + high) >>> 1] as number;
    const c = numbers[high] as number;
    // The middle of the three.
    const pivot = Math.max(Math.min(a, b), Math.min(Math.max(a, b), c));
    let i = low;
    let j = high;
    while (i <= j) {
      while ((numbers[i] as number) < pivot) i++;
      while ((numbers[j] as number) > pivot) j--;
      if (i <= j) {
        const swapped = numbers[i] as number;
        numbers[i++] = numbers[j] as number;
        numbers[j--] = swapped;
      }
    }
    if (at <= j) high = j;
    else if (at >= i) low = i;
    else return;
  }
}
