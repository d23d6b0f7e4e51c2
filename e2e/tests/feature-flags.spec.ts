import { expect, test } from '@playwright/test';
import { DEMO_IT, signIn } from './support.ts';

// Whatever happens, the other journeys see the plain list afterwards.
test.afterEach(async ({ page }) => {
  await page.request.patch('/api/admin/settings/flags', { data: { experiments: false } });
});

test('turn the experiments flag on: the Workflow list gets the Coordinator column and its filter', async ({
  page,
}) => {
  await signIn(page, DEMO_IT);
  await expect(page.getByRole('button', { name: 'Coordinator', exact: true })).toHaveCount(0);

  await page.getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('link', { name: 'Feature Flags' }).click();
  const card = page.getByRole('form', { name: 'Feature flags' });
  const experiments = card.getByRole('switch', { name: 'Experiments' });
  await expect(experiments).not.toBeChecked();
  await expect(card.getByRole('switch', { name: 'Only Australian users' })).toBeChecked();
  await expect(card.getByRole('button', { name: 'Save' })).toBeDisabled();
  await experiments.check();
  await page.screenshot({ path: 'e2e/artifacts/feature-flags.png' });
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Update config successfully!')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Save' })).toBeDisabled();

  await page.getByRole('link', { name: 'Workflow', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Coordinator', exact: true })).toBeVisible();
  const coordinators = page.locator('tbody tr[aria-expanded] td[data-column="coordinator"]');
  await expect(coordinators.first()).toBeVisible();
  const names = (await coordinators.allTextContents()).filter((name) => name !== '—');
  expect(names.length).toBeGreaterThan(0);
  const name = names[0] as string;
  await page.getByLabel('Filter Coordinator').fill(name);
  await expect(page.getByText(/^1-\d+ of/)).toBeVisible();
  await expect.poll(async () => new Set(await coordinators.allTextContents())).toEqual(new Set([name]));
  await page.screenshot({ path: 'e2e/artifacts/workflow-coordinator-column.png' });

  // And off again.
  await page.getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('link', { name: 'Feature Flags' }).click();
  await card.getByRole('switch', { name: 'Experiments' }).uncheck();
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Update config successfully!').first()).toBeVisible();
  await page.getByRole('link', { name: 'Workflow', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Coordinator', exact: true })).toHaveCount(0);
});
