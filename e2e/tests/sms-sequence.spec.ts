import { expect, type Locator, type Page, test } from '@playwright/test';
import { webhookSignature } from '../../apps/server/src/integrations/sms/webhook-signature.ts';
import {
  chooseFreeTimeslot,
  DEMO_ADMIN,
  DEMO_SUPERVISOR,
  E2E_SMS_TOKEN,
  newestOutboxMessage,
  signIn,
  workflowIdOf,
} from './support.ts';

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

/**
 * Books a demo workflow that is To Book (Own Device, set Standard) and waits for its initial SMS in
 * the development outbox. Answers the workflow, its open row, and the patient's number.
 */
async function bookOwnDevice(page: Page) {
  // A demo row (one with a URN: rows other journeys open by tracking have none) whose patient has a
  // mobile: the sequence plans no SMS for a patient without one (a few demo patients have none).
  let row: Locator | undefined;
  let urn = '';
  let id = '';
  for (let candidate = 0; !row && candidate < 6; candidate++) {
    await page.getByLabel('Filter URN').fill('');
    await page.getByLabel('Filter Bookings').fill('To Book');
    const toBook = page
      .locator('tbody tr[aria-expanded]')
      .filter({ has: page.locator('td[data-column="urn"]', { hasText: /\S/ }) })
      .nth(candidate);
    await expect(toBook).toContainText('To Book');
    urn = (await toBook.locator('td[data-column="urn"]').textContent())?.trim() ?? '';
    id = await workflowIdOf(toBook);
    await page.getByLabel('Filter Bookings').fill('');
    const opened = await openWorkflow(page, urn, id);
    await expect(page.getByRole('button', { name: 'Add Appointment' })).toBeVisible();
    // The alerts show in the open panel, the row after the list row.
    if (await page.getByText('No mobile', { exact: true }).count()) await opened.click();
    else row = opened;
  }
  if (!row) throw new Error('No To Book demo workflow with a mobile among the first six.');

  await page.getByRole('button', { name: 'Add Appointment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Appointment' });
  // Three days ahead or more: the steps after the initial one are still to come (planSmsSequence).
  await chooseFreeTimeslot(page, dialog, 15, 3);
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
  return { urn, id, row, log, bookedAt, patientNumber };
}

test('book, see the planned steps and the initial SMS, answer yes, and watch the dot turn green elsewhere', async ({
  page,
  browser,
}) => {
  await signIn(page, DEMO_ADMIN);
  const { urn, id, bookedAt, patientNumber } = await bookOwnDevice(page);
  await page.screenshot({ path: 'e2e/artifacts/sms-sequence-planned.png' });
  await newestOutboxMessage(page.request, patientNumber, bookedAt);

  // A second browser, another staff member, watching the same workflow.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signIn(otherPage, DEMO_SUPERVISOR);
  const otherRow = await openWorkflow(otherPage, urn, id);
  const dot = otherPage.getByRole('img', { name: /^initial: / });
  await expect(dot).toHaveAttribute('data-dot-colour', 'blue'); // the new sequence: sent, no reply yet
  await expect(otherRow).not.toHaveAttribute('data-row-colour', 'green');

  const answered = await page.request.post('/api/dev/sms/inbound', {
    data: { from: patientNumber, body: 'yes' },
  });
  expect(answered.ok()).toBe(true);
  expect((await answered.json()).reply).toBe('yes');
  await expect(dot).toHaveAttribute('data-dot-colour', 'green', { timeout: 2000 });
  // The reply is the workflow's confirm activity: its row turns green in the list as well.
  await expect(otherRow).toHaveAttribute('data-row-colour', 'green', { timeout: 2000 });
  await otherPage.getByRole('tab', { name: 'Activity' }).click();
  await expect(
    otherPage.getByRole('tabpanel', { name: 'Activity' }).getByRole('cell', { name: 'confirm', exact: true }),
  ).toBeVisible();
  await otherPage.screenshot({ path: 'e2e/artifacts/sms-sequence-green.png' });
  await other.close();
});

test('a step the provider reports undelivered shows failed to staff; Retry sends it once and it stops showing failed; delivered shows live elsewhere', async ({
  page,
  browser,
  baseURL,
}) => {
  await signIn(page, DEMO_ADMIN);
  const { urn, id, log, bookedAt, patientNumber } = await bookOwnDevice(page);
  const sent = await newestOutboxMessage(page.request, patientNumber, bookedAt);
  const initialRow = log
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: 'initial', exact: true }) });
  await expect(initialRow).toHaveCount(1);
  await expect(initialRow).not.toContainText('Not Sent');

  /** The provider's signed delivery report (the e2e server's SMS_AUTH_TOKEN signs it). */
  const report = async (fields: Record<string, string>) => {
    const reported = await page.request.post('/api/sms/status', {
      form: fields,
      headers: { 'x-twilio-signature': webhookSignature(E2E_SMS_TOKEN, `${baseURL}/api/sms/status`, fields) },
    });
    expect(reported.ok(), await reported.text()).toBe(true);
  };
  await report({ MessageSid: sent.providerMessageId, MessageStatus: 'undelivered', ErrorCode: '30003' });
  await expect(initialRow).toContainText('Failed: The provider reported undelivered (error 30003).');
  const retry = initialRow.getByRole('button', { name: 'Retry' });
  await expect(retry).toBeVisible();
  await page.screenshot({ path: 'e2e/artifacts/sms-retry-failed.png' });

  // Another staff member: Settings > Admin > Failed Messages lists it too, with the provider's reason.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signIn(otherPage, DEMO_SUPERVISOR);
  await otherPage.goto('/admin/settings/failed-messages');
  const listed = otherPage
    .getByRole('table', { name: 'Failed SMS' })
    .getByRole('row')
    .filter({ hasText: 'The provider reported undelivered (error 30003).' });
  await expect(listed.first()).toBeVisible();
  // Failed jobs of every kind below it (none or some, whatever other journeys left).
  await expect(
    otherPage.getByRole('table', { name: 'Failed jobs' }).or(otherPage.getByText('No failed jobs')),
  ).toBeVisible();
  await otherPage.screenshot({ path: 'e2e/artifacts/failed-messages.png' });

  const retriedAt = new Date(Date.now() - 1000).toISOString();
  await retry.click();
  await expect(initialRow).not.toContainText('Failed', { timeout: 10_000 });
  await expect(retry).toBeHidden();
  await expect(initialRow).not.toContainText('Not Sent', { timeout: 10_000 });
  const again = await newestOutboxMessage(page.request, patientNumber, retriedAt);
  expect(again.body).toBe(sent.body);
  // Sent once more, not twice: one new message to the patient since Retry.
  await page.waitForTimeout(2000);
  const { messages } = (await (
    await page.request.get(`/api/dev/outbox?recipient=${encodeURIComponent(patientNumber)}`)
  ).json()) as { messages: { createdAt: string }[] };
  expect(messages.filter((m) => m.createdAt > retriedAt)).toHaveLength(1);
  await page.screenshot({ path: 'e2e/artifacts/sms-retry-sent.png' });

  // The other staff member opens the panel: the provider's 'delivered' report shows there live.
  await otherPage.goto('/admin/client-appointment');
  await openWorkflow(otherPage, urn, id);
  await otherPage.getByRole('tab', { name: 'SMS Logs' }).click();
  const otherRow = otherPage
    .getByRole('table', { name: 'Appointment notification SMS' })
    .getByRole('row')
    .filter({ has: otherPage.getByRole('cell', { name: 'initial', exact: true }) });
  await expect(otherRow).not.toContainText('Delivered');
  await report({ MessageSid: again.providerMessageId, MessageStatus: 'delivered' });
  await expect(otherRow).toContainText('Delivered', { timeout: 2000 });
  await otherPage.screenshot({ path: 'e2e/artifacts/sms-delivered-live.png' });
  await other.close();
});
