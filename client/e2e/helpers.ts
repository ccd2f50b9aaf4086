import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { createRequire } from 'node:module';

export interface TestAccount {
  name: string;
  email: string;
  password: string;
}

/** An address no other test (or earlier run on the same data directory) has used. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** The run's admin, registered first by global-setup.ts. */
export const E2E_ADMIN: TestAccount = { name: 'E2E Admin', email: 'e2e-admin@example.com', password: 'e2e-admin-pass-1' };

/** Signs in as the run's admin through the API and stores the token as a signed-in browser would (see registerViaApi). */
export async function signInAsAdmin(page: Page): Promise<string> {
  const response = await page.request.post('/api/auth/login', { data: { email: E2E_ADMIN.email, password: E2E_ADMIN.password } });
  expect(response.status()).toBe(200);
  const { token } = (await response.json()) as { token: string };
  await page.goto('/login');
  await page.evaluate((value) => localStorage.setItem('authToken', value), token);
  return token;
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

// axe-core's own build, evaluated in the page through the DevTools protocol (a string to page.evaluate): no
// <script> tag and no eval() in the page, so it also runs under the server's Content-Security-Policy.
// (@axe-core/playwright would do the same but asks for Node 22.)
const axeSource = createRequire(import.meta.url)('axe-core').source as string;

/** A finding in code Slipway does not own and cannot fix from outside, accepted on purpose: say why. */
export interface KnownA11yFinding {
  rule: string;
  /** CSS selector the offending elements match. */
  selector: string;
  why: string;
}

interface AxeResult {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { element?: Element; target: unknown[]; failureSummary?: string }[];
}

/**
 * axe's moderate rules about the page's structure, enforced like the serious ones: every piece of content inside a
 * landmark, one top-level main, unique landmarks, and headings that do not skip levels (what a screen reader user
 * navigates by).
 */
const STRUCTURE_RULES = [
  'region',
  'heading-order',
  'landmark-one-main',
  'landmark-no-duplicate-main',
  'landmark-main-is-top-level',
  'landmark-no-duplicate-banner',
  'landmark-banner-is-top-level',
  'landmark-no-duplicate-contentinfo',
  'landmark-contentinfo-is-top-level',
  'landmark-complementary-is-top-level',
  'landmark-unique',
];

/**
 * Runs every axe-core rule on the page as it is now and fails on any serious or critical finding, and on the
 * moderate findings of STRUCTURE_RULES, listing rule, help and elements. Call it on every screen and state a test
 * reaches (dialogs open, errors shown).
 */
export async function expectNoSeriousA11yViolations(page: Page, { known = [] }: { known?: KnownA11yFinding[] } = {}): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const findings = await page.evaluate(async ({ accepted, structureRules }) => {
    const { axe } = window as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: AxeResult[] }> } };
    const { violations } = await axe.run(document, { resultTypes: ['violations'], elementRef: true });
    return violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical' || structureRules.includes(violation.id))
      .map(({ id, impact, help, nodes }) => ({
        id,
        impact,
        help,
        nodes: nodes
          .filter(({ element }) => !accepted.some((entry) => entry.rule === id && element?.matches(entry.selector)))
          .map(({ target, failureSummary }) => ({ target, failureSummary })),
      }))
      .filter((violation) => violation.nodes.length > 0);
  }, { accepted: known, structureRules: STRUCTURE_RULES });
  expect(findings, `serious, critical or structural axe findings on ${page.url()}`).toEqual([]);
}

/**
 * A node-rest-api project made through the REST API, once its creation run has finished (its repository then has
 * code to tag and build on the local providers, and its first version runs).
 */
export async function createBuiltProject(
  request: APIRequestContext,
  token: string,
  environmentVariables: Record<string, string> = { API_KEY: 'e2e-api-key-123' },
): Promise<string> {
  const headers = { authorization: `Bearer ${token}` };
  expect((await request.put('/api/settings/GITHUB_ORGANIZATION', { headers, data: { value: 'version-labs' } })).ok()).toBe(true);
  const created = await request.post('/api/projects', {
    headers,
    data: { name: 'Difference Engine', description: 'Tabulates polynomials.', template_name: 'node-rest-api', environment_variables: environmentVariables },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await expect
    .poll(async () => ((await (await request.get(`/api/projects/${id}/status`, { headers })).json()) as { overall_status?: string }).overall_status, {
      timeout: 120_000,
      intervals: [1000],
    })
    .toBe('completed');
  return id;
}

/**
 * The status of a GET, or the network error's first line: a poll then tries again when a kept-alive connection was
 * closed by the server just as it was reused (ECONNRESET), instead of failing the test.
 */
export async function statusOf(request: APIRequestContext, url: string, headers: Record<string, string>): Promise<number | string> {
  try {
    return (await request.get(url, { headers })).status();
  } catch (error) {
    return (error as Error).message.split('\n')[0];
  }
}
