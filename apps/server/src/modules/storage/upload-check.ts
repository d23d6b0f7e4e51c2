import { ErrorCode } from '@telecare/contracts/errors';
import { AppError } from '../../lib/app-error.ts';
import { openPdf } from './pdf-reader.ts';

export const UploadText = {
  onlyPdfPng: 'Uploads accept only PDF and PNG.',
  empty: 'The file is empty.',
  tooLarge: (maxBytes: number) =>
    `The file is larger than ${Number((maxBytes / (1024 * 1024)).toFixed(maxBytes < 1024 * 1024 ? 1 : 0))} MB.`,
  badName: 'The file name is not valid: at most 255 characters, without / \\ or control characters.',
  encrypted: 'The PDF is password protected; remove the password and upload it again.',
  unreadablePdf: 'The file is not a readable PDF.',
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
    return { contentType: 'image/png', pages: 1 };
  }
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') {
    const pdf = await openPdf(bytes);
    if (!pdf.ok) throw refuse(pdf.reason === 'password' ? UploadText.encrypted : UploadText.unreadablePdf);
    const pages = pdf.pages;
    await pdf.close();
    return { contentType: 'application/pdf', pages };
  }
  throw refuse(UploadText.onlyPdfPng);
}
