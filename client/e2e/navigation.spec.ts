import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, registerViaApi, storedToken } from './helpers';

test.describe('app shell', () => {
  test('sends an unknown path to /dashboard/console', async ({ page }) => {
    await registerViaApi(page);
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/dashboard\/console$/);
    await expectNoSeriousA11yViolations(page);
    await page.goto('/');
    await expect(page).toHaveURL(/\/dashboard\/console$/);
    await expectNoSeriousA11yViolations(page);
  });

  test('shows the development banner, the seven sidebar entries and every dashboard route', async ({ page }) => {
    const account = await registerViaApi(page);
    await page.goto('/dashboard');
    await expect(page.getByRole('banner', { name: 'Development helper app' })).toBeVisible();
    await expect(page.getByRole('heading', { name: `Welcome back, ${account.name}!` })).toBeVisible();
    for (const label of ['Environments', 'Services', 'Endpoints', 'Resources']) {
      await expect(page.getByTestId(`stat-${label.toLowerCase()}`)).toBeVisible();
    }
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [entry, path] of [
      ['Console Logs', '/dashboard/console-logs'],
      ['Projects', '/dashboard/projects'],
      ['Info', '/dashboard/info'],
      ['Settings', '/dashboard/settings'],
      ['Console', '/dashboard/console'],
    ]) {
      const link = nav.getByRole('link', { name: entry, exact: true });
      await link.click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(link).toHaveAttribute('aria-current', 'page');
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    }
    await expect(page.getByRole('heading', { name: `Welcome back, ${account.name}!` })).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Help & Feedback' })).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Logout' })).toBeVisible();
    // Users is for managers and admins (users.spec.ts follows it as the admin).
    await expect(nav.getByRole('link', { name: 'Users' })).toHaveCount(0);
  });

  test('shows a stat tile tooltip after hovering', async ({ page }) => {
    await registerViaApi(page);
    await page.goto('/dashboard/console');
    await page.getByTestId('stat-endpoints').hover();
    await expect(page.getByRole('tooltip')).toHaveText('HTTP endpoints exposed by your services');
    await expectNoSeriousA11yViolations(page);
  });

  test('drops a revoked token and goes to /login', async ({ page, playwright, baseURL }) => {
    const account = await registerViaApi(page);
    await page.goto('/dashboard/console');
    await expect(page.getByRole('heading', { name: `Welcome back, ${account.name}!` })).toBeVisible();

    const elsewhere = await playwright.request.newContext({ baseURL });
    const revoked = await elsewhere.post('/api/users/logout', { headers: { authorization: `Bearer ${account.token}` } });
    expect(revoked.status()).toBe(200);
    await elsewhere.dispose();

    await page.goto('/dashboard/projects');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Sign in to Slipway' })).toBeVisible();
    expect(await storedToken(page)).toBeNull();
  });
});
