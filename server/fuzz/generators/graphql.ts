/**
 * GraphQL documents (deep, wide, fragment-heavy, garbage), operations with wrong variables, persisted-query
 * extensions and odd request envelopes. The documents are shared with the graphql-ws generator.
 */
import fc from 'fast-check';
import type { HttpCase } from '../transport.js';
import { deepJsonText, freshEmail, freshName, mutated, nastyJson, nastyString, percentEncode, userOrAnonymous, type FuzzContext } from './values.js';

const ROOT_FIELDS = ['me', 'projects', 'projectStats', 'projectTags', 'templates', 'settings', 'users', 'commandLogs', 'commandSuggestions', '__typename', '__schema', '__type'];
const INNER_FIELDS = ['id', 'name', 'email', 'role', 'projects', 'tags', 'description', 'status', 'logs', 'total', 'template', 'files', 'variables', 'value', 'key', '__typename', 'types', 'fields', 'type', 'ofType', 'nope'];

const name = (names: string[]) => fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...names) }, { weight: 1, arbitrary: fc.stringMatching(/^[_A-Za-z][_0-9A-Za-z]{0,15}$/) });

/** `{ a { b { c ... } } }`, `n` levels; `ofType` chains too, since the limits count them apart. */
const deep = fc.record({ root: name(ROOT_FIELDS), inner: name(INNER_FIELDS), levels: fc.integer({ min: 1, max: 200 }) }).map(({ root, inner, levels }) => `{ ${root} ${`{ ${inner} `.repeat(levels)}${'} '.repeat(levels)}}`);

/** One level with many (aliased) fields: the cost limit's case. */
const wide = fc.record({ field: name([...ROOT_FIELDS, 'projectStats { total }', 'templates { name }']), count: fc.integer({ min: 1, max: 3000 }) }).map(({ field, count }) => `{ ${Array.from({ length: count }, (_, i) => `a${i}: ${field}`).join(' ')} }`);

/** Each fragment spreads the previous one twice: 2^levels fields from a document of a few hundred bytes. */
const doublingFragments = fc.integer({ min: 1, max: 20 }).map((levels) => {
  const fragments = ['fragment F0 on Query { __typename }'];
  for (let i = 1; i <= levels; i += 1) fragments.push(`fragment F${i} on Query { ...F${i - 1} ...F${i - 1} }`);
  return `query { ...F${levels} } ${fragments.join(' ')}`;
});

/** Many fragments, each spread many times, some undefined, some spreading themselves. */
const manyFragments = fc.record({ count: fc.integer({ min: 1, max: 300 }), spreads: fc.integer({ min: 1, max: 300 }), cycle: fc.boolean(), missing: fc.boolean() }).map(({ count, spreads, cycle, missing }) => {
  const fragments = Array.from({ length: count }, (_, i) => `fragment G${i} on Query { __typename ${cycle && i > 0 ? `...G${i - 1}` : ''} }`);
  if (cycle) fragments.push(`fragment G${count} on Query { ...G${count} }`);
  const uses = Array.from({ length: spreads }, (_, i) => `...G${i % count}`).join(' ');
  return `{ ${uses} ${missing ? '...Missing' : ''} } ${fragments.join(' ')}`;
});

/** Text that is barely or not GraphQL: random, unbalanced, directive-heavy, huge literals. */
const garbage = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.constantFrom('{', '}', '{ me { }', 'query', 'subscription { serverTime }', 'mutation { logout', '{ __schema { types { name } } }', '{ me } { me }', 'query A { me { id } } query A { me { id } }', '{ me @skip(if: true) @include(if: false) { id } }', '"""', '{ projects(filter: { limit: 99999999999999999999 }) { total } }', '{ project(id: "\\u0000") { id } }'),
  fc.integer({ min: 1, max: 5000 }).map((n) => `{ me ${'@a '.repeat(n)}}`),
  fc.integer({ min: 1, max: 50_000 }).map((n) => `{ commandSuggestions(search: "${'x'.repeat(n)}") { command } }`),
  fc.integer({ min: 1, max: 2000 }).map((n) => `{ ${'['.repeat(n)} }`),
);

export const graphqlDocument: fc.Arbitrary<string> = fc.oneof(deep, wide, doublingFragments, manyFragments, garbage);
const fragmentDocument = fc.oneof(doublingFragments, manyFragments);
const shapeDocument = fc.oneof(deep, wide, garbage);

/** Operations that declare variables, with variables they accept: the fuzzer spoils one or two of them. */
const operations = (ctx: FuzzContext): Array<{ query: string; valid: fc.Arbitrary<Record<string, unknown>> }> => [
  { query: 'query Q($id: ID!) { project(id: $id) { id name } }', valid: fc.constant({ id: ctx.projectId }) },
  { query: 'query Q($f: ProjectsFilterInput) { projects(filter: $f) { total projects { id } } }', valid: fc.constant({ f: { limit: 5, page: 1, search: 'fuzz', sortBy: 'name', sortOrder: 'ASC', status: 'active', tags: ['a'] } }) },
  { query: 'mutation M($i: CreateProjectInput!) { createProject(input: $i) { id } }', valid: freshName.map((name) => ({ i: { name, description: 'd', tags: ['a'], environmentVariables: [{ name: 'KEY', value: 'v' }], repositoryUrl: 'https://github.com/fuzz/fuzz' } })) },
  { query: 'mutation M($id: ID!, $i: UpdateProjectInput!) { updateProject(id: $id, input: $i) { id } }', valid: fc.constant({ id: ctx.projectId, i: { description: 'd', tags: ['a'] } }) },
  { query: 'mutation M($k: SettingKey!, $v: String!) { setSetting(key: $k, value: $v) { key } }', valid: fc.constant({ k: 'DOCKER_USERNAME', v: 'fuzz' }) },
  { query: 'mutation M($s: [SettingInput!]!) { saveSettings(settings: $s) { key } }', valid: fc.constant({ s: [{ key: 'DOCKER_USERNAME', value: 'fuzz' }] }) },
  { query: 'query Q($k: SettingKey!) { settingValue(key: $k) }', valid: fc.constant({ k: 'DOCKER_USERNAME' }) },
  { query: 'mutation M($p: ConnectionProvider!, $s: [SettingInput!]) { testConnection(provider: $p, settings: $s) { ok host message } }', valid: fc.constant({ p: 'github', s: [{ key: 'GITHUB_ORGANIZATION', value: 'fuzz-org' }] }) },
  { query: 'mutation M($e: [CloudEndpointInput!]!) { saveCloudEndpoints(endpoints: $e) { key url } }', valid: fc.constant({ e: [{ key: 'github_api', url: 'http://127.0.0.1:9' }] }) },
  { query: 'mutation M($id: ID!, $i: UpdateUserInput!) { updateUser(id: $id, input: $i) { id } }', valid: fc.constant({ id: ctx.userId, i: { password: 'new-secret', currentPassword: 'not-it' } }) },
  { query: 'query Q($s: String) { commandSuggestions(search: $s) { command } }', valid: fc.constant({ s: 'he' }) },
  { query: 'mutation M($c: String!) { executeCommand(command: $c) { output type } }', valid: fc.constant({ c: 'help' }) },
  { query: 'query Q($f: CommandLogFilter) { commandLogs(filter: $f) { total } }', valid: fc.constant({ f: { command: 'help', page: 1, pageSize: 5, success: true, type: 'output' } }) },
  { query: 'mutation M($i: RegisterInput!) { register(input: $i) { token } }', valid: freshEmail.map((email) => ({ i: { name: 'Fuzz', email, password: 'secret1' } })) },
  { query: 'mutation M($i: LoginInput!) { login(input: $i) { token } }', valid: fc.constant({ i: { email: 'fuzz-new@example.com', password: 'wrong-password' } }) },
  { query: 'query Q($n: String!) { template(name: $n) { id } }', valid: fc.constant({ n: 'static-site' }) },
  { query: 'query Q($id: ID!) { user(id: $id) { id } }', valid: fc.constant({ id: ctx.userId }) },
];

/** A valid operation with variables of the wrong type, shape or content for it. */
export const badVariables = (ctx: FuzzContext): fc.Arbitrary<{ query: string; variables: unknown }> =>
  fc
    .constantFrom(...operations(ctx))
    .chain(({ query, valid }) => fc.oneof({ weight: 4, arbitrary: mutated(valid) }, { weight: 1, arbitrary: nastyJson }).map((variables) => ({ query, variables })));

function post(auth: string | undefined, body: unknown): HttpCase {
  return postText(auth, JSON.stringify(body));
}

function postText(auth: string | undefined, body: string): HttpCase {
  return { surface: 'http', method: 'POST', path: '/api/graphql', headers: { 'content-type': 'application/json', ...(auth === undefined ? {} : { authorization: auth }) }, body };
}

/** Deep, wide and garbage documents. */
export function graphqlDocuments(ctx: FuzzContext): fc.Arbitrary<HttpCase> {
  return fc.record({ query: shapeDocument, auth: userOrAnonymous(ctx) }).map(({ query, auth }) => post(auth, { query }));
}

/** Fragment-heavy documents: doubling chains, many spreads, cycles, missing fragments. */
export function graphqlFragments(ctx: FuzzContext): fc.Arbitrary<HttpCase> {
  return fc.record({ query: fragmentDocument, auth: userOrAnonymous(ctx) }).map(({ query, auth }) => post(auth, { query }));
}

/** An operation's variables nested thousands of levels deep, as text (JSON.stringify would itself recurse). */
export const deepVariables = (ctx: FuzzContext, maxLevels?: number): fc.Arbitrary<string> =>
  fc.tuple(fc.constantFrom(...operations(ctx)), deepJsonText(maxLevels)).map(([{ query }, deep]) => `{"query":${JSON.stringify(query)},"variables":{"i":${deep}}}`);

export function graphqlVariables(ctx: FuzzContext): fc.Arbitrary<HttpCase> {
  return fc.record({ auth: userOrAnonymous(ctx), operation: fc.oneof({ weight: 9, arbitrary: badVariables(ctx).map((o) => JSON.stringify(o)) }, { weight: 1, arbitrary: deepVariables(ctx) }) }).map(({ operation, auth }) => postText(auth, operation));
}

/** Automatic persisted queries: unknown, wrong and malformed hashes, with and without the query. */
export function graphqlPersisted(ctx: FuzzContext): fc.Arbitrary<HttpCase> {
  const persistedQuery = fc.record(
    {
      version: fc.oneof(fc.constantFrom(1, 2, 0, '1', null), nastyJson),
      sha256Hash: fc.oneof(fc.stringMatching(/^[0-9a-f]{64}$/), fc.constant('ecf4edb46db40b5132295c0291d62fb65d6759a9eedfa4d5d612dd5ec54a6b38'), nastyString, nastyJson),
    },
    { requiredKeys: [] },
  );
  const extensions = fc.oneof({ weight: 4, arbitrary: persistedQuery.map((pq) => ({ persistedQuery: pq })) }, { weight: 1, arbitrary: nastyJson });
  const query = fc.option(fc.constantFrom('{ __typename }', '{ templates { name } }', 'query Q { me { id } }'), { nil: undefined });
  return fc.record({ extensions, query, auth: userOrAnonymous(ctx) }).map(({ extensions, query, auth }) => post(auth, { query, extensions }));
}

/** Request envelopes: not an object, batches, a query that is no string, GETs with bad parameters. */
export function graphqlEnvelopes(ctx: FuzzContext): fc.Arbitrary<HttpCase> {
  const postBody = fc.oneof(
    nastyJson,
    fc.record({ query: fc.oneof(nastyJson, graphqlDocument), operationName: fc.oneof(nastyString, nastyJson), variables: nastyJson, extensions: nastyJson }, { requiredKeys: [] }),
    fc.array(fc.record({ query: fc.constantFrom('{ __typename }', '{ me { id } }') }), { maxLength: 5 }),
  );
  const getQuery = fc
    .record({
      query: fc.oneof(graphqlDocument.map(percentEncode), fc.constantFrom('%ZZ', '%')),
      // Deep ones short enough for a URL (node refuses request lines over 16 KB).
      variables: fc.oneof(nastyJson.map((v) => percentEncode(JSON.stringify(v))), fc.constantFrom('%ZZ', '{'), deepJsonText(500).map((deep) => encodeURIComponent(`{"i":${deep}}`))),
    })
    .map(({ query, variables }) => `/api/graphql?query=${query}&variables=${variables}`);
  return fc.oneof(
    fc.record({ body: postBody, auth: userOrAnonymous(ctx) }).map(({ body, auth }) => post(auth, body)),
    fc.record({ path: getQuery, preflight: fc.boolean(), auth: userOrAnonymous(ctx) }).map(({ path, preflight, auth }): HttpCase => ({
      surface: 'http',
      method: 'GET',
      path: path.length > 8000 ? path.slice(0, 8000) : path,
      headers: { ...(preflight ? { 'apollo-require-preflight': 'true' } : {}), ...(auth === undefined ? {} : { authorization: auth }) },
    })),
  );
}
