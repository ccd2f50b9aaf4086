import type { MockLink } from '@apollo/client/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LogoutDocument, MeDocument } from '../../generated/graphql';
import { loginMock, meMock, meUnauthenticatedMock, TEST_USER } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { AUTH_TOKEN_KEY } from '../auth/auth-token';

// Feature pages are stood in for: this file tests the route table and the shell, not the screens.
vi.mock('../../modules/console-logs/pages/ConsoleLogsPage', () => ({ ConsoleLogsPage: () => <h1>Console Logs</h1> }));
vi.mock('../../modules/projects/pages/ProjectsPage', () => ({ ProjectsPage: () => <h1>Projects</h1> }));
vi.mock('../../modules/projects/pages/NewProjectPage', () => ({ NewProjectPage: () => <h1>Create New Project</h1> }));
vi.mock('../../modules/projects/pages/ProjectDetailPage', async () => {
  const { useParams } = await import('react-router-dom');
  return { ProjectDetailPage: () => <h1>Project {useParams().projectId}</h1> };
});
vi.mock('../../modules/projects/pages/EditProjectPage', async () => {
  const { useParams } = await import('react-router-dom');
  return { EditProjectPage: () => <h1>Edit Project {useParams().projectId}</h1> };
});
vi.mock('../../modules/settings/pages/SettingsPage', () => ({ SettingsPage: () => <h1>Settings</h1> }));
vi.mock('../../modules/users/pages/UsersPage', () => ({ UsersPage: () => <h1>Users</h1> }));

const signedInAt = (route: string, extraMocks: MockLink.MockedResponse[] = []) => {
  localStorage.setItem(AUTH_TOKEN_KEY, 'stored-token');
  return renderApp({ route, mocks: [meMock(), ...extraMocks] });
};

describe('app routes', () => {
  it('sends / to the login page when signed out, via /dashboard', async () => {
    const { router } = renderApp({ route: '/' });
    expect(await screen.findByRole('heading', { name: 'Sign in to Slipway' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/dashboard' } });
  });

  it("shows 'Loading...' while the stored token is checked, then the console", async () => {
    localStorage.setItem(AUTH_TOKEN_KEY, 'stored-token');
    const { router } = renderApp({ route: '/', mocks: [meMock(TEST_USER, 1_000)] });
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Welcome back, Ada Lovelace!' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/console');
  });

  it('removes a stored token the server refuses and shows the login page', async () => {
    localStorage.setItem(AUTH_TOKEN_KEY, 'revoked-token');
    const { router } = renderApp({ route: '/dashboard/projects', mocks: [meUnauthenticatedMock()] });
    expect(await screen.findByRole('heading', { name: 'Sign in to Slipway' })).toBeInTheDocument();
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/dashboard/projects' } });
  });

  it('returns to the requested page after signing in', async () => {
    const input = { email: 'ada@example.com', password: 'secret1' };
    const { user, router } = renderApp({ route: '/dashboard/settings', mocks: [loginMock(input)] });
    await user.type(await screen.findByLabelText('Email'), input.email);
    await user.type(screen.getByLabelText('Password'), input.password);
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/settings');
  });

  it('sends a signed-in user away from /login to the dashboard', async () => {
    const { router } = signedInAt('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/console'));
  });

  it.each([
    ['/nowhere', '/dashboard/console'],
    ['/dashboard/nowhere/deeper', '/dashboard/console'],
    ['/dashboard', '/dashboard/console'],
  ])('redirects %s to %s', async (from, to) => {
    const { router } = signedInAt(from);
    await waitFor(() => expect(router.state.location.pathname).toBe(to));
  });

  it.each([
    ['/dashboard/info', 'Info'],
    ['/dashboard/console', 'Welcome back, Ada Lovelace!'],
    ['/dashboard/console-logs', 'Console Logs'],
    ['/dashboard/projects', 'Projects'],
    ['/dashboard/projects/new', 'Create New Project'],
    ['/dashboard/projects/p-42', 'Project p-42'],
    ['/dashboard/projects/p-42/edit', 'Edit Project p-42'],
    ['/dashboard/settings', 'Settings'],
    ['/dashboard/users', 'Users'],
  ])('renders %s', async (route, heading) => {
    signedInAt(route);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it('lists the seven sidebar entries and reveals GraphiQL under Help & Feedback', async () => {
    const { user } = signedInAt('/dashboard/info');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const entries = [...nav.querySelectorAll('a, button')].map((element) => element.textContent);
    expect(entries).toEqual(['Slipway', 'Console', 'Console Logs', 'Projects', 'Info', 'Settings', 'Help & Feedback', 'Logout']);
    expect(within(nav).getByRole('link', { name: 'Info' })).toHaveClass('active');

    await user.click(within(nav).getByRole('button', { name: 'Help & Feedback' }));
    expect(within(nav).getByRole('link', { name: 'GraphiQL API explorer' })).toHaveAttribute('href', '/graphiql');
  });

  it.each([
    ['user', false],
    ['manager', true],
    ['admin', true],
  ] as const)('shows the Users entry after Settings to a %s: %s', async (role, shown) => {
    localStorage.setItem(AUTH_TOKEN_KEY, 'stored-token');
    renderApp({ route: '/dashboard/info', mocks: [meMock({ ...TEST_USER, role })] });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const links = [...nav.querySelectorAll('a')].map((element) => element.textContent);
    expect(links).toEqual(['Slipway', 'Console', 'Console Logs', 'Projects', 'Info', 'Settings', ...(shown ? ['Users'] : [])]);
  });

  it('logs out: revokes the token, clears the session and goes to /login', async () => {
    const logout = { request: { query: LogoutDocument }, result: { data: { logout: true } } };
    const { user, router } = signedInAt('/dashboard/console', [logout]);
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Sign in to Slipway' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
  });

  it('clears the session even when the logout call fails, and logs the error', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const logout = { request: { query: LogoutDocument }, error: new Error('Network down') };
    const { user } = signedInAt('/dashboard/console', [logout]);
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Sign in to Slipway' })).toBeInTheDocument();
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
    expect(consoleError).toHaveBeenCalledWith(expect.stringContaining('Logout failed'), expect.anything());
  });

  it('ends the session when any request with the token comes back UNAUTHENTICATED', async () => {
    const { router, apollo } = signedInAt('/dashboard/settings', [meUnauthenticatedMock()]);
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeInTheDocument();
    await expect(apollo.client.query({ query: MeDocument, fetchPolicy: 'network-only' })).rejects.toThrow('Authentication required');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/dashboard/settings' } });
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Sign in to Slipway' })).toBeInTheDocument();
  });

  describe('focus and keyboard', () => {
    it('puts focus on the page heading after signing in (not on <body>)', async () => {
      const input = { email: 'ada@example.com', password: 'secret1' };
      const { user } = renderApp({ route: '/dashboard/settings', mocks: [loginMock(input)] });
      await user.type(await screen.findByLabelText('Email'), input.email);
      await user.type(screen.getByLabelText('Password'), input.password);
      await user.click(screen.getByRole('button', { name: 'Sign In' }));
      const heading = await screen.findByRole('heading', { level: 1, name: 'Settings' });
      await waitFor(() => expect(heading).toHaveFocus());
    });

    it('moves focus to the new page heading when the link that was followed goes away with the old page', async () => {
      const { router } = signedInAt('/dashboard/settings');
      await screen.findByRole('heading', { level: 1, name: 'Settings' });
      document.body.focus();
      await router.navigate('/dashboard/projects/42');
      await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Project 42' })).toHaveFocus());
    });

    it('leaves focus alone when something on the page has it', async () => {
      const { router } = signedInAt('/dashboard/settings');
      await screen.findByRole('heading', { level: 1, name: 'Settings' });
      const projects = screen.getByRole('link', { name: 'Projects' });
      projects.focus();
      await router.navigate('/dashboard/projects');
      await screen.findByRole('heading', { level: 1, name: 'Projects' });
      expect(projects).toHaveFocus();
    });

    it('offers a skip link to the main content as the first Tab stop, before the sidebar', async () => {
      const { user } = signedInAt('/dashboard/settings');
      // A page the browser loaded keeps the browser's focus (here <body>), so Tab starts at the top.
      expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).not.toHaveFocus();
      await user.tab();
      const skip = screen.getByRole('link', { name: 'Skip to main content' });
      expect(skip).toHaveFocus();
      await user.keyboard('{Enter}');
      expect(screen.getByRole('main')).toHaveFocus();
    });
  });
});
