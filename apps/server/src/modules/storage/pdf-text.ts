import { Worker } from 'node:worker_threads';

/** How long reading one PDF's text may take; a letter of 50 pages takes a few seconds. */
export const PDF_TEXT_TIME_LIMIT_MS = 30_000;

export class PdfTextTimedOut extends Error {
  override name = 'PdfTextTimedOut';
}

/**
 * A PDF's text, read by pdf.js on a thread of its own that is stopped after `timeLimitMs`: a file
 * that is slow or large to decode (decision 0070) holds up neither the server's answers nor its
 * memory for longer than that.
 */
export function readPdfText(bytes: Buffer, timeLimitMs = PDF_TEXT_TIME_LIMIT_MS) {
  return new Promise<string>((resolve, reject) => {
    const worker = new Worker(new URL('./pdf-text.worker.mjs', import.meta.url), {
      workerData: bytes,
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: 512 },
    });
    let settled = false;
    const settle = (outcome: { text: string } | { error: Error }) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      if ('text' in outcome) resolve(outcome.text);
      else reject(outcome.error);
    };
    const timer = setTimeout(() => settle({ error: new PdfTextTimedOut() }), timeLimitMs);
    worker.once('message', (answer: { text?: string; error?: string }) =>
      settle(answer.text === undefined ? { error: new Error(answer.error) } : { text: answer.text }),
    );
    worker.once('error', (error) => settle({ error }));
    worker.once('exit', (code) => settle({ error: new Error(`The PDF reader stopped (${code}).`) }));
  });
}
