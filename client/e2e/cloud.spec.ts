import { expect, test, type Page } from '@playwright/test';
import { fakeCloudUrls, readFakeCloudSettings } from './fake-cloud';
import { expectNoSeriousA11yViolations, registerViaUi, storedToken, statusOf } from './helpers';

// The cloud flow in the browser, against the fakes of GitHub, Docker Hub and DigitalOcean that playwright.config.ts
// starts (their Kubernetes API really runs the app on this machine): the credentials saved in Settings, a static
// site created through the wizard, its creation run to the end (deployed on DOKS), where it lives, the site answering
// at its address, and the deletion removing it from the fakes.
test.setTimeout(300_000);

const e2ePort = Number(process.env.E2E_PORT ?? 4510);
const fakes = fakeCloudUrls(e2ePort);
const PROJECT_NAME = 'Cloud Lighthouse';
const REPOSITORY = 'cloud-lighthouse';
const DESCRIPTION = 'A static site that lives on the fake cloud.';

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });
const timeline = (page: Page, title: string) => page.getByRole('region', { name: title });

test('saves cloud credentials, creates a static site on GitHub, Docker Hub and DOKS, opens it, and deletes it', async ({ page, context, request }) => {
  const settings = readFakeCloudSettings(e2ePort);
  const gitHubRepository = () => request.get(`${fakes.github}/repos/${settings.GITHUB_ORGANIZATION}/${REPOSITORY}`, { headers: { authorization: `token ${settings.GITHUB_TOKEN}` } });

  await registerViaUi(page);
  const headers = { authorization: `Bearer ${await storedToken(page)}` };

  // Settings: the fakes' credentials, typed in and saved.
  await page.goto('/dashboard/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await field(page, 'Docker Username').fill(settings.DOCKER_USERNAME);
  await field(page, 'Docker Token').fill(settings.DOCKER_TOKEN);
  await field(page, 'DigitalOcean Token').fill(settings.DIGITALOCEAN_TOKEN);
  await field(page, 'Cluster ID').fill(settings.DOKS_CLUSTER_ID);
  await field(page, 'GitHub Token').fill(settings.GITHUB_TOKEN);
  await field(page, 'GitHub Organization').fill(settings.GITHUB_ORGANIZATION);
  await page.getByRole('button', { name: 'Save All Settings' }).click();
  await expect(page.getByText('Settings saved successfully!')).toBeVisible();
  await expect(field(page, 'GitHub Token')).not.toHaveValue(settings.GITHUB_TOKEN);
  await expectNoSeriousA11yViolations(page);

  // The wizard: name, the static-site template (nothing to configure), review, create.
  await page.goto('/dashboard/projects/new');
  await page.getByLabel('Project Name').fill(PROJECT_NAME);
  await page.getByLabel('Description').fill(DESCRIPTION);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.getByTestId('template-static-site').click();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'No Configuration Required' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.getByRole('button', { name: 'Create Project', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/projects\/[0-9a-f-]{36}$/);
  const id = new URL(page.url()).pathname.split('/').pop()!;
  await expect(page.getByRole('heading', { level: 1, name: PROJECT_NAME })).toBeVisible();

  // The creation run, live, to its last step; the deployment went to the DigitalOcean Kubernetes cluster.
  const creation = timeline(page, 'Project Creation');
  await expect(creation).toBeVisible();
  await expect(creation.getByRole('list', { name: 'Project Creation steps' }).locator(':scope > li')).toHaveCount(15);
  await expectNoSeriousA11yViolations(page);
  await expect(creation.getByRole('status')).toContainText('15 of 15 steps completed', { timeout: 240_000 });
  await expect(creation.getByRole('status')).toContainText('Completed');
  const deployStep = creation.locator('li[data-step="deploy-to-doks"]');
  await expect(deployStep).toContainText('Deploy To Doks');
  await expect(deployStep.getByText('Completed', { exact: true }).first()).toBeVisible();
  await expect(page.getByTestId('project-header')).toContainText('Pipeline: Completed');
  await expectNoSeriousA11yViolations(page);

  // Where it lives: its code on GitHub, its images on Docker Hub, its app on DigitalOcean Kubernetes.
  await page.reload();
  const summary = page.getByRole('region', { name: 'Project Summary' });
  await expect(summary).toContainText(
    `Code: GitHub: ${settings.GITHUB_ORGANIZATION}/${REPOSITORY} · Builds: GitHub Actions · Images: Docker Hub · Runs on: DigitalOcean Kubernetes`,
  );
  await expect(summary).not.toContainText('runs on local providers');
  const deployedLink = summary.getByRole('link', { name: /^https?:\/\/127\.0\.0\.1:\d+\/?$/ });
  await expect(deployedLink).toBeVisible();
  const deployedUrl = (await deployedLink.getAttribute('href'))!;
  await expectNoSeriousA11yViolations(page);
  expect((await gitHubRepository()).status()).toBe(200);

  // The site answers at the address the fake cluster's load balancer got.
  const answer = await request.get(deployedUrl);
  expect(answer.status()).toBe(200);
  expect(await answer.text()).toContain(PROJECT_NAME);
  const site = await context.newPage();
  await site.goto(deployedUrl);
  await expect(site.getByRole('heading', { level: 1, name: PROJECT_NAME })).toBeVisible();
  await expect(site.getByText(DESCRIPTION)).toBeVisible();
  await site.close();

  // Deleted through the dialog: gone from Slipway, from GitHub, and no longer served.
  await page.getByTestId('project-header').getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Project?' });
  await dialog.getByLabel(`Type ${PROJECT_NAME} to confirm`).fill(PROJECT_NAME);
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Delete Project' }).click();
  // The page shows the deletion run and goes to the list once it has completed.
  await expect(page).toHaveURL(/\/dashboard\/projects$/, { timeout: 120_000 });
  await expect.poll(() => statusOf(request, `/api/projects/${id}`, headers), { timeout: 120_000 }).toBe(404);
  expect((await gitHubRepository()).status()).toBe(404);
  await expect
    .poll(async () => (await request.get(deployedUrl, { timeout: 5_000 }).then((response) => response.status(), () => 'unreachable')), { timeout: 60_000 })
    .not.toBe(200);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  await expect(page.getByText(PROJECT_NAME)).toHaveCount(0);
});
