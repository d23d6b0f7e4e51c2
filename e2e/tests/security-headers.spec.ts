import { expect, type Page, test } from '@playwright/test';
import { DEMO_IT, signIn } from './support.ts';

/** Collects what the browser refused under the Content-Security-Policy, from events and the console. */
async function watchPolicyViolations(page: Page) {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  // Chromium reports violations to its own log, which Playwright does not see: pass them to the console.
  await page.addInitScript(`document.addEventListener('securitypolicyviolation', (event) =>
    console.error('Content Security Policy violation: ' + event.violatedDirective + ' ' + event.blockedURI));`);
  return violations;
}

test('the web app and the API docs run under the Content-Security-Policy', async ({ page }) => {
  const violations = await watchPolicyViolations(page);

  const response = await page.goto('/admin');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await signIn(page, DEMO_IT);
  const firstRow = page.locator('tbody tr[aria-expanded]').first();
  await firstRow.click();
  await expect(firstRow).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('tab', { name: 'SMS Logs' })).toBeVisible();

  await page.goto('/api/docs');
  // The Swagger UI bundle is large: give it time to render on a busy machine.
  await expect(page.getByRole('heading', { name: /Telecare Staff API/ })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('/api/health').first()).toBeVisible();

  expect(violations).toEqual([]);
});
