import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getIntrospectionQuery } from 'graphql';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { MAX_QUERY_COST, MAX_QUERY_DEPTH, MAX_QUERY_DIRECTIVES } from '../src/graphql/limits.js';
import { registerUser, startTestApp, type TestApp } from './helpers/test-app.js';

/**
 * Nothing in our schema nests yet, so introspection supplies the deep documents: graphql-js allows two list hops
 * (fields, inputFields…) per path, and our limit ignores `ofType` unwrapping, so these chains are as deep as it gets.
 */
const nested = (path: string[]) => `{ ${path.join(' { ')} { name }${' }'.repeat(path.length)}`;
const AT_LIMIT = nested(['__schema', 'directives', 'args', 'type', 'fields', 'args', 'type', 'fields', 'type']);
const TOO_DEEP = nested(['__schema', 'directives', 'args', 'type', 'fields', 'args', 'type', 'fields', 'args', 'type']);
const TOO_DEEP_MESSAGE = `Query is too deep: depth 11 exceeds the limit of ${MAX_QUERY_DEPTH}`;

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.stop());

function wsClient(token?: string): Client {
  return createClient({
    url: `${app.url.replace('http', 'ws')}/api/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: token ? { authorization: `Bearer ${token}` } : {},
    retryAttempts: 0,
    lazy: true,
  });
}

/** Collects up to `count` results of a subscription, or its error. */
function take(client: Client, query: string, count: number): Promise<{ values: unknown[]; error?: unknown }> {
  return new Promise((resolve) => {
    const values: unknown[] = [];
    const dispose = client.subscribe(
      { query },
      {
        next: (value) => {
          values.push(value);
          if (values.length === count) {
            dispose();
            resolve({ values });
          }
        },
        error: (error) => resolve({ values, error }),
        complete: () => resolve({ values }),
      },
    );
  });
}

describe('GraphQL over WebSocket (graphql-ws on /api/graphql)', () => {
  it('streams serverTime to a signed-in client once a second', async () => {
    const { token } = await registerUser(app);
    const client = wsClient(token);
    const started = Date.now();
    const { values, error } = await take(client, 'subscription { serverTime }', 2);
    const received = Date.now();
    await client.dispose();
    expect(error).toBeUndefined();
    const times = values.map((v) => Date.parse((v as { data: { serverTime: string } }).data.serverTime));
    expect(times[1] - times[0]).toBeGreaterThanOrEqual(900);
    // The server's time now: between the subscription's start and the answers' arrival, however slow the machine.
    expect(times[0]).toBeGreaterThanOrEqual(started);
    expect(times[1]).toBeLessThanOrEqual(received);
  });

  it('refuses the subscription without a token and closes the connection for an invalid one', async () => {
    const anonymous = wsClient();
    const denied = await take(anonymous, 'subscription { serverTime }', 1);
    await anonymous.dispose();
    expect(denied.values).toEqual([
      expect.objectContaining({ errors: [expect.objectContaining({ message: 'Authentication required', extensions: { code: 'UNAUTHENTICATED', reason: 'NOT_SIGNED_IN' } })] }),
    ]);

    const forged = wsClient('forged-token');
    const rejected = await take(forged, 'subscription { serverTime }', 1);
    await forged.dispose();
    expect(rejected.values).toEqual([]);
    expect((rejected.error as { code?: number }).code).toBe(4403);
  });

  it('applies the query limits to operations sent over the socket too', async () => {
    const { token } = await registerUser(app);
    const client = wsClient(token);
    const { values, error } = await take(client, TOO_DEEP, 1);
    await client.dispose();
    expect(values).toEqual([]);
    expect(error).toEqual([expect.objectContaining({ message: TOO_DEEP_MESSAGE })]);
  });
});

describe('query limits over HTTP', () => {
  it(`rejects documents deeper than ${MAX_QUERY_DEPTH} levels before running them`, async () => {
    const { token } = await registerUser(app);
    const tooDeep = await app.graphql(TOO_DEEP, {}, token);
    expect(tooDeep.errors?.[0]).toMatchObject({ message: TOO_DEEP_MESSAGE, extensions: { code: 'BAD_USER_INPUT' } });
    expect(tooDeep.data).toBeUndefined();
    const atLimit = await app.graphql(AT_LIMIT, {}, token);
    expect(atLimit.errors).toBeUndefined();
  });

  it(`rejects documents with more than ${MAX_QUERY_DIRECTIVES} directives (graphql-armor's rule), over HTTP and the socket`, async () => {
    const { token } = await registerUser(app);
    // Distinct directives on distinct fields: graphql-js itself refuses one directive repeated on a field.
    const directives = (count: number) => `{ ${Array.from({ length: count }, (_, i) => `f${i}: me { id @include(if: true) }`).join(' ')} }`;
    const message = `Query has too many directives: more than the limit of ${MAX_QUERY_DIRECTIVES}`;
    const tooMany = await app.graphql(directives(MAX_QUERY_DIRECTIVES + 1), {}, token);
    expect(tooMany.status).toBe(400);
    expect(tooMany.errors).toEqual([expect.objectContaining({ message, extensions: expect.objectContaining({ code: 'GRAPHQL_VALIDATION_FAILED' }) })]);
    expect((await app.graphql(directives(MAX_QUERY_DIRECTIVES), {}, token)).errors).toBeUndefined();
    const client = wsClient(token);
    const { error } = await take(client, directives(MAX_QUERY_DIRECTIVES + 1), 1);
    await client.dispose();
    expect(error).toEqual(expect.arrayContaining([expect.objectContaining({ message })]));
  });

  it('answers the standard introspection query that GraphiQL and codegen send', async () => {
    const res = await app.graphql(getIntrospectionQuery({ descriptions: true, inputValueDeprecation: true }), {});
    expect(res.errors).toBeUndefined();
    expect(res.data.__schema.queryType).toMatchObject({ name: 'Query' });
  });

  it(`rejects documents selecting more than ${MAX_QUERY_COST} fields`, async () => {
    const { token } = await registerUser(app);
    const aliases = Array.from({ length: MAX_QUERY_COST + 1 }, (_, i) => `a${i}: me { id }`).join(' ');
    const res = await app.graphql(`query { ${aliases} }`, {}, token);
    expect(res.errors?.[0].message).toMatch(/^Query is too complex: it selects \d+ fields, more than the limit of 500$/);
  });

  it('refuses subscriptions over HTTP with a pointer to the WebSocket endpoint', async () => {
    const { token } = await registerUser(app);
    const res = await app.graphql('subscription { serverTime }', {}, token);
    expect(res.status).toBe(400);
    expect(res.errors?.[0]).toMatchObject({
      message: 'Subscriptions run over WebSocket (graphql-ws) at /api/graphql, not over HTTP',
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });

  it('reports malformed documents without leaking internals', async () => {
    const res = await app.graphql('{ me { id ', {});
    expect(res.status).toBe(400);
    expect(res.errors?.[0]).toMatchObject({ message: 'Syntax Error: Expected Name, found <EOF>.', extensions: { code: 'GRAPHQL_PARSE_FAILED' } });
    expect(JSON.stringify(res)).not.toMatch(/stacktrace|at .*\.ts/);
  });
});
