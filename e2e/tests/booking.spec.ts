import { expect, type Locator, type Page, test } from '@playwright/test';
import {
  chooseFreeDay,
  chooseFreeTimeslot,
  chooseTimeslotOf,
  DEMO_ADMIN,
  DEMO_SUPERVISOR,
  signIn,
} from './support.ts';

/** A demo SMS template set, chosen by name. */
const DEMO_SMS_TEMPLATE_SET = 'Standard';

/** Today in Melbourne as DD/MM/YYYY: the date on the dated CONT/TBC choices. */
const melbourneToday = () =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Australia/Melbourne',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date());

/** The calendar's heading for a month, as Mantine shows it ('June 2026'). */
const monthHeading = (date: Date) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' }).format(date);

async function choose(page: Page, dialog: Locator, field: string, option: string | RegExp) {
  await dialog.getByRole('combobox', { name: field }).click();
  await page.getByRole('listbox').getByRole('option', { name: option }).first().click();
}

/** Opens the first (or `nth`) workflow with this booking status (its label), alone in the list. */
async function openWorkflow(page: Page, bookings: string, nth = 0) {
  await page.getByLabel('Filter Bookings').fill(bookings);
  const firstRow = page.locator('tbody tr[aria-expanded]').nth(nth);
  await expect(firstRow).toContainText(bookings);
  const urn = (await firstRow.locator('td[data-column="urn"]').textContent())?.trim() ?? '';
  const created = (await firstRow.locator('td[data-column="creationTimestamp"]').textContent())?.trim() ?? '';
  await page.getByLabel('Filter Bookings').fill('');
  await page.getByLabel('Filter URN').fill(urn);
  const row = page.locator('tbody tr[aria-expanded]').filter({ hasText: created });
  await expect(row).toHaveCount(1);
  await row.click();
  return row;
}

test('book an appointment on a free timeslot, then cancel it', async ({ page }) => {
  await signIn(page, DEMO_ADMIN);
  const row = await openWorkflow(page, 'To Book');
  // Red (to book and overdue) outranks the activity colour; otherwise a cancel turns the row yellow.
  const overdue = (await row.getAttribute('data-row-colour')) === 'red';
  await page.getByRole('button', { name: 'Add Appointment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Appointment' });
  // Bad input first: the checks answer one at a time, in the spec's order.
  const create = dialog.getByRole('button', { name: 'Create' });
  await create.click();
  await expect(
    dialog.getByRole('alert').filter({ hasText: 'The sms template can not be empty.' }),
  ).toBeVisible();
  await choose(page, dialog, 'SMS template set', DEMO_SMS_TEMPLATE_SET);
  await create.click();
  await expect(dialog.getByRole('alert').filter({ hasText: 'The time is not available.' })).toBeVisible();
  await expect(
    dialog.getByRole('alert').filter({ hasText: 'The sms template can not be empty.' }),
  ).toHaveCount(0);

  const freeDay = await chooseFreeDay(page, dialog);
  const bookedDay = (await freeDay.getAttribute('aria-label')) ?? '';
  // The duration starts as the practitioner's appointment length; it can be changed. Picking the
  // suggested length makes it the choice, so switching NEW / Review no longer changes it.
  const duration = dialog.getByRole('combobox', { name: 'Duration' });
  await expect(duration).toHaveValue(/^\d+ minutes$/);
  const suggested = await duration.inputValue();
  await choose(page, dialog, 'Duration', new RegExp(`^${suggested}$`));
  for (const type of ['Review', 'NEW']) {
    await dialog.getByRole('radio', { name: type, exact: true }).check();
    await expect(duration).toHaveValue(suggested);
  }
  await freeDay.click();
  expect(await chooseTimeslotOf(dialog, 15), 'a timeslot of 15 minutes on the free day').toBe(true);
  await choose(page, dialog, 'Duration', /^15/);

  // Dial-in methods read as words; CONT/TBC offers the dated choices.
  await dialog.getByRole('combobox', { name: 'Dial-in method' }).click();
  await expect(page.getByRole('listbox').getByRole('option')).toHaveText([
    'Core+ video call',
    'Zoom',
    'Skype',
    'Phone call',
  ]);
  await page.getByRole('listbox').getByRole('option', { name: 'Zoom' }).click();
  const today = melbourneToday();
  await dialog.getByRole('combobox', { name: 'CONT or TBC' }).click();
  await expect(page.getByRole('listbox').getByRole('option')).toHaveText([
    'CONT',
    'TBC',
    `NRR X 1 ${today}`,
    `NRR X 2 ${today}`,
    `TBC ${today}`,
  ]);
  await page
    .getByRole('listbox')
    .getByRole('option', { name: `TBC ${today}` })
    .click();

  await dialog.getByLabel('Notes').fill('Needs interpreter');
  await expect(dialog.getByRole('combobox', { name: 'SMS template set' })).toHaveValue(DEMO_SMS_TEMPLATE_SET);
  await page.screenshot({ path: 'e2e/artifacts/add-appointment.png' });
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByTestId('action-banner')).toContainText('action completed');
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Booked');

  // The panel shows staff's notes, the auto part after the marker, and the Zoom link (B 2, B 9).
  const details = page.getByRole('group', { name: 'Appointment details' });
  await expect(details).toContainText('Appointment notes Needs interpreter');
  const added = details.getByRole('group', { name: 'Added by Telecare' });
  await expect(added).toContainText('-- Added by Telecare --');
  await expect(added).toContainText(/Booked by .+ on \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  await expect(added).toContainText('Dial-in: zoom');
  await expect(details.getByRole('link', { name: /^https:\/\/meet\.telecare\.example\// })).toBeVisible();
  await page.screenshot({ path: 'e2e/artifacts/booked.png' });

  // Reschedule opens on the booked (future) month, with the booked day chosen; staff's notes only.
  await page.getByRole('button', { name: 'Reschedule Appointment' }).click();
  const reschedule = page.getByRole('dialog', { name: 'Reschedule Appointment' });
  const [day, month, year] = bookedDay.slice(0, 10).split('/').map(Number) as [number, number, number];
  await expect(reschedule).toContainText(monthHeading(new Date(year, month - 1, day)));
  await expect(reschedule.getByLabel('Notes')).toHaveValue('Needs interpreter');
  // A free day a week or more later: a postpone of whole weeks, with the reason.
  const bookedTime = Date.UTC(year, month - 1, day);
  const laterDay = async () => {
    for (const label of await reschedule
      .locator('button[aria-label*="free timeslots"]:not([disabled])')
      .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label') ?? ''))) {
      const [d, m, y] = label.slice(0, 10).split('/').map(Number) as [number, number, number];
      if (Date.UTC(y, m - 1, d) - bookedTime >= 7 * 86_400_000) return label;
    }
    return undefined;
  };
  let later = await laterDay();
  for (let step = 0; step < 3 && !later; step++) {
    await reschedule.getByRole('button', { name: 'Next month' }).click();
    await page.waitForTimeout(400);
    later = await laterDay();
  }
  expect(later, 'a free day a week or more after the booked one').toBeTruthy();
  await reschedule.locator(`button[aria-label="${later}"]`).click();
  expect(await chooseTimeslotOf(reschedule, 15), 'a timeslot of 15 minutes on the later day').toBe(true);
  await reschedule.getByLabel('Reason').fill('Specialist away');
  await reschedule.getByRole('button', { name: 'Reschedule', exact: true }).click();
  await expect(reschedule).toBeHidden();
  await expect(page.getByRole('group', { name: 'Added by Telecare' })).toContainText(
    /Rescheduled from .+ by /,
  );
  await page.getByRole('tab', { name: 'Activity' }).click();
  const activity = page.getByRole('tabpanel');
  // Whole weeks between the booked day and the new one (Name, Time, Postpone Weeks, Reason).
  const [ld, lm, ly] = (later ?? '').slice(0, 10).split('/').map(Number) as [number, number, number];
  const weeks = Math.floor((Date.UTC(ly, lm - 1, ld) - bookedTime) / (7 * 86_400_000));
  // This reschedule's row: the demo data may hold earlier ones for the same workflow.
  const postpone = activity
    .getByRole('row')
    .filter({ hasText: /^postpone/ })
    .filter({ hasText: 'Specialist away' });
  await expect(postpone.getByRole('cell')).toHaveText([
    'postpone',
    /\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/,
    String(weeks),
    'Specialist away',
  ]);

  await page.getByRole('button', { name: 'Cancel Appointment' }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancel Appointment' });
  await cancel.getByLabel('Reason').fill('Patient unwell');
  await cancel.getByRole('button', { name: 'Cancel Appointment' }).click();
  await expect(page.getByRole('button', { name: 'Add Appointment' })).toBeVisible();
  await expect(row).toContainText('To Book');
  await expect(activity).toContainText('cancel');
  await expect(activity).toContainText('Patient unwell');
  // The last activity is not a confirm: the row turns yellow.
  await expect(row).toHaveAttribute('data-row-colour', overdue ? 'red' : 'yellow');
});

test('a booking that takes its row off a list filtered to To Book still says action completed', async ({
  page,
}) => {
  await signIn(page, DEMO_ADMIN);
  await page.getByLabel('Filter Bookings').fill('To Book');
  const row = page.locator('tbody tr[aria-expanded]').first();
  await expect(row).toContainText('To Book');
  const urn = (await row.locator('td[data-column="urn"]').textContent())?.trim() ?? '';
  await row.click();
  await page.getByRole('button', { name: 'Add Appointment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Appointment' });
  await choose(page, dialog, 'SMS template set', DEMO_SMS_TEMPLATE_SET);
  await chooseFreeTimeslot(page, dialog, 15);
  await choose(page, dialog, 'Duration', /^15/);
  // A slow answer for the free timeslots: the list is read again first, without the booked row.
  await page.route('**/api/admin/coreplus/availability-slot?*', async (route) => {
    await new Promise((done) => setTimeout(done, 1_500));
    await route.fallback();
  });
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByTestId('action-banner')).toContainText('action completed');
  await expect(dialog).toBeHidden();
  // Booked, the workflow has left the filtered list (and its panel with it).
  await expect(page.locator('tbody tr[aria-expanded]').filter({ hasText: urn })).toHaveCount(0);
});

test("reschedule of a past appointment opens the calendar on today's month", async ({ page }) => {
  await signIn(page, DEMO_ADMIN);
  await openWorkflow(page, 'FTA-rebook');
  await page.getByRole('button', { name: 'Reschedule Appointment' }).click();
  const reschedule = page.getByRole('dialog', { name: 'Reschedule Appointment' });
  await expect(reschedule).toContainText('Current appointment:');
  await expect(reschedule).toContainText(monthHeading(new Date()));
  await reschedule.getByRole('button', { name: 'Cancel' }).click();
});

test('approve an appointment request with the booking form; a pending one stays, without Approve', async ({
  page,
}) => {
  await signIn(page, DEMO_ADMIN);
  await page.getByRole('link', { name: 'Appointment Requests' }).click();
  const requests = page.getByRole('table', { name: 'Appointment Requests' });
  // The booking area's lists open with 50 rows a page (SW §9).
  await expect(page).not.toHaveURL(/size=/);
  await expect(page.getByLabel('Rows per page')).toHaveValue('50');
  const pending = requests
    .locator('tbody tr')
    .filter({ has: page.locator('td:nth-child(12)', { hasText: /^Pending/ }) });
  await expect(pending).toHaveCount(1);
  const client = (await pending.locator('td').first().textContent())?.trim() ?? '';
  await pending.getByRole('button', { name: 'Approve' }).click();

  const dialog = page.getByRole('dialog', { name: 'Approve Appointment Request' });
  await expect(dialog).toContainText(client);
  // Pre-filled from the request: its practitioner, its day and its start time.
  await expect(dialog.getByRole('combobox', { name: 'Practitioner' })).not.toHaveValue('');
  await expect(dialog.getByRole('combobox', { name: 'Start time' })).toHaveValue(/^\d{2}:\d{2}$/);
  await expect(dialog.locator('button[data-selected]')).toHaveCount(1);
  await expect(dialog.getByRole('group', { name: 'Timeslots' }).getByRole('button').first()).toBeVisible();
  await dialog.getByRole('radio', { name: 'Own Device' }).check();
  await choose(page, dialog, 'Duration', /^15/);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(
    dialog.getByRole('alert').filter({ hasText: 'The sms template can not be empty.' }),
  ).toBeVisible();
  await choose(page, dialog, 'SMS template set', DEMO_SMS_TEMPLATE_SET);
  await page.screenshot({ path: 'e2e/artifacts/approve-request.png' });
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByTestId('action-banner')).toContainText('action completed');
  await expect(dialog).toBeHidden();

  // The pending request stays in the list, approved, and can not be approved again.
  await expect(pending).toContainText('Approved');
  await expect(pending.getByRole('button', { name: 'Approve' })).toBeDisabled();
  await expect(pending.getByTestId('approve-refused')).toContainText('Approved');
  await page.screenshot({ path: 'e2e/artifacts/approved-request.png' });
});

test("Location offers 'RT' only while the RT note is filled in", async ({ page }) => {
  await signIn(page, DEMO_ADMIN);
  await openWorkflow(page, 'To Book');
  await page.getByRole('button', { name: 'Add Appointment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Appointment' });
  await dialog.getByRole('radio', { name: 'Hospital' }).check();
  const locations = async () => {
    await dialog.getByRole('combobox', { name: 'Location' }).click();
    await expect(page.getByRole('listbox').getByRole('option').first()).toBeVisible();
    return page.getByRole('listbox').getByRole('option').allTextContents();
  };
  const without = await locations();
  expect(without.length).toBeGreaterThan(0);
  expect(without).not.toContain('RT');
  // Typing in the note closes the open list.
  await dialog.getByLabel('RT note').fill('Radiotherapy planning at the RT centre');
  expect(await locations()).toContain('RT');
  await dialog.getByLabel('RT note').fill('   ');
  expect(await locations()).not.toContain('RT');
});

/** A Sunday ten weeks or more ahead ('YYYY-MM-DD'): the demo schedule has weekdays only. */
function sundayAhead() {
  const day = new Date(Date.now() + 70 * 86_400_000);
  day.setUTCDate(day.getUTCDate() + ((7 - day.getUTCDay()) % 7));
  return day.toISOString().slice(0, 10);
}

/** Steps a month calendar forward (at most five months) until `day` shows. */
async function stepMonthsUntil(calendar: Locator, day: Locator) {
  for (let step = 0; step < 5 && !(await day.isVisible()); step++) {
    await calendar.getByRole('button', { name: 'Next month' }).click();
    await day.waitFor({ timeout: 3_000 }).catch(() => undefined);
  }
  await expect(day).toBeVisible();
}

test('a booking shows live in another browser: its booking calendar and the Specialists page', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  // Browser B, a supervisor, gives a specialist one 60-minute timeslot on a day of its own.
  const otherBrowser = await browser.newContext();
  const watcher = await otherBrowser.newPage();
  await signIn(watcher, DEMO_SUPERVISOR);
  const specialities = (await (await watcher.request.get('/api/admin/specialists/specialities')).json()) as {
    id: string;
    specialistProfiles: { id: string; title: string | null; firstName: string; lastName: string }[];
  }[];
  const speciality = specialities.find((s) => s.specialistProfiles.length > 0);
  const specialist = speciality?.specialistProfiles[0];
  if (!speciality || !specialist) throw new Error('The demo data has no specialist with a speciality.');
  const date = sundayAhead();
  const shown = `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
  const availableTime = '/api/admin/specialists/available-time';
  const saved = await watcher.request.post(availableTime, {
    data: {
      specialistId: specialist.id,
      timezone: 'Australia/Sydney',
      dates: [date],
      timeslots: [{ start: '09:00', end: '10:00', selectedRoom: 1 }],
      isPrivate: false,
    },
  });
  expect(saved.status(), await saved.text()).toBe(201);

  // B shows that specialist's booking calendar for that month, the day chosen ...
  await openWorkflow(watcher, 'To Book', 1);
  await watcher.getByRole('button', { name: 'Add Appointment' }).click();
  const calendar = watcher.getByRole('dialog', { name: 'Add Appointment' });
  await choose(watcher, calendar, 'Practitioner', `${specialist.firstName} ${specialist.lastName}`);
  const freeInB = calendar.locator(`button[aria-label="${shown}, 1 free timeslot"]`);
  await stepMonthsUntil(calendar, freeInB);
  await freeInB.click();
  const timeslotsInB = calendar.getByRole('group', { name: 'Timeslots' });
  await expect(timeslotsInB.getByRole('button')).toHaveText(['09:00 – 10:00 Room 1']);
  await expect(timeslotsInB).toContainText(/Timeslots \(AE[SD]T\)/);
  // ... and, in a second tab, the Specialists page with that specialist's card on that month.
  const directory = await otherBrowser.newPage();
  await directory.goto(`/admin/specialists?speciality=${speciality.id}`);
  const card = directory.getByRole('article', {
    name: `${specialist.title?.trim() || 'Dr'} ${specialist.firstName} ${specialist.lastName}`,
  });
  const openOnCard = card.getByRole('button', { name: `${shown}, available` });
  await stepMonthsUntil(card, openOnCard);

  // Browser A books that timeslot from the workflow panel.
  await signIn(page, DEMO_ADMIN);
  const row = await openWorkflow(page, 'To Book');
  await page.getByRole('button', { name: 'Add Appointment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Appointment' });
  await choose(page, dialog, 'Practitioner', `${specialist.firstName} ${specialist.lastName}`);
  await dialog.getByRole('radio', { name: 'Own Device' }).check();
  const freeInA = dialog.locator(`button[aria-label="${shown}, 1 free timeslot"]`);
  await stepMonthsUntil(dialog, freeInA);
  await freeInA.click();
  await dialog.getByRole('group', { name: 'Timeslots' }).getByRole('button').first().click();
  await choose(page, dialog, 'Duration', /^60/);
  await choose(page, dialog, 'SMS template set', DEMO_SMS_TEMPLATE_SET);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByTestId('action-banner')).toContainText('action completed');
  await expect(row).toContainText('Booked');

  // B, without reloading: the day is no longer free on the booking calendar nor on the card.
  await expect(calendar.locator(`button[aria-label="${shown}, not available"]`)).toBeDisabled();
  await expect(timeslotsInB).toContainText('Choose a date to see its free timeslots.');
  await expect(card.getByRole('button', { name: shown, exact: true })).toBeVisible();
  await expect(openOnCard).toHaveCount(0);
  await watcher.screenshot({ path: 'e2e/artifacts/live-booking-calendar.png' });
  await directory.screenshot({ path: 'e2e/artifacts/live-specialists-page.png' });

  // A cancels: B sees the day free again, still without reloading.
  await page.getByRole('button', { name: 'Cancel Appointment' }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancel Appointment' });
  await cancel.getByLabel('Reason').fill('Booked for the live journey');
  await cancel.getByRole('button', { name: 'Cancel Appointment' }).click();
  await expect(row).toContainText('To Book');
  await expect(calendar.locator(`button[aria-label="${shown}, 1 free timeslot"]`)).toBeEnabled();
  await expect(openOnCard).toBeVisible();

  const removed = await watcher.request.delete(`${availableTime}?specialistId=${specialist.id}&date=${date}`);
  expect(removed.status(), await removed.text()).toBe(204);
  await otherBrowser.close();
});
