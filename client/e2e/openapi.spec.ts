import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, type KnownA11yFinding } from './helpers';

const SWAGGER_UI_KNOWN: KnownA11yFinding[] = [
  {
    rule: 'nested-interactive',
    selector: '.opblock-summary-control',
    why: "Swagger UI's own markup: each route's summary is a role=button holding its method and path; no option of its changes it",
  },
];

test('the REST API docs load from Slipway alone and list the routes of the OpenAPI description', async ({ page, baseURL }) => {
  test.setTimeout(60_000); // Swagger UI's bundle is 1.7 MB, slow to start on a busy 2-core machine.
  const foreign: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(baseURL!) && !url.startsWith('data:') && !url.startsWith('blob:')) foreign.push(url);
  });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });

  await page.goto('/api/docs');
  await expect(page).toHaveTitle('Slipway REST API');
  await expect(page.getByRole('heading', { name: /Slipway REST API/ })).toBeVisible();
  // Every module's group, and routes by method and path.
  for (const tag of ['Projects', 'Versions', 'Deployments', 'Pipelines', 'Settings', 'Templates', 'Users', 'Auth', 'Commands', 'System']) {
    await expect(page.locator(`#operations-tag-${tag}`)).toContainText(tag);
  }
  const listProjects = page.locator('.opblock-get').filter({ hasText: /\/projects\s*List your projects/ }).first();
  await expect(listProjects).toBeVisible();
  await expect(page.locator('.opblock-post').filter({ hasText: '/projects/{id}/versions' }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, { known: SWAGGER_UI_KNOWN });

  // A route opens to its parameters and documented responses.
  await listProjects.locator('.opblock-summary-control').click();
  await expect(listProjects).toContainText('sort_by');
  await expect(listProjects).toContainText('total_pages');
  await expectNoSeriousA11yViolations(page, { known: SWAGGER_UI_KNOWN });
  expect(foreign).toEqual([]);
  expect(errors).toEqual([]);
});
