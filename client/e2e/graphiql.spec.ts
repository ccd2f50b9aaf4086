import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, registerViaApi, type KnownA11yFinding } from './helpers';

const GRAPHIQL_KNOWN: KnownA11yFinding[] = [
  {
    rule: 'nested-interactive',
    selector: '.graphiql-tab',
    why: "GraphiQL's own tab markup (an li role=tab around its buttons); no prop or style of ours changes it",
  },
];

/** Replaces the operation in GraphiQL's (Monaco) editor and runs it with the Execute button. */
async function run(page: Page, operation: string) {
  const editor = page.locator('.graphiql-query-editor');
  await editor.getByRole('textbox').focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(operation);
  await expect(editor).toContainText(operation);
  await page.getByRole('button', { name: /^Execute query/ }).click();
}

test('GraphiQL loads from Slipway alone and runs a query and a subscription as the signed-in user', async ({ page, baseURL }) => {
  test.setTimeout(60_000); // Monaco is a large download and slow to start on a busy 2-core machine.
  const foreign: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(baseURL!) && !url.startsWith('data:') && !url.startsWith('blob:')) foreign.push(url);
  });

  const account = await registerViaApi(page);
  await page.goto('/dashboard/console');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Help & Feedback' }).click();
  await nav.getByRole('link', { name: 'GraphiQL API explorer' }).click();
  await expect(page).toHaveURL(/\/graphiql$/);
  // The default operation is in place once the editor has fully loaded.
  await expect(page.locator('.graphiql-query-editor')).toContainText('role', { timeout: 20_000 });
  await expectNoSeriousA11yViolations(page, { known: GRAPHIQL_KNOWN });

  const response = page.locator('.graphiql-response');
  await run(page, '{ me { email } }');
  await expect(response).toContainText(account.email);

  // Subscriptions travel over graphql-ws with the same token.
  await run(page, 'subscription { serverTime }');
  await expect(response).toContainText(/"serverTime":\s*"\d{4}-\d{2}-\d{2}T/);
  await page.getByRole('button', { name: /^Stop query/ }).click();

  // The documentation comes from the schema bundled with the page (no introspection request needed).
  await page.getByRole('button', { name: 'Show Documentation Explorer' }).click();
  const docs = page.getByRole('region', { name: 'Documentation Explorer' });
  await expect(docs).toContainText('Query');
  await expect(docs).toContainText('Mutation');
  await expectNoSeriousA11yViolations(page, { known: GRAPHIQL_KNOWN });
  expect(foreign).toEqual([]);
});
