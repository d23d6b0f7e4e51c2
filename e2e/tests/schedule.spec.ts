import { expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO_ADMIN, DEMO_SUPERVISOR, signIn } from './support.ts';

async function choose(page: Page, form: Locator, field: string, option: string | RegExp) {
  await form.getByRole('combobox', { name: field }).click();
  await page.getByRole('listbox').getByRole('option', { name: option }).first().click();
}

/** A Monday some weeks ahead, YYYY-MM-DD. */
function mondayAhead(weeks: number) {
  const day = new Date(Date.now() + weeks * 7 * 86_400_000);
  day.setUTCDate(day.getUTCDate() + ((8 - day.getUTCDay()) % 7));
  return day.toISOString().slice(0, 10);
}
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const ddmmyyyy = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

test('a supervisor creates a repeating schedule: the checks in order, then the dates listed', async ({
  page,
}) => {
  await signIn(page, DEMO_SUPERVISOR);
  await page.getByRole('link', { name: 'Schedule' }).click();
  const form = page.getByRole('region', { name: 'Schedule form' });
  const save = form.getByRole('button', { name: 'Save' });
  const alert = form.getByRole('alert');

  await form.locator('[aria-label="Clear timezone"]').click();
  await save.click();
  await expect(alert).toHaveText('Please select a specialist');
  await choose(page, form, 'Specialist', /.+/);
  await form.locator('[aria-label="Clear timezone"]').click();
  await form.locator('[aria-label="Clear appointment length"]').click();
  await save.click();
  await expect(alert).toHaveText('Please select a timezone');
  await choose(page, form, 'Timezone', 'Australia/Perth');
  await save.click();
  await expect(alert).toHaveText('Please select appointment length');
  await choose(page, form, 'Appointment length', '30-15 (new 30, review 15 min)');
  await save.click();
  await expect(alert).toHaveText('Please select at least one date');

  // Past the first eight weeks, where the demo places its appointments (a save must not strand one).
  const from = mondayAhead(10);
  await form.getByRole('radio', { name: 'Repeat schedule' }).check();
  await form.getByLabel('Every (weeks)').fill('2');
  await form.getByLabel('From').fill(from);
  await form.getByLabel('To').fill(addDays(from, 20));
  await form.getByRole('checkbox', { name: 'Monday' }).check();
  await form.getByRole('checkbox', { name: 'Wednesday' }).check();
  await save.click();
  await expect(alert).toHaveText('Please select at least one timeslot');

  await form.getByRole('button', { name: 'Add timeslot' }).click();
  await choose(page, form, 'Start', '10:00');
  await save.click();
  await expect(alert).toHaveText('The start time must precede the end time');
  await choose(page, form, 'End', '12:00');
  await save.click();
  await expect(page.getByText('Create specialist available dates success.')).toBeVisible();

  const table = page.getByRole('table', { name: 'Available dates' });
  for (const day of [from, addDays(from, 2)]) {
    if (day.slice(0, 7) === from.slice(0, 7)) await expect(table).toContainText(ddmmyyyy(day));
  }
  await expect(table).toContainText('AWST');
  await expect(table).not.toContainText(ddmmyyyy(addDays(from, 7)));
});

test('an admin sees the Schedule read-only', async ({ page }) => {
  await signIn(page, DEMO_ADMIN);
  await page.getByRole('link', { name: 'Schedule' }).click();
  const form = page.getByRole('region', { name: 'Schedule form' });
  await expect(form.getByRole('combobox', { name: 'Specialist' })).toBeVisible();
  await expect(form.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await choose(page, form, 'Specialist', /.+/);
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
});
