import { expect, type Page, test } from '@playwright/test';
import { DEMO_SUPERVISOR, signIn, workflowIdOf } from './support.ts';

const rows = (page: Page) => page.locator('tbody tr[aria-expanded]');

test('select two rows, archive them together, find them on the archived list and bring them back', async ({
  page,
}) => {
  await signIn(page, DEMO_SUPERVISOR);
  await expect(rows(page)).toHaveCount(10);

  // The header box ticks every row of the page, then clears them.
  const all = page.getByRole('checkbox', { name: 'Select all rows on this page' });
  await all.check();
  await expect(page.getByText('10 selected')).toBeVisible();
  await all.uncheck();
  await expect(page.getByText(/\d+ selected/)).toHaveCount(0);

  const first = rows(page).nth(1);
  const second = rows(page).nth(3);
  const ids = [await workflowIdOf(first), await workflowIdOf(second)];
  await first.getByRole('checkbox').check();
  await second.getByRole('checkbox').check();
  // Ticking a row does not open it.
  await expect(first).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByText('2 selected')).toBeVisible();
  await expect(all).toHaveAttribute('data-indeterminate', 'true');
  await page.screenshot({ path: 'e2e/artifacts/workflow-rows-selected.png' });

  await page.getByRole('button', { name: 'Archive selected' }).click();
  const dialog = page.getByRole('dialog', { name: 'Archive workflows' });
  await expect(dialog).toContainText('Please confirm that you want to archive 2 workflows.');
  await dialog.getByRole('button', { name: 'Archive' }).click();
  await expect(page.getByTestId('action-banner')).toContainText('action completed');
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/\d+ selected/)).toHaveCount(0);
  await expect(rows(page)).toHaveCount(10);
  for (const id of ids) await expect(page.locator(`#workflow-select-${id}`)).toHaveCount(0);

  // Each is on the archived list; its panel shows the short tab set there.
  for (const id of ids) {
    await page.goto(`/admin/archived-client-appointment?id=${id}`);
    await expect(page.locator(`#workflow-select-${id}`)).toBeVisible();
  }
  for (const tab of ['SMS Logs', 'Send SMS', 'Send Email']) {
    await expect(page.getByRole('tab', { name: tab })).toBeVisible();
  }
  await expect(page.getByRole('tab', { name: 'History' })).toHaveCount(0);
  await expect(page.getByRole('tab', { name: 'Activity' })).toHaveCount(0);

  // Un-archive both from the archived list.
  await page.getByRole('link', { name: 'Archived Workflow' }).click();
  await expect(page).toHaveURL(/archived-client-appointment$/);
  await expect(rows(page).first()).toBeVisible();
  for (const id of ids) await page.locator(`#workflow-select-${id}`).check();
  await expect(page.getByText('2 selected')).toBeVisible();
  await page.getByRole('button', { name: 'Un-archive selected' }).click();
  const back = page.getByRole('dialog', { name: 'Un-archive workflows' });
  await expect(back).toContainText('Please confirm that you want to un-archive 2 workflows.');
  await back.getByRole('button', { name: 'Un-archive' }).click();
  await expect(page.getByTestId('action-banner')).toContainText('action completed');
  for (const id of ids) await expect(page.locator(`#workflow-select-${id}`)).toHaveCount(0);

  // The history list has no bulk action, so no checkboxes.
  await page.getByRole('link', { name: 'History Workflow' }).click();
  await expect(rows(page).first()).toBeVisible();
  await expect(page.getByRole('checkbox')).toHaveCount(0);
});

test('a link to one workflow: a notice while it shows, a filter leaves it, and an unknown id says so', async ({
  page,
}) => {
  await signIn(page, DEMO_SUPERVISOR);
  await expect(rows(page)).toHaveCount(10);
  // A demo row (one with a URN): rows other journeys open by tracking have none.
  const row = rows(page)
    .filter({ has: page.locator('td[data-column="urn"]', { hasText: /\S/ }) })
    .nth(2);
  const id = await workflowIdOf(row);
  const urn = (await row.locator('td[data-column="urn"]').textContent())?.trim() ?? '';

  await page.goto(`/admin/client-appointment?id=${id}`);
  await expect(rows(page)).toHaveCount(1);
  await expect(page.locator(`#workflow-select-${id}`)).toBeVisible();
  await expect(page.getByText('Showing one workflow.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next page' })).toHaveCount(0);

  // The filters are for the whole list: typing one goes back to it, filtered.
  await page.getByLabel('Filter URN').fill(urn);
  await expect(page).not.toHaveURL(/[?&]id=/);
  await expect(page.getByText('Showing one workflow.')).toHaveCount(0);
  await expect(page.getByText(/^1-\d+ of \d+$/)).toBeVisible();
  await expect(rows(page).first()).toContainText(urn);

  for (const unknown of ['not-a-workflow', crypto.randomUUID()]) {
    await page.goto(`/admin/client-appointment?id=${unknown}`);
    await expect(page.getByText('Workflow not found.')).toBeVisible();
    await expect(rows(page)).toHaveCount(0);
    if (unknown === 'not-a-workflow') await page.screenshot({ path: 'e2e/artifacts/workflow-not-found.png' });
    await page.getByRole('button', { name: 'Show all workflows' }).click();
    await expect(page).toHaveURL(/\/admin\/client-appointment$/);
    await expect(rows(page)).toHaveCount(10);
  }
});
