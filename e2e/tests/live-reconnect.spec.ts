import { expect, type Page, test } from '@playwright/test';
import { DEMO_IT, DEMO_SUPERVISOR, signIn } from './support.ts';

const rangeTotal = async (page: Page) => {
  const text = await page.getByText(/^\d+-\d+ of \d+$/).textContent();
  return Number(text?.split(' of ')[1]);
};

test('a list that lost its connection catches up with the changes it missed once it is back', async ({
  page,
  browser,
}) => {
  await signIn(page, DEMO_SUPERVISOR);
  const firstRow = page.locator('tbody tr[aria-expanded]').first();
  const urn = (await firstRow.locator('td[data-column="urn"]').textContent())?.trim() ?? '';
  const all = await rangeTotal(page);
  await page.getByLabel('Filter URN').fill(urn);
  await expect.poll(() => rangeTotal(page)).toBeLessThan(all);
  const before = await rangeTotal(page);

  // The first browser drops off the network; meanwhile a colleague archives the workflow.
  await page.context().setOffline(true);
  const other = await browser.newContext();
  const second = await other.newPage();
  await signIn(second, DEMO_IT);
  await second.getByLabel('Filter URN').fill(urn);
  await expect.poll(() => rangeTotal(second)).toBe(before);
  const row = second.locator('tbody tr[aria-expanded]').first();
  await row.click();
  await second.getByRole('button', { name: 'Archive', exact: true }).click();
  await second
    .getByRole('dialog', { name: 'Archive workflow' })
    .getByRole('button', { name: 'Archive' })
    .click();
  await expect(second.getByTestId('action-banner')).toContainText('action completed');
  await other.close();

  // Nothing could reach the offline browser; back online, the change feed reconnects and refreshes.
  expect(await rangeTotal(page)).toBe(before);
  await page.context().setOffline(false);
  await expect.poll(() => rangeTotal(page).catch(() => before), { timeout: 20_000 }).toBe(before - 1);
});
