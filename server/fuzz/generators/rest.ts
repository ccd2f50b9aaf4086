/** REST: malformed paths, query strings, bodies and headers against every route of spec section 7. */
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import type { HttpCase } from '../transport.js';
import { authorization, deepJsonText, freshEmail, freshName, headerValue, mutated, nastyJson, nastyString, pathSegment, percentEncode, userOrAnonymous, type FuzzContext } from './values.js';

interface Route {
  method: string;
  /** `:id` stands for the one path parameter. */
  path: string;
  /** The body's fields, and bodies that are valid for them (fuzzing starts from one). */
  fields?: string[];
  valid?: fc.Arbitrary<Record<string, unknown>>;
  query?: string[];
}

/**
 * Every REST route but `POST /users/logout`, which would end the fuzzing user's session at every turn.
 * `DELETE /users/:id` stays: the fuzzing user is no admin, so only deleting themselves succeeds, and then the
 * rest of the property runs as an unknown user (still fuzzing) until the next one signs in afresh.
 */
const ROUTES: Route[] = [
  { method: 'GET', path: '/api/health' },
  { method: 'POST', path: '/api/auth/register', fields: ['name', 'email', 'password'], valid: freshEmail.map((email) => ({ name: 'Fuzz', email, password: 'secret1' })) },
  { method: 'POST', path: '/api/auth/login', fields: ['email', 'password'], valid: fc.constant({ email: 'fuzz-new@example.com', password: 'wrong-password' }) },
  { method: 'GET', path: '/api/users/me' },
  { method: 'GET', path: '/api/users' },
  { method: 'POST', path: '/api/users', fields: ['name', 'email', 'password', 'role'], valid: freshEmail.map((email) => ({ name: 'Fuzz', email, password: 'secret1', role: 'user' })) },
  { method: 'GET', path: '/api/users/:id' },
  { method: 'PUT', path: '/api/users/:id', fields: ['name', 'email', 'role', 'password', 'current_password'], valid: fc.constant({ name: 'Fuzz User' }) },
  { method: 'DELETE', path: '/api/users/:id' },
  { method: 'POST', path: '/api/commands', fields: ['command'], valid: fc.constant({ command: 'help' }) },
  { method: 'GET', path: '/api/commands', query: ['search'] },
  { method: 'GET', path: '/api/command-logs', query: ['page', 'page_size', 'type', 'success', 'command'] },
  { method: 'GET', path: '/api/command-logs/:id' },
  { method: 'GET', path: '/api/projects', query: ['page', 'limit', 'sort_by', 'sort_order', 'search', 'status', 'tags', 'tags[]'] },
  { method: 'GET', path: '/api/projects/stats' },
  { method: 'GET', path: '/api/projects/tags' },
  { method: 'POST', path: '/api/projects', fields: ['name', 'description', 'status', 'tags', 'template_name', 'environment_variables', 'repository_url'], valid: freshName.map((name) => ({ name, description: 'd', status: 'active', tags: ['a'], environment_variables: { KEY: 'value' }, repository_url: 'https://github.com/fuzz/fuzz' })) },
  { method: 'GET', path: '/api/projects/:id' },
  { method: 'PUT', path: '/api/projects/:id', fields: ['name', 'description', 'status', 'tags', 'environment_variables', 'repository_url'], valid: fc.constant({ description: 'd', tags: ['a', 'b'], environment_variables: { KEY: 'value' } }) },
  { method: 'PUT', path: '/api/projects/:id/status', fields: ['status'], valid: fc.constant({ status: 'inactive' }) },
  { method: 'DELETE', path: '/api/projects/:id' },
  { method: 'GET', path: '/api/settings' },
  { method: 'PUT', path: '/api/settings', fields: ['settings'], valid: fc.constant({ settings: { DOCKER_USERNAME: 'fuzzuser', GITHUB_ORGANIZATION: 'fuzz-org' } }) },
  { method: 'GET', path: '/api/settings/:id' },
  { method: 'PUT', path: '/api/settings/:id', fields: ['value'], valid: fc.constant({ value: 'fuzz' }) },
  { method: 'DELETE', path: '/api/settings/:id' },
  { method: 'POST', path: '/api/settings/test-connection', fields: ['provider', 'settings'], valid: fc.constantFrom('github', 'dockerhub', 'digitalocean', 'doks', 'kubernetes').map((provider) => ({ provider, settings: { DOCKER_USERNAME: 'fuzzuser', GITHUB_ORGANIZATION: 'fuzz-org' } })) },
  { method: 'POST', path: '/api/settings/kubeconfig-contexts', fields: ['kubeconfig'], valid: fc.constant({ kubeconfig: 'kind: Config\ncontexts:\n- name: fuzz\n  context: {cluster: c, user: u}\n' }) },
  { method: 'GET', path: '/api/cloud-endpoints' },
  { method: 'PUT', path: '/api/cloud-endpoints', fields: ['endpoints'], valid: fc.constant({ endpoints: { github_api: 'http://127.0.0.1:9' } }) },
  { method: 'GET', path: '/api/templates' },
  { method: 'GET', path: '/api/templates/:id' },
];

const route = fc.constantFrom(...ROUTES);
const withId = ROUTES.filter((r) => r.path.includes(':id'));
const withBody = ROUTES.filter((r) => r.fields);
const withQuery = ROUTES.filter((r) => r.query);

function httpCase(method: string, path: string, auth: string | undefined, headers: Record<string, string> = {}, body?: string | Buffer): HttpCase {
  return { surface: 'http', method, path, headers: { ...headers, ...(auth === undefined ? {} : { authorization: auth }) }, ...(body === undefined ? {} : { body }) };
}

/** A JSON body for a route: a valid one with a field or two spoiled, its fields at random, or not an object. */
function body(route: Route): fc.Arbitrary<unknown> {
  const value = fc.oneof(nastyJson, nastyString, fc.array(fc.record({ name: nastyString, value: nastyString }, { requiredKeys: [] }), { maxLength: 3 }));
  const key = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...route.fields!) }, { weight: 1, arbitrary: nastyString });
  return fc.oneof(
    { weight: 4, arbitrary: mutated(route.valid!) },
    { weight: 2, arbitrary: fc.dictionary(key, value, { maxKeys: 6 }) },
    { weight: 1, arbitrary: nastyJson },
  );
}

/** Ids and keys in paths: bad percent-encoding (%ZZ), NUL, dot segments, very long, other users' ids. */
export function restPaths(ctx: FuzzContext): fc.Arbitrary<HttpCase> {
  return fc
    .record({ route: fc.constantFrom(...withId), segment: pathSegment(ctx), auth: userOrAnonymous(ctx), suffix: fc.constantFrom('', '/', '//', '/x', '?', '#x') })
    .map(({ route, segment, auth, suffix }) => httpCase(route.method, route.path.replace(':id', segment) + suffix, auth, route.fields ? { 'content-type': 'application/json' } : {}, route.fields ? '{}' : undefined));
}

/** Query strings: known parameters with hostile values, arrays, nested brackets, repeated and unknown keys. */
export function restQueries(ctx: FuzzContext): fc.Arbitrary<HttpCase> {
  const raw = fc.oneof(
    nastyString.map(percentEncode),
    fc.constantFrom('%ZZ', '%', '%00', '-1', '0', '1e309', 'NaN', '9999999999999999999', 'ASC', 'desc', 'name', 'updated_at;DROP', 'true', 'yes', 'error', '%25%5F'),
  );
  const pair = (keys: string[]) =>
    fc.tuple(fc.oneof(fc.constantFrom(...keys), fc.constantFrom('a[b][c][d]', 'tags[0]', 'tags[][]', '__proto__', 'page[]', '%ZZ')), raw).map(([k, v]) => `${k}=${v}`);
  return fc
    .record({ route: fc.constantFrom(...withQuery), auth: userOrAnonymous(ctx) })
    .chain(({ route, auth }) => fc.array(pair(route.query!), { minLength: 1, maxLength: 3 }).map((pairs) => httpCase('GET', `${route.path}?${pairs.join('&')}`, auth)));
}

/** The id in a route that names something of the user's own: their project, a setting, themselves. */
function ownId(ctx: FuzzContext, route: Route): string {
  if (route.path.startsWith('/api/projects')) return ctx.projectId;
  if (route.path.startsWith('/api/settings')) return 'DOCKER_USERNAME';
  return ctx.userId;
}

/** A body whose field (or the body itself) nests thousands of levels deep, as text. */
const deepBody = (route: Route): fc.Arbitrary<string> =>
  fc.oneof(
    fc.tuple(fc.constantFrom(...route.fields!), deepJsonText()).map(([field, deep]) => `{${JSON.stringify(field)}:${deep}}`),
    deepJsonText(),
  );

/** JSON bodies for every route that takes one, as the signed-in user (anonymous ones mostly stop at the 401). */
export function restBodies(ctx: FuzzContext): fc.Arbitrary<HttpCase> {
  return fc
    .constantFrom(...withBody)
    .chain((route) =>
      fc
        .oneof({ weight: 9, arbitrary: body(route).map((b) => JSON.stringify(b)) }, { weight: 1, arbitrary: deepBody(route) })
        .map((text) => httpCase(route.method, route.path.replace(':id', ownId(ctx, route)), `Bearer ${ctx.token}`, { 'content-type': 'application/json' }, text)),
    );
}

const CONTENT_TYPES = ['application/json', 'application/json; charset=utf-8', 'application/json; charset=utf-16', 'application/json; charset=nope', 'application/json;;', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/graphql', '*/*', ''];
const ENCODINGS = ['gzip', 'deflate', 'br', 'identity', 'gzip, gzip', 'compress', 'x-nope'];

/** Headers: content types and charsets, content encodings with bodies that are (not) compressed, proxies. */
export function restHeaders(ctx: FuzzContext): fc.Arbitrary<HttpCase> {
  const json = fc.constantFrom('{"name":"n","email":"a@b.c","password":"secret1"}', '{}', '[]', '{"a":');
  const payload = fc.oneof(
    json,
    json.map((text) => gzipSync(text)),
    fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
    fc.constantFrom(Buffer.from([0x1f, 0x8b, 0x08, 0x00]), Buffer.from('not gzip at all')),
  );
  const headers = fc.record(
    {
      'content-type': fc.oneof(fc.constantFrom(...CONTENT_TYPES), headerValue),
      'content-encoding': fc.oneof(fc.constantFrom(...ENCODINGS), headerValue),
      accept: headerValue,
      'x-forwarded-for': fc.oneof(fc.ipV4(), headerValue),
      // The front door routes by Host: app names that exist nowhere, odd labels and ports, and garbage.
      host: fc.oneof(fc.constantFrom('nope.localhost', 'NOPE.LOCALHOST:4000', '-x-.localhost', 'a..localhost', '.localhost', 'a.localhost.:99999', 'localhost'), headerValue),
    },
    { requiredKeys: [] },
  );
  return fc
    .record({ route: fc.oneof(route, fc.constantFrom(...withBody)), auth: userOrAnonymous(ctx), headers, payload })
    .map(({ route, auth, headers, payload }) => httpCase(route.method, route.path.replace(':id', ownId(ctx, route)), auth, headers, payload));
}

/** Authorization on every route and on GraphQL: garbage, truncated, unsigned, and signed with forged claims. */
export function httpTokens(ctx: FuzzContext): fc.Arbitrary<HttpCase> {
  const graphql: Route = { method: 'POST', path: '/api/graphql', fields: [] };
  return fc.record({ route: fc.oneof(route, fc.constant(graphql)), auth: authorization(ctx) }).map(({ route, auth }) => {
    const body = route === graphql ? '{"query":"{ me { id } }"}' : route.fields ? '{}' : undefined;
    return httpCase(route.method, route.path.replace(':id', ownId(ctx, route)), auth, body ? { 'content-type': 'application/json' } : {}, body);
  });
}
