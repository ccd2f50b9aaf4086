import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, newAccount, signInAsAdmin } from './helpers';

test.describe('users screen', () => {
  test('an admin finds, creates, promotes, disables, enables, resets and deletes a user, with a confirmation each time', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/dashboard/console');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Users', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/users$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Users' });
    await expect(table.getByRole('rowheader', { name: 'E2E Admin (you)' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Create: the client checks as the server does, then the server's own refusal shows beside the field.
    const account = newAccount(`Grace ${Date.now()}`);
    const form = page.getByRole('form', { name: 'New user' });
    await form.getByRole('button', { name: 'Create user' }).click();
    await expect(form.getByText('Name is required')).toBeVisible();
    await form.getByLabel('Name').fill(account.name);
    await form.getByLabel('Email').fill('e2e-admin@example.com');
    await form.getByLabel('Password').fill(account.password);
    await form.getByRole('button', { name: 'Create user' }).click();
    await expect(form.getByText('Email is already registered')).toBeVisible();
    await form.getByLabel('Email').fill(account.email);
    await form.getByLabel('Role').selectOption('user');
    await form.getByLabel('Password').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: `${account.name} can now sign in as ${account.email}.` })).toBeVisible();

    // Search narrows the table to the new account.
    await page.getByLabel('Search by name or email').fill(account.email);
    const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: account.name }) });
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(row.getByRole('cell', { name: 'Active' })).toBeVisible();

    await row.getByLabel(`Role of ${account.name}`).selectOption('manager');
    await expect(page.getByRole('status').filter({ hasText: `${account.name} is now a manager.` })).toBeVisible();

    // Disable: asked first (a dialog with focus inside), then they cannot sign in.
    await row.getByRole('button', { name: `Disable ${account.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Disable ${account.name}?` });
    await expect(dialog).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(row.getByRole('button', { name: `Disable ${account.name}` })).toBeFocused();
    await page.keyboard.press('Enter');
    await dialog.getByRole('button', { name: 'Disable' }).click();
    await expect(dialog).toBeHidden();
    await expect(row.getByRole('cell', { name: 'Disabled' })).toBeVisible();
    const refused = await page.request.post('/api/auth/login', { data: { email: account.email, password: account.password } });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toMatchObject({ error: 'This account is disabled' });

    await row.getByRole('button', { name: `Enable ${account.name}` }).click();
    await page.getByRole('dialog', { name: `Enable ${account.name}?` }).getByRole('button', { name: 'Enable' }).click();
    await expect(row.getByRole('cell', { name: 'Active' })).toBeVisible();

    // Password reset: the new password is checked, then the old one no longer signs in.
    await row.getByRole('button', { name: `Reset password of ${account.name}` }).click();
    const reset = page.getByRole('dialog', { name: `Reset the password of ${account.name}` });
    await expect(reset.getByLabel('New password')).toBeFocused();
    await page.keyboard.type('short');
    await reset.getByRole('button', { name: 'Reset password' }).click();
    await expect(reset.getByText('Password must be at least 6 characters')).toBeVisible();
    await reset.getByLabel('New password').fill('brand-new-pass-1');
    await reset.getByRole('button', { name: 'Reset password' }).click();
    await expect(reset).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: `The password of ${account.name} was reset` })).toBeVisible();
    expect((await page.request.post('/api/auth/login', { data: { email: account.email, password: account.password } })).status()).toBe(401);
    expect((await page.request.post('/api/auth/login', { data: { email: account.email, password: 'brand-new-pass-1' } })).status()).toBe(200);

    await row.getByRole('button', { name: `Delete ${account.name}` }).click();
    await page.getByRole('dialog', { name: `Delete ${account.name}?` }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('status').filter({ hasText: `${account.name} was deleted.` })).toBeVisible();
    await expect(page.getByText('No users match.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
