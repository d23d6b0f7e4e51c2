import { expect, type Page, test } from '@playwright/test';
import { DEMO_IT, DEMO_SUPERVISOR, signIn } from './support.ts';

const rows = (page: Page) => page.locator('tbody tr[aria-expanded]');

test('a deleted workflow leaves the lists, and IT staff restore it from Deleted Workflow', async ({
  page,
  browser,
}) => {
  await signIn(page, DEMO_SUPERVISOR);
  await expect(rows(page)).toHaveCount(10);
  const row = rows(page).nth(4);
  const id = ((await row.getByRole('checkbox').getAttribute('id')) ?? '').replace('workflow-select-', '');
  const urn = (await row.locator('td[data-column="urn"]').textContent())?.trim() ?? '';

  await row.click();
  await page.getByRole('button', { name: 'Delete Workflow' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Workflow' });
  await expect(confirm).toContainText('Please confirm that you want to delete this workflow.');
  await confirm.getByRole('button', { name: 'Confirm Deletion' }).click();
  await expect(page.getByTestId('action-banner')).toContainText('action completed');
  await expect(page.locator(`#workflow-select-${id}`)).toHaveCount(0);

  // Only IT staff have the deleted list: no tab for a supervisor, and its address leads home.
  await expect(page.getByRole('link', { name: 'Deleted Workflow' })).toHaveCount(0);
  await page.goto('/admin/deleted-client-appointment');
  await expect(page).toHaveURL(/\/admin\/client-appointment$/);
  await page.goto(`/admin/client-appointment?id=${id}`);
  await expect(page.getByText('Workflow not found.')).toBeVisible();

  const itContext = await browser.newContext();
  const it = await itContext.newPage();
  await signIn(it, DEMO_IT);
  await it.getByRole('link', { name: 'Deleted Workflow' }).click();
  await expect(it).toHaveURL(/\/admin\/deleted-client-appointment$/);
  await it.getByLabel('Filter URN').fill(urn);
  const deleted = it.locator(`#workflow-select-${id}`);
  await expect(deleted).toBeVisible();

  // A deleted workflow's row offers Restore instead of the detail panel.
  const deletedRow = rows(it).filter({ has: deleted });
  await deletedRow.click();
  await expect(it.getByText('This workflow was deleted.')).toBeVisible();
  await expect(it.getByRole('button', { name: 'Edit Client' })).toHaveCount(0);
  await it.screenshot({ path: 'e2e/artifacts/deleted-workflow.png' });

  // A link to the deleted workflow finds it here, opened.
  await it.goto(`/admin/deleted-client-appointment?id=${id}`);
  await expect(it.getByText('Showing one workflow.')).toBeVisible();
  await expect(rows(it)).toHaveCount(1);
  await expect(it.getByText('This workflow was deleted.')).toBeVisible();
  await it.getByRole('button', { name: 'Restore', exact: true }).click();
  const restore = it.getByRole('dialog', { name: 'Restore workflows' });
  await expect(restore).toContainText('Please confirm that you want to restore 1 workflow.');
  await restore.getByRole('button', { name: 'Restore', exact: true }).click();
  await expect(it.getByTestId('action-banner')).toContainText('action completed');
  await expect(deleted).toHaveCount(0);
  await itContext.close();

  // Back on its list for everyone.
  await page.goto(`/admin/client-appointment?id=${id}`);
  await expect(page.locator(`#workflow-select-${id}`)).toBeVisible();
  await expect(rows(page).first()).toContainText(urn);
});
