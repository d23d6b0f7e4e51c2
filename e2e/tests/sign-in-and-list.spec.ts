import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, signIn } from './support.ts';

test('the sign-in screen marks empty fields and refuses a wrong password', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByText('E-mail is required.')).toBeVisible();
  await expect(page.getByText('Password is required.')).toBeVisible();

  await page.getByLabel('Email').fill(DEMO_ADMIN.email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('The e-mail address or password is incorrect.');
  await expect(page).toHaveURL(/\/admin$/);
});

test('the demo admin signs in with the SMS code and pages through the active workflows', async ({ page }) => {
  await signIn(page, DEMO_ADMIN, { throughScreens: true });
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'Workflow', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );

  const range = page.getByText(/^1-10 of \d+$/);
  await expect(range).toBeVisible();
  const total = Number((await range.textContent())?.split(' of ')[1]);
  expect(total).toBeGreaterThan(10);
  await expect(page.locator('tbody tr[aria-expanded]')).toHaveCount(10);
  await page.screenshot({ path: 'e2e/artifacts/workflow-list.png' });

  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByText(`11-20 of ${total}`)).toBeVisible();
  await page.getByRole('button', { name: 'Last page' }).click();
  const lastStart = Math.floor((total - 1) / 10) * 10 + 1;
  await expect(page.getByText(`${lastStart}-${total} of ${total}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next page' })).toBeDisabled();

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByLabel('Email')).toBeVisible();
  await page.goto('/admin/client-appointment');
  await expect(page.getByLabel('Email')).toBeVisible();
});
