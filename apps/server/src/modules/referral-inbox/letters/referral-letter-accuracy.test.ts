import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseReferralLetter } from '@telecare/domain/referral-letter-parser';
import { afterAll, expect, it } from 'vitest';
import { readLetterText, stopLetterReader } from '../read-letter-text.ts';

const dir = path.join(import.meta.dirname, 'corpus');
type Expected = Record<string, string>;

afterAll(() => stopLetterReader());

function fieldsOf(text: string): Expected {
  const p = parseReferralLetter(text);
  return {
    firstName: p.firstName,
    lastName: p.lastName,
    dateOfBirth: p.dateOfBirth,
    medicareCardNumber: p.medicareCardNumber,
    streetAddress: p.address.streetAddress,
    postcodeState: `${p.address.postcode} ${p.address.state}`,
    referrer: `${p.referrer.firstName} ${p.referrer.lastName}`,
    providerNumber: p.referrer.providerNumber,
    referralDate: p.startDate,
  };
}

async function accuracy(format: 'pdf' | 'png') {
  const expected: Record<string, Expected> = JSON.parse(
    await readFile(path.join(dir, 'expected.json'), 'utf8'),
  );
  const files = (await readdir(dir)).filter((f) => f.endsWith(`.${format}`));
  let right = 0;
  let total = 0;
  const misses: string[] = [];
  for (const file of files) {
    const text = await readLetterText(
      await readFile(path.join(dir, file)),
      format === 'png' ? 'image/png' : 'application/pdf',
    );
    const found = fieldsOf(text);
    for (const [field, value] of Object.entries(expected[file] ?? {})) {
      total++;
      if (found[field] === value) right++;
      else misses.push(`${file} ${field}`);
    }
  }
  const share = right / total;
  console.info(
    `referral letter ${format.toUpperCase()}s: ${files.length} letters, ${right}/${total} fields right (${(share * 100).toFixed(1)}%)${misses.length ? `; missed: ${misses.join(', ')}` : ''}`,
  );
  return { share, files: files.length };
}

it('reads at least 95% of the fields of the PDF letters', async () => {
  const { share, files } = await accuracy('pdf');
  expect(files).toBeGreaterThanOrEqual(14);
  expect(share).toBeGreaterThanOrEqual(0.95);
});

it('reads at least 80% of the fields of the PNG scans', { timeout: 180_000 }, async () => {
  const { share, files } = await accuracy('png');
  expect(files).toBeGreaterThanOrEqual(6);
  expect(share).toBeGreaterThanOrEqual(0.8);
});
