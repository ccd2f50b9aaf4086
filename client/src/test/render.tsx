import { ThemeProvider } from '@emotion/react';
import type { ApolloLink } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { MockLink } from '@apollo/client/testing';
import { render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, Outlet, RouterProvider, type InitialEntry, type RouteObject } from 'react-router-dom';
import { vi } from 'vitest';
import { AppApolloLoaderProvider } from '../app/apollo/apollo-loader';
import { createApolloClient, type AppApollo } from '../app/apollo/create-apollo-client';
import { AuthContext, type AuthContextValue } from '../app/auth/auth-context';
import { AuthProvider } from '../app/auth/AuthProvider';
import { appRoutes } from '../app/router/routes';
import { theme } from '../theme/theme';
import { TEST_USER } from './fixtures';

export interface RenderWithProvidersOptions {
  /** Where the router starts: '/dashboard/projects/42', or entries with state. Default '/'. */
  route?: string;
  initialEntries?: InitialEntry[];
  /** The path `ui` is mounted at, e.g. '/dashboard/projects/:projectId'. Default: every path. */
  path?: string;
  /** More routes beside `ui`'s, e.g. `{ path: '/login', element: <p>login page</p> }` to see a redirect land. */
  routes?: RouteObject[];
  /** Answers for the GraphQL operations the component sends (Apollo's MockLink, behind our real link chain). */
  mocks?: ReadonlyArray<MockLink.MockedResponse>;
  /** A terminating link of the test's own instead of MockLink (e.g. to answer subscriptions over time). */
  link?: ApolloLink;
  /** A fixed session (see `signedIn()`); omit to run the real AuthProvider against `mocks` and localStorage. */
  auth?: AuthContextValue;
}

export interface RenderWithProvidersResult extends RenderResult {
  user: UserEvent;
  router: ReturnType<typeof createMemoryRouter>;
  apollo: AppApollo;
}

/** A session fixed to `user` (signed in by default), with spies for its actions. */
export function signedIn(overrides: Partial<AuthContextValue> = {}): AuthContextValue {
  return {
    status: 'authenticated',
    user: TEST_USER,
    token: 'test-token',
    error: null,
    signIn: vi.fn(async () => true),
    register: vi.fn(async () => true),
    logout: vi.fn(async () => undefined),
    clearError: vi.fn(),
    ...overrides,
  };
}

/** A promise React's `use()` reads synchronously, so tests do not see a Suspense fallback for Apollo. */
function settled<T>(value: T): Promise<T> {
  return Object.assign(Promise.resolve(value), { status: 'fulfilled', value });
}

function Providers({ apollo, children }: { apollo: AppApollo; children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <AppApolloLoaderProvider apollo={settled(apollo)}>
        <ApolloProvider client={apollo.client}>{children}</ApolloProvider>
      </AppApolloLoaderProvider>
    </ThemeProvider>
  );
}

function testApollo(mocks: ReadonlyArray<MockLink.MockedResponse>, link?: ApolloLink): AppApollo {
  return createApolloClient({ terminatingLink: link ?? new MockLink(mocks, { defaultOptions: { delay: 0 } }) });
}

function renderRouter(routes: RouteObject[], initialEntries: InitialEntry[], apollo: AppApollo): RenderWithProvidersResult {
  const router = createMemoryRouter(routes, { initialEntries });
  const user = userEvent.setup();
  const result = render(
    <Providers apollo={apollo}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...result, user, router, apollo };
}

/**
 * Renders `ui` inside everything a Slipway screen expects: the theme, a memory router, Apollo (our link chain
 * over MockLink) and a session (fixed, or the real AuthProvider).
 */
export function renderWithProviders(ui: ReactNode, options: RenderWithProvidersOptions = {}): RenderWithProvidersResult {
  const apollo = testApollo(options.mocks ?? [], options.link);
  const session = options.auth ? (
    <AuthContext.Provider value={options.auth}>
      <Outlet />
    </AuthContext.Provider>
  ) : (
    <AuthProvider>
      <Outlet />
    </AuthProvider>
  );
  const routes: RouteObject[] = [
    { element: session, children: [{ path: options.path ?? '*', element: ui }, ...(options.routes ?? [])] },
  ];
  return renderRouter(routes, options.initialEntries ?? [options.route ?? '/'], apollo);
}

/** The whole app (the real route table, layouts and AuthProvider) at `route`, against `mocks`. */
export function renderApp(options: { route?: string; mocks?: ReadonlyArray<MockLink.MockedResponse> } = {}): RenderWithProvidersResult {
  return renderRouter(appRoutes, [options.route ?? '/'], testApollo(options.mocks ?? []));
}
