import { expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO_ADMIN, DEMO_IT, DEMO_SUPERVISOR, signIn } from './support.ts';

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
  const site = dialog.getByRole('combobox', { name: 'Site' });
  const newSite =
    (await site.inputValue()) === 'Mackay Base Hospital' ? 'Own Device' : 'Mackay Base Hospital';
  await site.click();
  await page.getByRole('listbox').getByRole('option', { name: newSite, exact: true }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('action-banner')).toContainText('action completed');
  await expect(dialog).toBeHidden();
  expect(requests).toEqual(['PATCH']);
  await expect(row).toContainText(newName);
  await expect(row.locator('td[data-column="site"]')).toHaveText(newSite);
  await expect(second.locator('tbody tr[aria-expanded]').filter({ hasText: newName }).first()).toBeVisible({
    timeout: 2000,
  });
  await other.close();
});

test('a save that takes its row off a list filtered by the client still says action completed', async ({
  page,
}) => {
  await signIn(page, DEMO_ADMIN);
  const rows = page.locator('tbody tr[aria-expanded]');
  const urn = (await rows.nth(4).locator('td[data-column="urn"]').textContent())?.trim() ?? '';
  await page.getByLabel('Filter URN').fill(urn);
  await expect(rows.filter({ hasNotText: urn })).toHaveCount(0);
  // A client (one URN) may have more than one workflow on the list, as the day's demo data falls.
  const row = rows.filter({ hasText: urn });
  await expect(row.first()).toBeVisible();
  const shown = await row.count();
  expect(shown).toBeGreaterThan(0);
  // The Client cell shows the name, then the date of birth.
  const client = (await row.first().locator('td[data-column="client"]').textContent()) ?? '';
  const lastName =
    client
      .replace(/\d{2}\/\d{2}\/\d{4}.*$/, '')
      .trim()
      .split(' ')
      .pop() ?? '';
  const filtered = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/admin/workflow/list') &&
      (response.request().postData() ?? '').includes(lastName),
  );
  await page.getByLabel('Filter Client').fill(lastName);
  await filtered;
  await expect(row).toHaveCount(shown);
  const dialog = await openEditClient(page, 0);
  await expect(dialog.getByLabel('Last name')).toHaveValue(lastName);
  await dialog.getByLabel('Last name').fill(`Renamed${Date.now() % 100000}`);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('action-banner')).toContainText('action completed');
  await expect(dialog).toBeHidden();
  // Renamed, the workflow no longer matches the Client filter: its row (and panel) left the list.
  await expect(row).toHaveCount(0);
});

/** Opens Edit Client for the nth row of the workflow list (selecting the row unless it is already). */
async function openEditClient(page: Page, rowIndex: number) {
  const row = page.locator('tbody tr[aria-expanded]').nth(rowIndex);
  if ((await row.getAttribute('aria-expanded')) !== 'true') await row.click();
  await page.getByRole('button', { name: 'Edit Client' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Client' });
  await expect(dialog.getByLabel('Last name')).toBeVisible();
  return dialog;
}

/** The field is on screen and not hidden behind the modal's sticky Save bar. */
async function expectClearOfSaveBar(field: Locator, dialog: Locator) {
  await expect(field).toBeInViewport({ ratio: 1 });
  const fieldBox = await field.boundingBox();
  const saveBox = await dialog.getByRole('button', { name: 'Save' }).boundingBox();
  expect(fieldBox && saveBox && fieldBox.y + fieldBox.height < saveBox.y).toBe(true);
}

const isoDaysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const displayDate = (iso: string) => iso.split('-').reverse().join('/');

test('Save brings the first invalid field into view and focuses it; warnings stay in view', async ({
  page,
}) => {
  await signIn(page, DEMO_ADMIN);
  const dialog = await openEditClient(page, 3);
  const requests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/admin/coreplus/') && request.method() !== 'GET') {
      requests.push(request.method());
    }
  });

  // Far down the form: the referral expiry date.
  const expiry = dialog.getByLabel('Expiry date');
  await expiry.fill('2025-13-45');
  await dialog.getByLabel('First name').focus();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(expiry).toHaveAttribute('aria-invalid', 'true');
  await expect(expiry).toBeFocused();
  await expect(dialog.getByText('This date does not exist.')).toBeVisible();
  await expectClearOfSaveBar(expiry, dialog);
  await page.screenshot({ path: 'e2e/artifacts/client-invalid-expiry-focused.png' });

  // A date of birth before 1900 comes first in screen order: the form goes back up to it.
  const dob = dialog.getByLabel('DOB');
  await dob.fill('1800-01-01');
  await expect(dialog.getByTestId('client-age')).toHaveText('');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dob).toHaveAttribute('aria-invalid', 'true');
  await expect(dob).toBeFocused();
  await expect(dialog.getByText('The date of birth can not be before 01/01/1900.')).toBeInViewport();
  await expect(expiry).toHaveAttribute('aria-invalid', 'true');
  await page.screenshot({ path: 'e2e/artifacts/client-dob-before-1900.png' });
  expect(requests).toEqual([]);

  // Warnings sit beside Save, so they are in view down at the referral dates as well.
  const soon = isoDaysFromNow(30);
  await expiry.click();
  await expiry.fill(soon);
  const warnings = dialog.getByRole('group', { name: 'Warnings' });
  await expect(warnings).toContainText(
    `The referral is expiring in less than 3 months: it ends on ${displayDate(soon)}.`,
  );
  await expect(warnings).toBeInViewport({ ratio: 1 });
  await page.screenshot({ path: 'e2e/artifacts/client-referral-warning.png' });
  await expiry.fill(isoDaysFromNow(-1));
  await expect(warnings).toContainText('The referral is expired: it ended on');
  await expect(warnings).toBeInViewport({ ratio: 1 });
});

test('closing Edit Client with unsaved changes asks first; without changes it closes at once', async ({
  page,
}) => {
  await signIn(page, DEMO_ADMIN);
  const requests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/admin/coreplus/') && request.method() !== 'GET') {
      requests.push(request.method());
    }
  });
  const confirm = page.getByRole('dialog', { name: 'Discard unsaved changes?' });

  let dialog = await openEditClient(page, 4);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(confirm).toBeHidden();

  dialog = await openEditClient(page, 4);
  const lastName = dialog.getByLabel('Last name');
  const original = await lastName.inputValue();
  await lastName.fill(`${original}-unsaved`);

  await page.keyboard.press('Escape');
  await expect(confirm).toBeVisible();
  await expect(confirm.getByRole('button', { name: 'Keep editing' })).toBeFocused();
  await page.screenshot({ path: 'e2e/artifacts/client-discard-confirm.png' });
  await confirm.getByRole('button', { name: 'Keep editing' }).click();
  await expect(confirm).toBeHidden();
  await expect(lastName).toHaveValue(`${original}-unsaved`);

  // Esc in the question keeps editing too, and only closes the question.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(dialog).toBeVisible();

  // A click outside asks as well.
  await page.mouse.click(10, 400);
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Discard' }).click();
  await expect(dialog).toBeHidden();
  expect(requests).toEqual([]);

  dialog = await openEditClient(page, 4);
  await expect(dialog.getByLabel('Last name')).toHaveValue(original);
});

test('leaving Create Client with unsaved changes asks first', async ({ page }) => {
  await signIn(page, DEMO_SUPERVISOR);
  await page.getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('link', { name: 'Create Client' }).click();
  const form = page.getByRole('form', { name: 'Create Client' });
  await form.getByLabel('First name').fill('Unsaved');
  await form.getByLabel('DOB').fill('1899-12-31');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByLabel('Last name')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByLabel('Last name')).toBeFocused();
  await expect(form.getByLabel('DOB')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText('The date of birth can not be before 01/01/1900.')).toBeVisible();
  await form.getByLabel('DOB').fill(isoDaysFromNow(-365 * 10));
  await expect(form.getByRole('group', { name: 'Warnings' })).toHaveText(
    'The patient is under 17 years old.',
  );

  const confirm = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
  await page.getByRole('link', { name: 'Workflow', exact: true }).click();
  await expect(confirm).toBeVisible();
  await page.screenshot({ path: 'e2e/artifacts/create-client-leave-confirm.png' });
  await confirm.getByRole('button', { name: 'Keep editing' }).click();
  await expect(page).toHaveURL(/settings\/create-client/);
  await expect(form.getByLabel('First name')).toHaveValue('Unsaved');

  await page.getByRole('link', { name: 'Workflow', exact: true }).click();
  await confirm.getByRole('button', { name: 'Discard' }).click();
  await expect(page).toHaveURL(/client-appointment/);
});

test('on the History list Edit Client keeps category and referral read-only', async ({ page }) => {
  await signIn(page, DEMO_ADMIN);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'History Workflow' })
    .click();
  await expect(page).toHaveURL(/history-client-appointment/);
  const dialog = await openEditClient(page, 0);
  await expect(dialog.getByLabel('Category', { exact: true })).toBeDisabled();
  await expect(dialog.getByLabel('Referral start date')).toBeDisabled();
  await expect(dialog.getByLabel('Expiry date')).toBeDisabled();
  await expect(dialog.getByText('read-only on the archived and history lists')).toBeVisible();
  await expect(dialog.getByLabel('First name')).toBeEnabled();
});
