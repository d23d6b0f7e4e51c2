import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { pdfWithStreams, pdfWithText } from '../../test/files/sample-files.ts';
import { openPdf } from './pdf-reader.ts';
import { MAX_PDF_INFLATED_BYTES, MAX_PDF_STREAM_BYTES, pdfInflatesWithinLimits } from './pdf-streams.ts';

const MB = 1024 * 1024;
const TEXT = Buffer.from('BT /F1 12 Tf 72 720 Td (Referral for a patient) Tj ET\n');
/** A page's text followed by spaces, to `size` bytes in all: what pdf.js would read through. */
const content = (size: number) => Buffer.concat([TEXT, Buffer.alloc(size - TEXT.length, 0x20)]);
const flate = (data: Buffer) => ({ dictionary: '/Filter /FlateDecode', data: deflateSync(data) });
const image = (size: number) => ({
  dictionary: '/Type /XObject /Subtype /Image /Width 1 /Height 1 /Filter /FlateDecode',
  data: deflateSync(Buffer.alloc(size)),
});

describe('what a PDF’s compressed streams expand to', () => {
  it('takes letters as PDF libraries write them, and a page whose text stream is large but within the limit', async () => {
    expect(await pdfInflatesWithinLimits(await pdfWithText([['Dear Doctor'], ['Page two']]))).toBe(true);
    const large = pdfWithStreams([flate(content(MAX_PDF_STREAM_BYTES))]);
    expect(await pdfInflatesWithinLimits(large)).toBe(true);
    const opened = await openPdf(large);
    expect(opened.ok && (await opened.text())).toBe('Referral for a patient');
  });

  it('refuses a text stream that inflates past its limit, whatever the file’s size', async () => {
    const bomb = pdfWithStreams([flate(content(MAX_PDF_STREAM_BYTES + 1))]);
    expect(bomb.length).toBeLessThan(64 * 1024);
    expect((await openPdf(bomb)).ok).toBe(true);
    expect(await pdfInflatesWithinLimits(bomb)).toBe(false);
    const unterminated = Buffer.concat([bomb.subarray(0, bomb.indexOf('endstream')), Buffer.from('%%EOF')]);
    expect(await pdfInflatesWithinLimits(unterminated)).toBe(false);
  });

  it('lets images inflate further, but not all the streams past the file’s limit', async () => {
    const third = Math.floor(MAX_PDF_INFLATED_BYTES / 3);
    const within = pdfWithStreams([flate(TEXT), image(third), image(third)]);
    expect(await pdfInflatesWithinLimits(within)).toBe(true);
    const past = pdfWithStreams([flate(TEXT), image(third), image(third), image(third), image(8 * MB)]);
    expect(await pdfInflatesWithinLimits(past)).toBe(false);
  });

  it('refuses filters it can not measure: LZW, run length, and Flate after another filter', async () => {
    for (const dictionary of [
      '/Filter /LZWDecode',
      '/Filter [/RunLengthDecode]',
      '/Filter [/ASCIIHexDecode /FlateDecode]',
    ]) {
      const file = pdfWithStreams([flate(TEXT), { dictionary, data: Buffer.from('00') }]);
      expect(await pdfInflatesWithinLimits(file), dictionary).toBe(false);
    }
    const hex = pdfWithStreams([
      flate(TEXT),
      { dictionary: '/Filter /ASCIIHexDecode', data: Buffer.from('41>') },
    ]);
    expect(await pdfInflatesWithinLimits(hex)).toBe(true);
  });

  it('refuses a file of more streams than a letter has', async () => {
    const many = Buffer.concat([
      Buffer.from('%PDF-1.4\n'),
      Buffer.from('<<>>stream\nx\nendstream\n'.repeat(60_000)),
    ]);
    expect(await pdfInflatesWithinLimits(many)).toBe(false);
  });
});
