import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, registerViaApi } from './helpers';

// One node-rest-api project's life as its owner sees it, without reloading the page: the creation fills in the
// repository and the app URL live; the timeline tells durations and times, where provider-named steps ran, and links
// the build step to its build log; the app's runtime logs can be searched, filtered by level and downloaded; a
// deletion shows its run on the page and then the list says what happened.
test.setTimeout(300_000);

const PROJECT_NAME = 'Screens Ledger';
const API_KEY = 'e2e-api-key-123';

const timeline = (page: Page, title: string) => page.getByRole('region', { name: title });
const step = (page: Page, title: string, id: string) => timeline(page, title).locator(`li[data-step="${id}"]`);

async function createThroughWizard(page: Page) {
  await page.goto('/dashboard/projects/new');
  await page.getByLabel('Project Name').fill(PROJECT_NAME);
  await page.getByLabel('Description').fill('Keeps the books for the e2e screens.');
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.getByTestId('template-node-rest-api').click();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.getByLabel('API_KEY', { exact: true }).fill(API_KEY);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.getByRole('button', { name: 'Create Project', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/projects\/[0-9a-f-]{36}$/);
}

test('a project life without reloads: live summary, timeline times and places, build log, runtime logs, deletion', async ({ page }) => {
  const account = await registerViaApi(page);
  const headers = { authorization: `Bearer ${account.token}` };
  expect((await page.request.put('/api/settings/GITHUB_ORGANIZATION', { headers, data: { value: 'screens-labs' } })).ok()).toBe(true);
  await createThroughWizard(page);

  // The creation completes and the summary shows what it made, without a reload.
  const creation = timeline(page, 'Project Creation');
  await expect(creation.getByRole('status')).toContainText('Completed', { timeout: 180_000 });
  const summary = page.getByRole('region', { name: 'Project Summary' });
  await expect(summary).toContainText(/git clone http:\/\/\S+\.git/);
  await expect(summary).not.toContainText('Not set');
  await expect(summary.getByRole('link', { name: /^http:\/\/[a-z0-9-]+\.localhost:\d+\/$/ })).toBeVisible();

  // Durations of the run and of each step; absolute times on hover (and read out).
  await expect(page.getByTestId('run-duration')).toContainText(/Took (<1s|\d+s|\d+m)/);
  await expect(page.getByTestId('run-duration')).toContainText('Completed');
  await expect(step(page, 'Project Creation', 'commit-code').getByTestId('step-duration')).toHaveText(/Took (<1s|\d+s)/);
  const finished = step(page, 'Project Creation', 'commit-code').locator('time');
  await expect(finished).toHaveAttribute('title', /\d{4}/);
  await expect(finished).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);
  await expect(creation.getByRole('progressbar').locator('[data-status]')).toHaveAttribute('data-status', 'completed');

  // The spec's labels stay; the steps say where they ran on this local install.
  await expect(step(page, 'Project Creation', 'deploy-to-doks')).toContainText('Deploy To Doks — ran on the local cluster');
  await expect(step(page, 'Project Creation', 'setup-github-repo')).toContainText('Setup Github Repo — ran on local git');
  await expect(step(page, 'Project Creation', 'check-docker')).toContainText('Check Docker — ran on the local registry');
  await expectNoSeriousA11yViolations(page);

  // The build step opens the first version's build log.
  await step(page, 'Project Creation', 'check-github-version-build').getByRole('button', { name: 'View build log of v0.1.0' }).click();
  const buildLog = page.getByRole('dialog', { name: 'Build Logs: v0.1.0' });
  await expect(buildLog.getByRole('region', { name: 'Build log of v0.1.0' })).not.toContainText('No output yet.', { timeout: 30_000 });
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(buildLog).toBeHidden();

  // Runtime logs: times, search, the level filter (the app logs '[info] …'), Pause and Download.
  await page.getByRole('tab', { name: 'Deployments' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Deployments' });
  await panel.getByRole('article', { name: 'production deployment v0.1.0' }).getByRole('button', { name: 'Logs of the production deployment' }).click();
  const logs = page.getByRole('dialog', { name: 'Logs: production v0.1.0' });
  const log = logs.getByRole('log', { name: 'Logs of production v0.1.0' });
  await expect(log).toContainText('[info] Listening on port', { timeout: 30_000 });
  await expect(log.locator('time').first()).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);
  await logs.getByLabel('Level').selectOption('error');
  await expect(log).toContainText('No lines match.');
  await logs.getByLabel('Level').selectOption('info');
  await expect(log).toContainText('Listening on port');
  await logs.getByLabel('Search logs').fill('LISTENING');
  await expect(log.getByRole('listitem')).toHaveCount(1);
  await expect(logs.getByRole('status')).toContainText('1 of');
  await logs.getByRole('button', { name: 'Pause' }).click();
  await expect(log).toHaveAttribute('aria-live', 'off');
  await expectNoSeriousA11yViolations(page);
  const [download] = await Promise.all([page.waitForEvent('download'), logs.getByRole('button', { name: 'Download' }).click()]);
  expect(download.suggestedFilename()).toBe('production-v0.1.0-logs.txt');
  const saved = readFileSync((await download.path())!, 'utf8');
  expect(saved).toMatch(/^\d{4}-\d{2}-\d{2}T\S+ \[\S+\] \[info\] Listening on port \d+\n$/);
  await page.keyboard.press('Escape');
  await expect(logs).toBeHidden();

  // Delete: the page stays and shows the deletion run, then the list says the project was deleted and lists it no more.
  await page.getByRole('tab', { name: 'Overview' }).click();
  await page.getByTestId('project-header').getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Project?' });
  await dialog.getByLabel(`Type ${PROJECT_NAME} to confirm`).fill(PROJECT_NAME);
  await dialog.getByRole('button', { name: 'Delete Project' }).click();
  await expect(timeline(page, 'Project Deletion')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/projects$/, { timeout: 120_000 });
  await expect(page.getByRole('status').filter({ hasText: `Project "${PROJECT_NAME}" was deleted.` })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  await expect(page.getByText(PROJECT_NAME, { exact: true })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  // Said once: a reload does not bring the notice back.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  await expect(page.getByText(`Project "${PROJECT_NAME}" was deleted.`)).toHaveCount(0);
});
