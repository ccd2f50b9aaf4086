import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, registerViaApi } from './helpers';

interface SeedProject {
  name: string;
  description: string;
  tags: string[];
  status: 'active' | 'inactive';
}

/**
 * 15 projects, created one after another, each once its creation run has ended (the run updates its project, so
 * only then does 'Recently Updated' list them newest first): every 4th inactive,
 * even ones tagged web, every 3rd also tagged api, Fleet 01 with four tags of its own, and one whose description
 * alone mentions telemetry.
 */
const SEED: SeedProject[] = Array.from({ length: 15 }, (_, index) => {
  const number = index + 1;
  return {
    name: `Fleet ${String(number).padStart(2, '0')}`,
    description: number === 7 ? 'Collects telemetry from the fleet' : `Service number ${number}`,
    tags: number === 1 ? ['ops', 'db', 'cli', 'edge'] : [...(number % 2 === 0 ? ['web'] : []), ...(number % 3 === 0 ? ['api'] : [])],
    status: number % 4 === 0 ? 'inactive' : 'active',
  };
});

async function seedProjects(request: APIRequestContext, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const organization = await request.put('/api/settings/GITHUB_ORGANIZATION', { headers, data: { value: 'fleet-labs' } });
  expect(organization.ok()).toBe(true);
  for (const project of SEED) {
    const created = await request.post('/api/projects', { headers, data: project });
    expect(created.status()).toBe(201);
    const { id } = await created.json();
    await expect
      .poll(async () => (await (await request.get(`/api/projects/${id}/status`, { headers })).json()).overall_status, { timeout: 30_000 })
      .toBe('completed');
  }
}

const cards = (page: Page) => page.getByTestId('project-card');
/** The card titles in order; toHaveText on it waits until the list shows exactly these. */
const cardNames = (page: Page) => page.getByTestId('project-card').getByRole('heading');
const pagination = (page: Page) => page.getByRole('navigation', { name: 'Pagination' });
const searchParams = (page: Page) => new URL(page.url()).searchParams;

test('a new user sees the empty state and can start creating a project', async ({ page }) => {
  await registerViaApi(page);
  await page.goto('/dashboard/projects');
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No projects found' })).toBeVisible();
  await expect(page.getByText('Get started by creating your first project.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await expect(pagination(page)).toHaveCount(0);
  await page.getByRole('button', { name: 'Create Project', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/projects\/new$/);
  await page.goto('/dashboard/projects');
  await page.getByRole('button', { name: 'Create New Project', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/projects\/new$/);
});

test('filters, sorts and pages the list, keeping everything in the URL', async ({ page }) => {
  test.setTimeout(120_000); // 15 creation runs, one after another
  const account = await registerViaApi(page);
  await seedProjects(page.request, account.token);

  await page.goto('/dashboard/projects');
  await expect(cards(page)).toHaveCount(12);
  await expect(cards(page).first()).toContainText('Fleet 15');
  await expect(pagination(page)).toContainText('Showing 1 to 12 of 15 results');
  await expect(page.getByRole('group', { name: 'Tags' }).getByRole('checkbox')).toHaveCount(6);
  await expectNoSeriousA11yViolations(page);

  // Pagination: page 2 holds the 3 oldest; the page survives a reload.
  await pagination(page).getByRole('button', { name: 'Next', exact: true }).click();
  await expect(pagination(page)).toContainText('Showing 13 to 15 of 15 results');
  await expect(cards(page)).toHaveCount(3);
  expect(searchParams(page).get('page')).toBe('2');
  await page.reload();
  await expect(pagination(page)).toContainText('Showing 13 to 15 of 15 results');
  await expect(cardNames(page)).toHaveText(['Fleet 03', 'Fleet 02', 'Fleet 01']);
  // At most 3 tags on a card, then '+N more'.
  const fleet01 = cards(page).filter({ hasText: 'Fleet 01' });
  await expect(fleet01.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText(['ops', 'db', 'cli', '+1 more']);
  await pagination(page).getByRole('button', { name: 'Page 1', exact: true }).click();
  await expect(pagination(page)).toContainText('Showing 1 to 12 of 15 results');

  // Search matches the description too, and goes back to page 1.
  await pagination(page).getByRole('button', { name: 'Page 2', exact: true }).click();
  await expect(cards(page)).toHaveCount(3);
  await page.getByLabel('Search').fill('TELEMETRY');
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page)).toContainText('Fleet 07');
  expect(searchParams(page).get('search')).toBe('TELEMETRY');
  expect(searchParams(page).get('page')).toBeNull();
  await expect(pagination(page)).toHaveCount(0);

  await page.getByLabel('Search').fill('no such fleet');
  await expect(page.getByRole('heading', { name: 'No projects found' })).toBeVisible();
  await expect(page.getByText(/Try adjusting your search or filters/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Clear filters', exact: true }).click();
  await expect(cards(page)).toHaveCount(12);
  await expect(page.getByLabel('Search')).toHaveValue('');
  expect(page.url()).toMatch(/\/dashboard\/projects$/);

  // Status: Fleet 04, 08 and 12 are inactive.
  await page.getByLabel('Status').selectOption({ label: 'Inactive' });
  await expect(cards(page)).toHaveCount(3);
  await expect(cardNames(page)).toHaveText(['Fleet 12', 'Fleet 08', 'Fleet 04']);
  for (const card of await cards(page).all()) await expect(card).toContainText('Inactive');

  // Tag api on top of the status: only Fleet 12 is inactive and tagged api.
  // The box follows the URL, which changes once the router has navigated: click, then wait for it.
  const apiTag = page.getByRole('checkbox', { name: 'api' });
  await apiTag.click();
  await expect(apiTag).toBeChecked();
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page)).toContainText('Fleet 12');
  await page.getByLabel('Status').selectOption({ label: 'All Status' });
  await expect(cards(page)).toHaveCount(5);

  // Sort by name, with tag and sort surviving a reload.
  await page.getByLabel('Sort by').selectOption({ label: 'Name A-Z' });
  await expect(cards(page).first()).toContainText('Fleet 03');
  await expect(cardNames(page)).toHaveText(['Fleet 03', 'Fleet 06', 'Fleet 09', 'Fleet 12', 'Fleet 15']);
  await page.getByLabel('Sort by').selectOption({ label: 'Name Z-A' });
  await expect(cards(page).first()).toContainText('Fleet 15');
  await page.reload();
  await expect(page.getByLabel('Sort by')).toHaveValue('name:DESC');
  await expect(page.getByRole('checkbox', { name: 'api' })).toBeChecked();
  await expect(cardNames(page)).toHaveText(['Fleet 15', 'Fleet 12', 'Fleet 09', 'Fleet 06', 'Fleet 03']);

  // A shared link opens the same view in a fresh tab.
  const shared = page.url();
  const other = await page.context().newPage();
  await other.goto(shared);
  await expect(cards(other)).toHaveCount(5);
  await expect(cardNames(other)).toHaveText(['Fleet 15', 'Fleet 12', 'Fleet 09', 'Fleet 06', 'Fleet 03']);
  await other.close();

  await page.getByRole('button', { name: 'Clear filters', exact: true }).click();
  await expect(page.getByLabel('Sort by')).toHaveValue('updated_at:DESC');
  await expect(page.getByRole('checkbox', { name: 'api' })).not.toBeChecked();
  await expect(pagination(page)).toContainText('Showing 1 to 12 of 15 results');

  // A card opens its project.
  await cards(page).filter({ hasText: 'Fleet 07' }).click();
  await expect(page).toHaveURL(/\/dashboard\/projects\/[0-9a-f-]{36}$/);
  // Focus went with the card; it lands on the project's heading, not on <body>.
  await expect(page.getByRole('heading', { level: 1, name: 'Fleet 07' })).toBeFocused();
});
