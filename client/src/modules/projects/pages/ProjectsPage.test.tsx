import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ProjectsFilterInput } from '../../../generated/graphql';
import { renderWithProviders, signedIn, type RenderWithProvidersOptions } from '../../../test/render';
import { makeProject, projectTagsMock, projectsErrorMock, projectsMock } from '../components/list/list.fixtures';
import { ProjectsPage } from './ProjectsPage';

const THIRTY = Array.from({ length: 30 }, (_, index) =>
  makeProject(index + 1, {
    status: index % 3 === 0 ? 'inactive' : 'active',
    tags: index % 2 === 0 ? ['web'] : ['api'],
  }),
);

function renderPage(options: { route?: string; mocks?: RenderWithProvidersOptions['mocks']; auth?: ReturnType<typeof signedIn> } = {}) {
  return renderWithProviders(<ProjectsPage />, {
    auth: options.auth ?? signedIn(),
    route: options.route ?? '/dashboard/projects',
    path: '/dashboard/projects',
    routes: [
      { path: '/dashboard/projects/new', element: <p>wizard page</p> },
      { path: '/dashboard/projects/:projectId', element: <p>detail page</p> },
    ],
    mocks: options.mocks ?? [projectsMock(THIRTY), projectTagsMock(['api', 'web'])],
  });
}

const cards = () => screen.queryAllByTestId('project-card');
const query = (router: ReturnType<typeof renderPage>['router']) => new URLSearchParams(router.state.location.search);

describe('ProjectsPage', () => {
  it("shows the header, 'Create New Project', and 'Loading projects...' until the first page arrives", async () => {
    const { user, router } = renderPage({ mocks: [projectsMock(THIRTY, [], 50), projectTagsMock([])] });
    expect(screen.getByRole('heading', { level: 1, name: 'Projects' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading projects...');
    await waitFor(() => expect(cards()).toHaveLength(12));
    await user.click(screen.getByRole('button', { name: 'Create New Project' }));
    expect(router.state.location.pathname).toBe('/dashboard/projects/new');
  });

  it("shows 'Authenticating...' while the session loads", () => {
    renderPage({ auth: signedIn({ status: 'loading', user: null, token: null }) });
    expect(screen.getByRole('status')).toHaveTextContent('Authenticating...');
  });

  it("pages with Previous/Next, a 5-number window and 'Showing X to Y of Z results'", async () => {
    const many = Array.from({ length: 100 }, (_, index) => makeProject(index + 1));
    const { user, router } = renderPage({ mocks: [projectsMock(many), projectTagsMock([])] });
    const pagination = await screen.findByRole('navigation', { name: 'Pagination' });
    expect(pagination).toHaveTextContent('Showing 1 to 12 of 100 results');
    const pageNumbers = () =>
      within(pagination)
        .getAllByRole('button', { name: /^Page / })
        .map((button) => button.textContent);
    expect(pageNumbers()).toEqual(['1', '2', '3', '4', '5']);
    expect(within(pagination).getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(within(pagination).getByRole('button', { name: 'Page 5' }));
    await waitFor(() => expect(pagination).toHaveTextContent('Showing 49 to 60 of 100 results'));
    expect(query(router).get('page')).toBe('5');
    expect(pageNumbers()).toEqual(['3', '4', '5', '6', '7']);
    expect(within(pagination).getByRole('button', { name: 'Page 5' })).toHaveAttribute('aria-current', 'page');

    await user.click(within(pagination).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(pagination).toHaveTextContent('Showing 61 to 72 of 100 results'));
    expect(pageNumbers()).toEqual(['4', '5', '6', '7', '8']);

    await user.click(within(pagination).getByRole('button', { name: 'Page 8' }));
    await waitFor(() => expect(pagination).toHaveTextContent('Showing 85 to 96 of 100 results'));
    await user.click(within(pagination).getByRole('button', { name: 'Page 9' }));
    await waitFor(() => expect(pagination).toHaveTextContent('Showing 97 to 100 of 100 results'));
    expect(pageNumbers()).toEqual(['5', '6', '7', '8', '9']);
    expect(within(pagination).getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(cards()).toHaveLength(4);

    await user.click(within(pagination).getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(pagination).toHaveTextContent('Showing 85 to 96 of 100 results'));
  });

  it('shows no pagination for a single page', async () => {
    renderPage({ mocks: [projectsMock(THIRTY.slice(0, 12)), projectTagsMock([])] });
    await waitFor(() => expect(cards()).toHaveLength(12));
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it('reads the filters from the URL and sends them', async () => {
    const requests: ProjectsFilterInput[] = [];
    renderPage({
      route: '/dashboard/projects?search=project%201&status=active&tags=api&sort_by=name&sort_order=DESC&page=1',
      mocks: [projectsMock(THIRTY, requests), projectTagsMock(['api', 'web'])],
    });
    await waitFor(() => expect(cards().length).toBeGreaterThan(0));
    expect(requests.at(-1)).toEqual({ page: 1, limit: 12, sortBy: 'name', sortOrder: 'DESC', search: 'project 1', status: 'active', tags: ['api'] });
    expect(screen.getByLabelText('Search')).toHaveValue('project 1');
    expect(screen.getByLabelText('Status')).toHaveValue('active');
    expect(screen.getByLabelText('Sort by')).toHaveValue('name:DESC');
    expect(screen.getByRole('checkbox', { name: 'api' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'web' })).not.toBeChecked();
  });

  it('offers the five sorts and the three status choices', async () => {
    renderPage();
    await waitFor(() => expect(cards()).toHaveLength(12));
    const options = (label: string) =>
      within(screen.getByLabelText(label))
        .getAllByRole('option')
        .map((option) => option.textContent);
    expect(options('Status')).toEqual(['All Status', 'Active', 'Inactive']);
    expect(options('Sort by')).toEqual(['Recently Updated', 'Recently Created', 'Name A-Z', 'Name Z-A', 'Status ASC']);
  });

  it.each([
    ['status', async (user: ReturnType<typeof renderPage>['user']) => user.selectOptions(screen.getByLabelText('Status'), 'inactive'), { status: 'inactive' }],
    ['sort', async (user: ReturnType<typeof renderPage>['user']) => user.selectOptions(screen.getByLabelText('Sort by'), 'created_at:DESC'), { sortBy: 'created_at', sortOrder: 'DESC' }],
    ['tag', async (user: ReturnType<typeof renderPage>['user']) => user.click(screen.getByRole('checkbox', { name: 'web' })), { tags: ['web'] }],
    ['search', async (user: ReturnType<typeof renderPage>['user']) => user.type(screen.getByLabelText('Search'), 'project 2'), { search: 'project 2' }],
  ])('a %s change goes back to page 1', async (_name, change, expected) => {
    const requests: ProjectsFilterInput[] = [];
    const { user, router } = renderPage({
      route: '/dashboard/projects?page=2',
      mocks: [projectsMock(THIRTY, requests), projectTagsMock(['api', 'web'])],
    });
    await waitFor(() => expect(cards()).toHaveLength(12));
    expect(requests.at(-1)?.page).toBe(2);
    await change(user);
    await waitFor(() => expect(requests.at(-1)).toMatchObject({ ...expected, page: 1 }));
    expect(query(router).get('page')).toBeNull();
  });

  it("'Clear filters' goes back to page 1, limit 12, updated_at DESC and no filters", async () => {
    const requests: ProjectsFilterInput[] = [];
    const { user, router } = renderPage({
      route: '/dashboard/projects?search=project&status=active&tags=web&sort_by=name&sort_order=ASC&page=2&limit=6',
      mocks: [projectsMock(THIRTY, requests), projectTagsMock(['api', 'web'])],
    });
    await waitFor(() => expect(cards().length).toBeGreaterThan(0));
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(requests.at(-1)).toEqual({ page: 1, limit: 12, sortBy: 'updated_at', sortOrder: 'DESC' }));
    expect(router.state.location.search).toBe('');
    expect(screen.getByLabelText('Search')).toHaveValue('');
    expect(screen.getByLabelText('Status')).toHaveValue('');
    expect(screen.getByLabelText('Sort by')).toHaveValue('updated_at:DESC');
    expect(screen.getByRole('checkbox', { name: 'web' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeDisabled();
  });

  it('marks the card of a project being deleted, from the projects query', async () => {
    const projects = [makeProject(1, { name: 'Going away', beingDeleted: true }), makeProject(2, { name: 'Staying' })];
    renderPage({ mocks: [projectsMock(projects), projectTagsMock([])] });
    await waitFor(() => expect(cards()).toHaveLength(2));
    // Newest first: 'Staying' (updated later) comes first.
    const going = cards().find((card) => within(card).queryByText('Going away'))!;
    const staying = cards().find((card) => within(card).queryByText('Staying'))!;
    expect(within(going).getByText('Being deleted')).toBeInTheDocument();
    expect(within(staying).queryByText('Being deleted')).not.toBeInTheDocument();
  });

  it('shows the tag checkbox list only when the user has tags', async () => {
    renderPage({ mocks: [projectsMock(THIRTY), projectTagsMock([])] });
    await waitFor(() => expect(cards()).toHaveLength(12));
    expect(screen.queryByRole('group', { name: 'Tags' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it("invites creating the first project when there are none", async () => {
    const { user, router } = renderPage({ mocks: [projectsMock([]), projectTagsMock([])] });
    expect(await screen.findByRole('heading', { name: 'No projects found' })).toBeInTheDocument();
    expect(screen.getByText('Get started by creating your first project.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create Project' }));
    expect(router.state.location.pathname).toBe('/dashboard/projects/new');
  });

  it('suggests adjusting the filters when filtered to nothing', async () => {
    renderPage({ route: '/dashboard/projects?search=nothing-matches', mocks: [projectsMock(THIRTY), projectTagsMock([])] });
    expect(await screen.findByRole('heading', { name: 'No projects found' })).toBeInTheDocument();
    expect(screen.getByText(/Try adjusting your search or filters/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Project' })).toBeInTheDocument();
  });

  it("shows the server's message, or 'Failed to load projects', in a dismissible banner", async () => {
    const { user, unmount } = renderPage({ mocks: [projectsErrorMock('Database unavailable'), projectTagsMock([])] });
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Database unavailable');
    await user.click(within(banner).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    unmount();

    renderPage({ mocks: [projectsErrorMock(''), projectTagsMock([])] });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load projects');
  });

  it('lists the projects even when the tags cannot be loaded, logging the failure only', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderPage({
      mocks: [projectsMock(THIRTY), { request: { query: projectTagsMock([]).request.query }, error: new Error('tags down') }],
    });
    await waitFor(() => expect(cards()).toHaveLength(12));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await waitFor(() => expect(log).toHaveBeenCalledWith('Failed to load project tags', expect.anything()));
  });

  it('asks again while a listed project is being deleted, so it leaves the list when its deletion ends', async () => {
    const listed = [makeProject(1, { beingDeleted: true }), makeProject(2)];
    renderWithProviders(<ProjectsPage />, {
      auth: signedIn(),
      route: '/dashboard/projects',
      path: '/dashboard/projects',
      mocks: [projectsMock(listed), projectTagsMock([])],
    });
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(screen.getByText('Being deleted')).toBeInTheDocument();
    listed.splice(0, 1);
    await waitFor(() => expect(cards()).toHaveLength(1), { timeout: 6000 });
    expect(screen.queryByText('Being deleted')).not.toBeInTheDocument();
  });

  it('says what the page that sent the user here reported, once: the history entry forgets it', async () => {
    const { user, router } = renderWithProviders(<ProjectsPage />, {
      auth: signedIn(),
      initialEntries: [{ pathname: '/dashboard/projects', state: { notice: 'Project "Project 9" was deleted.' } }],
      path: '/dashboard/projects',
      mocks: [projectsMock(THIRTY), projectTagsMock([])],
    });
    const notice = await screen.findByText('Project "Project 9" was deleted.');
    expect(notice.closest('[role="status"]')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.state).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Project "Project 9" was deleted.')).not.toBeInTheDocument();
  });
});
