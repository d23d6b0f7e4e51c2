/**
 * Typed arrays lent for one request and taken back before the next (decision 0061). A request over
 * a million rows needs a few sets of 125 KB and lists of slots; made new each time, their buffers
 * count against V8's collection limit and the whole index's heap was marked about twice a second.
 */
export class Scratch {
  /** Free buffers by size (powers of two). */
  private readonly free = new Map<number, ArrayBuffer[]>();
  /** Buffers lent, in the order lent. */
  private readonly lent: ArrayBuffer[] = [];

  /** How many buffers are lent: what `releaseTo` takes back to. */
  mark(): number {
    return this.lent.length;
  }

  /** Takes back every array lent since `mark` (all of them by default): none of them may be used after. */
  releaseTo(mark = 0) {
    while (this.lent.length > mark) {
      const buffer = this.lent.pop() as ArrayBuffer;
      const sized = this.free.get(buffer.byteLength);
      if (sized) sized.push(buffer);
      else this.free.set(buffer.byteLength, [buffer]);
    }
  }

  /** A set of bits, every bit clear. */
  words(length: number): Uint32Array {
    return new Uint32Array(this.take(length * 4), 0, length).fill(0);
  }

  /** A copy of a set of bits. */
  copyOf(bits: Uint32Array): Uint32Array {
    const copy = new Uint32Array(this.take(bits.length * 4), 0, bits.length);
    copy.set(bits);
    return copy;
  }

  /** Slots, to be written (not cleared). */
  slots(length: number): Int32Array {
    return new Int32Array(this.take(length * 4), 0, length);
  }

  /** Numbers, to be written (not cleared). */
  numbers(length: number): Float64Array {
    return new Float64Array(this.take(length * 8), 0, length);
  }

  /** A free buffer of the power of two that holds `bytes` (4 KB at least), or a new one. */
  private take(bytes: number): ArrayBuffer {
    const size = Math.max(4096, 2 ** Math.ceil(Math.log2(Math.max(1, bytes))));
    const buffer = this.free.get(size)?.pop() ?? new ArrayBuffer(size);
    this.lent.push(buffer);
    return buffer;
  }
}
