import path from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO_SUPERVISOR, signIn } from './support.ts';

/**
 * Issue 11, "Must hold" 1: every time shown on screen names its zone. The browser runs in Perth, so
 * the viewer's times read AWST while a specialist's times read in their own zone (AEST, AEDT ...).
 */
test.use({ timezoneId: 'Australia/Perth' });

const ZONE = '(?:AEST|AEDT|ACST|ACDT|AWST|ACWST|LHST|LHDT)';
const DATE_TIME = /\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/g;
/** A date and time with no zone after it (the list's N/R flag may stand between them). */
const BARE_DATE_TIME = new RegExp(`\\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2}(?![NR]?\\s*${ZONE})`, 'g');

/** Every 'DD/MM/YYYY HH:mm' in the scope names its zone; answers how many there are. */
async function expectTimesNameTheirZone(scope: Locator, what: string) {
  const text = (await scope.textContent()) ?? '';
  const bare = [...text.matchAll(BARE_DATE_TIME)].map((m) => text.slice(m.index, m.index + 30));
  expect(bare, `${what}: times without their zone`).toEqual([]);
  return [...text.matchAll(DATE_TIME)].length;
}

async function choose(page: Page, scope: Locator, field: string, option: string | RegExp) {
  await scope.getByRole('combobox', { name: field }).click();
  await page.getByRole('listbox').getByRole('option', { name: option }).first().click();
}

test('every time on every screen names its zone', async ({ page }) => {
  await signIn(page, DEMO_SUPERVISOR);

  // Workflow list: appointment times (second line) and creation times.
  await page.getByLabel('Filter Bookings').fill('Booked');
  const rows = page.locator('tbody tr[aria-expanded]');
  await expect(rows.first()).toContainText('Booked');
  const table = page.getByRole('table').first();
  expect(await expectTimesNameTheirZone(table, 'workflow list')).toBeGreaterThan(0);
  await expect(rows.first().locator('td[data-column="appointmentDate"]')).toContainText(new RegExp(ZONE));

  // Workflow panel: its header and every tab.
  await rows.first().click();
  await expect(
    page.getByText(new RegExp(`^Appointment \\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2} ${ZONE} with `)),
  ).toBeVisible();
  let panelTimes = 0;
  for (const tab of ['SMS Logs', 'Send SMS', 'Send Email', 'History', 'Todo List', 'Activity']) {
    await page.getByRole('tab', { name: tab }).click();
    const panel = page.getByRole('tabpanel', { name: tab });
    await expect(panel).toBeVisible();
    panelTimes += await expectTimesNameTheirZone(panel, `panel tab ${tab}`);
  }
  expect(panelTimes, 'times on the panel tabs').toBeGreaterThan(0);
  await page.screenshot({ path: 'e2e/artifacts/zones-panel.png' });

  // Booking area: the free timeslots and the start time name the day's zone.
  await page.getByLabel('Filter Bookings').fill('To Book');
  await expect(rows.first()).toContainText('To Book');
  await rows.first().click();
  await page.getByRole('button', { name: 'Add Appointment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Appointment' });
  await choose(page, dialog, 'Practitioner', /.+/);
  await dialog.getByRole('button', { name: 'Next month' }).click();
  const freeDay = dialog.locator('button[aria-label*="free timeslot"]:not([disabled])').first();
  await expect(freeDay).toBeVisible();
  await freeDay.click();
  await expect(dialog.getByRole('group', { name: 'Timeslots' })).toContainText(
    new RegExp(`^Timeslots \\(${ZONE}\\)`),
  );
  await expect(dialog.getByText(new RegExp(`^${ZONE} \\(Australia/\\w+\\)$`))).toBeVisible();
  await page.screenshot({ path: 'e2e/artifacts/zones-booking.png' });
  await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();

  // Schedule: each available date names its zone.
  await page.getByRole('link', { name: 'Schedule' }).click();
  const form = page.getByRole('region', { name: 'Schedule form' });
  await choose(page, form, 'Specialist', /.+/);
  await page
    .getByRole('region', { name: 'Availability' })
    .getByRole('button', { name: 'Next month' })
    .click();
  const dates = page.getByRole('table', { name: 'Available dates' });
  await expect(dates.locator('tbody tr').first()).toContainText(new RegExp(`Australia/\\w+ \\(${ZONE}\\)`));
  await expectTimesNameTheirZone(dates, 'Schedule');

  // Specialists: each card's free dates name their zone.
  await page.getByRole('link', { name: 'Specialists', exact: true }).click();
  const card = page.getByRole('article').first();
  await card.getByRole('button', { name: 'Next month' }).click();
  // A month with a change of daylight saving names both (AEDT/AEST).
  await expect(
    card.getByText(new RegExp(`free minutes \\(${ZONE}(?:/${ZONE})?, Australia/\\w+\\)`)),
  ).toBeVisible();

  // Appointment Requests: creation, requested and approval times.
  await page.getByRole('link', { name: 'Appointment Requests' }).click();
  const requests = page.getByRole('table', { name: 'Appointment Requests' });
  // The rows with their times, not a loading row.
  await expect(requests.locator('tbody tr').first()).toContainText(new RegExp(`\\d{2}:\\d{2} ${ZONE}`));
  expect(await expectTimesNameTheirZone(requests, 'Appointment Requests')).toBeGreaterThan(0);

  // My Todo List: due dates are days, no times; none may show without its zone.
  await page.getByRole('link', { name: 'My Todo List' }).click();
  await expect(page.getByRole('table', { name: 'Todos' })).toBeVisible();
  await expectTimesNameTheirZone(page.getByRole('main'), 'My Todo List');

  // Referral Inbox: each file's received time.
  await page.getByRole('link', { name: 'Referral Inbox' }).click();
  await page
    .locator('input[type="file"]')
    .setInputFiles(
      path.resolve(
        import.meta.dirname,
        '../../apps/server/src/modules/referral-inbox/letters/corpus/referral-22-letterhead.png',
      ),
    );
  const files = page.getByRole('table', { name: 'Referral files' });
  await expect(files.locator('tbody tr').first()).toContainText(new RegExp(`\\d{2}:\\d{2} ${ZONE}`));
  expect(await expectTimesNameTheirZone(files, 'Referral Inbox')).toBeGreaterThan(0);

  // Unmatched SMS: the received time.
  const text = `Zone check ${Date.now()}`;
  expect(
    (await page.request.post('/api/dev/sms/inbound', { data: { from: '0491 570 007', body: text } })).ok(),
  ).toBe(true);
  await page.goto('/admin/settings/unmatched-sms');
  const unmatched = page.getByRole('table', { name: 'Unmatched SMS' });
  await expect(unmatched.getByRole('row').filter({ hasText: text })).toContainText(
    new RegExp(`\\d{2}:\\d{2} ${ZONE}`),
  );
  expect(await expectTimesNameTheirZone(unmatched, 'Unmatched SMS')).toBeGreaterThan(0);

  // The header (presence strip) shows no times.
  expect(await expectTimesNameTheirZone(page.getByRole('banner'), 'header and presence')).toBe(0);
  await page.screenshot({ path: 'e2e/artifacts/zones-unmatched-sms.png' });
});
