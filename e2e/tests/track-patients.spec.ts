import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, DEMO_SUPERVISOR, signIn } from './support.ts';

test('a coordinator tracks a client without, then with, an active workflow; the list updates live', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const lastName = `Trackwell${Date.now().toString(36)}`;
  await signIn(page, DEMO_SUPERVISOR);
  const created = await page.request.post('/api/admin/clients', {
    data: { firstName: 'Tessa', lastName, dateOfBirth: '1980-02-03' },
  });
  expect(created.status()).toBe(201);
  const clientId = ((await created.json()) as { clientId: string }).clientId;
  const workflowsOfClient = async () => {
    const res = await page.request.get(`/api/admin/workflow/patients?clientId=${clientId}`);
    return ((await res.json()) as { workflows: unknown[] }).workflows.length;
  };

  // A supervisor sees every settings group and also lands on Track Patients.
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Settings' })
    .click();
  await expect(page).toHaveURL(/\/admin\/settings\/track-patients$/);
  await expect(page.getByRole('link', { name: 'Account Setting' })).toBeVisible();
  await page.getByRole('link', { name: 'Workflow', exact: true }).click();

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, DEMO_ADMIN);
  await admin
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Settings' })
    .click();
  await expect(admin).toHaveURL(/\/admin\/settings\/track-patients$/);
  const settingsMenu = admin.getByRole('navigation', { name: 'Settings' });
  await expect(settingsMenu.getByRole('link')).toHaveText(['Track Patients']);

  await admin.getByRole('button', { name: 'TRACK SELECTED CLIENT' }).click();
  await expect(admin.getByText('Please select a client to track.')).toBeVisible();

  await admin.getByLabel('Search clients by name').fill(lastName);
  await admin.getByRole('button', { name: 'Search', exact: true }).click();
  await admin.getByRole('radio', { name: `Select Tessa ${lastName}` }).check();
  await admin.getByRole('button', { name: 'TRACK SELECTED CLIENT' }).click();
  await expect(admin.getByRole('link', { name: 'Open workflow' })).toBeVisible();
  expect(await workflowsOfClient()).toBe(1);
  expect(admin.url()).not.toContain(lastName);

  // The supervisor's Workflow list shows the new workflow without a reload.
  await expect(page.locator('tbody tr[aria-expanded]').filter({ hasText: lastName })).toHaveCount(1);

  await admin.getByRole('button', { name: 'TRACK SELECTED CLIENT' }).click();
  const modal = admin.getByRole('dialog', { name: 'Track patient' });
  await expect(modal).toContainText('This patient already has an active workflow!');
  await modal.getByRole('button', { name: 'Cancel' }).click();
  await expect(modal).toBeHidden();
  expect(await workflowsOfClient()).toBe(1);

  await admin.getByRole('button', { name: 'TRACK SELECTED CLIENT' }).click();
  await modal.getByRole('button', { name: 'Track Anyway' }).click();
  await expect(modal).toBeHidden();
  await expect.poll(workflowsOfClient).toBe(2);
  await expect(page.locator('tbody tr[aria-expanded]').filter({ hasText: lastName })).toHaveCount(2);

  await admin.getByRole('link', { name: 'Open workflow' }).click();
  await expect(admin).toHaveURL(/\/admin\/client-appointment\?id=/);
  await adminContext.close();
});

test('each failing call says so: search, check and track', async ({ page }) => {
  const lastName = `Failwell${Date.now().toString(36)}`;
  await signIn(page, DEMO_SUPERVISOR);
  const created = await page.request.post('/api/admin/clients', {
    data: { firstName: 'Fay', lastName, dateOfBirth: '1975-06-07' },
  });
  expect(created.status()).toBe(201);
  const clientId = ((await created.json()) as { clientId: string }).clientId;
  // The call answers 500 until the returned function is called.
  const failing = async (path: string, method: string) => {
    const matches = (url: URL) => url.pathname === path;
    await page.route(matches, (route) =>
      route.request().method() === method
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":"INTERNAL"}' })
        : route.fallback(),
    );
    return () => page.unroute(matches);
  };
  await page.goto('/admin/settings/track-patients');
  const failure = page.getByRole('alert');

  let restore = await failing('/api/admin/clients/search', 'POST');
  await page.getByLabel('Search clients by name').fill(lastName);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(failure).toContainText('Search patients failed!');
  await expect(failure).toHaveAttribute('style', /red/);
  await restore();
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(failure).toHaveCount(0);
  await page.getByRole('radio', { name: `Select Fay ${lastName}` }).check();

  restore = await failing('/api/admin/workflow/track-patient', 'GET');
  await page.getByRole('button', { name: 'TRACK SELECTED CLIENT' }).click();
  await expect(failure).toContainText('Checking patient failed');
  await restore();

  restore = await failing('/api/admin/workflow/patient', 'POST');
  await page.getByRole('button', { name: 'TRACK SELECTED CLIENT' }).click();
  await expect(failure).toContainText('Tracking patient failed');
  await restore();
  await page.screenshot({ path: 'e2e/artifacts/track-patients-failed.png' });

  const res = await page.request.get(`/api/admin/workflow/patients?clientId=${clientId}`);
  expect(((await res.json()) as { workflows: unknown[] }).workflows).toEqual([]);
});
