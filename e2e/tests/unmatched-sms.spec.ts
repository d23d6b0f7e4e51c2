import { expect, test } from '@playwright/test';
import { DEMO_SUPERVISOR, signIn } from './support.ts';

/**
 * A reply from a number with no recent sequence SMS changes no workflow and is listed for staff in
 * Settings > Admin > Unmatched SMS (issue 13, C1 acceptance 7).
 */
test('a reply from an unknown number is listed under Unmatched SMS', async ({ page }) => {
  await signIn(page, DEMO_SUPERVISOR);
  const text = `Is this about my appointment? ${Date.now()}`;
  const answered = await page.request.post('/api/dev/sms/inbound', {
    data: { from: '0491 570 006', body: text },
  });
  expect(answered.ok()).toBe(true);
  expect((await answered.json()).workflowId).toBeNull();

  await page.goto('/admin/settings/unmatched-sms');
  await expect(
    page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Unmatched SMS' }),
  ).toHaveAttribute('aria-current', 'page');
  const table = page.getByRole('table', { name: 'Unmatched SMS' });
  const row = table.getByRole('row').filter({ hasText: text });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('+61491570006');
  await page.screenshot({ path: 'e2e/artifacts/unmatched-sms.png' });
});
