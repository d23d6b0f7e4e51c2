import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, signIn } from './support.ts';

const DEMO_SMS_TEMPLATE_SET = 'd0f5d0c5-bc33-4301-b216-3002553cdbcf';

test('book an appointment on a free timeslot, then cancel it', async ({ page }) => {
  await signIn(page, DEMO_ADMIN);
  await page.getByLabel('Filter Bookings').fill('to book');
  const firstRow = page.locator('tbody tr[aria-expanded]').first();
  await expect(firstRow).toContainText('To Book');
  const urn = (await firstRow.locator('td[data-column="urn"]').textContent())?.trim() ?? '';
  const created = (await firstRow.locator('td[data-column="creationTimestamp"]').textContent())?.trim() ?? '';
  await page.getByLabel('Filter Bookings').fill('');
  await page.getByLabel('Filter URN').fill(urn);
  const row = page.locator('tbody tr[aria-expanded]').filter({ hasText: created });
  await expect(row).toHaveCount(1);
  await row.click();
  await page.getByRole('button', { name: 'Add Appointment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Appointment' });

  const practitioner = dialog.getByRole('combobox', { name: 'Practitioner' });
  const freeDay = dialog.locator('button[aria-label*="free timeslots"]:not([disabled])').first();
  for (let option = 0; option < 18; option++) {
    await practitioner.click();
    const options = page.getByRole('listbox').getByRole('option');
    await expect(options.first()).toBeVisible();
    if (option >= (await options.count())) break;
    await options.nth(option).scrollIntoViewIfNeeded();
    await options.nth(option).click();
    await dialog.getByRole('radio', { name: 'Own Device' }).check();
    await page.waitForTimeout(400);
    if ((await freeDay.count()) > 0) break;
  }
  await freeDay.click();
  await dialog.getByRole('group', { name: 'Timeslots' }).getByRole('button').first().click();
  await dialog.getByRole('combobox', { name: 'Duration' }).click();
  await page.getByRole('listbox').getByRole('option', { name: /^15/ }).first().click();

  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(
    dialog.getByRole('alert').filter({ hasText: 'The sms template can not be empty.' }),
  ).toBeVisible();
  await dialog.getByLabel('SMS template set id').fill(DEMO_SMS_TEMPLATE_SET);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByTestId('action-banner')).toContainText('action completed');
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Booked');
  await page.screenshot({ path: 'e2e/artifacts/booked.png' });

  await page.getByRole('button', { name: 'Cancel Appointment' }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancel Appointment' });
  await cancel.getByRole('button', { name: 'Cancel Appointment' }).click();
  await expect(page.getByRole('button', { name: 'Add Appointment' })).toBeVisible();
  await expect(row).toContainText('To Book');
});
