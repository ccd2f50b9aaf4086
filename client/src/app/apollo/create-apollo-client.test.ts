import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoginDocument, MeDocument } from '../../generated/graphql';
import { TEST_USER } from '../../test/fixtures';
import { AUTH_TOKEN_KEY } from '../auth/auth-token';
import { createApolloClient, graphqlWebSocketUrl } from './create-apollo-client';
import { apiErrorMessage } from './error-message';

function fakeFetch(status: number, body: unknown) {
  return vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
}

/** The hash codegen embedded in a document ('sha256:<hex>'), read as it is written, not through the link's own reader. */
const codegenHash = (document: unknown) => (document as { __meta__: { hash: string } }).__meta__.hash;

const unauthenticated = { errors: [{ message: 'Authentication required', extensions: { code: 'UNAUTHENTICATED' } }] };

function setup(fetch: ReturnType<typeof fakeFetch>) {
  const apollo = createApolloClient({ fetch: fetch as unknown as typeof globalThis.fetch });
  const expired = vi.fn();
  apollo.onSessionExpired(expired);
  return { apollo, expired };
}

describe('createApolloClient', () => {
  afterEach(() => localStorage.clear());

  it('sends the stored token as a bearer authorization header to /api/graphql', async () => {
    localStorage.setItem(AUTH_TOKEN_KEY, 'abc');
    const fetch = fakeFetch(200, { data: { me: TEST_USER } });
    const { apollo } = setup(fetch);
    const { data } = await apollo.client.query({ query: MeDocument });
    expect(data?.me.email).toBe(TEST_USER.email);
    const [url, init] = fetch.mock.calls[0];
    expect(String(url)).toMatch(/^\/api\/graphql\?/);
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer abc');
  });

  it('sends a query\'s trusted-document hash instead of its text, as a GET', async () => {
    const fetch = fakeFetch(200, { data: { me: TEST_USER } });
    const { apollo } = setup(fetch);
    await apollo.client.query({ query: MeDocument });
    const [url, init] = fetch.mock.calls[0];
    expect(init?.method).toBe('GET');
    expect(init?.body).toBeUndefined();
    const params = new URL(String(url), 'http://slipway.test').searchParams;
    expect(params.has('query')).toBe(false);
    expect(params.get('operationName')).toBe('Me');
    const { sha256Hash } = JSON.parse(params.get('extensions')!).persistedQuery;
    expect(`sha256:${sha256Hash}`).toBe(codegenHash(MeDocument));
  });

  it('sends a mutation\'s hash by POST', async () => {
    const fetch = fakeFetch(200, { data: { login: { __typename: 'AuthPayload', token: 't', user: TEST_USER } } });
    const { apollo } = setup(fetch);
    await apollo.client.mutate({ mutation: LoginDocument, variables: { input: { email: 'a@b.co', password: 'xxxxxx' } } });
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('/api/graphql');
    expect(init?.method).toBe('POST');
    const body = JSON.parse(String(init?.body));
    expect(body.query).toBeUndefined();
    expect(`sha256:${body.extensions.persistedQuery.sha256Hash}`).toBe(codegenHash(LoginDocument));
  });

  it('sends the whole document by POST when the server does not know the hash, and from then on', async () => {
    const notFound = { errors: [{ message: 'PersistedQueryNotFound', extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } }] };
    const fetch = vi
      .fn(async (_url: RequestInfo | URL, _init?: RequestInit) => new Response(JSON.stringify({ data: { me: TEST_USER } }), { headers: { 'content-type': 'application/json' } }))
      .mockImplementationOnce(async () => new Response(JSON.stringify(notFound), { headers: { 'content-type': 'application/json' } }));
    const { apollo } = setup(fetch as unknown as ReturnType<typeof fakeFetch>);
    const { data } = await apollo.client.query({ query: MeDocument });
    expect(data?.me.email).toBe(TEST_USER.email);
    expect(fetch.mock.calls[1][1]?.method).toBe('POST');
    expect(JSON.parse(String(fetch.mock.calls[1][1]?.body)).query).toContain('query Me');
    await apollo.client.query({ query: MeDocument, fetchPolicy: 'network-only' });
    expect(fetch.mock.calls[2][1]?.method).toBe('POST');
    expect(JSON.parse(String(fetch.mock.calls[2][1]?.body)).query).toContain('query Me');
  });

  it('sends no authorization header without a token', async () => {
    const fetch = fakeFetch(200, { data: { me: TEST_USER } });
    const { apollo } = setup(fetch);
    await apollo.client.query({ query: MeDocument });
    expect(new Headers(fetch.mock.calls[0][1]?.headers).has('authorization')).toBe(false);
  });

  it('reports an expired session when a request with a token is UNAUTHENTICATED', async () => {
    localStorage.setItem(AUTH_TOKEN_KEY, 'revoked');
    const { apollo, expired } = setup(fakeFetch(200, unauthenticated));
    await expect(apollo.client.query({ query: MeDocument })).rejects.toThrow('Authentication required');
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it('reports an expired session on an HTTP 401', async () => {
    localStorage.setItem(AUTH_TOKEN_KEY, 'revoked');
    const { apollo, expired } = setup(fakeFetch(401, { error: 'Authentication required' }));
    await expect(apollo.client.query({ query: MeDocument })).rejects.toThrow();
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it('does not treat a failed sign-in (no token sent) as an expired session', async () => {
    const { apollo, expired } = setup(fakeFetch(200, { errors: [{ message: 'Invalid email or password', extensions: { code: 'UNAUTHENTICATED' } }] }));
    const attempt = apollo.client.mutate({ mutation: LoginDocument, variables: { input: { email: 'a@b.co', password: 'xxxxxx' } } });
    await expect(attempt).rejects.toThrow('Invalid email or password');
    expect(expired).not.toHaveBeenCalled();
  });

  it('stops reporting to a listener after it unsubscribes', async () => {
    localStorage.setItem(AUTH_TOKEN_KEY, 'revoked');
    const apollo = createApolloClient({ fetch: fakeFetch(200, unauthenticated) as unknown as typeof fetch });
    const listener = vi.fn();
    apollo.onSessionExpired(listener)();
    await expect(apollo.client.query({ query: MeDocument })).rejects.toThrow();
    expect(listener).not.toHaveBeenCalled();
  });

  it('derives the WebSocket URL from the page', () => {
    expect(graphqlWebSocketUrl({ protocol: 'http:', host: 'localhost:4000' })).toBe('ws://localhost:4000/api/graphql');
    expect(graphqlWebSocketUrl({ protocol: 'https:', host: 'slipway.example' })).toBe('wss://slipway.example/api/graphql');
  });
});

describe('apiErrorMessage (spec section 8)', () => {
  it("prefers the server's error, then the error's message, then the fallback", async () => {
    const graphQLFailure = createApolloClient({ fetch: fakeFetch(200, unauthenticated) as unknown as typeof fetch });
    const graphQLError = await graphQLFailure.client.query({ query: MeDocument }).catch((error: unknown) => error);
    expect(apiErrorMessage(graphQLError, 'Login failed')).toBe('Authentication required');

    const restFailure = createApolloClient({ fetch: fakeFetch(429, { error: 'Too many attempts' }) as unknown as typeof fetch });
    const serverError = await restFailure.client.query({ query: MeDocument }).catch((error: unknown) => error);
    expect(apiErrorMessage(serverError, 'Login failed')).toBe('Too many attempts');

    expect(apiErrorMessage(new Error('Failed to fetch'), 'Login failed')).toBe('Failed to fetch');
    expect(apiErrorMessage(new Error(''), 'Login failed')).toBe('Login failed');
    expect(apiErrorMessage('???', 'Registration failed')).toBe('Registration failed');
  });
});
