/** Reads the text of the one PDF it is given (pdf-reader.ts) and answers it: see readPdfText. */
import { parentPort, workerData } from 'node:worker_threads';
import { openPdf } from './pdf-reader.ts';

const port = parentPort;
if (!port) throw new Error('pdf-text.worker.ts runs as a worker thread.');

const pdf = await openPdf(Buffer.from(workerData as Uint8Array));
if (!pdf.ok) port.postMessage({ error: `pdf ${pdf.reason}` });
else {
  try {
    port.postMessage({ text: await pdf.text() });
  } finally {
    await pdf.close();
  }
}
