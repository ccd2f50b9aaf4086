import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, registerViaApi } from './helpers';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const DOCKER_TOKEN = 'dckr_pat_0123456789abcdef';
const MASKED_DOCKER_TOKEN = `${'•'.repeat(20)}cdef`;

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

async function openSettings(page: Page) {
  await page.goto('/dashboard/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Docker' })).toBeVisible();
}

test.describe('settings', () => {
  test('saves, reloads masked, shows, hides and copies a token', async ({ page }) => {
    const account = await registerViaApi(page);
    await openSettings(page);
    for (const section of ['DigitalOcean', 'DOKS Cluster', 'GitHub Integration', 'Danger Zone']) {
      await expect(page.getByRole('region', { name: section })).toBeVisible();
    }
    await expect(page.getByText('At least 4 characters.').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await field(page, 'Docker Username').fill('grace');
    await field(page, 'Docker Token').fill(DOCKER_TOKEN);
    await expect(field(page, 'Docker Token')).toHaveAttribute('type', 'password');
    await field(page, 'Cluster ID').fill('k8s-e2e');
    await field(page, 'GitHub Token').fill('ghp1');
    await page.getByRole('button', { name: 'Save All Settings' }).click();
    const saved = page.getByText('Settings saved successfully!');
    await expect(saved).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await expect(field(page, 'Docker Token')).toHaveValue(MASKED_DOCKER_TOKEN);
    await expect(saved).toBeHidden({ timeout: 5000 });

    // The server keeps the plain token and lists it only masked.
    const listed = await page.request.get('/api/settings', { headers: { authorization: `Bearer ${account.token}` } });
    expect((await listed.json()).settings).toEqual({
      DOCKER_USERNAME: 'grace',
      DOCKER_TOKEN: MASKED_DOCKER_TOKEN,
      DOKS_CLUSTER_ID: 'k8s-e2e',
      GITHUB_TOKEN: '••••',
    });

    await page.reload();
    await expect(field(page, 'Docker Username')).toHaveValue('grace');
    await expect(field(page, 'Cluster ID')).toHaveValue('k8s-e2e');
    await expect(field(page, 'Docker Token')).toHaveValue(MASKED_DOCKER_TOKEN);
    await expect(field(page, 'GitHub Token')).toHaveValue('••••');
    await expect(field(page, 'Docker Token')).not.toHaveValue(new RegExp(DOCKER_TOKEN));

    await page.getByRole('button', { name: 'Show Docker Token' }).click();
    await expect(field(page, 'Docker Token')).toHaveValue(DOCKER_TOKEN);
    await page.getByRole('button', { name: 'Hide Docker Token' }).click();
    await expect(field(page, 'Docker Token')).toHaveValue(MASKED_DOCKER_TOKEN);
    await expect(page.getByRole('button', { name: 'Save All Settings' })).toBeDisabled();

    await page.getByRole('button', { name: 'Copy Docker Token' }).click();
    const copied = page.getByText('Copied to clipboard!');
    await expect(copied).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(DOCKER_TOKEN);
    await expect(field(page, 'Docker Token')).toHaveValue(MASKED_DOCKER_TOKEN);
    await expect(copied).toBeHidden({ timeout: 4000 });

    await page.getByRole('button', { name: 'Copy Docker Username' }).click();
    await expect(copied).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('grace');
  });

  test('Clear All empties the form only until it is saved', async ({ page }) => {
    const account = await registerViaApi(page);
    const headers = { authorization: `Bearer ${account.token}` };
    const stored = await page.request.put('/api/settings', {
      headers,
      data: { settings: { DOCKER_USERNAME: 'grace', GITHUB_ORGANIZATION: 'compilers', GITHUB_TOKEN: 'ghp_cleared_soon_9876' } },
    });
    expect(stored.ok()).toBe(true);
    await openSettings(page);
    await expect(field(page, 'GitHub Organization')).toHaveValue('compilers');

    await page.getByRole('button', { name: 'Clear All' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Are you sure you want to clear all settings? This action cannot be undone.');
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(field(page, 'Docker Username')).toHaveValue('grace');

    await page.getByRole('button', { name: 'Clear All' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Clear All' }).click();
    for (const label of ['Docker Username', 'GitHub Organization', 'GitHub Token']) {
      await expect(field(page, label)).toHaveValue('');
    }

    // Not saved: a reload brings everything back.
    await page.reload();
    await expect(field(page, 'Docker Username')).toHaveValue('grace');
    await expect(field(page, 'GitHub Token')).toHaveValue(`${'•'.repeat(17)}9876`);

    await page.getByRole('button', { name: 'Clear All' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Clear All' }).click();
    await page.getByRole('button', { name: 'Save All Settings' }).click();
    await expect(page.getByText('Settings saved successfully!')).toBeVisible();
    await page.reload();
    await expect(field(page, 'Docker Username')).toHaveValue('');
    await expect(field(page, 'GitHub Token')).toHaveValue('');
    const listed = await page.request.get('/api/settings', { headers });
    expect((await listed.json()).settings).toEqual({});
  });
});
