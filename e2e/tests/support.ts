import { type APIRequestContext, type Cookie, expect, type Locator, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'telecare-demo-2026';
export const DEMO_ADMIN = { email: 'admin@telecare.example', phone: '+61400000001' };
export const DEMO_SUPERVISOR = { email: 'supervisor@telecare.example', phone: '+61400000002' };
export const DEMO_IT = { email: 'it@telecare.example', phone: '+61400000003' };

/** The SMS provider token the journeys' server checks webhook signatures with (playwright.config.ts). */
export const E2E_SMS_TOKEN = 'e2e-webhook-token';

type OutboxMessage = {
  channel: string;
  recipient: string;
  subject: string | null;
  body: string;
  createdAt: string;
  /** The id the outbox answered as a provider would (a status callback's MessageSid). */
  providerMessageId: string;
};

/** The newest message the built-in SMS or e-mail adapter "sent" to someone (development outbox). */
export async function newestOutboxMessage(request: APIRequestContext, recipient: string, after?: string) {
  let found: OutboxMessage | undefined;
  await expect
    .poll(async () => {
      const res = await request.get(`/api/dev/outbox?recipient=${encodeURIComponent(recipient)}`);
      const { messages } = (await res.json()) as { messages: OutboxMessage[] };
      found = messages.find((m) => !after || m.createdAt > after);
      return Boolean(found);
    })
    .toBe(true);
  return found as OutboxMessage;
}

export async function latestSmsCode(request: APIRequestContext, phone: string, after?: string) {
  const message = await newestOutboxMessage(request, phone, after);
  const code = /\b(\d{6})\b/.exec(message.body)?.[1];
  expect(code, 'a 6-digit code in the SMS').toBeTruthy();
  return code as string;
}

/** Session cookies of the accounts signed in so far in this worker: SMS codes are limited per account. */
const signedIn = new Map<string, Cookie[]>();

/**
 * Signs in through the screens: password, then the SMS code from the outbox on /mfa-verify. An
 * account already signed in by an earlier test reuses its session unless `throughScreens` is set.
 */
export async function signIn(
  page: Page,
  user: { email: string; phone: string },
  { throughScreens = false } = {},
) {
  const cookies = signedIn.get(user.email);
  if (cookies && !throughScreens) {
    await page.context().addCookies(cookies);
    if ((await page.request.get('/api/auth/me')).ok()) {
      await page.goto('/admin/client-appointment');
      await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible({ timeout: 30_000 });
      return;
    }
    await page.context().clearCookies();
  }
  await signInThroughScreens(page, user);
  signedIn.set(user.email, await page.context().cookies());
}

async function signInThroughScreens(page: Page, user: { email: string; phone: string }) {
  const startedAt = new Date(Date.now() - 1000).toISOString();
  await page.goto('/admin');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page).toHaveURL(/\/mfa-verify/);
  const code = await latestSmsCode(page.request, user.phone, startedAt);
  await page.getByLabel('Verification Code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  // 'preloading data ...' fetches the first list; on a busy machine that takes more than 5 s.
  await expect(page).toHaveURL(/\/admin\/client-appointment/, { timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
}

/** The workflow id of a list row, from its selection checkbox. */
export async function workflowIdOf(row: Locator) {
  const id = await row.getByRole('checkbox').getAttribute('id');
  return id?.replace('workflow-select-', '') ?? '';
}

const minutesOfDay = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * Clicks the chosen day's first free timeslot at least `minutes` long, and answers whether there
 * was one: bookings by earlier journeys leave gaps shorter than an appointment.
 */
export async function chooseTimeslotOf(dialog: Locator, minutes: number) {
  const slots = dialog.getByRole('group', { name: 'Timeslots' }).getByRole('button');
  await expect(slots.first()).toBeVisible();
  for (const slot of await slots.all()) {
    const [from, to] = ((await slot.textContent()) ?? '').match(/\d\d:\d\d/g) ?? [];
    if (from && to && minutesOfDay(to) - minutesOfDay(from) >= minutes) {
      await slot.click();
      return true;
    }
  }
  return false;
}

/**
 * Chooses a practitioner with free days (chooseFreeDay), then the first of its days at least
 * `daysAhead` days from now (this month or the next two) with a free timeslot of `minutes`.
 */
export async function chooseFreeTimeslot(page: Page, dialog: Locator, minutes: number, daysAhead = 0) {
  await chooseFreeDay(page, dialog);
  const earliest = Date.now() + daysAhead * 86_400_000;
  const freeDays = dialog.locator('button[aria-label*="free timeslots"]:not([disabled])');
  for (let month = 0; month < 3; month++) {
    for (const label of await freeDays.evaluateAll((days) =>
      days.map((day) => day.getAttribute('aria-label') ?? ''),
    )) {
      const [day, monthOfYear, year] = label.slice(0, 10).split('/').map(Number) as [number, number, number];
      if (Date.UTC(year, monthOfYear - 1, day) < earliest) continue;
      await dialog.locator(`button[aria-label="${label}"]`).click();
      if (await chooseTimeslotOf(dialog, minutes)) return;
    }
    await dialog.getByRole('button', { name: 'Next month' }).click();
    await page.waitForTimeout(400);
  }
  throw new Error(`No free timeslot of ${minutes} minutes ${daysAhead} days or more ahead.`);
}

/** Chooses the first practitioner (Own Device) whose shown month has a day with free timeslots: that day. */
export async function chooseFreeDay(page: Page, dialog: Locator) {
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
  return freeDay;
}
