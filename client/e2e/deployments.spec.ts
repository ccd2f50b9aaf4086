import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { createBuiltProject, expectNoSeriousA11yViolations, registerViaApi } from './helpers';

/**
 * The two versions run the same code; what tells them apart is the environment each deployment was made with:
 * the node-rest-api app answers with `access-control-allow-origin: $CORS_ORIGIN`, and a rollback restores the
 * target's environment snapshot along with its image.
 */
const ORIGIN_V1 = 'https://one.example';
const ORIGIN_V2 = 'https://two.example';
const API_KEY = 'e2e-api-key-123';

/** A version made through the REST API, once its build has succeeded. */
async function createBuiltVersion(request: APIRequestContext, token: string, projectId: string, tag: string): Promise<void> {
  const headers = { authorization: `Bearer ${token}` };
  const created = await request.post(`/api/projects/${projectId}/versions`, { headers, data: { version_tag: tag, git_branch: 'main' } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await expect
    .poll(async () => ((await (await request.get(`/api/projects/${projectId}/versions/${id}`, { headers })).json()) as { build_status?: string }).build_status, {
      timeout: 180_000,
      intervals: [1000],
    })
    .toBe('success');
}

async function setCorsOrigin(request: APIRequestContext, token: string, projectId: string, origin: string): Promise<void> {
  const response = await request.put(`/api/projects/${projectId}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { environment_variables: { API_KEY, CORS_ORIGIN: origin } },
  });
  expect(response.ok()).toBe(true);
}

/** What the deployed app at `url` answers as its CORS origin now (null while it does not answer). */
async function answeringOrigin(request: APIRequestContext, url: string): Promise<string | null> {
  try {
    const response = await request.get(`${url.replace(/\/$/, '')}/health`, { timeout: 5_000 });
    return response.ok() ? (response.headers()['access-control-allow-origin'] ?? null) : null;
  } catch {
    return null;
  }
}

/** Deploy of `tag` from its version card: the strategy modal, 'Deploy Version', then the Deployments tab. */
async function deployFromVersions(page: Page, tag: string, { axe = false } = {}): Promise<Locator> {
  await page.getByRole('tab', { name: 'Versions' }).click();
  const versions = page.getByRole('tabpanel', { name: 'Versions' });
  await versions.getByRole('article', { name: `Version ${tag}` }).getByRole('button', { name: `Deploy version ${tag}` }).click();
  const modal = page.getByRole('dialog', { name: 'Choose Deployment Strategy' });
  await expect(modal.getByRole('radio', { name: 'Rolling Update' })).toBeChecked();
  await expect(modal.getByRole('radio')).toHaveCount(2);
  // Something always runs already: the creation run's first deployment (v0.1.0), then v1.
  await expect(modal.getByText('Recommended')).toBeVisible();
  await expect(modal.getByRole('list', { name: 'Benefits of Rolling Update' })).toContainText('Zero downtime');
  await expect(modal.getByRole('list', { name: 'Drawbacks of Rolling Update' })).toContainText('Mixed versions');
  if (axe) await expectNoSeriousA11yViolations(page);
  await modal.getByRole('button', { name: 'Deploy Version' }).click();
  await expect(modal).toBeHidden();
  // About a second later the page shows the Deployments tab, its first heading focused.
  await expect(page.getByRole('tab', { name: 'Deployments' })).toHaveAttribute('aria-selected', 'true');
  const panel = page.getByRole('tabpanel', { name: 'Deployments' });
  await expect(panel.getByRole('heading', { name: 'Active Deployments' })).toBeFocused();
  const card = panel.getByRole('article', { name: `production deployment ${tag}` });
  await expect(card.getByText('Active', { exact: true })).toBeVisible({ timeout: 120_000 });
  await expect(card.getByText('Health: Healthy')).toBeVisible({ timeout: 60_000 });
  return card;
}

test('deploys v1 and v2 from the browser, opens the URL, rolls back and sees v1 answer again', async ({ page }) => {
  test.setTimeout(600_000);
  const account = await registerViaApi(page);
  const request = page.request;
  const id = await createBuiltProject(request, account.token, { API_KEY, CORS_ORIGIN: ORIGIN_V1 });
  await createBuiltVersion(request, account.token, id, 'v1.0.0');
  await createBuiltVersion(request, account.token, id, 'v2.0.0');

  await page.goto(`/dashboard/projects/${id}`);
  const header = page.getByTestId('project-header');

  // v1, with CORS_ORIGIN one.example.
  const v1 = await deployFromVersions(page, 'v1.0.0', { axe: true });
  const panel = page.getByRole('tabpanel', { name: 'Deployments' });
  await expect(v1).toContainText('Traffic100%');
  await expect(v1).toContainText('StrategyRolling Update');
  await expect(header.getByText('v1.0.0', { exact: true })).toBeVisible();
  await expect(header.getByText('Deployment: Active')).toBeVisible();
  const url = await v1.getByRole('link').getAttribute('href');
  expect(url).toMatch(/^https?:\/\//);
  // The same app at its loopback URL, for this test's own requests (Node does not resolve *.localhost).
  const loopback = ((await (await request.get(`/api/projects/${id}`, { headers: { authorization: `Bearer ${account.token}` } })).json()) as { loopback_url: string }).loopback_url;
  expect(loopback).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  await expectNoSeriousA11yViolations(page);

  // The card's URL opens the running app in a new tab.
  const [app] = await Promise.all([page.context().waitForEvent('page'), v1.getByRole('link').click()]);
  const answer = await app.goto(`${url!.replace(/\/$/, '')}/health`);
  expect(answer?.status()).toBe(200);
  expect(answer?.headers()['access-control-allow-origin']).toBe(ORIGIN_V1);
  await app.close();

  // v2, with CORS_ORIGIN two.example: a rolling update behind the same URL; v1 is now the way back.
  await setCorsOrigin(request, account.token, id, ORIGIN_V2);
  const v2 = await deployFromVersions(page, 'v2.0.0');
  await expect(v1).toHaveCount(0);
  expect(await v2.getByRole('link').getAttribute('href')).toBe(url);
  await expect.poll(() => answeringOrigin(request, loopback), { timeout: 30_000 }).toBe(ORIGIN_V2);
  await expect(header.getByText('v2.0.0', { exact: true })).toBeVisible();
  // Its Rollback names where it goes: back to v1.
  const rollbackButton = v2.getByRole('button', { name: 'Rollback to v1.0.0 (the production deployment)' });
  await expect(rollbackButton).toBeVisible();

  // The history: v1 was superseded by v2, not rolled back, and keeps its deployed time and duration.
  const history = panel.getByRole('table', { name: 'Deployment history' });
  const rows = history.getByTestId('deployment-row');
  // A row by the version it deployed (a Rollback button names another one).
  const rowsOf = (tag: string) => rows.filter({ has: page.getByText(tag, { exact: true }) });
  const v1Row = rowsOf('v1.0.0');
  await expect(v1Row).toContainText('Superseded');
  // Deployed and Duration.
  const v1Times = (await v1Row.locator('td').allTextContents()).slice(4, 6);
  // Filters in the URL, a row opens its details.
  await panel.getByLabel('Deployment status').selectOption({ label: 'Superseded' });
  await expect(page).toHaveURL(/deployments_status=superseded/);
  await expect(v1Row).toContainText('Superseded');
  await expect(rowsOf('v2.0.0')).toHaveCount(0);
  await v1Row.click();
  const details = page.getByRole('dialog', { name: 'Deployment v1.0.0 (production)' });
  await expect(details.getByRole('heading', { name: 'Events' })).toBeVisible();
  await expect(details).toContainText('traffic shifted');
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();
  await panel.getByLabel('Deployment status').selectOption({ label: 'All Status' });
  await panel.getByLabel('Sort deployments by').selectOption({ label: 'Recently Activated' });
  await expect(page).toHaveURL(/deployments_sort_by=activated_at/);
  await expect(rowsOf('v2.0.0')).toContainText('Active');

  // Metrics: charts of the 5m range.
  await v2.getByRole('button', { name: 'Metrics of the production deployment' }).click();
  const metrics = page.getByRole('dialog', { name: 'Metrics: production v2.0.0' });
  await expect(metrics.getByLabel('Range')).toHaveValue('5m');
  await expect(metrics.getByRole('region', { name: 'Latest figures' })).toBeVisible();
  await expect(metrics.getByRole('figure')).toHaveCount(3);
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(metrics).toBeHidden();

  // Logs: the app's own request log, followed live; Pause stops following.
  await answeringOrigin(request, loopback);
  await v2.getByRole('button', { name: 'Logs of the production deployment' }).click();
  const logs = page.getByRole('dialog', { name: 'Logs: production v2.0.0' });
  const log = logs.getByRole('log', { name: 'Logs of production v2.0.0' });
  await expect(log).toContainText('GET /health 200', { timeout: 30_000 });
  await expect(log).toHaveAttribute('aria-live', 'polite');
  await logs.getByRole('button', { name: 'Pause' }).click();
  await expect(log).toHaveAttribute('aria-live', 'off');
  await expect(logs.getByRole('button', { name: 'Follow' })).toHaveAttribute('aria-pressed', 'true');
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(logs).toBeHidden();

  // Rollback asks first, naming the version it goes back to; v1 comes back with its own environment.
  await rollbackButton.click();
  const confirm = page.getByRole('dialog', { name: 'Rollback Deployment' });
  await expect(confirm).toContainText('Are you sure you want to rollback the production deployment?');
  await expect(confirm).toContainText('Production goes back from v2.0.0 to the older v1.0.0');
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole('button', { name: 'Rollback to v1.0.0' }).click();
  await expect(confirm).toBeHidden();
  const back = panel.getByRole('article', { name: 'production deployment v1.0.0' });
  await expect(back.getByText('Active', { exact: true })).toBeVisible({ timeout: 120_000 });
  await expect(v2).toHaveCount(0);
  await expect.poll(() => answeringOrigin(request, loopback), { timeout: 30_000 }).toBe(ORIGIN_V1);
  await expect(header.getByText('v1.0.0', { exact: true })).toBeVisible();

  // The rollback has a row of its own; the v1 deployment it restored keeps its status and recorded times.
  await panel.getByLabel('Deployment status').selectOption({ label: 'All Status' });
  await expect(rows.nth(0)).toContainText('v1.0.0');
  await expect(rows.nth(0)).toContainText('Active');
  await expect(rows.nth(0)).toContainText('Rollback to the deployment of');
  await expect(rowsOf('v2.0.0')).toContainText('Rolled Back');
  const restored = rowsOf('v1.0.0').filter({ hasText: 'Superseded' });
  await expect(restored).toHaveCount(1);
  expect((await restored.locator('td').allTextContents()).slice(4, 6)).toEqual(v1Times);

  // The next rollback goes further back (to the creation's v0.1.0), never forward to v2.
  await back.getByRole('button', { name: 'Rollback to v0.1.0 (the production deployment)' }).click();
  await expect(confirm).toContainText('Production goes back from v1.0.0 to the older v0.1.0');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();

  // v2's row says why it was rolled back.
  await rowsOf('v2.0.0').first().click();
  const rolledBack = page.getByRole('dialog', { name: 'Deployment v2.0.0 (production)' });
  await expect(rolledBack).toContainText('Rolled Back');
  await expect(rolledBack).toContainText('Rollback reasonManual rollback via UI');
  await page.keyboard.press('Escape');
  await expectNoSeriousA11yViolations(page);
});

test('deploys a canary from the browser, follows its step and split, aborts it, then promotes another', async ({ page }) => {
  test.setTimeout(600_000);
  const account = await registerViaApi(page);
  const id = await createBuiltProject(page.request, account.token);
  await createBuiltVersion(page.request, account.token, id, 'v1.0.0');
  await page.goto(`/dashboard/projects/${id}`);
  const panel = page.getByRole('tabpanel', { name: 'Deployments' });

  /** Chooses Canary in the strategy modal with these steps, held long enough to act on it by hand, by keyboard. */
  const deployCanary = async (steps: string) => {
    await page.getByRole('tab', { name: 'Versions' }).click();
    await page.getByRole('button', { name: 'Deploy version v1.0.0' }).click();
    const modal = page.getByRole('dialog', { name: 'Choose Deployment Strategy' });
    await modal.getByRole('radio', { name: 'Canary' }).check();
    await modal.getByRole('textbox', { name: 'Steps (percent of new requests)' }).fill(steps);
    await modal.getByRole('textbox', { name: 'Hold each step (seconds)' }).fill('600');
    await expectNoSeriousA11yViolations(page);
    await modal.getByRole('button', { name: 'Deploy Version' }).focus();
    await page.keyboard.press('Enter');
    await expect(modal).toBeHidden();
    const canary = panel.getByRole('region', { name: 'Canary Release in production' });
    await expect(canary).toContainText('1 of 2: 20 % of new requests', { timeout: 120_000 });
    // The split as the front door routes it: the canary's share and the serving deployment's.
    await expect(canary).toContainText('v1.0.0: 20 % · v0.1.0: 80 %');
    await expect(panel.getByRole('article', { name: 'production deployment v0.1.0' })).toContainText('Traffic80%');
    return canary;
  };

  const first = await deployCanary('20, 100');
  await expectNoSeriousA11yViolations(page);
  await first.getByRole('button', { name: 'Abort' }).focus();
  await page.keyboard.press('Enter');
  const abort = page.getByRole('dialog', { name: 'Abort Canary' });
  await expect(abort).toContainText('Are you sure you want to abort the canary in production? All new requests go back to v0.1.0');
  await expectNoSeriousA11yViolations(page);
  await abort.getByRole('button', { name: 'Abort v1.0.0' }).click();
  await expect(first).toBeHidden({ timeout: 60_000 });
  await expect(panel.getByRole('article', { name: 'production deployment v0.1.0' })).toContainText('Traffic100%');
  await expect(panel.getByTestId('deployment-row').first()).toContainText('Rolled Back');

  const second = await deployCanary('20, 100');
  await second.getByRole('button', { name: 'Promote' }).click();
  const promote = page.getByRole('dialog', { name: 'Promote Canary' });
  await expect(promote).toContainText('It takes all new requests now, and v0.1.0 drains and stops.');
  await promote.getByRole('button', { name: 'Promote v1.0.0' }).click();
  await expect(second).toBeHidden({ timeout: 60_000 });
  const card = panel.getByRole('article', { name: 'production deployment v1.0.0' });
  await expect(card.getByText('Active', { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(card).toContainText('Traffic100%');
  await expect(card).toContainText('StrategyCanary');
  await expectNoSeriousA11yViolations(page);
});
