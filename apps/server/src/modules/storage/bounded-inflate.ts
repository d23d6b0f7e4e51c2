import { createInflate } from 'node:zlib';

/**
 * Inflates zlib data without keeping the output, stopping once more than `limit` bytes came out:
 * how many bytes came out, and whether the data was read whole (false when broken or cut off).
 */
export function inflateCounted(data: Buffer, limit: number) {
  return new Promise<{ bytes: number; whole: boolean }>((resolve) => {
    const inflater = createInflate();
    let bytes = 0;
    inflater.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > limit) inflater.destroy();
    });
    // After 'end' this changes nothing; without it (destroyed, broken), the data was not read whole.
    inflater.on('close', () => resolve({ bytes, whole: false }));
    inflater.on('error', () => resolve({ bytes, whole: false }));
    inflater.on('end', () => resolve({ bytes, whole: true }));
    inflater.end(data);
  });
}
