/**
 * Writes the referral-letter corpus (PDFs with pdf-lib, PNG "scans" photographed by Chromium) and
 * its expected fields to apps/server/src/modules/referral-inbox/letters/corpus. Run once; the
 * output is committed. `npx tsx scripts/generate-referral-corpus.ts`
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from '@playwright/test';
import {
  expectedFields,
  referralLetterCorpus,
} from '../apps/server/src/modules/referral-inbox/letters/referral-letter-corpus.ts';
import {
  letterHtml,
  renderLetterPdf,
} from '../apps/server/src/modules/referral-inbox/letters/referral-letter-layouts.ts';

const out = path.resolve('apps/server/src/modules/referral-inbox/letters/corpus');
await mkdir(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
const page = await browser.newPage({ viewport: { width: 1180, height: 900 }, deviceScaleFactor: 1 });
const expected: Record<string, ReturnType<typeof expectedFields>> = {};
for (const entry of referralLetterCorpus()) {
  const file = path.join(out, entry.file);
  if (entry.format === 'pdf') {
    await writeFile(file, await renderLetterPdf(entry.letter));
  } else {
    await page.setContent(letterHtml(entry.letter));
    await writeFile(file, await page.screenshot({ fullPage: true, type: 'png' }));
  }
  expected[entry.file] = expectedFields(entry.letter);
}
await writeFile(path.join(out, 'expected.json'), `${JSON.stringify(expected, null, 2)}\n`);
await browser.close();
console.log(`wrote ${Object.keys(expected).length} letters to ${out}`);
