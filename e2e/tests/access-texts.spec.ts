import { expect, test } from '@playwright/test';
import { DEMO_IT, DEMO_PASSWORD, DEMO_SUPERVISOR, signIn } from './support.ts';

test("a failed login-status check says 'Can not check user status'", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO_SUPERVISOR);
  await page.route('**/api/admin/user-activity/login-status/**', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: '{"code":"INTERNAL","message":"x"}',
    }),
  );
  // Active just now, last check long ago: the next idle round (every 30 s) checks the login status.
  await page.evaluate(
    "localStorage.setItem('telecare.lastKeepAlive', '1'); localStorage.setItem('telecare.lastActivity', String(Date.now()))",
  );
  await expect(page.getByText('Can not check user status')).toBeVisible({ timeout: 45_000 });
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
});

test('a failed resend of the sign-in code says so in the spec words', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/admin');
  await page.getByLabel('Email').fill(DEMO_IT.email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page).toHaveURL(/\/mfa-verify/, { timeout: 30_000 });
  const resend = page.getByRole('button', { name: 'Resend Code' });
  await expect(resend).toBeEnabled({ timeout: 30_000 });
  await page.route('**/api/auth/mfa/sms/send', (route) =>
    route.fulfill({
      status: 502,
      contentType: 'application/json',
      body: '{"code":"SEND_FAILED","message":"x"}',
    }),
  );
  await resend.click();
  await expect(page.getByText('Failed to send the verification code. Please try again')).toBeVisible();
});

test('the Bookings column shows the status as a coloured tag', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO_SUPERVISOR);
  await page.getByLabel('Filter Bookings').fill('to book');
  await page.getByLabel('Filter Bookings').press('Enter');
  const tag = page.locator('tbody tr[aria-expanded]').first().locator('[data-tag]');
  await expect(tag).toHaveText('To Book', { timeout: 30_000 });
  await expect(tag).toHaveAttribute('data-tag', 'warning');
});
