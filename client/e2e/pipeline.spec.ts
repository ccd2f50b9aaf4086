import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, registerViaApi, statusOf } from './helpers';

// A whole project life in local mode: the wizard's creation run (15 steps: repository, build, image, deploy),
// the deployed app answering, then the deletion run removing the project. Retry and Cancel are not driven here:
// a local creation takes seconds (no Cancel to catch) and nothing from outside makes one fail for sure; their
// keyboard use is covered by PipelineTimeline.test.tsx and the page tests.
test.setTimeout(240_000);

const PROJECT_NAME = 'Pipeline Lighthouse';
const DESCRIPTION = 'A static site the pipeline builds and deploys.';

const timeline = (page: Page, title: string) => page.getByRole('region', { name: title });

async function createThroughWizard(page: Page) {
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
  return new URL(page.url()).pathname.split('/').pop()!;
}

test('a static site goes through the creation timeline, answers at its URL, and is deleted', async ({ page, context }) => {
  const account = await registerViaApi(page);
  const headers = { authorization: `Bearer ${account.token}` };
  const organization = await page.request.put('/api/settings/GITHUB_ORGANIZATION', { headers, data: { value: 'pipeline-labs' } });
  expect(organization.ok()).toBe(true);

  const id = await createThroughWizard(page);
  await expect(page.getByRole('heading', { level: 1, name: PROJECT_NAME })).toBeVisible();

  // The creation timeline, live: title, counts, a progress bar, and each step with its status.
  const creation = timeline(page, 'Project Creation');
  await expect(creation).toBeVisible();
  await expect(creation.getByRole('status')).toContainText(/\d+ of 15 steps completed/);
  await expect(creation.getByRole('progressbar')).toHaveAttribute('aria-valuemax', '100');
  await expect(creation.getByRole('list', { name: 'Project Creation steps' }).locator(':scope > li')).toHaveCount(15);
  await expect(creation.getByText('Save Project', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await expect(creation.getByRole('status')).toContainText('15 of 15 steps completed', { timeout: 180_000 });
  await expect(creation.getByRole('status')).toContainText('100%');
  await expect(creation.getByRole('status')).toContainText('Completed');
  await expect(creation.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await expect(creation.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  await expect(page.getByTestId('project-header')).toContainText('Pipeline: Completed');
  await expectNoSeriousA11yViolations(page);

  // The summary says how to clone the repository and links the deployed app (once the page has it).
  await page.reload();
  const summary = page.getByRole('region', { name: 'Project Summary' });
  await expect(summary).toContainText(/git clone http:\/\/localhost:\d+\/git\/pipeline-labs\/pipeline-lighthouse\.git/);
  const deployedLink = summary.getByRole('link', { name: /^https?:\/\// });
  await expect(deployedLink).toBeVisible();
  const deployedUrl = (await deployedLink.getAttribute('href'))!;
  await expectNoSeriousA11yViolations(page);

  // The deployed app answers at Slipway's front door (http://<app>.localhost:<port>/, which the browser resolves)
  // with the site the template rendered.
  expect(deployedUrl).toMatch(/^http:\/\/[a-z0-9-]+\.localhost:\d+\/$/);
  const app = await context.newPage();
  expect((await app.goto(deployedUrl))?.status()).toBe(200);
  await expect(app.getByRole('heading', { level: 1, name: PROJECT_NAME })).toBeVisible();
  await expect(app.getByText(DESCRIPTION)).toBeVisible();
  await app.close();

  // Delete: the confirmation, then the list; the deletion run removes the project.
  await page.getByTestId('project-header').getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Project?' });
  await dialog.getByLabel(`Type ${PROJECT_NAME} to confirm`).fill(PROJECT_NAME);
  await dialog.getByRole('button', { name: 'Delete Project' }).click();
  await expect(page).toHaveURL(/\/dashboard\/projects$/);
  await expect.poll(() => statusOf(page.request, `/api/projects/${id}`, headers), { timeout: 120_000 }).toBe(404);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  await expect(page.getByText(PROJECT_NAME)).toHaveCount(0);
  await page.goto(`/dashboard/projects/${id}`);
  await expect(page.getByRole('heading', { name: 'Project not found' })).toBeVisible();
});
