import { expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO_ADMIN, DEMO_SUPERVISOR, signIn } from './support.ts';

/** Today in Melbourne as YYYY-MM-DD: the Due Date's default. */
const melbourneToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Melbourne' }).format(new Date());

async function choose(page: Page, form: Locator, field: string, option: string) {
  await form.getByRole('combobox', { name: field }).click();
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
}

test('add a todo from the panel, see it live in the assignee list in another browser, complete it', async ({
  page,
  browser,
}) => {
  // The assignee (Alex Admin) keeps My Todo List open in a second browser.
  const other = await browser.newContext();
  const assignee = await other.newPage();
  await signIn(assignee, DEMO_ADMIN);
  await assignee.getByRole('link', { name: 'My Todo List' }).click();
  await expect(assignee).toHaveURL(/\/admin\/my-todo-list/);
  await expect(assignee.getByRole('heading', { name: 'My Todo List' })).toBeVisible();
  // The table, once it has rows ('No Data' while the list is empty).
  const assigneeTodos = assignee.getByRole('table', { name: 'Todos' });
  await expect(assignee.getByText('Loading ...')).toHaveCount(0);
  // A coordinator has no assignee dropdown.
  await expect(assignee.getByRole('combobox', { name: 'Assignee' })).toHaveCount(0);
  // Due today, the new todo follows the demo's overdue ones, more than 10 on some days: all on one page.
  await assignee.getByLabel('Rows per page').selectOption('50');

  await signIn(page, DEMO_SUPERVISOR);
  const row = page.locator('tbody tr[aria-expanded]').first();
  await row.click();
  await page.getByRole('tab', { name: 'Todo List' }).click();
  const form = page.getByRole('form', { name: 'Add todo' });
  const dueDate = form.getByLabel('Due Date');
  await expect(dueDate).toHaveValue(melbourneToday());

  // Missing fields first: each is named by its own message, and nothing is sent.
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/admin/todo') && request.method() === 'POST') posts.push(request.url());
  });
  await form.getByRole('button', { name: 'Submit' }).click();
  for (const message of [
    'Assigned To is required.',
    'Urgency is required.',
    'Status is required.',
    'Description is required.',
  ]) {
    await expect(form.getByText(message, { exact: true })).toBeVisible();
  }
  await expect(form.getByText('Due Date is required.', { exact: true })).toHaveCount(0);
  await form.getByLabel('Description').fill('Only a description');
  await dueDate.fill('');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByText('Due Date is required.', { exact: true })).toBeVisible();
  await expect(form.getByText('Description is required.', { exact: true })).toHaveCount(0);
  await expect(form.getByText('Assigned To is required.', { exact: true })).toBeVisible();
  expect(posts).toEqual([]);
  await page.screenshot({ path: 'e2e/artifacts/todo-missing-fields.png' });

  const description = `Call the GP back ${Date.now() % 100000}`;
  await choose(page, form, 'Assigned To', 'Alex Admin');
  await choose(page, form, 'Urgency', 'High');
  await choose(page, form, 'Status', 'Uncompleted');
  await dueDate.fill(melbourneToday());
  await form.getByLabel('Description').fill(description);
  await form.getByRole('button', { name: 'Submit' }).click();

  const panelTodos = page.getByRole('table', { name: 'Todo list' });
  const panelRow = panelTodos.getByRole('row').filter({ hasText: description });
  await expect(panelRow.getByRole('cell', { name: 'Uncompleted', exact: true })).toBeVisible();
  await expect(panelRow).toContainText('Alex Admin');
  await expect(panelRow).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} [A-Z]{3,5}/);
  await expect(form.getByLabel('Description')).toHaveValue('');

  // Live in the other browser, without a reload.
  const assigneeRow = assigneeTodos.getByRole('row').filter({ hasText: description });
  await expect(assigneeRow).toBeVisible();
  await expect(assigneeRow).toContainText('High');
  await expect(assigneeRow).toContainText('Sam Supervisor');
  await assignee.screenshot({ path: 'e2e/artifacts/todo-live-in-my-todo-list.png' });

  // Completing it in the panel hides it from My Todo List, live.
  // The box shows the saved status, so it turns once the server has the change: click, then wait.
  await panelRow.getByRole('checkbox', { name: `Completed: ${description}` }).click();
  await expect(panelRow.getByRole('cell', { name: 'Completed', exact: true })).toBeVisible();
  await expect(assigneeRow).toHaveCount(0);
  await other.close();
});

test('a supervisor chooses whose todos to see (no IT staff, no disabled users); Delete asks first', async ({
  page,
}) => {
  await signIn(page, DEMO_SUPERVISOR);
  const { users } = (await (await page.request.get('/api/admin/auth/users?role=TELECARE_ADMIN')).json()) as {
    users: { uid: string; firstName: string; lastName: string }[];
  };
  const alex = users.find((u) => `${u.firstName} ${u.lastName}` === 'Alex Admin');
  expect(alex, 'the demo admin').toBeTruthy();
  const description = `Chase the referral ${Date.now() % 100000}`;
  const created = await page.request.post('/api/admin/todo', {
    data: {
      assignedTo: alex?.uid,
      urgency: 2,
      status: 'uncompleted',
      dueDate: melbourneToday(),
      description,
    },
  });
  expect(created.status()).toBe(201);

  await page.getByRole('link', { name: 'My Todo List' }).click();
  const assignee = page.getByRole('combobox', { name: 'Assignee' });
  await assignee.click();
  const options = page.getByRole('listbox').getByRole('option');
  await expect(options.filter({ hasText: 'Alex Admin' })).toHaveCount(1);
  await expect(options.filter({ hasText: 'Iris Tech' })).toHaveCount(0);
  await expect(options.filter({ hasText: 'Dana Former' })).toHaveCount(0);
  await options.filter({ hasText: 'Alex Admin' }).click();
  await expect(page).toHaveURL(new RegExp(`assignedTo=${alex?.uid}`));
  await page.getByLabel('Rows per page').selectOption('50');

  const row = page.getByRole('table', { name: 'Todos' }).getByRole('row').filter({ hasText: description });
  await expect(row).toContainText('Medium');
  await row.getByRole('button', { name: `Delete: ${description}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete todo' });
  await expect(confirm).toContainText(`Please confirm that you want to delete this todo: ${description}`);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: `Delete: ${description}` }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(row).toHaveCount(0);
});
