import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { DEMO_IT, DEMO_SUPERVISOR, signIn } from './support.ts';

const corpus = path.resolve(
  import.meta.dirname,
  '../../apps/server/src/modules/referral-inbox/letters/corpus',
);
const letterBytes = (name: string) => readFileSync(path.join(corpus, name));

/**
 * The Referral Inbox checks of F1 the intake journey does not walk: a .docx refused, the display-name
 * rule, the Unidentified filter and 'No Data', a PNG in the viewer, and Delete that asks first.
 */
test('refuses a .docx, lists Refferal_Smith by its display name, filters Unidentified, shows a PNG, deletes after asking', async ({
  page,
}) => {
  // Names of this run only (a retried journey finds the first try's files in the inbox).
  const tag = `${Math.random()
    .toString(36)
    .replace(/[^a-z]/g, '')}xyz`.slice(0, 5);
  const smithName = `Referral_Smith${tag}.pdf`;
  const scanName = `scan-${tag}.png`;
  await signIn(page, DEMO_SUPERVISOR);
  await page.goto('/admin/referral-inbox');
  const files = page.getByRole('table', { name: 'Referral files' });
  await expect(files).toBeVisible();

  // A speciality chosen at upload for the PDF; the PNG goes up as Unidentified.
  await page.getByRole('combobox', { name: 'Speciality of the upload' }).click();
  const speciality = page.getByRole('listbox').getByRole('option').nth(1);
  const specialityName = (await speciality.textContent())?.trim() ?? '';
  await speciality.click();
  await page.locator('input[type="file"]').setInputFiles([
    {
      name: 'letter.docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      buffer: Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(200)]),
    },
    {
      name: `Refferal_Smith${tag}_1732000000-8f3a2c.pdf`,
      mimeType: 'application/pdf',
      buffer: letterBytes('referral-04-letterhead.pdf'),
    },
  ]);
  const progress = page.getByTestId('upload-progress');
  await expect(progress.filter({ hasText: 'letter.docx' })).toContainText('Uploads accept only PDF and PNG.');
  await expect(progress.filter({ hasText: `Refferal_Smith${tag}` })).toContainText('100%');
  const smith = files.getByRole('row').filter({ hasText: smithName });
  await expect(smith).toHaveCount(1);
  await expect(smith).toContainText(specialityName);
  await expect(files.getByText(`Refferal_Smith${tag}`)).toHaveCount(0);

  await page.getByRole('combobox', { name: 'Speciality of the upload' }).click();
  await page.getByRole('listbox').getByRole('option', { name: 'Unidentified' }).click();
  await page
    .locator('input[type="file"]')
    .setInputFiles([{ name: scanName, mimeType: 'image/png', buffer: letterBytes('referral-20-table.png') }]);
  await expect(progress.filter({ hasText: scanName })).toContainText('100%');

  // The filter "Unidentified" shows only files without a speciality.
  const filter = page.getByRole('combobox', { name: 'Speciality', exact: true });
  /** Ticks or unticks one speciality of the filter (a multi-select: a second click unticks). */
  const toggleFilter = async (name: string) => {
    await filter.click();
    await page.getByRole('listbox').getByRole('option', { name, exact: true }).click();
    await page.keyboard.press('Escape');
  };
  await toggleFilter('Unidentified');
  await expect(files.getByText(scanName)).toBeVisible();
  await expect(files.getByText(smithName)).toHaveCount(0);
  for (const line of await files.getByRole('row').allTextContents()) expect(line).toContain('Unidentified ·');

  // The PNG in the viewer, as an image.
  await files.getByText(scanName).click();
  await expect(page.getByTestId('file-viewer').getByRole('img', { name: 'Referral letter' })).toBeVisible();
  await page.screenshot({ path: 'e2e/artifacts/referral-inbox-unidentified-png.png' });

  // The viewer's two texts (AA §8). Uploads refuse encrypted PDFs and anything but PDF and PNG, so
  // no stored file can show them: the file's bytes are swapped in the browser for these two checks.
  const encrypted = readFileSync(
    path.resolve(import.meta.dirname, '../../apps/server/src/test/files/encrypted.pdf'),
  );
  const viewer = page.getByTestId('file-viewer');
  for (const [bytes, text, shot] of [
    [
      encrypted,
      "This pdf file has password protected, can't be viewed from browser. Please download it to check the content",
      'referral-viewer-password',
    ],
    [
      Buffer.from('%PDF-1.7 not really'),
      "This file can't be viewed from browser. Please download it to check the content",
      'referral-viewer-unsupported',
    ],
  ] as const) {
    await page.route('**/api/admin/incoming-referrals/file/*/content', (route) =>
      route.fulfill({ status: 200, contentType: 'application/pdf', body: bytes }),
    );
    await toggleFilter('Unidentified');
    await files.getByText(smithName).click();
    await expect(viewer).toContainText(text);
    await page.screenshot({ path: `e2e/artifacts/${shot}.png` });
    await page.unroute('**/api/admin/incoming-referrals/file/*/content');
    await files.getByText(scanName).click();
    await toggleFilter('Unidentified');
  }

  // A speciality without files: 'No Data'.
  const answer = await page.request.get('/api/admin/incoming-referrals/raw');
  const { specialities } = (await answer.json()) as { specialities: string[] };
  let empty: string | undefined;
  for (const name of specialities) {
    const res = await page.request.get(
      `/api/admin/incoming-referrals/raw?speciality=${encodeURIComponent(name)}`,
    );
    if ((await res.json()).total === 0) {
      empty = name;
      break;
    }
  }
  expect(empty, 'a speciality with no file in the inbox').toBeTruthy();
  await toggleFilter('Unidentified');
  await toggleFilter(empty as string);
  await expect(page.getByText('No Data')).toBeVisible();
  await expect(files).toHaveCount(0);

  // Delete asks first; Cancel keeps the file, Delete removes it.
  await toggleFilter(empty as string);
  await files.getByText(smithName).click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete referral' });
  await expect(dialog).toContainText('Delete this referral letter from the inbox?');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(files.getByText(smithName)).toBeVisible();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('dialog', { name: 'Delete referral' }).getByRole('button', { name: 'Delete' }).click();
  await expect(files.getByText(smithName)).toHaveCount(0);
  await page.screenshot({ path: 'e2e/artifacts/referral-inbox-deleted.png' });
});

test('with the referral inbox flag off the tab is gone and the API answers 404; on again, both are back', async ({
  page,
  browser,
}) => {
  const it = await browser.newContext();
  const itPage = await it.newPage();
  await signIn(itPage, DEMO_IT);
  const setFlag = async (referralInbox: boolean) => {
    const res = await itPage.request.patch('/api/admin/settings/flags', { data: { referralInbox } });
    expect(res.ok(), await res.text()).toBe(true);
  };
  try {
    await signIn(page, DEMO_SUPERVISOR);
    await expect(page.getByRole('link', { name: 'Referral Inbox' })).toBeVisible();
    await setFlag(false);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('link', { name: 'Referral Inbox' })).toHaveCount(0);
    expect((await page.request.get('/api/admin/incoming-referrals/raw')).status()).toBe(404);
    await page.screenshot({ path: 'e2e/artifacts/referral-inbox-flag-off.png' });
  } finally {
    await setFlag(true);
  }
  await page.reload();
  await expect(page.getByRole('link', { name: 'Referral Inbox' })).toBeVisible({ timeout: 30_000 });
  expect((await page.request.get('/api/admin/incoming-referrals/raw')).status()).toBe(200);
  await it.close();
});
