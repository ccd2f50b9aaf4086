import { expect, test } from '@playwright/test';
import { createBuiltProject, expectNoSeriousA11yViolations, registerViaApi } from './helpers';

test('the Environments tab shows each environment and its pushes, and toggles auto-deploy, by keyboard', async ({ page }) => {
  test.setTimeout(180_000);
  const account = await registerViaApi(page);
  const headers = { authorization: `Bearer ${account.token}` };
  const id = await createBuiltProject(page.request, account.token, { API_KEY: 'e2e-api-key-123', LOG_LEVEL: 'info' });
  const staging = await page.request.post(`/api/projects/${id}/environments`, { headers, data: { name: 'staging', branch: 'develop', variables: { LOG_LEVEL: 'debug' } } });
  expect(staging.status()).toBe(201);

  await page.goto(`/dashboard/projects/${id}`);
  // Keyboard: from the Deployments tab, the arrow selects the next one, Environments.
  await page.getByRole('tab', { name: 'Deployments' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Environments' })).toHaveAttribute('aria-selected', 'true');

  const production = page.getByRole('region', { name: 'production', exact: true });
  await expect(production.getByRole('definition').first()).toHaveText('active');
  await expect(production.getByRole('link', { name: /^http:\/\/.+\.localhost:\d+/ })).toBeVisible();
  await expect(production.getByRole('checkbox', { name: 'Deploy each push to main automatically' })).toBeChecked();
  // Sensitive values are masked until asked for.
  const variables = production.getByRole('table', { name: 'Variables of production' });
  await expect(variables.getByRole('row', { name: /API_KEY/ })).not.toContainText('e2e-api-key-123');
  await production.getByRole('button', { name: 'Show sensitive values' }).click();
  await expect(variables.getByRole('row', { name: /API_KEY/ })).toContainText('e2e-api-key-123');
  await expect(production.getByRole('button', { name: 'Hide sensitive values' })).toHaveAttribute('aria-pressed', 'true');
  await expect(production.getByRole('table', { name: 'Latest deployments to production' })).toContainText('active');

  const stagingCard = page.getByRole('region', { name: 'staging', exact: true });
  await expect(stagingCard.getByRole('definition').first()).toHaveText('idle');
  await expect(stagingCard).toContainText('Not deployed');
  await expect(stagingCard.getByRole('table', { name: 'Variables of staging' }).getByRole('row', { name: /LOG_LEVEL/ })).toContainText('debug');
  await expect(page.getByRole('region', { name: 'Recent pushes' })).toContainText('No pushes yet');
  await expectNoSeriousA11yViolations(page);

  const toggle = stagingCard.getByRole('checkbox', { name: 'Deploy each push to develop automatically' });
  await expect(toggle).not.toBeChecked();
  await toggle.focus();
  await page.keyboard.press('Space');
  await expect(toggle).toBeChecked();
  await expect
    .poll(async () => ((await (await page.request.get(`/api/projects/${id}/environments/staging`, { headers })).json()) as { auto_deploy: boolean }).auto_deploy)
    .toBe(true);
  await expectNoSeriousA11yViolations(page);

  // Previews: on by default; an idle time is picked from the list.
  const previews = page.getByRole('region', { name: 'Previews' });
  await expect(previews.getByRole('checkbox', { name: 'Make a preview for each pushed branch that no environment takes' })).toBeChecked();
  await previews.getByRole('combobox', { name: 'Remove a preview idle for' }).selectOption({ label: '1 hour' });
  await expect
    .poll(async () => ((await (await page.request.get(`/api/projects/${id}/previews`, { headers })).json()) as { idle_minutes: number | null }).idle_minutes)
    .toBe(60);

  // Promote production's build to staging: the dialog shows the commits and the variables that differ first.
  await stagingCard.getByRole('button', { name: 'Promote production to staging' }).click();
  const dialog = page.getByRole('dialog', { name: 'Promote production to staging' });
  await expect(dialog).toContainText('nothing is rebuilt');
  const differences = dialog.getByRole('table', { name: 'Variables that differ (staging keeps its own)' });
  await expect(differences.getByRole('row', { name: /LOG_LEVEL/ })).toContainText('info');
  await expect(differences.getByRole('row', { name: /LOG_LEVEL/ })).toContainText('debug');
  // staging serves nothing yet: the range is production's recent commits, a list a keyboard can scroll.
  const commits = dialog.getByRole('list', { name: 'staging serves nothing yet: the latest commits of production, newest first' });
  await expect(commits.getByRole('listitem').first()).toHaveText(/^[0-9a-f]{8} .+ \(.+, \d{4}-\d{2}-\d{2}\)$/);
  await commits.focus();
  await expect(commits).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Promote', exact: true }).click();
  await expect(dialog.getByRole('status')).toContainText('Promotion started');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  await expect(stagingCard.getByRole('definition').first()).toHaveText('active', { timeout: 120_000 });
});

test("an environment's instances and resources change by keyboard, roll out, and the Deployments tab shows each instance", async ({ page }) => {
  test.setTimeout(180_000);
  const account = await registerViaApi(page);
  const headers = { authorization: `Bearer ${account.token}` };
  const id = await createBuiltProject(page.request, account.token);
  await page.goto(`/dashboard/projects/${id}`);
  await page.getByRole('tab', { name: 'Environments' }).click();
  const form = page.getByRole('region', { name: 'production', exact: true }).getByRole('form', { name: 'Instances and resources of production' });
  await form.getByLabel('Memory limit (MB)').fill('32');
  await form.getByRole('button', { name: 'Save and roll out' }).click();
  await expect(form.getByLabel('Memory limit (MB)')).toHaveAccessibleDescription('Memory limit must be a whole number from 64 to 8192 MB, or empty for none');
  await expectNoSeriousA11yViolations(page);
  await form.getByLabel('Memory limit (MB)').fill('256');
  await form.getByLabel('Instances').fill('2');
  await form.getByLabel('Memory limit (MB)').focus();
  await page.keyboard.press('Enter');
  await expect
    .poll(async () => ((await (await page.request.get(`/api/projects/${id}/environments/production`, { headers })).json()) as { replicas: number; memory_limit_mb: number }), { timeout: 30_000 })
    .toMatchObject({ replicas: 2, memory_limit_mb: 256 });

  await page.getByRole('tab', { name: 'Deployments' }).click();
  const instances = page.getByRole('list', { name: 'Instances' });
  await expect(instances.getByRole('listitem')).toHaveCount(2, { timeout: 120_000 });
  await expect(instances.getByRole('listitem').first()).toContainText(/r\d+-1 healthy 0 restarts/, { timeout: 60_000 });
  await expectNoSeriousA11yViolations(page);
});
