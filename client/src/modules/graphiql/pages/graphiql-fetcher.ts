import { createGraphiQLFetcher, type Fetcher } from '@graphiql/toolkit';
import { parse, type DocumentNode } from 'graphql';
import { type Client, createClient } from 'graphql-ws';
import { GRAPHQL_PATH, graphqlWebSocketUrl } from '../../../app/apollo/create-apollo-client';
import { bearer } from '../../../app/auth/auth-token';

/** The document as sent, or nothing if it does not parse (the server then reports the syntax error). */
function parsed(query: string): DocumentNode | undefined {
  try {
    return parse(query);
  } catch {
    return undefined;
  }
}

/**
 * The Authorization an operation goes with: the Headers tab's (a personal access token, say), else the session's
 * stored token, else none.
 */
export function authorizationOf(headers: Record<string, unknown> | undefined, sessionToken: string | null): string | undefined {
  const given = Object.entries(headers ?? {}).find(([name]) => name.toLowerCase() === 'authorization')?.[1];
  if (typeof given === 'string' && given.trim()) return given.trim();
  return sessionToken ? bearer(sessionToken) : undefined;
}

/**
 * GraphiQL's fetcher: HTTP for queries and mutations, graphql-ws for subscriptions, each signed in with
 * `authorizationOf`: one lazy socket per Authorization used, so a token in the Headers tab also signs its
 * subscriptions in. `dispose` closes the sockets.
 */
export function createExplorerFetcher(sessionToken: string | null): { fetcher: Fetcher; dispose: () => void } {
  const byAuthorization = new Map<string, { fetcher: Fetcher; socket: Client }>();
  const fetcherFor = (authorization: string | undefined) => {
    const key = authorization ?? '';
    let entry = byAuthorization.get(key);
    if (!entry) {
      const socket = createClient({ url: graphqlWebSocketUrl(), lazy: true, connectionParams: authorization ? { authorization } : {} });
      entry = { socket, fetcher: createGraphiQLFetcher({ url: GRAPHQL_PATH, wsClient: socket, headers: authorization ? { authorization } : undefined }) };
      byAuthorization.set(key, entry);
    }
    return entry.fetcher;
  };
  // The toolkit picks the WebSocket for subscriptions from the editor's parsed document, which can lag behind
  // the text just typed; parse what is actually sent so a subscription never goes over HTTP.
  const fetcher: Fetcher = (params, options) =>
    fetcherFor(authorizationOf(options?.headers, sessionToken))(params, { ...options, documentAST: parsed(params.query) ?? options?.documentAST });
  return {
    fetcher,
    dispose: () => {
      for (const { socket } of byAuthorization.values()) void socket.dispose();
      byAuthorization.clear();
    },
  };
}
