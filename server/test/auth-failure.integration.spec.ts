import pg from 'pg';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusal, registerUser, startTestApp, type TestApp } from './helpers/test-app.js';

/**
 * A sign-in check that fails for another reason than the token (here: the sessions table is out of reach) is
 * a server error on every transport, never UNAUTHENTICATED, which would make the client sign its user out.
 */
let app: TestApp;
let db: pg.Client;
let token: string;
beforeAll(async () => {
  app = await startTestApp();
  db = new pg.Client({ connectionString: app.databaseUrl });
  await db.connect();
  // A fresh token: its session has not been checked yet, so nothing about it is remembered.
  token = (await registerUser(app)).token;
  await db.query('ALTER TABLE sessions RENAME TO sessions_unreachable');
});
afterAll(async () => {
  await db?.query('ALTER TABLE sessions_unreachable RENAME TO sessions');
  await db?.end();
  await app?.stop();
});

/** The close code and reason of a graphql-ws connection attempt, or 'open' when the server acknowledged it. */
function connect(authorization: string): Promise<{ code: number; reason: string } | 'open'> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${app.url.replace('http', 'ws')}/api/graphql`, 'graphql-transport-ws');
    socket.on('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization } })));
    socket.on('message', (data) => {
      if (JSON.parse(String(data)).type === 'connection_ack') {
        socket.close();
        resolve('open');
      }
    });
    socket.on('close', (code, reason) => resolve({ code, reason: String(reason) }));
    socket.on('error', reject);
  });
}

describe('authentication that fails on the server side', () => {
  it('is a 500 INTERNAL_SERVER_ERROR over GraphQL HTTP, with no detail', async () => {
    const res = await app.graphql('{ me { id } }', {}, token);
    expect(res.status).toBe(500);
    expect(res.errors).toEqual([expect.objectContaining({ message: 'Internal server error', extensions: { code: 'INTERNAL_SERVER_ERROR' } })]);
    expect(JSON.stringify(res)).not.toContain('sessions');
  });

  it('is a 500 over REST', async () => {
    expect(await app.api('GET', '/users/me', { token })).toEqual(refusal(500, 'Internal server error'));
  });

  it('closes a graphql-ws connection as an internal error, with no detail', async () => {
    expect(await connect(`Bearer ${token}`)).toEqual({ code: 4500, reason: 'Internal server error' });
  });

  it('still answers an invalid token with UNAUTHENTICATED, and a forged one refuses the socket', async () => {
    const res = await app.graphql('{ me { id } }', {}, 'not-a-token');
    expect(res.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    expect(await connect('Bearer not-a-token')).toEqual({ code: 4403, reason: 'Forbidden' });
  });
});
