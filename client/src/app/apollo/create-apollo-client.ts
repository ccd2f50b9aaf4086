import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { SetContextLink } from '@apollo/client/link/context';
import { ErrorLink } from '@apollo/client/link/error';
import { getMainDefinition } from '@apollo/client/utilities';
import { Kind, OperationTypeNode } from 'graphql';
import { from, mergeMap } from 'rxjs';
import { authToken, bearer } from '../auth/auth-token';
import { isUnauthenticated } from './error-message';
import { createSocketStatus, type SocketStatusStore } from './socket-status';
import { retryLink } from './retry-link';
import { trustedDocumentsLink } from './trusted-documents-link';
import { typePolicies } from './type-policies';
import type { WebSocketTransport } from './websocket-link';

export const GRAPHQL_PATH = '/api/graphql';

/** ws(s)://<this host>/api/graphql: graphql-ws shares the HTTP endpoint's path. */
export function graphqlWebSocketUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${GRAPHQL_PATH}`;
}

export interface AppApollo {
  client: ApolloClient;
  /** Calls `listener` whenever a request made with a token is refused as unauthenticated; returns an unsubscribe. */
  onSessionExpired(listener: () => void): () => void;
  /** Forgets everything cached for the previous user and reconnects the socket with the current token. */
  resetSession(): Promise<void>;
  /** The subscription socket's state, for live views that poll while it is down. */
  socketStatus: SocketStatusStore;
}

export interface AppApolloOptions {
  /** Replaces the HTTP/WebSocket split, e.g. with a MockLink in tests. */
  terminatingLink?: ApolloLink;
  fetch?: typeof fetch;
  webSocketUrl?: string;
}

function isSubscription({ query }: ApolloLink.Operation): boolean {
  const definition = getMainDefinition(query);
  return definition.kind === Kind.OPERATION_DEFINITION && definition.operation === OperationTypeNode.SUBSCRIPTION;
}

/**
 * Apollo Client with the link chain: session expiry detection -> retries an operation asks for -> bearer token -> the
 * operation's trusted-document hash instead of its text -> subscriptions over
 * graphql-ws (token in connectionParams.authorization), everything else over HTTP.
 */
export function createApolloClient(options: AppApolloOptions = {}): AppApollo {
  const listeners = new Set<() => void>();
  const expireSession = () => listeners.forEach((listener) => listener());

  const errorLink = new ErrorLink(({ error, operation }) => {
    // A login with wrong credentials is also UNAUTHENTICATED; only a request that carried a token means the session ended.
    const sentToken = Boolean(operation.getContext().headers?.authorization);
    if (sentToken && isUnauthenticated(error)) expireSession();
  });

  const authLink = new SetContextLink((prevContext) => {
    const token = authToken.read();
    if (!token) return {};
    return { headers: { ...prevContext.headers, authorization: bearer(token) } };
  });

  // The WebSocket transport loads with the first subscription, keeping graphql-ws out of the initial bundle.
  const socketStatus = createSocketStatus();
  let webSocket: Promise<WebSocketTransport> | undefined;
  const loadWebSocket = () =>
    (webSocket ??= import('./websocket-link').then(({ createWebSocketTransport }) =>
      createWebSocketTransport(options.webSocketUrl ?? graphqlWebSocketUrl(), { onForbidden: expireSession, onStatus: socketStatus.set }),
    ));
  const subscriptionLink = new ApolloLink((operation) =>
    from(loadWebSocket()).pipe(mergeMap(({ link }) => link.request(operation))),
  );

  const transport =
    options.terminatingLink ??
    ApolloLink.split(isSubscription, subscriptionLink, new HttpLink({ uri: GRAPHQL_PATH, fetch: options.fetch }));

  const client = new ApolloClient({
    link: ApolloLink.from([errorLink, retryLink, authLink, trustedDocumentsLink(), transport]),
    cache: new InMemoryCache({ typePolicies }),
  });

  return {
    client,
    socketStatus,
    onSessionExpired(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async resetSession() {
      if (webSocket) (await webSocket).client.terminate();
      await client.clearStore();
    },
  };
}
