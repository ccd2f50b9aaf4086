import { expect, test, type Locator, type Page } from '@playwright/test';
import { fakeCloudUrls } from './fake-cloud';
import { expectNoSeriousA11yViolations, newAccount, registerViaApi, signInAsAdmin } from './helpers';

/** Presses Tab (or Shift+Tab) until `target` has focus; fails after `max` presses. Keyboard only. */
async function tabTo(page: Page, target: Locator, { max = 30, backwards = false } = {}) {
  for (let presses = 0; presses < max; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  await expect(target).toBeFocused();
}

const focusedElementIsInside = (container: Locator) => container.evaluate((element) => element.contains(document.activeElement));

test('a keyboard-only path: sign in, skip link, the wizard, a project and its tabs, a modal', async ({ page }) => {
  test.setTimeout(60_000);
  const account = newAccount('Keyboard User');
  expect((await page.request.post('/api/auth/register', { data: account })).status()).toBe(201);
  const login = await page.request.post('/api/auth/login', { data: { email: account.email, password: account.password } });
  const { token } = (await login.json()) as { token: string };
  const organization = await page.request.put('/api/settings/GITHUB_ORGANIZATION', {
    headers: { authorization: `Bearer ${token}` },
    data: { value: 'keyboard-labs' },
  });
  expect(organization.ok()).toBe(true);

  // Sign in; focus lands on the new page's heading.
  await page.goto('/login');
  await tabTo(page, page.getByLabel('Email'));
  await page.keyboard.type(account.email);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await page.keyboard.type(account.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard\/console$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Keyboard User!' })).toBeFocused();

  // On a loaded page the first Tab stop is the skip link, which jumps over the sidebar.
  await page.goto('/dashboard/projects');
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  await page.keyboard.press('Tab');
  expect(await focusedElementIsInside(page.getByRole('main'))).toBe(true);

  // The wizard: every Continue leaves focus on the next step's heading.
  await tabTo(page, page.getByRole('button', { name: 'Create New Project', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard\/projects\/new$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Create New Project' })).toBeFocused();
  await tabTo(page, page.getByLabel('Project Name'));
  await page.keyboard.type('Keyboard Project');
  await tabTo(page, page.getByRole('button', { name: 'Continue', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: 'Template Selection' })).toBeFocused();
  await tabTo(page, page.getByTestId('template-blank'));
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByRole('button', { name: 'Continue', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: 'Environment Setup' })).toBeFocused();
  await tabTo(page, page.getByRole('button', { name: 'Continue', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: 'Review & Create' })).toBeFocused();
  await tabTo(page, page.getByRole('button', { name: 'Create Project', exact: true }));
  await page.keyboard.press('Enter');

  // The new project: focus on its heading; the tabs move with the arrow keys.
  await expect(page).toHaveURL(/\/dashboard\/projects\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Keyboard Project' })).toBeFocused();
  await tabTo(page, page.getByRole('tab', { name: 'Overview' }));
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Versions' })).toBeFocused();
  await expect(page.getByRole('tabpanel', { name: 'Versions' })).toBeVisible();
  await page.keyboard.press('End');
  await expect(page.getByRole('tabpanel', { name: 'Activity' })).toBeVisible();
  await page.keyboard.press('Home');
  await expect(page.getByRole('tabpanel', { name: 'Overview' })).toBeVisible();

  // A modal keeps Tab inside and gives focus back to its opener.
  const deleteButton = page.getByRole('button', { name: 'Delete', exact: true });
  await tabTo(page, deleteButton, { backwards: true });
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Delete Project?' });
  await expect(dialog).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  for (let presses = 0; presses < 8; presses += 1) {
    await page.keyboard.press(presses % 3 === 2 ? 'Shift+Tab' : 'Tab');
    expect(await focusedElementIsInside(dialog)).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(deleteButton).toBeFocused();
});

test("the console's four stat tiles are one tab stop; the arrow keys move between them", async ({ page }) => {
  await registerViaApi(page);
  await page.goto('/dashboard/console');
  const tiles = page.getByRole('list', { name: 'Workspace statistics' }).locator('[data-testid^="stat-"]');
  await expect(tiles).toHaveCount(4);
  await tabTo(page, tiles.first());
  // Tab leaves the tiles at once, Shift+Tab comes back to them.
  await page.keyboard.press('Tab');
  expect(await tiles.evaluateAll((elements) => elements.some((element) => element === document.activeElement))).toBe(false);
  await page.keyboard.press('Shift+Tab');
  await expect(tiles.first()).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('stat-services')).toBeFocused();
  await expect(page.getByRole('tooltip')).toHaveText('Services running across your environments');
  await page.keyboard.press('End');
  await expect(page.getByTestId('stat-resources')).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  // Coming back by keyboard lands on the tile last visited.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Shift+Tab');
  await expect(page.getByTestId('stat-resources')).toBeFocused();
});

test('the Console Logs detail panel gives focus back to its row when closed', async ({ page }) => {
  const account = await registerViaApi(page);
  const run = await page.request.post('/api/commands', { data: { command: 'echo focus' }, headers: { authorization: `Bearer ${account.token}` } });
  expect(run.ok()).toBe(true);
  await page.goto('/dashboard/console-logs');
  const row = page.getByRole('table', { name: 'Command logs' }).getByRole('row').filter({ hasText: 'echo focus' });
  await tabTo(page, row);
  await page.keyboard.press('Enter');
  const details = page.getByRole('complementary', { name: 'Log details' });
  await expect(details.getByLabel('Log output')).toHaveText('focus');
  await expectNoSeriousA11yViolations(page);
  await tabTo(page, details.getByRole('button', { name: 'Close details' }));
  await page.keyboard.press('Enter');
  await expect(details).toBeHidden();
  await expect(row).toBeFocused();
});

test("Settings by keyboard: a connection test is announced, and the admins' cloud service URLs say what is wrong in place", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/dashboard/settings');
  const docker = page.getByRole('region', { name: 'Docker' });
  await tabTo(page, docker.getByRole('button', { name: 'Test connection to Docker Hub' }), { max: 40 });
  await page.keyboard.press('Enter');
  const dockerHub = new URL(fakeCloudUrls(Number(process.env.E2E_PORT ?? 4510)).dockerHub).host;
  await expect(docker.getByRole('status')).toHaveText(`Not connected to ${dockerHub}: Enter the Docker Username and Docker Token first`);
  await expectNoSeriousA11yViolations(page);

  const urls = page.getByRole('region', { name: 'Cloud service URLs' });
  const github = urls.getByLabel('GitHub API URL');
  await tabTo(page, github, { max: 80 });
  await page.keyboard.type('not a url');
  await page.keyboard.press('Enter');
  await expect(github).toHaveAttribute('aria-invalid', 'true');
  await expect(github).toHaveAccessibleDescription(/GitHub API URL must be an http:\/\/ or https:\/\/ URL without a user, query or fragment/);
  await expectNoSeriousA11yViolations(page);
});

test.describe('on a 375 px wide screen', () => {
  test.use({ viewport: { width: 375, height: 667 } });

  test('the project page does not scroll sideways, and each wizard step starts at its heading in view', async ({ page }) => {
    const account = await registerViaApi(page);
    const headers = { authorization: `Bearer ${account.token}` };
    await page.request.put('/api/settings/GITHUB_ORGANIZATION', { headers, data: { value: 'narrow-labs' } });

    await page.goto('/dashboard/projects/new');
    await page.getByLabel('Project Name').fill('Narrow Project');
    await page.getByLabel('Description').fill('Seen on a phone.');
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    const heading = page.getByRole('heading', { level: 2, name: 'Template Selection' });
    await expect(heading).toBeFocused();
    await expect(heading).toBeInViewport();
    await page.getByTestId('template-blank').click();
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Environment Setup' })).toBeInViewport();
    await page.getByRole('button', { name: 'Continue', exact: true }).click();
    await page.getByRole('button', { name: 'Create Project', exact: true }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Narrow Project' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Deployments' })).toBeVisible();
    const { scrollWidth, clientWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('the Info page on a 375 px wide screen', () => {
  test.use({ viewport: { width: 375, height: 667 } });

  test('does not scroll sideways: its wide table scrolls inside its card', async ({ page }) => {
    await registerViaApi(page);
    await page.goto('/dashboard/info');
    await expect(page.getByRole('heading', { level: 1, name: 'Info' })).toBeVisible();
    const { scrollWidth, clientWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    await expect(page.getByRole('region', { name: 'Recent deploys table' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});

test('a project that does not exist says so accessibly', async ({ page }) => {
  await registerViaApi(page);
  await page.goto('/dashboard/projects/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
