import { expect, type Page } from '@playwright/test';

export interface TestAccount {
  name: string;
  email: string;
  password: string;
}

/** An address no other test (or earlier run on the same data directory) has used. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

export function newAccount(name = 'Grace Hopper'): TestAccount {
  return { name, email: uniqueEmail(), password: 'correct-horse-1' };
}

/** Fills the login screen's create-account form and waits for the console. */
export async function registerViaUi(page: Page, account: TestAccount = newAccount()): Promise<TestAccount> {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByLabel('Name').fill(account.name);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm Password').fill(account.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/dashboard\/console$/);
  return account;
}

/** Signs in through the login screen (the page must show it). */
export async function signInViaUi(page: Page, account: Pick<TestAccount, 'email' | 'password'>): Promise<void> {
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/**
 * Creates an account with POST /api/auth/register and stores its token in localStorage `authToken`, as a
 * signed-in browser would have it. The page is left on /login; the next navigation is signed in.
 */
export async function registerViaApi(page: Page, account: TestAccount = newAccount()): Promise<TestAccount & { token: string }> {
  const response = await page.request.post('/api/auth/register', {
    data: { name: account.name, email: account.email, password: account.password },
  });
  expect(response.status()).toBe(201);
  const { token } = (await response.json()) as { token: string };
  await page.goto('/login');
  await page.evaluate((value) => localStorage.setItem('authToken', value), token);
  return { ...account, token };
}

export function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem('authToken'));
}
