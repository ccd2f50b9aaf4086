import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, newAccount, registerViaApi, registerViaUi, signInViaUi, storedToken } from './helpers';

test.describe('sign in, create account, sign out', () => {
  test('registers, signs out and signs back in', async ({ page }) => {
    const account = await registerViaUi(page, newAccount('Grace Hopper'));
    await expect(page.getByRole('heading', { name: 'Welcome back, Grace Hopper!' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    expect(await storedToken(page)).toBeTruthy();

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Sign in to Slipway' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    expect(await storedToken(page)).toBeNull();

    await signInViaUi(page, account);
    await expect(page).toHaveURL(/\/dashboard\/console$/);
    await expect(page.getByRole('heading', { name: 'Welcome back, Grace Hopper!' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('returns to the page the user came from after signing in', async ({ page, request }) => {
    const account = newAccount();
    expect((await request.post('/api/auth/register', { data: account })).status()).toBe(201);
    await page.goto('/dashboard/settings');
    await expect(page).toHaveURL(/\/login$/);
    await signInViaUi(page, account);
    await expect(page).toHaveURL(/\/dashboard\/settings$/);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
  });

  test('shows the wrong-password error in a banner', async ({ page, request }) => {
    const account = newAccount();
    expect((await request.post('/api/auth/register', { data: account })).status()).toBe(201);
    await page.goto('/login');
    await signInViaUi(page, { email: account.email, password: 'not-the-password' });
    await expect(page.getByRole('alert')).toContainText('Invalid email or password');
    await expectNoSeriousA11yViolations(page);
    await expect(page).toHaveURL(/\/login$/);
    expect(await storedToken(page)).toBeNull();
  });

  test('shows the validation messages and keeps submit disabled until email and password are filled', async ({ page }) => {
    await page.goto('/login');
    const signIn = page.getByRole('button', { name: 'Sign In' });
    await expect(signIn).toBeDisabled();
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('abc');
    await expect(signIn).toBeEnabled();
    await signIn.click();
    await expect(page.getByText('Invalid email address')).toBeVisible();
    await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByLabel('Email')).toHaveValue('');
    await page.getByLabel('Email').fill('someone@example.com');
    await page.getByLabel('Password', { exact: true }).fill('secret1');
    await page.getByLabel('Confirm Password').fill('secret2');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Name is required')).toBeVisible();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('shows the server error for an email that is already registered', async ({ page }) => {
    const account = await registerViaApi(page);
    await page.evaluate(() => localStorage.removeItem('authToken'));
    await page.goto('/login');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByLabel('Name').fill('Someone Else');
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByLabel('Confirm Password').fill(account.password);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('alert')).toContainText('Email is already registered');
    await expectNoSeriousA11yViolations(page);
    await expect(page).toHaveURL(/\/login$/);
  });
});
