import path from 'node:path';
import { expect, test } from '@playwright/test';
import { DEMO_SUPERVISOR, signIn } from './support.ts';

const corpus = path.resolve(
  import.meta.dirname,
  '../../apps/server/src/modules/referral-inbox/letters/corpus',
);
const letter = (name: string) => path.join(corpus, name);

test('upload two PDFs and a PNG, view one, correct its draft, save it, and see the workflow in a second browser', async ({
  page,
  browser,
}) => {
  await signIn(page, DEMO_SUPERVISOR);
  await page.getByRole('link', { name: 'Referral Inbox' }).click();
  await expect(page).toHaveURL(/\/admin\/referral-inbox/);

  await page
    .locator('input[type="file"]')
    .setInputFiles([
      letter('referral-10-letterhead.pdf'),
      letter('referral-11-table.pdf'),
      letter('referral-22-letterhead.png'),
    ]);
  const progress = page.getByTestId('upload-progress');
  await expect(progress).toHaveCount(3);
  for (const name of ['referral-10-letterhead.pdf', 'referral-11-table.pdf', 'referral-22-letterhead.png']) {
    await expect(progress.filter({ hasText: name })).toContainText('100%');
  }
  const files = page.getByRole('table', { name: 'Referral files' });
  await expect(files.getByText('referral-22-letterhead.png')).toBeVisible();

  await files.getByText('referral-10-letterhead.pdf').click();
  await expect(page.getByTestId('file-viewer').locator('canvas').first()).toBeVisible();
  // Read in the background: the form fills once the text is extracted.
  await expect(page.getByLabel('First name', { exact: true })).toHaveValue('Daniel', { timeout: 20_000 });
  await expect(page.getByLabel('Last name', { exact: true })).toHaveValue('Kowalski');
  await expect(page.getByLabel('Date of birth')).toHaveValue('1988-05-25');

  await page.getByRole('button', { name: 'Save into coreplus' }).click();
  await expect(page.getByText('Practitioner cannot be empty')).toBeVisible();

  // A second browser keeps the Workflow list open: the saved referral's workflow appears there live.
  const other = await browser.newPage();
  await signIn(other, DEMO_SUPERVISOR);
  await expect(other.locator('tbody tr[aria-expanded]').first()).toBeVisible({ timeout: 30_000 });

  await page.getByLabel('Last name', { exact: true }).fill('Kowalski-Intake');
  await page.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('listbox').getByRole('option', { name: '2', exact: true }).click();
  await page.getByRole('combobox', { name: 'Practitioner' }).click();
  await page.getByRole('listbox').getByRole('option').first().click();
  await page.getByRole('button', { name: 'Save into coreplus' }).click();
  await expect(page.getByText('All Set!')).toBeVisible();
  await expect(files.getByText('referral-10-letterhead.pdf')).toHaveCount(0);

  const row = other.locator('tbody tr[aria-expanded]').filter({ hasText: 'Kowalski-Intake' });
  await expect(row).toBeVisible();
  await row.click();
  const download = other.waitForEvent('download');
  await other.getByRole('link', { name: 'Download referral letter' }).click();
  expect((await download).suggestedFilename()).toBe('referral-10-letterhead.pdf');
  await other.close();
});

test('Upload patient info for an unknown client is refused; for a known one Create R workflow makes an R row', async ({
  page,
}) => {
  await signIn(page, DEMO_SUPERVISOR);
  await page.goto('/admin/referral-inbox');
  await page.locator('input[type="file"]').setInputFiles([letter('referral-12-free-text.pdf')]);
  const files = page.getByRole('table', { name: 'Referral files' });
  await files.getByText('referral-12-free-text.pdf').click();
  await expect(page.getByLabel('First name', { exact: true })).not.toHaveValue('', { timeout: 20_000 });
  await page.getByRole('button', { name: 'Upload patient info' }).click();
  await expect(page.getByText('The client or referral is not existing in Coreplus.')).toBeVisible();

  // The client saved by the first journey is known now.
  await page.getByLabel('First name', { exact: true }).fill('Daniel');
  await page.getByLabel('Last name', { exact: true }).fill('Kowalski-Intake');
  await page.getByLabel('Date of birth').fill('1988-05-25');
  await page.getByRole('button', { name: 'Upload patient info' }).click();
  await page.getByRole('button', { name: 'Create R workflow' }).click();
  await expect(page.getByText('All Set!')).toBeVisible();

  // The Workflow list: the client's first (N) row and now a review row shown as R.
  await page.getByRole('link', { name: 'Workflow', exact: true }).click();
  const rows = page.locator('tbody tr[aria-expanded]').filter({ hasText: 'Kowalski-Intake' });
  await expect(rows.filter({ has: page.getByTitle('Review', { exact: true }) })).toHaveCount(1);
  await expect(rows.filter({ has: page.getByTitle('New', { exact: true }) })).toHaveCount(1);
  await page.screenshot({ path: 'e2e/artifacts/referral-r-row.png' });
});
