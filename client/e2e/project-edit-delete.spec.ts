import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, registerViaApi, statusOf } from './helpers';

const SECRET = 'sk-e2e-secret-value-123';

/** A project made through the REST API (with the GitHub organization the server requires first). */
async function createProject(request: APIRequestContext, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const organization = await request.put('/api/settings/GITHUB_ORGANIZATION', { headers, data: { value: 'orbital-labs' } });
  expect(organization.ok()).toBe(true);
  const created = await request.post('/api/projects', {
    headers,
    data: {
      name: 'Orbital Relay',
      description: 'Relays telemetry from orbit.',
      tags: ['alpha', 'telemetry'],
      repository_url: 'https://github.com/orbital-labs/orbital-relay',
      environment_variables: { PORT: '8080', API_KEY: SECRET },
    },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

const envRow = (page: Page, name: string) => page.getByTestId(`env-${name}`);

test('project detail tabs, edit, environment variables and delete', async ({ page }) => {
  const account = await registerViaApi(page);
  const headers = { authorization: `Bearer ${account.token}` };
  const id = await createProject(page.request, account.token);

  await page.goto(`/dashboard/projects/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Orbital Relay' })).toBeVisible();
  await expect(page.getByTestId('project-header').getByText('Active', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Project Creation' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Description' })).toContainText('Relays telemetry from orbit.');
  await expectNoSeriousA11yViolations(page);

  // Tabs by keyboard.
  await page.getByRole('tab', { name: 'Overview' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Versions' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel', { name: 'Versions' })).toContainText('No versions found');
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Deployments' })).toBeFocused();
  await expect(page.getByRole('tabpanel', { name: 'Deployments' })).toContainText('Active Deployments');
  await expect(page.getByRole('tabpanel', { name: 'Deployments' })).toContainText('Deployment History');
  await expectNoSeriousA11yViolations(page);
  // End selects the last tab; the arrows wrap around both ways.
  await page.keyboard.press('End');
  await expect(page.getByRole('tab', { name: 'Activity' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('tab', { name: 'Activity' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Home');
  await expect(page.getByRole('tabpanel', { name: 'Overview' })).toBeVisible();

  // Environment variables: the secret is masked until shown.
  await expect(envRow(page, 'API_KEY')).toContainText('Sensitive');
  await expect(envRow(page, 'API_KEY')).not.toContainText(SECRET);
  await page.getByRole('button', { name: 'Show value of API_KEY' }).click();
  await expect(envRow(page, 'API_KEY')).toContainText(SECRET);
  await page.getByRole('button', { name: 'Hide value of API_KEY' }).click();

  await page.getByRole('region', { name: 'Environment Variables' }).getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('button', { name: 'Add Variable' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Environment Variable' });
  await expect(dialog.getByRole('button', { name: 'Add Variable' })).toBeDisabled();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByLabel('Name').fill('  LOG_LEVEL ');
  await dialog.getByLabel('Value').fill('debug');
  await dialog.getByRole('button', { name: 'Add Variable' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Remove PORT' }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const environment = page.getByRole('region', { name: 'Environment Variables' });
  await expect(environment.getByRole('button', { name: 'Edit' })).toBeVisible();
  await expect(envRow(page, 'LOG_LEVEL')).toContainText('debug');
  await expect(envRow(page, 'PORT')).toHaveCount(0);
  await page.reload();
  await expect(envRow(page, 'LOG_LEVEL')).toContainText('debug');
  await expect(envRow(page, 'API_KEY')).toBeVisible();
  await expect(envRow(page, 'PORT')).toHaveCount(0);

  // Edit: rename, tags, clear the repository URL.
  await page.getByTestId('project-header').getByRole('link', { name: 'Edit' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/projects/${id}/edit$`));
  await expect(page.getByLabel('Project Name')).toHaveValue('Orbital Relay');
  await page.getByLabel('Project Name').fill('X');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Project name must be at least 2 characters')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('Project Name').fill('Orbital Relay Two');
  await page.getByLabel('Tags', { exact: true }).fill('beta');
  await page.getByLabel('Tags', { exact: true }).press('Enter');
  await page.getByLabel('Tags', { exact: true }).fill('alpha');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByRole('button', { name: 'Remove tag telemetry' }).click();
  await expect(page.getByRole('list', { name: 'Current tags' }).getByRole('listitem')).toHaveText(['alpha×', 'beta×']);
  await page.getByLabel('Repository URL').fill('');
  await page.getByRole('button', { name: 'Save Changes' }).click();

  await expect(page).toHaveURL(new RegExp(`/dashboard/projects/${id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Orbital Relay Two' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Project Summary' })).toContainText('Not set');
  await expect(page.getByRole('region', { name: 'Tags' }).getByRole('listitem')).toHaveText(['alpha', 'beta']);
  const stored = await (await page.request.get(`/api/projects/${id}`, { headers })).json();
  expect(stored).toMatchObject({ name: 'Orbital Relay Two', tags: ['alpha', 'beta'], repository_url: null, description: 'Relays telemetry from orbit.' });

  // Delete: a wrong name first, then the right one.
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Project?' });
  await expect(confirm).toContainText('versions, deployments and configurations');
  await confirm.getByLabel('Type Orbital Relay Two to confirm').fill('Orbital Relay');
  await confirm.getByRole('button', { name: 'Delete Project' }).click();
  await expect(confirm.getByText('Name does not match. Please type "Orbital Relay Two" exactly.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await confirm.getByLabel('Type Orbital Relay Two to confirm').fill('Orbital Relay Two');
  await confirm.getByRole('button', { name: 'Delete Project' }).click();

  // The page shows the deletion run and goes to the list once it has completed.
  await expect(page).toHaveURL(/\/dashboard\/projects$/, { timeout: 60_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  // Deletion is a run: the project is gone once it completes.
  await expect.poll(() => statusOf(page.request, `/api/projects/${id}`, headers), { timeout: 60_000 }).toBe(404);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  await expect(page.getByText('Orbital Relay Two')).toHaveCount(0);
});
