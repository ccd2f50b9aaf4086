/**
 * graphql-ws (graphql-transport-ws) conversations: malformed JSON, wrong message types, subscribe before
 * connection_init, bad payloads and variables, and frames larger than HTTP would accept.
 */
import fc from 'fast-check';
import { BODY_LIMIT_BYTES } from '../oracle.js';
import type { WsCase } from '../transport.js';
import { badVariables, deepVariables, graphqlDocument } from './graphql.js';
import { authorization, nastyJson, nastyString, userOrAnonymous, type FuzzContext } from './values.js';

const frame = (message: unknown) => JSON.stringify(message);

function init(ctx: FuzzContext): fc.Arbitrary<string[]> {
  return fc.oneof(
    { weight: 4, arbitrary: authorization(ctx).map((auth) => [frame({ type: 'connection_init', payload: auth === undefined ? {} : { authorization: auth } })]) },
    { weight: 1, arbitrary: fc.constant<string[]>([]) },
    { weight: 1, arbitrary: nastyJson.map((payload) => [frame({ type: 'connection_init', payload })]) },
    { weight: 1, arbitrary: fc.constant<string[]>([frame({ type: 'connection_init' }), frame({ type: 'connection_init' })]) },
  );
}

/** Ids are fixed per position so the oracle can tell which operation a `next` belongs to. */
function message(ctx: FuzzContext, index: number): fc.Arbitrary<string> {
  const id = `op${index}`;
  return fc.oneof(
    fc.string({ maxLength: 100 }),
    fc.constantFrom('{', '[]', 'null', '""', '{"type":null}', '{"type":"subscribe"}', '{"type":"subscribe","id":1,"payload":{}}'),
    fc.record({ type: fc.oneof(nastyString, fc.constantFrom('next', 'error', 'complete', 'connection_ack', 'pong', 'ping', 'start', 'stop', 'connection_terminate')), id: fc.oneof(fc.constant(id), nastyJson), payload: nastyJson }, { requiredKeys: ['type'] }).map(frame),
    graphqlDocument.map((query) => frame({ type: 'subscribe', id, payload: { query } })),
    { weight: 3, arbitrary: badVariables(ctx).map((payload) => frame({ type: 'subscribe', id, payload })) },
    deepVariables(ctx).map((payload) => `{"type":"subscribe","id":${JSON.stringify(id)},"payload":${payload}}`),
    fc.constantFrom('subscription { serverTime }', '{ __typename }', 'query { me { id } }').map((query) => frame({ type: 'subscribe', id, payload: { query } })),
    fc.record({ operationName: nastyJson, variables: nastyJson, extensions: nastyJson, query: nastyJson }, { requiredKeys: [] }).map((payload) => frame({ type: 'subscribe', id, payload })),
    fc.constant(frame({ type: 'complete', id })),
  );
}

/** A valid subscribe padded past the HTTP body limit: it must be refused, as HTTP refuses such a body. */
const oversized = fc.integer({ min: 1, max: 50 * 1024 }).map((extra) => frame({ type: 'subscribe', id: 'big', payload: { query: `{ __typename }${' '.repeat(BODY_LIMIT_BYTES + extra)}` } }));

export function wsFrames(ctx: FuzzContext): fc.Arbitrary<WsCase> {
  const rest = fc.integer({ min: 0, max: 4 }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => message(ctx, i))));
  return fc.record({ init: init(ctx), rest }).map(({ init, rest }): WsCase => ({ surface: 'ws', frames: [...init, ...rest] }));
}

/** Operations with wrong variables over a socket that was let in: errors must read as on HTTP. */
export function wsVariables(ctx: FuzzContext): fc.Arbitrary<WsCase> {
  const subscribe = fc.oneof(
    { weight: 9, arbitrary: badVariables(ctx).map((payload) => frame({ type: 'subscribe', id: 'op0', payload })) },
    { weight: 1, arbitrary: deepVariables(ctx).map((payload) => `{"type":"subscribe","id":"op0","payload":${payload}}`) },
  );
  return fc
    .record({ auth: userOrAnonymous(ctx), subscribe })
    .map(({ auth, subscribe }): WsCase => ({ surface: 'ws', frames: [frame({ type: 'connection_init', payload: auth === undefined ? {} : { authorization: auth } }), subscribe] }));
}

export function wsOversized(ctx: FuzzContext): fc.Arbitrary<WsCase> {
  return fc.record({ init: init(ctx), big: oversized }).map(({ init, big }): WsCase => ({ surface: 'ws', frames: [...init, big] }));
}
