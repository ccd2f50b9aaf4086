import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, registerViaApi, type KnownA11yFinding } from './helpers';

const GRAPHIQL_KNOWN: KnownA11yFinding[] = [
  {
    rule: 'nested-interactive',
    selector: '.graphiql-tab',
    why: "GraphiQL's own tab markup (an li role=tab around its buttons); no prop or style of ours changes it",
  },
];

/** How long GraphiQL's editor (Monaco) may take to start and show its first operation. */
const MONACO_START = 30_000;

/** GraphiQL's tab for an operation, by the name it shows (the operation's name, or <untitled>). */
function tab(page: Page, name: string) {
  const tabs = page.getByRole('tablist', { name: 'Select active operation' });
  return tabs.getByRole('tab').filter({ has: page.getByRole('button', { name, exact: true }) });
}

/** Opens the tab by its name and waits until it is the active one with its operation in the editor. */
async function openTab(page: Page, name: string, contains: string) {
  await tab(page, name).getByRole('button', { name, exact: true }).click();
  await expect(tab(page, name)).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('.graphiql-query-editor')).toContainText(contains);
}

/**
 * Replaces the operation in GraphiQL's (Monaco) editor with a named one and runs it with the Execute button. GraphiQL
 * reads the document's operation name a moment after the text changes; once the tab carries the new name, Execute
 * runs what was typed (not the name of the operation it replaced).
 */
async function run(page: Page, name: string, operation: string) {
  const editor = page.locator('.graphiql-query-editor');
  await editor.getByRole('textbox').focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(operation);
  await expect(editor).toContainText(operation);
  await expect(tab(page, name)).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('button', { name: /^Execute query/ }).click();
}

test('GraphiQL opens with the main tasks as examples and runs queries and subscriptions of your own as the signed-in user', async ({
  page,
  baseURL,
}) => {
  // Monaco is a large download and slow to start on a busy 2-core machine (17 s at a load average of 13), and this
  // test starts it twice; the waits for it (MONACO_START) are the only long ones.
  test.setTimeout(120_000);
  const foreign: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(baseURL!) && !url.startsWith('data:') && !url.startsWith('blob:')) foreign.push(url);
  });

  const account = await registerViaApi(page);
  const headers = { authorization: `Bearer ${account.token}` };
  await page.request.put('/api/settings/GITHUB_ORGANIZATION', { headers, data: { value: 'explorer-labs' } });
  const created = await page.request.post('/api/projects', { headers, data: { name: 'Explorer Blank' } });
  expect(created.status()).toBe(201);
  const { id: projectId } = (await created.json()) as { id: string };
  await page.goto('/dashboard/console');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Help & Feedback' }).click();
  await nav.getByRole('link', { name: 'GraphiQL API explorer' }).click();
  await expect(page).toHaveURL(/\/graphiql$/);

  // One tab per main task, the first open once the editor has fully loaded.
  const editor = page.locator('.graphiql-query-editor');
  const response = page.locator('.graphiql-response');
  await expect(tab(page, 'ListProjects')).toHaveAttribute('aria-selected', 'true', { timeout: MONACO_START });
  await expect(editor).toContainText('query ListProjects', { timeout: MONACO_START });
  await expect(tab(page, 'CreateProject')).toBeVisible();
  await expect(tab(page, 'FollowPipeline')).toBeVisible();
  await expectNoSeriousA11yViolations(page, { known: GRAPHIQL_KNOWN });
  await page.getByRole('button', { name: /^Execute query/ }).click();
  await expect(response).toContainText(/"total":\s*1/);

  // The other examples come with their variables filled in.
  const variables = page.getByRole('region', { name: 'Variables' });
  await openTab(page, 'CreateProject', 'mutation CreateProject');
  await expect(variables).toContainText('"templateName": "static-site"');
  // The pipeline example follows one of the user's projects: it runs as it is, no "Project not found".
  await openTab(page, 'FollowPipeline', 'subscription FollowPipeline');
  await expect(editor).toContainText('It follows Explorer Blank, your most recently changed project');
  await expect(variables).toContainText(`"projectId": "${projectId}"`);
  await page.getByRole('button', { name: /^Execute query/ }).click();
  await expect(response).toContainText(/"streamName":\s*"project_creation"/);
  await expect(response).not.toContainText('Project not found');
  await page.getByRole('button', { name: /^Stop query/ }).click();

  // Operations of your own go in a new tab.
  await page.getByRole('button', { name: 'New tab' }).click();
  await expect(tab(page, '<untitled>')).toHaveAttribute('aria-selected', 'true');
  await run(page, 'WhoAmI', 'query WhoAmI { me { email } }');
  await expect(response).toContainText(account.email);

  // Subscriptions travel over graphql-ws with the same token.
  await run(page, 'Clock', 'subscription Clock { serverTime }');
  await expect(response).toContainText(/"serverTime":\s*"\d{4}-\d{2}-\d{2}T/);
  await page.getByRole('button', { name: /^Stop query/ }).click();

  // The documentation comes from the schema bundled with the page (no introspection request needed).
  await page.getByRole('button', { name: 'Show Documentation Explorer' }).click();
  const docs = page.getByRole('region', { name: 'Documentation Explorer' });
  await expect(docs).toContainText('Query');
  await expect(docs).toContainText('Mutation');
  await expectNoSeriousA11yViolations(page, { known: GRAPHIQL_KNOWN });

  // Your tabs stay for the next visit, as GraphiQL keeps them (in this browser's local storage).
  await expect.poll(() => page.evaluate(() => localStorage.getItem('graphiql:tabState'))).toContain('subscription Clock');
  await page.reload();
  await expect(tab(page, 'Clock')).toHaveAttribute('aria-selected', 'true', { timeout: MONACO_START });
  await expect(editor).toContainText('subscription Clock { serverTime }', { timeout: MONACO_START });
  for (const name of ['ListProjects', 'CreateProject', 'FollowPipeline']) await expect(tab(page, name)).toBeVisible();
  expect(foreign).toEqual([]);
});

test('GraphiQL runs queries and subscriptions as a personal access token put in its Headers tab', async ({ page }) => {
  test.setTimeout(120_000);
  const owner = await registerViaApi(page);
  const created = await page.request.post('/api/tokens', {
    headers: { authorization: `Bearer ${owner.token}` },
    data: { name: 'graphiql', expires_at: new Date(Date.now() + 86_400_000).toISOString(), scopes: ['read'] },
  });
  expect(created.status()).toBe(201);
  const { token } = (await created.json()) as { token: string };
  // Signed out: whatever runs, runs as the token.
  await page.evaluate(() => localStorage.removeItem('authToken'));
  await page.goto('/graphiql');
  await expect(tab(page, 'ListProjects')).toHaveAttribute('aria-selected', 'true', { timeout: MONACO_START });
  // A tab opened before Monaco shows the first one would get that one's text: wait for the editor first.
  const editor = page.locator('.graphiql-query-editor');
  await expect(editor).toContainText('query ListProjects', { timeout: MONACO_START });
  await page.getByRole('button', { name: 'New tab' }).click();
  await expect(tab(page, '<untitled>')).toHaveAttribute('aria-selected', 'true');
  await expect(editor).not.toContainText('ListProjects');

  await page.getByRole('button', { name: 'Headers', exact: true }).click();
  const headers = page.getByRole('region', { name: 'Headers' });
  await headers.getByRole('textbox').focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(JSON.stringify({ authorization: `Bearer ${token}` }));
  await expect(headers).toContainText('slw_');

  const response = page.locator('.graphiql-response');
  await run(page, 'WhoAmI', 'query WhoAmI { me { email } }');
  await expect(response).toContainText(owner.email);
  await run(page, 'Clock', 'subscription Clock { serverTime }');
  await expect(response).toContainText(/"serverTime":\s*"\d{4}-\d{2}-\d{2}T/);
  await page.getByRole('button', { name: /^Stop query/ }).click();
});
