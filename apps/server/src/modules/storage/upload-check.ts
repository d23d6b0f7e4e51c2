import { crc32 } from 'node:zlib';
import { ErrorCode } from '@telecare/contracts/errors';
import { AppError } from '../../lib/app-error.ts';
import { inflateCounted } from './bounded-inflate.ts';
import { openPdf } from './pdf-reader.ts';
import { pdfInflatesWithinLimits } from './pdf-streams.ts';

export const UploadText = {
  onlyPdfPng: 'Uploads accept only PDF and PNG.',
  empty: 'The file is empty.',
  tooLarge: (maxBytes: number) =>
    `The file is larger than ${Number((maxBytes / (1024 * 1024)).toFixed(maxBytes < 1024 * 1024 ? 1 : 0))} MB.`,
  badName: 'The file name is not valid: at most 255 characters, without / \\ or control characters.',
  encrypted: 'The PDF is password protected; remove the password and upload it again.',
  unreadablePdf: 'The file is not a readable PDF.',
  pdfTooMuchData:
    'The PDF expands to far more data than a letter holds; print it to a new PDF and upload that.',
  imageTooLarge: 'The image is too large (at most 10,000 pixels a side and 40 megapixels).',
  unreadablePng: 'The file is not a readable PNG.',
} as const;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const MAX_SIDE = 10_000;
const MAX_PIXELS = 40_000_000;

export type CheckedUpload = { contentType: 'application/pdf' | 'image/png'; pages: number };

const refuse = (message: string) => new AppError(ErrorCode.validation, message);

/** A name to keep: not empty, at most 255 characters, no path separators or control characters. */
export function checkFileName(name: string) {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
  if (!name || name.length > 255 || /[/\\\u0000-\u001f\u007f]/.test(name) || name === '.' || name === '..') {
    throw refuse(UploadText.badName);
  }
}

/** The PNG's width and height from its header chunk (IHDR), read before anything decodes it. */
function pngSize(bytes: Buffer) {
  if (bytes.length < 24 || bytes.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Bit depths each PNG colour type allows, and its samples per pixel. */
const PNG_COLOUR_TYPES: Record<number, { depths: number[]; samples: number }> = {
  0: { depths: [1, 2, 4, 8, 16], samples: 1 },
  2: { depths: [8, 16], samples: 3 },
  3: { depths: [1, 2, 4, 8], samples: 1 },
  4: { depths: [8, 16], samples: 2 },
  6: { depths: [8, 16], samples: 4 },
};
const ADAM7_PASSES = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

/** The length of the filtered image data a PNG header promises (one filter byte a row). */
function pngDataLength(width: number, height: number, bitsPerPixel: number, interlaced: boolean) {
  const rows = (w: number, h: number) =>
    w === 0 || h === 0 ? 0 : h * (1 + Math.ceil((w * bitsPerPixel) / 8));
  if (!interlaced) return rows(width, height);
  let total = 0;
  for (const [x, y, dx, dy] of ADAM7_PASSES) {
    total += rows(Math.ceil((width - x) / dx), Math.ceil((height - y) / dy));
  }
  return total;
}

/**
 * Whether a PNG decoder will read it: every chunk whole with a right checksum, IHDR first with a
 * valid colour type and depth, IEND at the end, and image data that inflates to exactly the size
 * the header promises. A damaged file found here is refused instead of failing in OCR later.
 */
async function pngIsReadable(bytes: Buffer) {
  const idat: Buffer[] = [];
  let header: Buffer | undefined;
  let ended = false;
  for (let offset = 8; offset + 12 <= bytes.length && !ended; ) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    const dataEnd = offset + 8 + length;
    if (dataEnd + 4 > bytes.length) return false;
    if (crc32(bytes.subarray(offset + 4, dataEnd)) !== bytes.readUInt32BE(dataEnd)) return false;
    const data = bytes.subarray(offset + 8, dataEnd);
    if (offset === 8 && type !== 'IHDR') return false;
    if (type === 'IHDR') header = data;
    if (type === 'IDAT') idat.push(data);
    ended = type === 'IEND';
    offset = dataEnd + 4;
  }
  if (header?.length !== 13 || !ended || idat.length === 0) return false;
  const [depth, colourType, compression, filter, interlace] = header.subarray(8, 13);
  const colour = PNG_COLOUR_TYPES[colourType ?? -1];
  if (!colour?.depths.includes(depth ?? 0) || compression !== 0 || filter !== 0) return false;
  if (interlace !== 0 && interlace !== 1) return false;
  const expected = pngDataLength(
    header.readUInt32BE(0),
    header.readUInt32BE(4),
    (depth ?? 0) * colour.samples,
    interlace === 1,
  );
  const inflated = await inflateCounted(Buffer.concat(idat), expected);
  return inflated.whole && inflated.bytes === expected;
}

/**
 * What the bytes are, decided by content and never by the name: a PDF pdf.js can open without a
 * password, or a PNG of sane dimensions (a "PNG bomb" declares huge ones). Anything else is refused.
 */
export async function checkUpload(name: string, bytes: Buffer): Promise<CheckedUpload> {
  checkFileName(name);
  if (bytes.length === 0) throw refuse(UploadText.empty);
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) {
    const size = pngSize(bytes);
    if (!size || size.width === 0 || size.height === 0) throw refuse(UploadText.unreadablePng);
    if (size.width > MAX_SIDE || size.height > MAX_SIDE || size.width * size.height > MAX_PIXELS) {
      throw refuse(UploadText.imageTooLarge);
    }
    if (!(await pngIsReadable(bytes))) throw refuse(UploadText.unreadablePng);
    return { contentType: 'image/png', pages: 1 };
  }
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') {
    const pdf = await openPdf(bytes);
    if (!pdf.ok) throw refuse(pdf.reason === 'password' ? UploadText.encrypted : UploadText.unreadablePdf);
    if (!(await pdfInflatesWithinLimits(bytes))) {
      await pdf.close();
      throw refuse(UploadText.pdfTooMuchData);
    }
    const pages = pdf.pages;
    await pdf.close();
    return { contentType: 'application/pdf', pages };
  }
  throw refuse(UploadText.onlyPdfPng);
}
