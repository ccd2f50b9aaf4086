import { expect } from 'vitest';
import WebSocket from 'ws';

/**
 * A graphql-ws socket to the Slipway at `url`, signed in with `token` and running a subscription (so that nothing
 * reconnects lazily); `closed` resolves with the close code and when it came.
 */
export async function openSubscribedSocket(url: string, token: string): Promise<{ closed: Promise<{ code: number; at: number }> }> {
  const socket = new WebSocket(`${url.replace('http', 'ws')}/api/graphql`, 'graphql-transport-ws');
  const closed = new Promise<{ code: number; at: number }>((resolve) => socket.on('close', (code) => resolve({ code, at: Date.now() })));
  socket.on('error', () => undefined);
  const firstResult = new Promise<{ type: string }>((resolve, reject) => {
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data)) as { type: string; id?: string };
      if (frame.type === 'connection_ack') socket.send(JSON.stringify({ type: 'subscribe', id: '1', payload: { query: 'subscription { serverTime }' } }));
      if (frame.id === '1') resolve(frame);
    });
    socket.on('close', () => reject(new Error('closed before the first result')));
  });
  await new Promise<void>((resolve) => socket.once('open', () => resolve()));
  socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${token}` } }));
  expect((await firstResult).type).toBe('next');
  return { closed };
}
