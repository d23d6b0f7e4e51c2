import { createRequire } from 'node:module';
import path from 'node:path';
import type { Worker } from 'tesseract.js';
import { readPdfText } from '../storage/pdf-text.ts';

const require = createRequire(import.meta.url);
/** The English model shipped in @tesseract.js-data/eng: OCR never downloads anything. */
const langPath = path.join(
  path.dirname(require.resolve('@tesseract.js-data/eng/package.json')),
  '4.0.0_best_int',
);

let worker: Promise<Worker> | undefined;
let queue: Promise<unknown> = Promise.resolve();

async function ocrWorker() {
  worker ??= import('tesseract.js').then(({ createWorker }) =>
    // Without an errorHandler tesseract.js rethrows a failed job where nothing can catch it, and the
    // process exits; with one, the job's promise rejects and the file is marked as not read.
    createWorker('eng', 1, { langPath, gzip: true, cacheMethod: 'none', errorHandler: () => undefined }),
  );
  return worker;
}

/** Reads a PNG with tesseract.js, one image at a time (OCR is CPU-heavy). */
async function readPng(bytes: Buffer) {
  const run = queue.then(async () => {
    const w = await ocrWorker();
    const { data } = await w.recognize(bytes);
    return data.text;
  });
  queue = run.catch(() => undefined);
  return run;
}

/** The letter's text: the pdf.js text layer of a PDF (on a thread of its own), OCR of a PNG. */
export async function readLetterText(bytes: Buffer, contentType: string): Promise<string> {
  if (contentType === 'image/png') return readPng(bytes);
  return readPdfText(bytes);
}

/** Stops the OCR worker (app close, end of tests). */
export async function stopLetterReader() {
  const w = worker;
  worker = undefined;
  if (w) await (await w).terminate();
}
