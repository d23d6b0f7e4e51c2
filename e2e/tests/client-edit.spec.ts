import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, DEMO_IT, signIn } from './support.ts';

test('a bad date of birth blocks the save; a good edit saves and shows live in another browser', async ({
  page,
  browser,
}) => {
  await signIn(page, DEMO_ADMIN);
  const row = page.locator('tbody tr[aria-expanded]').nth(2);
  const urn = (await row.locator('td[data-column="urn"]').textContent())?.trim() ?? '';
  await row.click();
  await page.getByRole('button', { name: 'Edit Client' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Client' });
  await expect(dialog.getByLabel('Last name')).toBeVisible();

  const requests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/admin/coreplus/patient')) requests.push(request.method());
  });
  const dob = dialog.getByLabel('DOB');
  const original = await dob.inputValue();
  await dob.fill('1990-02-30');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dob).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog).toBeVisible();
  expect(requests).toEqual([]);
  await page.screenshot({ path: 'e2e/artifacts/client-bad-dob.png' });
  await dob.fill(original);

  const other = await browser.newContext();
  const second = await other.newPage();
  await signIn(second, DEMO_IT);
  await second.getByLabel('Filter URN').fill(urn);
  await expect(second.locator('tbody tr[aria-expanded]').first()).toContainText(urn);

  const lastName = dialog.getByLabel('Last name');
  const newName = `Edited${Date.now() % 100000}`;
  await lastName.fill(newName);
  await dialog.getByRole('combobox', { name: 'Site' }).click();
  await page.getByRole('listbox').getByRole('option', { name: 'Mackay Base Hospital' }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('action-banner')).toContainText('action completed');
  await expect(dialog).toBeHidden();
  expect(requests).toEqual(['PATCH']);
  await expect(row).toContainText(newName);
  await expect(row).toContainText('Mackay Base Hospital');
  await expect(second.locator('tbody tr[aria-expanded]').filter({ hasText: newName }).first()).toBeVisible({
    timeout: 2000,
  });
  await other.close();
});
