import { useSyncExternalStore } from 'react';

/**
 * The subscription socket's state: 'idle' before the first subscription opens it, then 'connecting' (also while
 * graphql-ws retries after a drop), 'connected', or 'closed'. Live views fall back to polling while it is not
 * connected.
 */
export type SocketStatus = 'idle' | 'connecting' | 'connected' | 'closed';

export interface SocketStatusStore {
  get(): SocketStatus;
  /** Set by the WebSocket transport as the socket's state changes. */
  set(status: SocketStatus): void;
  subscribe(listener: () => void): () => void;
}

export function createSocketStatus(): SocketStatusStore {
  let status: SocketStatus = 'idle';
  const listeners = new Set<() => void>();
  return {
    get: () => status,
    set(next) {
      if (next === status) return;
      status = next;
      listeners.forEach((listener) => listener());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The socket's state as a React value. */
export function useSocketStatusOf(store: SocketStatusStore): SocketStatus {
  return useSyncExternalStore(store.subscribe, store.get);
}

/** Whether live updates may be missing: the socket is (re)connecting or closed. */
export const isSocketDown = (status: SocketStatus) => status === 'connecting' || status === 'closed';
