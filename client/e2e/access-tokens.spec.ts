import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, registerViaApi } from './helpers';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test.describe('access tokens', () => {
  test('creates a token by keyboard, shows it once with Copy, lists it with its last use and revokes it', async ({ page }) => {
    const account = await registerViaApi(page);
    const headers = { authorization: `Bearer ${account.token}` };
    expect((await page.request.put('/api/settings/GITHUB_ORGANIZATION', { headers, data: { value: 'acme' } })).status()).toBe(200);
    const project = await page.request.post('/api/projects', { headers, data: { name: 'Alpha' } });
    expect(project.status()).toBe(201);
    const projectId = ((await project.json()) as { id: string }).id;
    await page.goto('/dashboard/settings');
    const section = page.getByRole('region', { name: 'Access tokens' });
    await expect(section.getByText('No access tokens yet.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Keyboard only: name, expiry, scopes, submit.
    await section.getByLabel('Token name').focus();
    await page.keyboard.type('Release pipeline');
    await page.keyboard.press('Tab');
    await expect(section.getByLabel('Expires in')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(section.getByRole('checkbox', { name: /^read/ })).toBeFocused();
    await expect(section.getByRole('checkbox', { name: /^read/ })).toBeChecked();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(section.getByRole('checkbox', { name: /^deploy/ })).toBeFocused();
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(section.getByRole('checkbox', { name: 'Alpha' })).toBeFocused();
    await page.keyboard.press('Space');
    await section.getByRole('button', { name: 'Create token' }).focus();
    await page.keyboard.press('Enter');

    // Shown once, focus on its heading, with a copy button.
    const heading = section.getByRole('heading', { name: 'Token “Release pipeline” created' });
    await expect(heading).toBeFocused();
    const secret = await section.getByLabel('Token', { exact: true }).inputValue();
    expect(secret).toMatch(/^slw_[A-Za-z0-9_-]{43}$/);
    await expectNoSeriousA11yViolations(page);
    await section.getByRole('button', { name: 'Copy token' }).click();
    await expect(section.getByRole('status').filter({ hasText: 'Copied to clipboard!' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

    // The token works as a bearer, and its use shows in the list.
    const me = await page.request.get('/api/users/me', { headers: { authorization: `Bearer ${secret}` } });
    expect(me.status()).toBe(200);
    expect((await page.request.get(`/api/projects/${projectId}`, { headers: { authorization: `Bearer ${secret}` } })).status()).toBe(200);
    await section.getByRole('button', { name: 'Done' }).click();
    await expect(heading).toBeHidden();
    await page.reload();
    const table = page.getByRole('table', { name: 'Your access tokens' });
    const row = table.getByRole('row', { name: /Release pipeline/ });
    await expect(row).toContainText('read, deploy (1 project)');
    await expect(row).toContainText(secret.slice(0, 8));
    await expect(row).toContainText('Active');
    await expect(row.getByRole('cell').nth(4)).not.toHaveText('Never');
    await expect(page.getByText(secret)).toHaveCount(0);

    await row.getByRole('button', { name: 'Revoke Release pipeline' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Token “Release pipeline” revoked: it no longer works.' })).toBeVisible();
    await expect(row).toContainText('Revoked');
    await expectNoSeriousA11yViolations(page);
    const refused = await page.request.get('/api/users/me', { headers: { authorization: `Bearer ${secret}` } });
    expect(refused.status()).toBe(401);
  });

  test('says what is missing before creating', async ({ page }) => {
    await registerViaApi(page);
    await page.goto('/dashboard/settings');
    const section = page.getByRole('region', { name: 'Access tokens' });
    await section.getByRole('checkbox', { name: /^read/ }).uncheck();
    await section.getByRole('button', { name: 'Create token' }).click();
    await expect(section.getByText('Name is required')).toBeVisible();
    await expect(section.getByText('Choose at least one scope')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
