import { describe, expect, it } from 'vitest';
import { pdfWithText } from '../../test/files/sample-files.ts';
import { PdfTextTimedOut, readPdfText } from './pdf-text.ts';

describe('a PDF’s text read on a thread of its own', () => {
  it('answers the text layer, page after page', async () => {
    const letter = await pdfWithText([['Dear Doctor', 'Re: Ann Example'], ['Kind regards']]);
    expect(await readPdfText(letter)).toBe('Dear Doctor\nRe: Ann Example\nKind regards');
  });

  it('fails a file pdf.js can not open', async () => {
    await expect(readPdfText(Buffer.from('%PDF-1.7\nnot a pdf'))).rejects.toThrow('pdf unreadable');
  });

  it('stops the reader once its time is up, and reads the next file as before', async () => {
    const letter = await pdfWithText([['Dear Doctor']]);
    await expect(readPdfText(letter, 1)).rejects.toBeInstanceOf(PdfTextTimedOut);
    expect(await readPdfText(letter)).toBe('Dear Doctor');
  });
});
