import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { TRUSTED_ONLY_MESSAGE } from '../src/graphql/trusted-documents.js';
import { registerUser, startTestApp, type TestApp } from './helpers/test-app.js';

// The client's own trusted documents, as codegen wrote them ('sha256:<hex>' -> text).
const manifest = JSON.parse(
  readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../client/src/generated/persisted-documents.json'), 'utf8'),
) as Record<string, string>;
const hashOf = (operation: RegExp) => {
  const entry = Object.entries(manifest).find(([, text]) => operation.test(text));
  if (!entry) throw new Error(`no trusted document matches ${operation}`);
  return { hash: entry[0].replace('sha256:', ''), text: entry[1] };
};
const ME = hashOf(/\bquery Me\b/);
const PIPELINE = hashOf(/\bsubscription ProjectPipelineUpdates\b/);
const MISSING_PROJECT = '00000000-0000-4000-8000-000000000000';

/** A GraphQL answer's status and body. */
async function answer(response: Response) {
  return { status: response.status, body: (await response.json()) as { data?: any; errors?: Array<{ message: string; extensions?: { code?: string } }> } };
}

async function post(app: TestApp, body: unknown, token?: string) {
  const response = await fetch(`${app.url}/api/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return answer(response);
}

/** A query as the web client sends it: a GET carrying the operation's name, variables and hash, no body. */
async function getByHash(app: TestApp, operationName: string, hash: string, token: string, headers: Record<string, string> = { 'content-type': 'application/json' }) {
  const params = new URLSearchParams({ operationName, variables: '{}', extensions: JSON.stringify(byHash(hash).extensions) });
  return answer(await fetch(`${app.url}/api/graphql?${params}`, { headers: { ...headers, authorization: `Bearer ${token}` } }));
}

const byHash = (hash: string) => ({ extensions: { persistedQuery: { version: 1, sha256Hash: hash } } });

/** One subscription over graphql-ws: its first result, or its error. */
function subscribeOnce(app: TestApp, token: string, payload: { query: string; variables?: Record<string, unknown>; extensions?: Record<string, unknown> }) {
  const client = createClient({ url: `${app.url.replace('http', 'ws')}/api/graphql`, webSocketImpl: WebSocket, connectionParams: { authorization: `Bearer ${token}` }, retryAttempts: 0 });
  return new Promise<{ value?: any; error?: any }>((resolve) => {
    const dispose = client.subscribe(payload, {
      next: (value) => {
        dispose();
        resolve({ value });
      },
      error: (error) => resolve({ error }),
      complete: () => resolve({}),
    });
  }).finally(() => client.dispose());
}

describe('trusted documents (default: any document is accepted too)', () => {
  let app: TestApp;
  let token: string;
  beforeAll(async () => {
    app = await startTestApp();
    ({ token } = await registerUser(app));
  });
  afterAll(() => app.stop());

  it('answers a request that sends only a trusted document\'s hash', async () => {
    const { status, body } = await post(app, { operationName: 'Me', ...byHash(ME.hash) }, token);
    expect(status).toBe(200);
    expect(body.data.me.email).toMatch(/@/);
    expect(body.data.me.__typename).toBe('User');
  });

  it('answers a GET that carries only the hash, as the web client sends its queries', async () => {
    const { status, body } = await getByHash(app, 'Me', ME.hash, token);
    expect(status).toBe(200);
    expect(body.data.me.email).toMatch(/@/);
  });

  it('refuses a GET with no header a cross-site form could not send (CSRF), and runs nothing', async () => {
    const { status, body } = await getByHash(app, 'Me', ME.hash, token, {});
    expect(status).toBe(400);
    expect(body.errors?.[0].message).toMatch(/Cross-Site Request Forgery/);
    expect(body.data).toBeUndefined();
  });

  it('asks for the text of a hash it does not know (the client then sends it)', async () => {
    const { body } = await post(app, byHash('0'.repeat(64)), token);
    expect(body.errors?.[0].extensions?.code).toBe('PERSISTED_QUERY_NOT_FOUND');
  });

  it('still runs documents of its own (GraphiQL, tool builders)', async () => {
    const { status, body } = await post(app, { query: '{ me { id email } }' }, token);
    expect(status).toBe(200);
    expect(body.data.me.email).toMatch(/@/);
  });
});

describe('trusted documents only (SLIPWAY_TRUSTED_DOCUMENTS_ONLY=true)', () => {
  let app: TestApp;
  let token: string;
  beforeAll(async () => {
    app = await startTestApp({ env: { SLIPWAY_TRUSTED_DOCUMENTS_ONLY: 'true' } });
    ({ token } = await registerUser(app));
  });
  afterAll(() => app.stop());

  it('runs the client\'s documents, by hash or by their exact text', async () => {
    expect((await post(app, byHash(ME.hash), token)).body.data.me.email).toMatch(/@/);
    expect((await post(app, { query: ME.text }, token)).body.data.me.email).toMatch(/@/);
  });

  it('refuses any other document with a clear message and runs nothing', async () => {
    const { status, body } = await post(app, { query: 'mutation { logout }' }, token);
    expect(status).toBe(400);
    expect(body.errors?.[0]).toMatchObject({ message: TRUSTED_ONLY_MESSAGE, extensions: { code: 'BAD_USER_INPUT' } });
    expect((await post(app, byHash(ME.hash), token)).body.data.me.email).toMatch(/@/);
  });

  it('does not let a client register a new document through the persisted-query protocol', async () => {
    const text = '{ me { id } }';
    const { createHash } = await import('node:crypto');
    const hash = createHash('sha256').update(text).digest('hex');
    expect((await post(app, { query: text, ...byHash(hash) }, token)).status).toBe(400);
    expect((await post(app, byHash(hash), token)).body.errors?.[0].extensions?.code).toBe('PERSISTED_QUERY_NOT_FOUND');
  });

  it('runs a trusted subscription over graphql-ws by its hash, whatever text the client printed, and refuses others', async () => {
    const trusted = await subscribeOnce(app, token, {
      query: '# printed by the client\n' + PIPELINE.text,
      variables: { projectId: MISSING_PROJECT },
      extensions: { persistedQuery: { version: 1, sha256Hash: PIPELINE.hash } },
    });
    // It ran: the resolver answered that the project does not exist.
    expect(JSON.stringify(trusted.error ?? trusted.value)).toContain('NOT_FOUND');
    const other = await subscribeOnce(app, token, { query: 'subscription { serverTime }' });
    expect(JSON.stringify(other.error)).toContain(TRUSTED_ONLY_MESSAGE);
  });
});
