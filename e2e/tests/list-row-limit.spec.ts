import { expect, test } from '@playwright/test';
import { DEMO_SUPERVISOR, signIn } from './support.ts';

// The demo data is far smaller than the 10,000 rows a filtered list pages through, so the server's
// answer is given the figures of a large filtered result (a total estimated at 60,000 and a row
// limit of 20); the pager is what this journey checks, the limit itself is tested in the API suite.
test('a filtered list paged only so far says where the pages stop and stops there', async ({ page }) => {
  await page.route('**/api/admin/workflow/list', async (route) => {
    const asked = (route.request().postDataJSON() as { page?: number }).page ?? 1;
    const response = await route.fetch();
    const body = await response.json();
    await route.fulfill({
      response,
      json: { ...body, page: Math.min(asked, 2), total: 60_000, totalIsEstimate: true, rowLimit: 20 },
    });
  });
  await signIn(page, DEMO_SUPERVISOR);
  // Every answer says 60,000, so the range alone does not show the filter has been applied: its
  // answer is awaited, or the filter's return to page 1 could come after the click on Last page.
  const filtered = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/admin/workflow/list') &&
      (response.request().postDataJSON() as { filters?: { bookings?: string } }).filters?.bookings ===
        'to book',
  );
  await page.getByLabel('Filter Bookings').fill('to book');
  await filtered;
  await expect(page.getByText('1-10 of about 60,000')).toBeVisible();
  const stop = page.getByText(
    'Pages stop at row 20: narrow the filter, or sort the other way to see the last rows.',
  );
  await expect(stop).toBeVisible();

  await page.getByRole('button', { name: 'Last page' }).click();
  await expect(page.getByText('11-20 of about 60,000')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next page' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Last page' })).toBeDisabled();
  await page.screenshot({ path: 'e2e/artifacts/list-row-limit.png' });
});

// A page the server could not read within its time budget (decision 0052) comes back with no rows and
// `timedOut`; the journey checks what the screen says instead of 'No Data', the budget itself is
// tested on PostgreSQL in the API suite.
test('a page not read in time says so and what to change, instead of No Data', async ({ page }) => {
  let late = false;
  await page.route('**/api/admin/workflow/list', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    const json = late ? { ...body, rows: [], total: 9_870, totalIsEstimate: true, timedOut: true } : body;
    await route.fulfill({ response, json });
  });
  await signIn(page, DEMO_SUPERVISOR);
  await expect(page.getByRole('button', { name: 'Next page' })).toBeEnabled();
  late = true;
  await page.getByLabel('Filter Bookings').fill('to book');
  await expect(
    page.getByText('This page took too long to read: narrow the filter, or sort by one column only.'),
  ).toBeVisible();
  await expect(page.getByText('Not read, of about 9,870')).toBeVisible();
  await expect(page.getByText('No Data')).toHaveCount(0);
  await page.screenshot({ path: 'e2e/artifacts/list-timed-out.png' });

  late = false;
  await page.getByLabel('Filter Bookings').fill('');
  await expect(page.getByText('This page took too long to read', { exact: false })).toHaveCount(0);
});
