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

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

test("a schedule saved by a supervisor shows on another browser's Specialists page at once", async ({
  page,
  browser,
}) => {
  // Past the demo's booked weeks, so a save strands nobody.
  const monday = mondayAhead(16);
  const monthsAhead =
    (Number(monday.slice(0, 4)) - new Date().getUTCFullYear()) * 12 +
    Number(monday.slice(5, 7)) -
    (new Date().getUTCMonth() + 1);

  // The other browser: an admin on the Specialists page, on that month.
  const watcherContext = await browser.newContext();
  const watcher = await watcherContext.newPage();
  await signIn(watcher, DEMO_ADMIN);
  await watcher.getByRole('link', { name: 'Specialists', exact: true }).click();
  await watcher
    .getByRole('navigation', { name: 'Specialities' })
    .getByRole('button', { name: /^Cardiology/ })
    .click();
  const card = watcher.getByRole('article').first();
  await expect(card).toBeVisible();
  const name = ((await card.getByRole('heading', { level: 3 }).textContent()) ?? '').trim();
  // First and last name (the card's title may differ from the list's; two specialists share a surname).
  const firstAndLast = name.split(' ').slice(-2).join(' ');
  for (let i = 0; i < monthsAhead; i++) await card.getByRole('button', { name: 'Next month' }).click();
  await expect(card.getByRole('button', { name: ddmmyyyy(monday), exact: false }).first()).toBeVisible();
  await expect(watcher.getByLabel('Loading free dates')).toHaveCount(0);
  // A weekday of that month the specialist does not work yet.
  let day = '';
  for (let d = 0; d < 28 && !day; d++) {
    const candidate = addDays(monday, d);
    const weekday = new Date(`${candidate}T00:00:00Z`).getUTCDay();
    if (candidate.slice(0, 7) !== monday.slice(0, 7) || weekday === 0 || weekday === 6) continue;
    if ((await card.getByRole('button', { name: ddmmyyyy(candidate), exact: true }).count()) > 0)
      day = candidate;
  }
  expect(day, 'a weekday without availability').not.toBe('');
  const dayButton = card.getByRole('button', { name: new RegExp(`^${ddmmyyyy(day)}`) });
  await expect(dayButton).toHaveAccessibleName(ddmmyyyy(day));

  // The supervisor adds that day, 09:00-12:00, to the same specialist.
  await signIn(page, DEMO_SUPERVISOR);
  await page.getByRole('link', { name: 'Schedule' }).click();
  const form = page.getByRole('region', { name: 'Schedule form' });
  await choose(page, form, 'Specialist', new RegExp(` ${firstAndLast}$`));
  await choose(page, form, 'Timezone', 'Australia/Melbourne');
  await choose(page, form, 'Appointment length', '30-15 (new 30, review 15 min)');
  await form.getByRole('radio', { name: 'Repeat schedule' }).check();
  await form.getByLabel('Every (weeks)').fill('1');
  await form.getByLabel('From').fill(day);
  await form.getByLabel('To').fill(day);
  await form
    .getByRole('checkbox', { name: WEEKDAYS[new Date(`${day}T00:00:00Z`).getUTCDay()] ?? '' })
    .check();
  await form.getByRole('button', { name: 'Add timeslot' }).click();
  await choose(page, form, 'Start', '09:00');
  await choose(page, form, 'End', '12:00');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Create specialist available dates success.')).toBeVisible();

  // The watcher's calendar marks the day available without a reload (the change feed).
  await expect(dayButton).toHaveAccessibleName(`${ddmmyyyy(day)}, available`);
  await watcher.screenshot({ path: 'e2e/artifacts/specialists-live-schedule.png' });

  // The supervisor sees it on the Specialists page too.
  await page.getByRole('link', { name: 'Specialists', exact: true }).click();
  await page
    .getByRole('navigation', { name: 'Specialities' })
    .getByRole('button', { name: /^Cardiology/ })
    .click();
  const own = page.getByRole('article', { name });
  for (let i = 0; i < monthsAhead; i++) await own.getByRole('button', { name: 'Next month' }).click();
  await expect(own.getByRole('button', { name: `${ddmmyyyy(day)}, available` })).toBeVisible();
  await watcherContext.close();
});

test('timeslot rows, Reset, Sync and Delete on the Schedule screen', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO_SUPERVISOR);
  await page.getByRole('link', { name: 'Schedule' }).click();
  const form = page.getByRole('region', { name: 'Schedule form' });
  const save = form.getByRole('button', { name: 'Save' });
  const alert = form.getByRole('alert');
  await choose(page, form, 'Specialist', /.+/);
  const specialist = await form.getByRole('combobox', { name: 'Specialist' }).inputValue();
  expect(specialist).not.toBe('');

  // Reset empties the form.
  await form.getByRole('button', { name: 'Add timeslot' }).click();
  await form.getByRole('button', { name: 'Reset' }).click();
  await expect(form.getByRole('combobox', { name: 'Specialist' })).toHaveValue('');
  await expect(form.getByRole('combobox', { name: 'Start' })).toHaveCount(0);
  await expect(form.getByRole('combobox', { name: 'Timezone' })).toHaveValue('Australia/Melbourne');

  await choose(page, form, 'Specialist', specialist);
  await choose(page, form, 'Appointment length', '30-15 (new 30, review 15 min)');
  // A far weekday, past the demo's booked weeks: nothing is stranded by saving or deleting it.
  const day = addDays(mondayAhead(30), 1);
  await form.getByRole('radio', { name: 'Repeat schedule' }).check();
  await form.getByLabel('From').fill(day);
  await form.getByLabel('To').fill(day);
  await form.getByRole('checkbox', { name: 'Tuesday' }).check();

  // A new row starts at 09:00-09:30; the pickers offer 5-minute steps only.
  const slots = form.getByRole('group', { name: 'Timeslots' });
  await form.getByRole('button', { name: 'Add timeslot' }).click();
  await expect(slots.getByRole('combobox', { name: 'Start' })).toHaveValue('09:00');
  await expect(slots.getByRole('combobox', { name: 'End' })).toHaveValue('09:30');
  await slots.getByRole('combobox', { name: 'Start' }).fill('09:');
  await expect(page.getByRole('listbox').getByRole('option')).toHaveText(
    Array.from({ length: 12 }, (_, i) => `09:${String(i * 5).padStart(2, '0')}`),
  );
  await page.keyboard.press('Escape');
  await choose(page, form, 'Start', '09:00');

  // Two rows that overlap, then a row without a room: the spec's texts on screen.
  await form.getByRole('button', { name: 'Add timeslot' }).click();
  await save.click();
  await expect(alert).toHaveText('Time slots cannot overlap');
  const second = slots.getByRole('combobox', { name: 'Start' }).nth(1);
  await second.click();
  await page.getByRole('listbox').getByRole('option', { name: '10:00', exact: true }).click();
  await slots.getByRole('combobox', { name: 'End' }).nth(1).click();
  await page.getByRole('listbox').getByRole('option', { name: '11:00', exact: true }).click();
  const room = slots.getByRole('combobox', { name: 'Room' }).nth(1);
  await slots.locator('[aria-label="Clear room"]').nth(1).click();
  await expect(room).toHaveValue('');
  await save.click();
  await expect(alert).toHaveText('Room is required');
  await room.click();
  await page.getByRole('listbox').getByRole('option').first().click();
  await save.click();
  await expect(page.getByText('Create specialist available dates success.')).toBeVisible();

  // The saved date is listed; Delete asks first: Cancel keeps it, a failure says so, Delete removes it.
  const table = page.getByRole('table', { name: 'Available dates' });
  const row = table.getByRole('row').filter({ hasText: ddmmyyyy(day) });
  await expect(row).toContainText('09:00-09:30');
  await expect(row).toContainText('10:00-11:00');
  await row.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete available date' });
  await expect(confirm).toContainText(`Delete the availability on ${ddmmyyyy(day)}?`);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toHaveCount(1);

  const availableTime = (url: URL) => url.pathname === '/api/admin/specialists/available-time';
  await page.route(availableTime, (route) =>
    route.request().method() === 'DELETE'
      ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":"INTERNAL"}' })
      : route.fallback(),
  );
  await row.getByRole('button', { name: 'Delete' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'The available date could not be deleted' }),
  ).toBeVisible();
  await page.screenshot({ path: 'e2e/artifacts/schedule-delete-failed.png' });
  await expect(row).toHaveCount(1);
  await page.unroute(availableTime);

  await row.getByRole('button', { name: 'Delete' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(row).toHaveCount(0);

  // Sync Specialists reports the adapter's counts; a failed sync says so.
  const syncUrl = (url: URL) => url.pathname === '/api/admin/specialists/sync';
  await page.route(syncUrl, (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":"INTERNAL"}' }),
  );
  await form.getByRole('button', { name: 'Sync Specialists' }).click();
  const failed = page.getByRole('alert').filter({ hasText: 'action failed' });
  await expect(failed).toBeVisible();
  await page.unroute(syncUrl);
  // The notice covers the buttons (and does not close itself while the pointer rests on it).
  await failed.getByRole('button').click();
  await expect(failed).toBeHidden();
  await form.getByRole('button', { name: 'Sync Specialists' }).click();
  await expect(page.getByText(/^Specialists synced: \d+ added, \d+ updated, \d+ unchanged\.$/)).toBeVisible();
});

test('deleting a date with a booked appointment is refused with the count, nothing removed', async ({
  page,
}) => {
  await signIn(page, DEMO_SUPERVISOR);
  // The demo books its appointments in the weeks ahead: a specialist's date with bookings, from the API.
  const options = (await (await page.request.get('/api/admin/specialists/schedule-options')).json()) as {
    specialists: { id: string; name: string }[];
  };
  const thisMonth = new Date();
  const months = [0, 1, 2].map((ahead) => {
    const month = new Date(Date.UTC(thisMonth.getUTCFullYear(), thisMonth.getUTCMonth() + ahead, 1));
    return { ahead, yyyymm: month.toISOString().slice(0, 7).replace('-', '') };
  });
  let target: { name: string; ahead: number; date: string; bookedCount: number } | undefined;
  for (const specialist of options.specialists) {
    for (const { ahead, yyyymm } of months) {
      const res = await page.request.get(
        `/api/admin/specialists/available-time?specialistId=${specialist.id}&month=${yyyymm}`,
      );
      const days = (await res.json()) as { date: string; bookedCount: number }[];
      const day = days.find((d) => d.bookedCount > 0);
      if (day) target = { name: specialist.name, ahead, ...day };
      if (target) break;
    }
    if (target) break;
  }
  expect(target, 'a date with a booked appointment').toBeTruthy();
  const { name, ahead, date, bookedCount } = target as NonNullable<typeof target>;

  await page.getByRole('link', { name: 'Schedule' }).click();
  const form = page.getByRole('region', { name: 'Schedule form' });
  await choose(page, form, 'Specialist', name);
  const availability = page.getByRole('region', { name: 'Availability' });
  for (let i = 0; i < ahead; i++) await availability.getByRole('button', { name: 'Next month' }).click();
  const row = availability.getByRole('row').filter({ hasText: ddmmyyyy(date) });
  await expect(row.locator('td').nth(3)).toHaveText(String(bookedCount));
  await row.getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('dialog', { name: 'Delete available date' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(availability.getByRole('alert')).toHaveText(
    `This date has ${bookedCount} booked appointment${bookedCount === 1 ? '' : 's'}; cancel or reschedule them first.`,
  );
  await expect(row).toHaveCount(1);
});
