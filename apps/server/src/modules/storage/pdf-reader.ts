import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);
const pdfjsRoot = path.dirname(require.resolve('pdfjs-dist/package.json'));
/** pdf.js reads its standard fonts from the package, never from the network. */
const standardFontDataUrl = `${pathToFileURL(path.join(pdfjsRoot, 'standard_fonts')).href}/`;

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let loaded: Promise<PdfJs> | undefined;
const pdfjs = () => {
  loaded ??= import('pdfjs-dist/legacy/build/pdf.mjs');
  return loaded;
};

export type PdfOpenResult =
  | { ok: true; pages: number; text: () => Promise<string>; close: () => Promise<void> }
  | { ok: false; reason: 'password' | 'unreadable' };

/** Opens a PDF with pdf.js (eval disabled): whether it is a real, readable, unencrypted PDF. */
export async function openPdf(bytes: Buffer): Promise<PdfOpenResult> {
  const lib = await pdfjs();
  const task = lib.getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    standardFontDataUrl,
    useSystemFonts: false,
    stopAtErrors: true,
    verbosity: 0,
  });
  try {
    const doc = await task.promise;
    return {
      ok: true,
      pages: doc.numPages,
      async text() {
        const lines: string[] = [];
        for (let n = 1; n <= doc.numPages; n++) {
          const page = await doc.getPage(n);
          const content = await page.getTextContent();
          let line = '';
          for (const item of content.items) {
            if (!('str' in item)) continue;
            line += item.str;
            if (item.hasEOL) {
              lines.push(line);
              line = '';
            } else if (item.str) line += ' ';
          }
          if (line.trim()) lines.push(line);
          page.cleanup();
        }
        return lines.map((l) => l.replace(/\s+/g, ' ').trim()).join('\n');
      },
      close: () => doc.destroy(),
    };
  } catch (err) {
    await task.destroy().catch(() => undefined);
    return { ok: false, reason: (err as Error).name === 'PasswordException' ? 'password' : 'unreadable' };
  }
}
