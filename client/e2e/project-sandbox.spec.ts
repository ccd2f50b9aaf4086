import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, registerViaApi } from './helpers';

/** Issue 30: the project page says how its code is contained; the edit page sets its own limits with the server's rule. */
test('the project page says how its code is contained, and the edit page sets its sandbox limits', async ({ page }) => {
  const account = await registerViaApi(page);
  const headers = { authorization: `Bearer ${account.token}` };
  expect((await page.request.put('/api/settings/GITHUB_ORGANIZATION', { headers, data: { value: 'sandbox-labs' } })).ok()).toBe(true);
  const created = await page.request.post('/api/projects', { headers, data: { name: 'Contained', description: 'Kept in its box.' } });
  expect(created.status()).toBe(201);
  const { id, sandbox } = (await created.json()) as { id: string; sandbox: { sandboxed: boolean; limits_enforced: boolean; summary: string } };

  await page.goto(`/dashboard/projects/${id}`);
  const summary = page.getByRole('region', { name: 'Project Summary' });
  await expect(summary).toContainText(sandbox.summary);
  await expect(summary).toContainText(sandbox.sandboxed ? 'Builds and the app run in a sandbox: own user, no access to other projects' : 'Runs WITHOUT a sandbox: ');
  await expectNoSeriousA11yViolations(page);

  await page.getByTestId('project-header').getByRole('link', { name: 'Edit' }).click();
  const limits = page.getByRole('group', { name: 'Sandbox limits' });
  await expect(limits).toBeVisible();
  const memory = limits.getByLabel('Memory limit (MB)');
  await memory.fill('10');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(memory).toHaveAttribute('aria-invalid', 'true');
  await expect(memory).toHaveAccessibleDescription(/Memory limit must be a whole number from 64 to 8192 \(MB\), or empty for the server's default/);
  await expectNoSeriousA11yViolations(page);

  await memory.fill('1024');
  await limits.getByLabel('Process limit (processes)').fill('300');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Contained' })).toBeVisible();
  if (sandbox.limits_enforced) await expect(summary).toContainText('limits 1024 MB memory, 300 processes');
  const project = (await (await page.request.get(`/api/projects/${id}`, { headers })).json()) as { limits: unknown };
  expect(project.limits).toEqual({ memory_mb: 1024, processes: 300, cpu_percent: null, disk_mb: null });
});
