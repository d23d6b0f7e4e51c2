import { expect, type Page, test } from '@playwright/test';
import { DEMO_ADMIN, DEMO_IT, DEMO_PASSWORD, DEMO_SUPERVISOR, latestSmsCode, signIn } from './support.ts';

const rows = (page: Page) => page.locator('tbody tr[aria-expanded]');

async function firstWorkflowId(page: Page) {
  await expect(rows(page).first()).toBeVisible({ timeout: 30_000 });
  const checkboxId = await rows(page).first().getByRole('checkbox').getAttribute('id');
  return (checkboxId ?? '').replace('workflow-select-', '');
}

/** From the sign-in form on screen: password, then the SMS code; a loaded machine may be slow. */
async function signInThroughScreens(page: Page, user: { email: string; phone: string }) {
  const startedAt = new Date(Date.now() - 1000).toISOString();
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page).toHaveURL(/\/mfa-verify/);
  await page.getByLabel('Verification Code').fill(await latestSmsCode(page.request, user.phone, startedAt));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible({ timeout: 30_000 });
}

test('a link to a workflow opened while signed out is opened after the sign-in and the second factor', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.goto('/admin');
  await signInThroughScreens(page, DEMO_SUPERVISOR);
  const id = await firstWorkflowId(page);

  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  await other.goto(`/admin/history-client-appointment?id=${id}`);
  await expect(other.getByLabel('Email')).toBeVisible();
  await expect(other).toHaveURL(/\/admin$/);
  await signInThroughScreens(other, DEMO_ADMIN);
  await expect(other).toHaveURL(new RegExp(`/admin/history-client-appointment\\?id=${id}$`));
  // Closed as a person closes a tab (with its beacon), so Alex Admin does not stay online for later tests.
  await other.close({ runBeforeUnload: true });
  await fresh.close();
});

test("one's own row in Account Setting locks Role, Disabled, Supervisor and IT staff; another user's row does not", async ({
  page,
}) => {
  await signIn(page, DEMO_SUPERVISOR);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Settings' })
    .click();
  await page.getByRole('link', { name: 'Account Setting' }).click();
  const users = page.getByRole('table', { name: 'Users' });
  await users
    .getByRole('row')
    .filter({ hasText: DEMO_SUPERVISOR.email })
    .getByRole('button', { name: /^Edit / })
    .click();
  const own = page.getByRole('dialog', { name: 'Edit User' });
  await expect(own.getByRole('combobox', { name: 'Role' })).toBeDisabled();
  await expect(own.getByRole('checkbox', { name: 'Disabled' })).toBeDisabled();
  await expect(own.getByRole('checkbox', { name: 'Supervisor' })).toBeDisabled();
  await expect(own.getByRole('checkbox', { name: 'IT staff' })).toBeDisabled();
  await expect(
    own.getByText('You can not disable yourself or change your own role, Supervisor or IT staff.'),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(own).toBeHidden();

  await users
    .getByRole('row')
    .filter({ hasText: DEMO_ADMIN.email })
    .getByRole('button', { name: /^Edit / })
    .click();
  const theirs = page.getByRole('dialog', { name: 'Edit User' });
  await expect(theirs.getByRole('combobox', { name: 'Role' })).toBeEnabled();
  await expect(theirs.getByRole('checkbox', { name: 'Disabled' })).toBeEnabled();
  await expect(theirs.getByRole('checkbox', { name: 'Supervisor' })).toBeEnabled();
  await expect(theirs.getByRole('checkbox', { name: 'IT staff' })).toBeEnabled();
});

test('the idle sign-out says why on the sign-in screen', async ({ page }) => {
  // The idle check runs every 30 s.
  test.setTimeout(150_000);
  await signIn(page, DEMO_ADMIN, { throughScreens: true });
  // Two hours and a minute without activity in any tab, as the shared stamp tells it.
  await page.evaluate(
    "window.localStorage.setItem('telecare.lastActivity', String(Date.now() - 121 * 60000))",
  );
  await expect(
    page.getByText('You were signed out after 2 hours without activity. Please sign in again.'),
  ).toBeVisible({ timeout: 45_000 });
  await expect(page.getByLabel('Email')).toBeVisible();
  expect((await page.request.get('/api/auth/me')).status()).toBe(401);
});

test('Feature Flags lists the flags whose screens exist, Referral inbox among them now that its screen does', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO_IT);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Settings' })
    .click();
  await page.getByRole('link', { name: 'Feature Flags' }).click();
  const card = page.getByRole('form', { name: 'Feature flags' });
  await expect(card.getByRole('switch', { name: 'Experiments' })).toBeVisible();
  await expect(card.getByRole('switch', { name: 'Only Australian users' })).toBeVisible();
  await expect(card.getByRole('switch', { name: 'Referral inbox' })).toBeVisible();
});

test('the workflow table works by keyboard: arrows move, Enter opens the panel, Escape closes it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO_SUPERVISOR);
  const first = rows(page).nth(0);
  const second = rows(page).nth(1);
  await expect(second).toBeVisible({ timeout: 30_000 });
  await first.focus();
  await page.keyboard.press('ArrowDown');
  await expect(second).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(first).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(second).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Escape');
  await expect(second).toHaveAttribute('aria-expanded', 'false');
  await expect(second).toBeFocused();

  // Escape from inside the panel closes it too and gives the focus back to its row.
  await page.keyboard.press('Enter');
  await expect(second).toHaveAttribute('aria-expanded', 'true');
  await page
    .locator(`#${(await second.getAttribute('aria-controls')) ?? ''}`)
    .getByRole('button')
    .first()
    .focus();
  await page.keyboard.press('Escape');
  await expect(second).toHaveAttribute('aria-expanded', 'false');
  await expect(second).toBeFocused();
});

test('times say their zone: the creation time in the workflow list', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO_SUPERVISOR);
  // The list shows the exact creation time by default (the other mode shows the age).
  const created = rows(page).first().locator('td[data-column="creationTimestamp"]');
  await expect(created).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} ([A-Z]{3,5}|GMT[+-]\d+)$/, {
    timeout: 30_000,
  });
});

test('closing the last tab shows the user offline to others within a minute, still signed in', async ({
  page,
  browser,
}) => {
  test.setTimeout(270_000);
  // The supervisor watches the presence strip in another browser.
  await signIn(page, DEMO_SUPERVISOR);
  // A tab of an earlier test that went away without a beacon keeps Alex Admin online for up to
  // about 110 s (decision 0034): start from offline.
  await expect(page.getByRole('listitem', { name: 'Alex Admin offline' })).toBeVisible({ timeout: 120_000 });
  const context = await browser.newContext();
  const admin = await context.newPage();
  await signIn(admin, DEMO_ADMIN);
  await expect(page.getByRole('listitem', { name: 'Alex Admin online' })).toBeVisible({ timeout: 30_000 });

  await admin.close({ runBeforeUnload: true });
  const closedAt = Date.now();
  await expect(page.getByRole('listitem', { name: 'Alex Admin offline' })).toBeVisible({ timeout: 60_000 });
  expect(Date.now() - closedAt).toBeLessThan(60_000);

  // Not signed out: a new tab of the same browser opens the list without the sign-in form.
  const again = await context.newPage();
  await again.goto('/admin/client-appointment');
  await expect(again.getByRole('button', { name: 'Sign Out' })).toBeVisible({ timeout: 30_000 });
  await context.close();
});
