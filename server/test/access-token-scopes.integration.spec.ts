import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from './helpers/project-runs.js';
import { registerUser, startTestApp, type TestApp } from './helpers/test-app.js';

/**
 * Issue 34's authorization table for personal access tokens: representative operations (REST and GraphQL, read,
 * write, deploy and user administration, on the token's project and on another) × each scope, a project-limited
 * token, a revoked and an expired one, each with its exact outcome. The session and a non-owner are the yardstick.
 */
type Subject = 'session' | 'read' | 'write' | 'deploy' | 'admin' | 'limitedToA' | 'revoked' | 'expired' | 'nonOwner';
/** A REST status, or for GraphQL 'ok' or the error's code. */
type Outcome = number | string;

let app: TestApp;
const tokens = {} as Record<Subject, string>;
let projectA: string;
let projectB: string;

beforeAll(async () => {
  app = await startTestApp();
  const admin = await registerUser(app);
  expect(admin.user.role).toBe('admin');
  const other = await registerUser(app);
  expect((await app.api('PUT', '/settings/GITHUB_ORGANIZATION', { token: admin.token, body: { value: 'acme' } })).status).toBe(200);
  projectA = (await app.api('POST', '/projects', { token: admin.token, body: { name: 'Alpha' } })).body.id;
  projectB = (await app.api('POST', '/projects', { token: admin.token, body: { name: 'Bravo' } })).body.id;
  const create = async (scopes: string[], extra: Record<string, unknown> = {}) => {
    const res = await app.api('POST', '/tokens', {
      token: admin.token,
      body: { name: scopes.join('+'), expires_at: new Date(Date.now() + 86_400_000).toISOString(), scopes, ...extra },
    });
    expect(res.status).toBe(201);
    return res.body as { token: string; access_token: { id: string } };
  };
  tokens.session = admin.token;
  tokens.nonOwner = other.token;
  tokens.read = (await create(['read'])).token;
  tokens.write = (await create(['write'])).token;
  tokens.deploy = (await create(['deploy'])).token;
  tokens.admin = (await create(['admin'])).token;
  tokens.limitedToA = (await create(['read', 'write', 'deploy'], { project_ids: [projectA] })).token;
  const revoked = await create(['read', 'write', 'deploy', 'admin']);
  expect((await app.api('DELETE', `/tokens/${revoked.access_token.id}`, { token: admin.token })).status).toBe(200);
  tokens.revoked = revoked.token;
  const expiresAt = Date.now() + 1000;
  tokens.expired = (await create(['read', 'write', 'deploy', 'admin'], { expires_at: new Date(expiresAt).toISOString() })).token;
  await eventually(async () => Date.now() > expiresAt, 5000);
});
afterAll(() => app.stop());

const rest = (method: string, path: () => string, body?: unknown) => async (token: string) =>
  (await app.api(method, path(), { token, body })).status;

const gql = (query: string, variables: () => Record<string, unknown> = () => ({})) => async (token: string) => {
  const res = await app.graphql(query, variables(), token);
  return res.errors?.length ? (res.errors[0].extensions?.code ?? 'error') : 'ok';
};

const A = () => projectA;
const B = () => projectB;
const noVersion = { version_id: '00000000-0000-4000-8000-000000000000' };

/** Columns: session, read, write, deploy, admin, limitedToA, revoked, expired, nonOwner. */
const TABLE: Array<[string, (token: string) => Promise<Outcome>, Outcome[]]> = [
  ['REST read own project A', rest('GET', () => `/projects/${A()}`), [200, 200, 200, 200, 200, 200, 401, 401, 404]],
  ['REST read project B', rest('GET', () => `/projects/${B()}`), [200, 200, 200, 200, 200, 404, 401, 401, 404]],
  ['REST list projects', rest('GET', () => '/projects'), [200, 200, 200, 200, 200, 403, 401, 401, 200]],
  ['REST update project A', rest('PUT', () => `/projects/${A()}`, { description: 'changed' }), [200, 403, 200, 403, 403, 200, 401, 401, 404]],
  ['REST update project B', rest('PUT', () => `/projects/${B()}`, { description: 'changed' }), [200, 403, 200, 403, 403, 404, 401, 401, 404]],
  // A blank project has nothing to deploy: 409 for whoever gets as far as the deployment service.
  ['REST deploy on A', rest('POST', () => `/projects/${A()}/deployments`, noVersion), [409, 403, 403, 409, 403, 409, 401, 401, 404]],
  ['REST deploy on B', rest('POST', () => `/projects/${B()}/deployments`, noVersion), [409, 403, 403, 409, 403, 404, 401, 401, 404]],
  ['REST save a setting', rest('PUT', () => '/settings/GITHUB_ORGANIZATION', { value: 'acme' }), [200, 403, 200, 403, 403, 403, 401, 401, 200]],
  ['REST list users (admin)', rest('GET', () => '/users'), [200, 403, 403, 403, 200, 403, 401, 401, 403]],
  ['REST who am I', rest('GET', () => '/users/me'), [200, 200, 200, 200, 200, 200, 401, 401, 200]],
  ['GraphQL read project A', gql('query ($id: ID!) { project(id: $id) { id } }', () => ({ id: A() })), ['ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'UNAUTHENTICATED', 'UNAUTHENTICATED', 'NOT_FOUND']],
  ['GraphQL read project B', gql('query ($id: ID!) { project(id: $id) { id } }', () => ({ id: B() })), ['ok', 'ok', 'ok', 'ok', 'ok', 'NOT_FOUND', 'UNAUTHENTICATED', 'UNAUTHENTICATED', 'NOT_FOUND']],
  [
    'GraphQL update project A',
    gql('mutation ($id: ID!) { updateProject(id: $id, input: { description: "gql" }) { id } }', () => ({ id: A() })),
    ['ok', 'FORBIDDEN', 'ok', 'FORBIDDEN', 'FORBIDDEN', 'ok', 'UNAUTHENTICATED', 'UNAUTHENTICATED', 'NOT_FOUND'],
  ],
  [
    'GraphQL stop deployments of A (none running)',
    gql('mutation ($id: ID!) { stopDeployments(projectId: $id) { id } }', () => ({ id: A() })),
    ['ok', 'FORBIDDEN', 'FORBIDDEN', 'ok', 'FORBIDDEN', 'ok', 'UNAUTHENTICATED', 'UNAUTHENTICATED', 'NOT_FOUND'],
  ],
  [
    'GraphQL stop deployments of B',
    gql('mutation ($id: ID!) { stopDeployments(projectId: $id) { id } }', () => ({ id: B() })),
    ['ok', 'FORBIDDEN', 'FORBIDDEN', 'ok', 'FORBIDDEN', 'NOT_FOUND', 'UNAUTHENTICATED', 'UNAUTHENTICATED', 'NOT_FOUND'],
  ],
  ['GraphQL list users (admin)', gql('{ users { id } }'), ['ok', 'FORBIDDEN', 'FORBIDDEN', 'FORBIDDEN', 'ok', 'FORBIDDEN', 'UNAUTHENTICATED', 'UNAUTHENTICATED', 'FORBIDDEN']],
  ['GraphQL list projects', gql('{ projects { total } }'), ['ok', 'ok', 'ok', 'ok', 'ok', 'FORBIDDEN', 'UNAUTHENTICATED', 'UNAUTHENTICATED', 'ok']],
  ['GraphQL who am I', gql('{ me { id } }'), ['ok', 'ok', 'ok', 'ok', 'ok', 'ok', 'UNAUTHENTICATED', 'UNAUTHENTICATED', 'ok']],
];

const SUBJECTS: Subject[] = ['session', 'read', 'write', 'deploy', 'admin', 'limitedToA', 'revoked', 'expired', 'nonOwner'];

describe('what each credential may do', () => {
  it.each(TABLE)('%s', async (_name, call, expected) => {
    const outcomes: Record<string, Outcome> = {};
    for (const subject of SUBJECTS) outcomes[subject] = await call(tokens[subject]);
    expect(outcomes).toEqual(Object.fromEntries(SUBJECTS.map((subject, i) => [subject, expected[i]])));
  });

  it('answers a limited token exactly as a non-owner for another project', async () => {
    const asLimited = await app.api('GET', `/projects/${projectB}`, { token: tokens.limitedToA });
    const asNonOwner = await app.api('GET', `/projects/${projectB}`, { token: tokens.nonOwner });
    expect(asLimited).toEqual(asNonOwner);
    expect(asLimited.body).toEqual({ error: 'Project not found', code: 'NOT_FOUND' });
  });

  it('names the missing scope', async () => {
    expect((await app.api('PUT', `/projects/${projectA}`, { token: tokens.read, body: { description: 'x' } })).body).toEqual({ error: 'This token lacks the write scope', code: 'FORBIDDEN' });
    expect((await app.api('GET', '/projects', { token: tokens.limitedToA })).body).toEqual({ error: 'This token is limited to some projects and cannot do this', code: 'FORBIDDEN' });
  });
});
