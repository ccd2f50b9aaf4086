import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, registerViaApi } from './helpers';

const ADMIN_PASSWORD = 'e2e-admin-pass-42';
const SESSION_SECRET = 'e2e-session-secret-0123456789abcdef';

const settingsDialog = (page: Page) => page.getByRole('dialog', { name: 'GitHub Settings Required' });
const stepCounter = (page: Page) => page.getByText(/^Step \d of 4$/);

test('without a GitHub organization the wizard asks for settings first', async ({ page }) => {
  await registerViaApi(page);
  await page.goto('/dashboard/projects/new');
  await expect(settingsDialog(page)).toBeVisible();
  // A new user has no GitHub token: their projects are local, where the organization is just a name.
  await expect(settingsDialog(page)).toContainText(
    'No GitHub account is needed: with no GitHub token saved, Slipway keeps your repositories on this server and any organization name works (letters, digits and hyphens, such as my-team).',
  );
  await expect(settingsDialog(page).getByRole('button', { name: 'Close', exact: true })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');
  await page.getByTestId('modal-overlay').click({ position: { x: 5, y: 5 } });
  await expect(settingsDialog(page)).toBeVisible();

  await settingsDialog(page).getByRole('button', { name: 'CANCEL', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/projects$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Create New Project', exact: true }).click();
  await settingsDialog(page).getByRole('button', { name: 'GO TO SETTINGS', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
});

test('creates a project from a template with required and sensitive variables', async ({ page }) => {
  const account = await registerViaApi(page);
  const headers = { authorization: `Bearer ${account.token}` };
  const organization = await page.request.put('/api/settings/GITHUB_ORGANIZATION', { headers, data: { value: 'wizard-labs' } });
  expect(organization.ok()).toBe(true);

  await page.goto('/dashboard/projects/new');
  await expect(stepCounter(page)).toHaveText('Step 1 of 4');
  await expect(page.getByRole('button', { name: 'Continue', exact: true })).toBeDisabled();

  // Step 1: details.
  await page.getByLabel('Project Name').fill('x');
  await page.getByLabel('Project Name').blur();
  await expect(page.getByText('Project name must be at least 2 characters')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('Project Name').fill('Wizard Notes');
  await page.getByLabel('Description').fill('Notes for the e2e team');
  await page.getByLabel('Tags', { exact: true }).fill('notes');
  await page.getByLabel('Tags', { exact: true }).press('Enter');
  await page.getByLabel('Tags', { exact: true }).fill('team');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByLabel('Tags', { exact: true }).fill('notes');
  await page.getByLabel('Tags', { exact: true }).press('Enter');
  await expect(page.getByRole('list', { name: 'Added tags' }).getByRole('listitem')).toHaveCount(2);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();

  // Step 2: the catalog has more than 3 templates, so it can be searched.
  await expect(stepCounter(page)).toHaveText('Step 2 of 4');
  await expect(page.getByRole('button', { name: 'Select a Template', exact: true })).toBeDisabled();
  await expect(page.getByTestId('template-go-api')).toContainText('API');
  await expect(page.getByTestId('template-static-site')).toContainText('Ready to use');
  await page.getByLabel('Search templates').fill('NOTES');
  await expect(page.getByRole('group', { name: 'Templates' }).getByRole('button')).toHaveCount(1);
  await expect(page.getByTestId('template-fullstack-notes')).toContainText('4 variables');
  await expectNoSeriousA11yViolations(page);
  await page.getByTestId('template-fullstack-notes').click();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();

  // Step 3: required and sensitive variables.
  await expect(stepCounter(page)).toHaveText('Step 3 of 4');
  const required = page.getByRole('region', { name: 'Required variables' });
  await expect(required.getByTestId('variable-ADMIN_PASSWORD')).toContainText('Sensitive');
  await expect(page.getByRole('button', { name: 'Continue', exact: true })).toBeDisabled();
  await page.getByLabel('ADMIN_PASSWORD', { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByLabel('ADMIN_PASSWORD', { exact: true }).fill('');
  await page.getByLabel('ADMIN_PASSWORD', { exact: true }).blur();
  await expect(page.getByText('ADMIN_PASSWORD is required')).toBeVisible();
  await page.getByLabel('ADMIN_PASSWORD', { exact: true }).fill(ADMIN_PASSWORD);
  await expect(page.getByText('ADMIN_PASSWORD is required')).toHaveCount(0);
  await expect(page.getByLabel('ADMIN_PASSWORD', { exact: true })).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show ADMIN_PASSWORD', exact: true }).click();
  await expect(page.getByLabel('ADMIN_PASSWORD', { exact: true })).toHaveAttribute('type', 'text');
  await page.getByLabel('SESSION_SECRET', { exact: true }).fill(SESSION_SECRET);

  const optional = page.getByRole('region', { name: 'Optional variables' });
  await expect(optional.getByLabel('DATA_FILE', { exact: true })).toBeHidden();
  await optional.getByRole('button', { name: /Optional/ }).click();
  await expect(optional.getByLabel('DATA_FILE', { exact: true })).toHaveValue('data/notes.json');
  await expectNoSeriousA11yViolations(page);

  // Going back keeps what was entered.
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(page.getByTestId('template-fullstack-notes')).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByLabel('ADMIN_PASSWORD', { exact: true })).toHaveValue(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();

  // Step 4: the review masks the secrets.
  await expect(stepCounter(page)).toHaveText('Step 4 of 4');
  const review = page.getByRole('region', { name: 'Review and create' });
  await expect(review).toContainText('Name: Wizard Notes');
  await expect(review).toContainText('Template: fullstack-notes');
  const variables = page.getByRole('region', { name: 'Environment variables' });
  await expect(variables).toContainText('ADMIN_PASSWORD');
  await expect(variables).toContainText('DATA_FILE');
  await expect(variables).not.toContainText(ADMIN_PASSWORD);
  await expect(variables).not.toContainText(SESSION_SECRET);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Create Project', exact: true }).click();

  await expect(page).toHaveURL(/\/dashboard\/projects\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Wizard Notes' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const id = new URL(page.url()).pathname.split('/').pop();
  const stored = await page.request.get(`/api/projects/${id}`, { headers });
  expect(stored.ok()).toBe(true);
  const project = (await stored.json()) as { name: string; tags: string[]; status: string };
  expect(project).toMatchObject({ name: 'Wizard Notes', tags: ['notes', 'team'], status: 'active' });
});

test('a name one of your projects has is refused on step 1, as you type', async ({ page }) => {
  const account = await registerViaApi(page);
  const headers = { authorization: `Bearer ${account.token}` };
  await page.request.put('/api/settings/GITHUB_ORGANIZATION', { headers, data: { value: 'wizard-labs' } });
  expect((await page.request.post('/api/projects', { headers, data: { name: 'Taken Name' } })).status()).toBe(201);

  await page.goto('/dashboard/projects/new');
  const name = page.getByLabel('Project Name');
  await name.pressSequentially('taken name');
  // Said under the field while it still has focus, and read out (the field's error is not announced by itself).
  const message = 'A project named "taken name" already exists';
  await expect(page.getByText(message, { exact: true }).first()).toBeVisible();
  await expect(name).toBeFocused();
  await expect(name).toHaveAccessibleDescription(message);
  await expect(page.getByRole('status').filter({ hasText: message })).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Continue', exact: true })).toBeDisabled();
  await expect(stepCounter(page)).toHaveText('Step 1 of 4');
  await expectNoSeriousA11yViolations(page);

  await name.fill('Taken Name 2');
  await expect(page.getByText(message, { exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(stepCounter(page)).toHaveText('Step 2 of 4');
});

test("a failed creation shows 'Creation Failed' and stays on step 4", async ({ page }) => {
  const account = await registerViaApi(page);
  const headers = { authorization: `Bearer ${account.token}` };
  await page.request.put('/api/settings/GITHUB_ORGANIZATION', { headers, data: { value: 'wizard-labs' } });

  await page.goto('/dashboard/projects/new');
  await page.getByLabel('Project Name').fill('Taken Name');
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(stepCounter(page)).toHaveText('Step 2 of 4');
  // Someone takes the name meanwhile (another tab, the API).
  expect((await page.request.post('/api/projects', { headers, data: { name: 'Taken Name' } })).status()).toBe(201);
  await page.getByTestId('template-blank').click();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'No Configuration Required' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByText('Template: None (blank project)')).toBeVisible();
  await page.getByRole('button', { name: 'Create Project', exact: true }).click();

  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Creation Failed');
  await expect(alert).toContainText('A project named "Taken Name" already exists');
  await expectNoSeriousA11yViolations(page);
  await expect(stepCounter(page)).toHaveText('Step 4 of 4');
  await expect(page).toHaveURL(/\/dashboard\/projects\/new$/);
});
