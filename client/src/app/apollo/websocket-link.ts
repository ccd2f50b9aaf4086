import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { CloseCode, createClient, type Client } from 'graphql-ws';
import { authToken, bearer } from '../auth/auth-token';
import type { SocketStatus } from './socket-status';

export interface WebSocketTransport {
  link: GraphQLWsLink;
  client: Client;
}

export interface WebSocketEvents {
  /** The server refused the token in connectionParams (close code 4403). */
  onForbidden: () => void;
  /** The socket's state changed. */
  onStatus: (status: SocketStatus) => void;
}

/** Longest wait between two reconnection attempts. */
export const MAX_RECONNECT_WAIT_MS = 10_000;

/** 1 s, 2 s, 4 s... up to 10 s, plus up to a second of jitter so that clients do not reconnect in step. */
export function reconnectWaitMs(retries: number, jitter = Math.random()): number {
  return Math.min(1_000 * 2 ** retries, MAX_RECONNECT_WAIT_MS) + Math.floor(jitter * 1_000);
}

/**
 * graphql-ws for subscriptions, with the current token in connectionParams.authorization. Loaded on the
 * first subscription only, so the login page does not pay for it. A dropped socket is retried without limit
 * (live views poll meanwhile, see socket-status.ts), and the subscriptions resume once it is back.
 */
export function createWebSocketTransport(url: string, { onForbidden, onStatus }: WebSocketEvents): WebSocketTransport {
  let sentToken = false;
  const client = createClient({
    url,
    lazy: true,
    retryAttempts: Infinity,
    retryWait: (retries) => new Promise((resolve) => setTimeout(resolve, reconnectWaitMs(retries))),
    connectionParams: () => {
      const token = authToken.read();
      sentToken = Boolean(token);
      return token ? { authorization: bearer(token) } : {};
    },
    on: {
      connecting: () => onStatus('connecting'),
      connected: () => onStatus('connected'),
      closed: (event) => {
        onStatus('closed');
        // The server closes with 4403 Forbidden when the token in connectionParams is invalid or revoked.
        if (sentToken && (event as CloseEvent | undefined)?.code === CloseCode.Forbidden) onForbidden();
      },
    },
  });
  return { link: new GraphQLWsLink(client), client };
}
