import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { createBuiltProject, expectNoSeriousA11yViolations, registerViaApi } from './helpers';

test('creates a version, follows its build log to success, downloads its artifact, archives, restores and deletes it', async ({ page }) => {
  test.setTimeout(300_000);
  const account = await registerViaApi(page);
  const id = await createBuiltProject(page.request, account.token);

  await page.goto(`/dashboard/projects/${id}`);
  await page.getByRole('tab', { name: 'Versions' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Versions' });
  // The creation run built and deployed the first version; it is active, so not offered for deployment.
  const first = panel.getByRole('article', { name: 'Version v0.1.0' });
  await expect(panel.getByRole('heading', { name: 'Versions (1)' })).toBeVisible();
  await expect(first.getByText('Active', { exact: true })).toBeVisible();
  await expect(first.getByRole('button', { name: 'Deploy version v0.1.0' })).toHaveCount(0);
  // Nor for deletion: its Delete says why, stays reachable by keyboard, and opens nothing.
  const liveReason = 'Version v0.1.0 is live in production: deploy another version before deleting it';
  const liveDelete = first.getByRole('button', { name: 'Delete version v0.1.0' });
  await expect(liveDelete).toHaveAttribute('aria-disabled', 'true');
  await expect(liveDelete).toHaveAccessibleDescription(liveReason);
  await expect(first.getByText(liveReason)).toBeVisible();
  await liveDelete.focus();
  await page.keyboard.press('Enter');
  await liveDelete.click({ force: true });
  await expect(page.getByRole('dialog', { name: 'Delete Version' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // Create Version: the form's own messages first, then Generate.
  await panel.getByRole('button', { name: 'Create Version' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Version' });
  await expect(dialog.getByLabel('Version Tag')).toBeFocused();
  await expect(dialog.getByLabel('Git Branch')).toHaveValue('main');
  await dialog.getByLabel('Version Tag').fill('1.0');
  await dialog.getByRole('button', { name: 'Create Version' }).click();
  await expect(dialog.getByText('Version must follow "vx.x.x" format (e.g., v1.0.0, v1.2.3-beta.1)')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Generate' }).click();
  const tag = await dialog.getByLabel('Version Tag').inputValue();
  expect(tag).toMatch(/^v\d+\.\d{1,2}\.\d{1,2}$/);
  await dialog.getByLabel('Description (optional)').fill('First tabulation');
  await dialog.getByRole('button', { name: 'Create Version' }).click();
  await expect(dialog).toBeHidden();

  // The new version is listed while it builds; its log viewer follows the build to the end.
  const card = panel.getByRole('article', { name: `Version ${tag}` });
  await expect(card).toBeVisible();
  await expect(panel.getByRole('heading', { name: 'Versions (2)' })).toBeVisible();
  await expect(card).toContainText('First tabulation');
  await card.getByRole('button', { name: `View build logs of version ${tag}` }).click({ timeout: 30_000 });
  const logs = page.getByRole('dialog', { name: `Build Logs: ${tag}` });
  await expect(logs).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await expect(logs.getByRole('status')).toContainText('Build status: Success', { timeout: 180_000 });
  await expect(logs.getByRole('region', { name: `Build log of ${tag}` })).toContainText('Stored artifact');
  await page.keyboard.press('Escape');
  await expect(logs).toBeHidden();

  await expect(card.getByText('Ready', { exact: true })).toBeVisible();
  await expect(card.getByText('Build: Success')).toBeVisible();
  await expect(card).toContainText(/Build duration\d+m \d+s/);
  await expect(card.getByRole('button', { name: `Deploy version ${tag}` })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The artifact downloads with the session's token.
  const download = page.waitForEvent('download');
  await card.getByRole('button', { name: `Download image artifact of version ${tag}` }).click();
  expect((await download).suggestedFilename()).toContain(`${tag}.tar.gz`);
  expect(readFileSync(await (await download).path()).length).toBeGreaterThan(0);

  // Archive, then restore.
  await card.getByRole('button', { name: `Archive version ${tag}` }).click();
  await expect(card.getByText('Archived', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: `Deploy version ${tag}` })).toHaveCount(0);
  await card.getByRole('button', { name: `Restore version ${tag}` }).click();
  await expect(card.getByText('Ready', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: `Archive version ${tag}` })).toBeVisible();

  // The status filter is kept in the URL.
  await panel.getByLabel('Status', { exact: true }).selectOption({ label: 'Archived' });
  await expect(panel.getByText('No versions found')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Create First Version' })).toHaveCount(0);
  await expect(page).toHaveURL(/versions_status=archived/);
  await panel.getByLabel('Status', { exact: true }).selectOption({ label: 'All Status' });
  await expect(card).toBeVisible();

  // Delete asks first; Escape keeps the version and gives focus back to its button.
  const deleteButton = card.getByRole('button', { name: `Delete version ${tag}` });
  await deleteButton.click();
  const confirm = page.getByRole('dialog', { name: 'Delete Version' });
  await expect(confirm).toContainText(`Are you sure you want to delete version ${tag}? This action cannot be undone.`);
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(deleteButton).toBeFocused();
  await page.keyboard.press('Enter');
  await confirm.getByRole('button', { name: 'Delete Version' }).click();
  await expect(card).toHaveCount(0);
  await expect(panel.getByRole('heading', { name: 'Versions (1)' })).toBeVisible();
  await expect(first).toBeVisible();
});
