import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { CloseCode, createClient, type Client } from 'graphql-ws';
import { authToken, bearer } from '../auth/auth-token';

export interface WebSocketTransport {
  link: GraphQLWsLink;
  client: Client;
}

/**
 * graphql-ws for subscriptions, with the current token in connectionParams.authorization. Loaded on the
 * first subscription only, so the login page does not pay for it.
 */
export function createWebSocketTransport(url: string, onForbidden: () => void): WebSocketTransport {
  let sentToken = false;
  const client = createClient({
    url,
    lazy: true,
    connectionParams: () => {
      const token = authToken.read();
      sentToken = Boolean(token);
      return token ? { authorization: bearer(token) } : {};
    },
    on: {
      closed: (event) => {
        // The server closes with 4403 Forbidden when the token in connectionParams is invalid or revoked.
        if (sentToken && (event as CloseEvent | undefined)?.code === CloseCode.Forbidden) onForbidden();
      },
    },
  });
  return { link: new GraphQLWsLink(client), client };
}
