import { expect, test } from '@playwright/test';
import { DEMO_SUPERVISOR, signIn } from './support.ts';

test('a supervisor adds a user, sees the form rules, and the activity report range checks', async ({
  page,
}) => {
  await signIn(page, DEMO_SUPERVISOR);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Settings' })
    .click();
  // Settings opens on Track Patients (every staff role's screen); Account Setting is one click on.
  await page.getByRole('link', { name: 'Account Setting' }).click();
  await expect(page.getByRole('heading', { name: 'Account Setting' })).toBeVisible();
  await expect(page.getByText(/^1-10 of \d+$/)).toBeVisible();

  await page.getByRole('button', { name: 'Add User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add User' });
  await dialog.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'GP', exact: true }).click();
  await dialog.getByLabel('First name').fill('Greta');
  await dialog.getByLabel('Last name').fill('Newcomer');
  await dialog.getByLabel('E-mail').fill('greta.newcomer@telecare.example');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Please select a referrer for a GP.')).toBeVisible();

  await dialog.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'ADMIN', exact: true }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('User saved.')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Users' })).toContainText('greta.newcomer@telecare.example');

  await page.getByRole('button', { name: 'Report', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Custom' }).click();
  const report = page.getByRole('dialog', { name: 'User activity report' });
  await report.getByRole('button', { name: 'Download' }).click();
  await expect(report.getByText('You must select a valid time range.')).toBeVisible();
  await report.getByLabel('Start date').fill('2026-11-20');
  await report.getByLabel('End date').fill('2026-11-10');
  await report.getByRole('button', { name: 'Download' }).click();
  await expect(report.getByText('End date should be after the start date')).toBeVisible();
  await report.getByLabel('End date').fill('2026-11-30');
  const download = page.waitForEvent('download');
  await report.getByRole('button', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toBe('user-activity-report.csv');
});
