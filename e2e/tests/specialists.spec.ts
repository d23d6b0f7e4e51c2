import { expect, type Page, test } from '@playwright/test';
import { DEMO_ADMIN, DEMO_SUPERVISOR, signIn } from './support.ts';

/** The available days shown by a card's month calendar (their labels end in ', available'). */
const availableDays = (page: Page, name: string) =>
  page.getByRole('article', { name }).getByRole('button', { name: /, available$/ });

test('a supervisor sees the open dates on the Specialists page, manages a speciality and edits a profile', async ({
  page,
}) => {
  await signIn(page, DEMO_SUPERVISOR);
  await page.getByRole('link', { name: 'Specialists', exact: true }).click();
  const specialities = page.getByRole('navigation', { name: 'Specialities' });
  await specialities.getByRole('button', { name: /^Cardiology/ }).click();
  await expect(page.getByRole('heading', { name: 'Specialists · Cardiology' })).toBeVisible();
  const card = page.getByRole('article').first();
  await expect(card).toBeVisible();
  const name = (await card.getByRole('heading', { level: 3 }).textContent()) ?? '';
  await expect(card.getByText('Cardiology', { exact: true })).toBeVisible();
  // The demo schedule runs eight weeks ahead: next month has open dates, named in the card's zone.
  await card.getByRole('button', { name: 'Next month' }).click();
  await expect(availableDays(page, name).first()).toBeVisible();
  await expect(card.getByText(/dates? with \d+ free minutes \((AEST|AEDT|ACST|ACDT|AWST)/)).toBeVisible();
  const underNew = await availableDays(page, name).count();
  await page.getByRole('radiogroup', { name: 'Appointment length' }).getByText('Review').click();
  await expect.poll(() => availableDays(page, name).count()).toBeGreaterThanOrEqual(underNew);
  await page.screenshot({ path: 'e2e/artifacts/specialists-page.png' });

  // Settings > Practitioner > Speciality: the spec's texts, then add, rename and delete.
  await page.getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('link', { name: 'Speciality', exact: true }).click();
  await expect(page.getByRole('table', { name: 'Specialities' })).toBeVisible();
  await page.getByRole('button', { name: 'Add Speciality' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Speciality' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Speciality name required')).toBeVisible();
  await dialog.getByLabel('Name').fill('cardiology ');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Speciality already exists')).toBeVisible();
  await dialog.getByLabel('Name').fill('Sleep Medicine');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toHaveCount(0);
  const table = page.getByRole('table', { name: 'Specialities' });
  await expect(table.getByRole('row', { name: /Sleep Medicine/ })).toBeVisible();
  await page.getByRole('button', { name: 'Edit Sleep Medicine' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Speciality' });
  await edit.getByLabel('Name').fill('Sleep and Respiratory');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(table.getByRole('row', { name: /Sleep and Respiratory/ })).toBeVisible();
  await page.getByRole('button', { name: 'Delete Cardiology' }).click();
  await page
    .getByRole('dialog', { name: 'Delete Speciality' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText(/The speciality is used by \d+ specialists?/)).toBeVisible();
  await page.getByRole('button', { name: 'Delete Sleep and Respiratory' }).click();
  await page
    .getByRole('dialog', { name: 'Delete Speciality' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(table.getByRole('row', { name: /Sleep and Respiratory/ })).toHaveCount(0);

  // Settings > Admin > Practitioner Profile, reached from the card.
  await page.getByRole('link', { name: 'Specialists', exact: true }).click();
  await specialities.getByRole('button', { name: /^Cardiology/ }).click();
  await page.getByRole('article', { name }).getByRole('link', { name: 'Edit profile' }).click();
  const form = page.getByRole('form', { name: 'Practitioner profile' });
  const save = form.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  await form.getByLabel('First name').fill('  ');
  await save.click();
  await expect(form.getByText('Please enter the first name.')).toBeVisible();
  const firstName = name.split(' ')[1] ?? '';
  await form.getByLabel('First name').fill(` ${firstName} `);
  await form.getByRole('group').filter({ hasText: 'Review fee' }).getByLabel('Total').fill('12a');
  await save.click();
  await expect(form.getByText('Digits with an optional decimal point only.')).toBeVisible();
  await form.getByRole('group').filter({ hasText: 'Review fee' }).getByLabel('Total').fill('210');
  await form.getByLabel('Qualification').fill('MBBS, FRACP, PhD (Cardiac Imaging)');
  await save.click();
  // Saved: the form is clean again (the 'Profile saved.' notice closes by itself after 4 s).
  await expect(save).toBeDisabled({ timeout: 15_000 });
  await page.reload();
  await expect(form.getByLabel('Qualification')).toHaveValue('MBBS, FRACP, PhD (Cardiac Imaging)');
  // A text of this run's own, so that a retry on the same database still has a change to save.
  const described = `Tuesdays and Thursdays, 09:00-12:00 (Brisbane time), from ${Date.now()}`;
  const schedule = page.getByRole('form', { name: 'Schedule description' });
  await schedule.getByLabel('Schedule description').fill(described);
  await schedule.getByRole('button', { name: 'Save schedule' }).click();
  await expect(page.getByText('Update schedule successfully')).toBeVisible();
  await expect(schedule.getByRole('button', { name: 'Save schedule' })).toBeDisabled();

  await page.getByRole('link', { name: 'Specialists', exact: true }).click();
  await specialities.getByRole('button', { name: /^Cardiology/ }).click();
  const edited = page.getByRole('article', { name });
  await expect(edited.getByText('MBBS, FRACP, PhD (Cardiac Imaging)')).toBeVisible();
  await expect(edited.getByText(described)).toBeVisible();
});

test('an admin reads the Specialists page without any way to change it', async ({ page }) => {
  await signIn(page, DEMO_ADMIN);
  await page.getByRole('link', { name: 'Specialists', exact: true }).click();
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit profile' })).toHaveCount(0);
  // Settings is open to every staff role (Track Patients), but not its Practitioner group.
  await page.goto('/admin/settings/speciality');
  await expect(page).toHaveURL(/\/admin\/settings\/track-patients/);
  await expect(page.getByRole('link', { name: 'Speciality' })).toHaveCount(0);
  const refused = await page.request.post('/api/admin/specialists/speciality', {
    data: { name: 'By Admin' },
  });
  expect(refused.status()).toBe(403);
});

test('the chosen speciality stays in the address through a reload', async ({ page }) => {
  await signIn(page, DEMO_SUPERVISOR);
  await page.getByRole('link', { name: 'Specialists', exact: true }).click();
  const specialities = page.getByRole('navigation', { name: 'Specialities' });
  const heading = page.getByRole('heading', { level: 1, name: /^Specialists · / });
  await expect(heading).toBeVisible();
  const first = await heading.textContent();
  // Not the first speciality, which is shown when none is chosen.
  const other = specialities.getByRole('button').nth(1);
  await other.click();
  await expect(other).toHaveAttribute('aria-current', 'page');
  await expect(heading).not.toHaveText(first ?? '');
  const chosen = await heading.textContent();
  await expect(page).toHaveURL(/\/admin\/specialists\?speciality=[0-9a-f-]{36}$/);
  const address = page.url();

  await page.reload();
  await expect(heading).toHaveText(chosen ?? '');
  await expect(specialities.getByRole('button').nth(1)).toHaveAttribute('aria-current', 'page');
  // The address opened in another tab shows the same speciality.
  const tab = await page.context().newPage();
  await tab.goto(address);
  await expect(tab.getByRole('heading', { level: 1, name: /^Specialists · / })).toHaveText(chosen ?? '');
  await tab.close();
});

test("the schedule description says when it can not be read ('Can't get schedule') or saved ('Can't update schedule')", async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signIn(page, DEMO_SUPERVISOR);
  await page.getByRole('link', { name: 'Specialists', exact: true }).click();
  const edit = page.getByRole('article').first().getByRole('link', { name: 'Edit profile' });
  const href = (await edit.getAttribute('href')) ?? '';
  const description = (url: URL) => url.pathname.endsWith('/schedule-description');

  await page.route(description, (route) =>
    route.request().method() === 'GET'
      ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":"INTERNAL"}' })
      : route.fallback(),
  );
  await page.goto(href);
  await expect(page.getByText("Can't get schedule")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('form', { name: 'Schedule description' })).toHaveCount(0);
  await page.unroute(description);

  await page.route(description, (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":"INTERNAL"}' })
      : route.fallback(),
  );
  await page.reload();
  const form = page.getByRole('form', { name: 'Schedule description' });
  const typed = `Mondays only ${Date.now() % 1000}`;
  await form.getByLabel('Schedule description').fill(typed);
  await form.getByRole('button', { name: 'Save schedule' }).click();
  await expect(page.getByText("Can't update schedule")).toBeVisible();
  await expect(page.getByText('Update schedule successfully')).toHaveCount(0);
  // The lists are read again after a failed save; what was typed stays, ready to save again.
  await expect(form.getByLabel('Schedule description')).toHaveValue(typed);
  await expect(form.getByRole('button', { name: 'Save schedule' })).toBeEnabled();
});

test('a saved schedule says so even when the schedule is read again before the other lists', async ({
  page,
}) => {
  await signIn(page, DEMO_SUPERVISOR);
  await page.getByRole('link', { name: 'Specialists', exact: true }).click();
  await page.getByRole('article').first().getByRole('link', { name: 'Edit profile' }).click();
  const form = page.getByRole('form', { name: 'Schedule description' });
  await expect(form).toBeVisible();
  // A slow answer for the specialities: the saved schedule comes back first and the form starts afresh.
  await page.route('**/api/admin/specialists/speciality', async (route) => {
    await new Promise((done) => setTimeout(done, 1_500));
    await route.fallback();
  });
  const typed = `Wednesdays, 10:00-16:00 (Perth time), from ${Date.now()}`;
  await form.getByLabel('Schedule description').fill(typed);
  await form.getByRole('button', { name: 'Save schedule' }).click();
  await expect(page.getByText('Update schedule successfully')).toBeVisible();
  await expect(form.getByLabel('Schedule description')).toHaveValue(typed);
  await expect(form.getByRole('button', { name: 'Save schedule' })).toBeDisabled();
});
