import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, registerViaApi } from './helpers';

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
  await expect(page.getByRole('heading', { level: 1, name: /Slipway REST API/ })).toBeVisible();
  // Every module's group, and routes by method and path.
  for (const tag of ['Projects', 'Versions', 'Deployments', 'Pipelines', 'Settings', 'Templates', 'Users', 'Auth', 'Commands', 'System']) {
    await expect(page.locator(`#operations-tag-${tag}`)).toContainText(tag);
  }
  const listProjects = page.locator('.opblock-get').filter({ hasText: /\/projects\s*List your projects/ }).first();
  await expect(listProjects).toBeVisible();
  await expect(page.locator('.opblock-post').filter({ hasText: '/projects/{id}/versions' }).first()).toBeVisible();
  // Landmarks and headings as on every other screen: one main (the routes), the API's header, h1 > h2 > h3.
  await expect(page.getByRole('main')).toHaveCount(1);
  await expect(page.getByRole('banner')).toContainText('Slipway REST API');
  await expectNoSeriousA11yViolations(page);

  // A route's summary is one control (a button naming its method and path), which opens its parameters and responses.
  const summary = listProjects.getByRole('button', { name: /^GET \/projects/ });
  await expect(summary.getByRole('link')).toHaveCount(0);
  await summary.click();
  await expect(listProjects).toContainText('sort_by');
  await expect(listProjects).toContainText('total_pages');
  await expectNoSeriousA11yViolations(page);
  expect(foreign).toEqual([]);
  expect(errors).toEqual([]);
});

test("'Try it out' runs as the user signed in to Slipway in this browser", async ({ page }) => {
  test.setTimeout(60_000);
  const account = await registerViaApi(page);
  await page.goto('/api/docs');
  const summary = page.getByRole('button', { name: 'GET /users/me The signed-in user', exact: true });
  const me = page.locator('.opblock').filter({ has: summary });
  await summary.click();
  await me.getByRole('button', { name: 'Try it out' }).click();
  await me.getByRole('button', { name: 'Execute' }).click();
  const response = me.locator('.live-responses-table tbody tr.response').first();
  await expect(response.locator('.response-col_status')).toHaveText('200');
  await expect(response).toContainText(account.email);
  await expectNoSeriousA11yViolations(page);

  // The Authorize dialog shows the session's token in use, and passes too.
  await page.locator('.auth-wrapper').getByRole('button', { name: /Authorize/ }).click();
  const dialog = page.locator('.modal-ux');
  await expect(dialog).toContainText('Authorized');
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Close authorizations' }).click();
  await expect(dialog).toBeHidden();
});

test("'Try it out' runs as a personal access token pasted into Authorize", async ({ page }) => {
  test.setTimeout(60_000);
  const account = await registerViaApi(page);
  const created = await page.request.post('/api/tokens', {
    headers: { authorization: `Bearer ${account.token}` },
    data: { name: 'docs', expires_at: new Date(Date.now() + 86_400_000).toISOString(), scopes: ['read'] },
  });
  expect(created.status()).toBe(201);
  const { token } = (await created.json()) as { token: string };
  // Signed out: only the pasted token can authorize the call.
  await page.evaluate(() => localStorage.removeItem('authToken'));
  await page.goto('/api/docs');
  await page.locator('.auth-wrapper').getByRole('button', { name: /Authorize/ }).click();
  const dialog = page.locator('.modal-ux');
  await dialog.getByRole('textbox').fill(token);
  await dialog.getByRole('button', { name: 'Apply credentials' }).click();
  await expect(dialog).toContainText('Authorized');
  await dialog.getByRole('button', { name: 'Close authorizations' }).click();

  const summary = page.getByRole('button', { name: 'GET /users/me The signed-in user', exact: true });
  const me = page.locator('.opblock').filter({ has: summary });
  await summary.click();
  await me.getByRole('button', { name: 'Try it out' }).click();
  await me.getByRole('button', { name: 'Execute' }).click();
  const response = me.locator('.live-responses-table tbody tr.response').first();
  await expect(response.locator('.response-col_status')).toHaveText('200');
  await expect(response).toContainText(account.email);
});
