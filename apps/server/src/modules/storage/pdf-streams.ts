import { inflateCounted } from './bounded-inflate.ts';

/** What one stream of a page's text (its content, a form, a font) may inflate to. */
export const MAX_PDF_STREAM_BYTES = 32 * 1024 * 1024;
/** What all of a file's streams, images included, may inflate to. */
export const MAX_PDF_INFLATED_BYTES = 256 * 1024 * 1024;

/** Filters whose output can not be measured here without decoding it; long out of use in letters. */
const UNMEASURED_FILTERS = new Set(['LZWDecode', 'LZW', 'RunLengthDecode', 'RL']);
const FLATE_FILTERS = new Set(['FlateDecode', 'Fl']);
const STREAM_KEYWORD = /stream(?:\r\n|\n|\r)/g;
/** How far before its keyword a stream's dictionary is read. */
const DICTIONARY_CHARS = 1024;
/** More streams than these is not a letter, and looking at each one costs time. */
const MAX_STREAMS = 50_000;
const MAX_FLATE_STREAMS = 20_000;

type PdfStream = { filters: string[]; image: boolean; data: Buffer };

/** The filter names of a stream's dictionary, in the order they decode. */
function filtersOf(dictionary: string) {
  const entry = /\/Filter\s*(\[[^\]]*\]|\/[^\s/<>[\]()]+)/.exec(dictionary)?.[1] ?? '';
  return [...entry.matchAll(/\/([^\s/<>[\]()]+)/g)].map((name) => name[1] as string);
}

/** Whether `>>` ends the text before `at`, give or take a little white space. */
function endsADictionary(text: string, at: number) {
  let end = at;
  while (end > 0 && at - end < 16 && /\s/.test(text.charAt(end - 1))) end--;
  return text.startsWith('>>', end - 2);
}

/**
 * Every stream of the file as its bytes say, found by its keywords (`>> stream` ... `endstream`),
 * not through the cross-reference table, so a stream the table leaves out is found too. One pass:
 * a keyword inside a stream already found is data, and each search goes forward only.
 */
function* pdfStreams(bytes: Buffer): Generator<PdfStream> {
  const text = bytes.toString('latin1');
  let dataEnd = 0;
  let nextEnd = -1;
  for (const keyword of text.matchAll(STREAM_KEYWORD)) {
    const at = keyword.index;
    if (at < dataEnd || !endsADictionary(text, at)) continue;
    const before = text.slice(Math.max(0, at - DICTIONARY_CHARS), at);
    const start = at + keyword[0].length;
    if (nextEnd !== Number.POSITIVE_INFINITY && nextEnd < start) {
      const found = text.indexOf('endstream', start);
      nextEnd = found < 0 ? Number.POSITIVE_INFINITY : found;
    }
    dataEnd = Math.min(nextEnd, bytes.length);
    const dictionary = before.slice(before.lastIndexOf('obj') + 1);
    yield {
      filters: filtersOf(dictionary),
      image: /\/Subtype\s*\/Image\b/.test(dictionary),
      data: bytes.subarray(start, dataEnd),
    };
  }
}

/**
 * Whether the PDF's compressed streams expand to what a letter can hold: a few megabytes of file
 * can inflate to gigabytes (a "zip bomb"), which pdf.js would decode whole to read the text. Each
 * stream that is not an image inflates to at most MAX_PDF_STREAM_BYTES, and all of them to
 * MAX_PDF_INFLATED_BYTES; a stream pdf.js would decode by a filter measured nowhere here (LZW, run
 * length, or Flate after another filter) is refused.
 */
export async function pdfInflatesWithinLimits(bytes: Buffer) {
  let total = 0;
  let streams = 0;
  let measured = 0;
  for (const stream of pdfStreams(bytes)) {
    if (++streams > MAX_STREAMS) return false;
    if (stream.filters.some((filter) => UNMEASURED_FILTERS.has(filter))) return false;
    const flateAt = stream.filters.findIndex((filter) => FLATE_FILTERS.has(filter));
    if (flateAt < 0) continue;
    if (flateAt > 0 || ++measured > MAX_FLATE_STREAMS) return false;
    const limit = Math.min(MAX_PDF_INFLATED_BYTES - total, stream.image ? Infinity : MAX_PDF_STREAM_BYTES);
    const { bytes: inflated } = await inflateCounted(stream.data, limit);
    if (inflated > limit) return false;
    total += inflated;
  }
  return true;
}
