import { expect, type Page, test } from '@playwright/test';
import { DEMO_ADMIN, DEMO_SUPERVISOR, signIn } from './support.ts';

/** Issue 14's panel items (K) and friction fix 4, through the screens. */

/** Opens the panel of the nth row of the Workflow list. */
async function openPanel(page: Page, rowIndex: number) {
  const row = page.locator('tbody tr[aria-expanded]').nth(rowIndex);
  await row.click();
  await expect(row).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('button', { name: 'Acting Patient' })).toBeVisible();
  return row;
}

test('Acting Patient records the snap form; Edit Client sets the FIN No.; both show in the panel header', async ({
  page,
}) => {
  await signIn(page, DEMO_ADMIN);
  await openPanel(page, 5);

  await page.getByRole('button', { name: 'Acting Patient' }).click();
  const acting = page.getByRole('dialog', { name: 'Acting Patient' });
  const snapform = acting.getByRole('group', { name: 'Snap form submitted:' });
  const saved = page.waitForResponse(
    (res) => res.url().includes('/api/snapform/patient-submitted/') && res.request().method() === 'PUT',
  );
  await snapform.getByRole('button', { name: 'Yes' }).click();
  expect((await saved).status()).toBe(200);
  await expect(snapform.getByRole('button', { name: 'Yes' })).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Escape');
  await expect(acting).toBeHidden();
  await expect(page.getByText('Snap form submitted: Yes')).toBeVisible();

  const finNo = `FIN${Date.now() % 1_000_000}`;
  await page.getByRole('button', { name: 'Edit Client' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Client' });
  await edit.getByLabel('FIN No.').fill(finNo);
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('action-banner')).toContainText('action completed');
  await expect(edit).toBeHidden();
  await expect(page.getByText(`FIN No. ${finNo}`)).toBeVisible();
  await page.screenshot({ path: 'e2e/artifacts/panel-snapform-fin.png' });
});

test('a client without a mobile number gets the No mobile alert in the panel header', async ({ page }) => {
  await signIn(page, DEMO_ADMIN);
  await openPanel(page, 6);
  const noMobile = page.locator('[data-alert="NO_MOBILE"]');
  await page.getByRole('button', { name: 'Edit Client' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Client' });
  await edit.getByLabel('Mobile', { exact: true }).fill('');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('action-banner')).toContainText('action completed');
  await expect(noMobile).toHaveText('No mobile');

  await page.getByRole('button', { name: 'Edit Client' }).click();
  await edit.getByLabel('Mobile', { exact: true }).fill('0412 345 678');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('action-banner')).toContainText('action completed');
  await expect(noMobile).toHaveCount(0);
});

test("Add Appointment starts with the workflow's case manager and the type of its site", async ({ page }) => {
  await signIn(page, DEMO_ADMIN);
  // A workflow still to be booked has Add Appointment.
  await page.getByLabel('Filter Bookings').fill('to book');
  const row = page.locator('tbody tr[aria-expanded]').first();
  // The filtered list has arrived once every row on screen is To Book.
  await expect
    .poll(async () =>
      (await page.locator('tbody tr[aria-expanded] td[data-column="bookings"]').allTextContents()).every(
        (text) => text.trim() === 'To Book',
      ),
    )
    .toBe(true);
  await expect(row.locator('td[data-column="bookings"]')).toHaveText('To Book');
  const caseManager = ((await row.locator('td[data-column="caseManager"]').textContent()) ?? '').trim();
  const site = ((await row.locator('td[data-column="site"]').textContent()) ?? '').trim();
  await row.click();
  await page.getByRole('button', { name: 'Add Appointment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Appointment' });
  const practitioner = dialog.getByRole('combobox', { name: 'Practitioner' });
  if (caseManager) await expect(practitioner).toHaveValue(caseManager.replace(/^Dr\.?\s+/i, ''));
  else await expect(practitioner).toHaveValue('');
  const types = dialog.getByRole('radiogroup', { name: 'Appointment type' });
  // The site 'Own Device' is the Own Device type; any other site is a Hospital.
  expect(site, 'the workflow has a site').not.toBe('');
  await expect(types.getByRole('radio', { checked: true })).toHaveAccessibleName(
    site === 'Own Device' ? 'Own Device' : 'Hospital',
  );
  await page.screenshot({ path: 'e2e/artifacts/add-appointment-preselected.png' });
});

test("an action the server does not answer within the client timeout fails with 'action failed'", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, DEMO_ADMIN);
  await openPanel(page, 4);
  // The Rebuild call hangs; the shared client timeout (60 s, SW §7) gives up on it.
  await page.route('**/api/admin/workflow/rebuild', () => undefined);
  await page.getByRole('button', { name: 'Rebuild' }).click();
  await expect(page.getByTestId('action-banner')).toContainText('action failed', { timeout: 75_000 });
  await expect(page.getByTestId('action-banner')).toContainText('The server did not answer in time.');
});

test("the panel names who created the workflow; with 'Set workflow status' off the Bookings status is locked", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO_SUPERVISOR);
  // A workflow the supervisor opens by tracking a new client.
  const created = await page.request.post('/api/admin/clients', {
    data: { firstName: 'Cora', lastName: `Creator${Date.now().toString(36)}`, dateOfBirth: '1969-04-05' },
  });
  expect(created.status()).toBe(201);
  const { clientId } = (await created.json()) as { clientId: string };
  const tracked = await page.request.post('/api/admin/workflow/patient', { data: { clientId } });
  expect(tracked.status()).toBe(201);
  const { workflow } = (await tracked.json()) as { workflow: { id: string } };

  const setFlag = (on: boolean) =>
    page.request.patch('/api/admin/settings/flags', { data: { setWorkflowStatus: on } });
  expect((await setFlag(false)).status()).toBe(200);
  try {
    await page.goto(`/admin/client-appointment?id=${workflow.id}`);
    await expect(page.getByRole('button', { name: 'Manage Tasks' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('Created by', { exact: true }).locator('..')).toHaveText(
      /^Created by\s*SS\s*Sam Supervisor$/,
    );

    await page.getByRole('button', { name: 'Manage Tasks' }).click();
    const tasks = page.getByRole('dialog', { name: 'Manage Tasks' });
    const status = tasks.getByRole('group', { name: 'Bookings' }).getByRole('combobox', { name: 'Status' });
    await expect(status).toBeDisabled();
    await expect(tasks).toContainText("Locked: the 'Set workflow status' setting is off.");
    await page.screenshot({ path: 'e2e/artifacts/manage-tasks-status-locked.png' });
    await page.keyboard.press('Escape');
  } finally {
    expect((await setFlag(true)).status()).toBe(200);
  }
  await page.reload();
  await page.getByRole('button', { name: 'Manage Tasks' }).click();
  const tasks = page.getByRole('dialog', { name: 'Manage Tasks' });
  await expect(
    tasks.getByRole('group', { name: 'Bookings' }).getByRole('combobox', { name: 'Status' }),
  ).toBeEnabled();
});
