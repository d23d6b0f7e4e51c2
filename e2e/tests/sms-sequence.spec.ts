import { expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO_ADMIN, DEMO_SUPERVISOR, newestOutboxMessage, signIn, workflowIdOf } from './support.ts';

/**
 * The automatic SMS sequence (issue 13): booking plans the six steps ('Not Sent') and sends the
 * initial SMS; a "yes" through the development inbound endpoint turns the initial dot green in a
 * second browser. The journey's server runs with SMS_QUIET_HOURS=off, so the initial SMS goes out
 * whatever the hour (quiet hours are tested with a test clock in the API suite).
 */
async function choose(page: Page, dialog: Locator, field: string, option: string | RegExp) {
  await dialog.getByRole('combobox', { name: field }).click();
  await page.getByRole('listbox').getByRole('option', { name: option }).first().click();
}

/** Filters by the client's URN and opens the one workflow (a client can have several). */
async function openWorkflow(page: Page, urn: string, id: string) {
  await page.getByLabel('Filter URN').fill(urn);
  const row = page
    .locator('tbody tr[aria-expanded]')
    .filter({ has: page.locator(`[id="workflow-select-${id}"]`) });
  await expect(row).toHaveCount(1);
  await row.click();
  return row;
}

test('book, see the planned steps and the initial SMS, answer yes, and watch the dot turn green elsewhere', async ({
  page,
  browser,
}) => {
  await signIn(page, DEMO_ADMIN);
  await page.getByLabel('Filter Bookings').fill('To Book');
  // A demo row (one with a URN): rows other journeys open by tracking have none.
  const first = page
    .locator('tbody tr[aria-expanded]')
    .filter({ has: page.locator('td[data-column="urn"]', { hasText: /\S/ }) })
    .first();
  await expect(first).toContainText('To Book');
  const urn = (await first.locator('td[data-column="urn"]').textContent())?.trim() ?? '';
  const id = await workflowIdOf(first);
  await page.getByLabel('Filter Bookings').fill('');
  const row = await openWorkflow(page, urn, id);

  await page.getByRole('button', { name: 'Add Appointment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Appointment' });
  const practitioner = dialog.getByRole('combobox', { name: 'Practitioner' });
  const freeDay = dialog.locator('button[aria-label*="free timeslots"]:not([disabled])').first();
  for (let option = 0; option < 18; option++) {
    await practitioner.click();
    const options = page.getByRole('listbox').getByRole('option');
    await expect(options.first()).toBeVisible();
    if (option >= (await options.count())) break;
    await options.nth(option).scrollIntoViewIfNeeded();
    await options.nth(option).click();
    await dialog.getByRole('radio', { name: 'Own Device' }).check();
    await page.waitForTimeout(400);
    if ((await freeDay.count()) > 0) break;
  }
  await freeDay.click();
  await dialog.getByRole('group', { name: 'Timeslots' }).getByRole('button').first().click();
  await choose(page, dialog, 'Duration', /^15/);
  await choose(page, dialog, 'CONT or TBC', /^CONT$/);
  await choose(page, dialog, 'SMS template set', 'Standard');
  const bookedAt = new Date(Date.now() - 1000).toISOString();
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Booked');

  // The planned steps show at once as 'Not Sent'; the initial SMS goes out within seconds.
  await page.getByRole('tab', { name: 'SMS Logs' }).click();
  const log = page.getByRole('table', { name: 'Appointment notification SMS' });
  await expect(log.getByText('Not Sent').first()).toBeVisible();
  // The initial goes out within seconds; the later steps (how many depends on the day booked) wait.
  await expect
    .poll(
      async () =>
        (await (await page.request.get('/api/dev/outbox')).json()).messages.some(
          (m: { channel: string; createdAt: string }) => m.channel === 'sms' && m.createdAt > bookedAt,
        ),
      { timeout: 15_000 },
    )
    .toBe(true);
  expect(await log.getByText('Not Sent').count()).toBeGreaterThan(0);
  await page.screenshot({ path: 'e2e/artifacts/sms-sequence-planned.png' });

  // The patient's number is where the initial SMS went (the development outbox).
  const outbox = await page.request.get('/api/dev/outbox');
  const { messages } = (await outbox.json()) as {
    messages: { channel: string; recipient: string; body: string; createdAt: string }[];
  };
  const initial = messages.find(
    (m) => m.channel === 'sms' && m.createdAt > bookedAt && /Reply/i.test(m.body),
  );
  const patientNumber = initial?.recipient ?? '';
  expect(patientNumber).toMatch(/^\+614\d{8}$/);
  await newestOutboxMessage(page.request, patientNumber, bookedAt);

  // A second browser, another staff member, watching the same workflow.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signIn(otherPage, DEMO_SUPERVISOR);
  await openWorkflow(otherPage, urn, id);
  const dot = otherPage.getByRole('img', { name: /^initial: / });
  await expect(dot).toHaveAttribute('data-dot-colour', 'blue'); // the new sequence: sent, no reply yet

  const answered = await page.request.post('/api/dev/sms/inbound', {
    data: { from: patientNumber, body: 'yes' },
  });
  expect(answered.ok()).toBe(true);
  expect((await answered.json()).reply).toBe('yes');
  await expect(dot).toHaveAttribute('data-dot-colour', 'green', { timeout: 2000 });
  await otherPage.screenshot({ path: 'e2e/artifacts/sms-sequence-green.png' });
  await other.close();
});
