import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { waitForRun } from './helpers/project-runs.js';
import { registerUser, startTestApp, type TestApp } from './helpers/test-app.js';

/**
 * Issue 34's authorization table for project members: operations (REST, GraphQL, a graphql-ws subscription, git over
 * HTTP) on one project × its owner, a maintainer, a developer, a viewer, a non-member, a maintainer's read token, a
 * developer's write+deploy token and a revoked token, each with its exact outcome.
 */
type Subject = 'owner' | 'maintainer' | 'developer' | 'viewer' | 'nonMember' | 'readToken' | 'writeToken' | 'revoked';
const SUBJECTS: Subject[] = ['owner', 'maintainer', 'developer', 'viewer', 'nonMember', 'readToken', 'writeToken', 'revoked'];
type Outcome = number | string;

let app: TestApp;
const bearer = {} as Record<Subject, string>;
/** What git's basic auth sends as the password: a person's password, or a token. */
const gitPassword = {} as Record<Subject, { username: string; password: string }>;
type Account = Awaited<ReturnType<typeof registerUser>>;
let owner: Account;
let accounts: Record<'maintainer' | 'developer' | 'viewer' | 'nonMember', Account>;
let project: { id: string; clone_url: string };

async function tokenOf(account: Account, scopes: string[]): Promise<{ secret: string; id: string }> {
  const res = await app.api('POST', '/tokens', { token: account.token, body: { name: scopes.join('+'), expires_at: new Date(Date.now() + 86_400_000).toISOString(), scopes } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { secret: res.body.token, id: res.body.access_token.id };
}

beforeAll(async () => {
  app = await startTestApp();
  owner = await registerUser(app);
  accounts = { maintainer: await registerUser(app), developer: await registerUser(app), viewer: await registerUser(app), nonMember: await registerUser(app) };
  expect((await app.api('PUT', '/settings/GITHUB_ORGANIZATION', { token: owner.token, body: { value: 'acme' } })).status).toBe(200);
  const created = await app.api('POST', '/projects', { token: owner.token, body: { name: 'Shared' } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect((await waitForRun(app, owner.token, created.body.id, { stream: 'project_creation' })).overall_status).toBe('completed');
  project = (await app.api('GET', `/projects/${created.body.id}`, { token: owner.token })).body;
  for (const role of ['maintainer', 'developer', 'viewer'] as const) {
    const added = await app.api('POST', `/projects/${project.id}/members`, { token: owner.token, body: { email: accounts[role].email, role } });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
  }
  bearer.owner = owner.token;
  gitPassword.owner = { username: owner.email, password: owner.password };
  for (const role of ['maintainer', 'developer', 'viewer', 'nonMember'] as const) {
    bearer[role] = accounts[role].token;
    gitPassword[role] = { username: accounts[role].email, password: accounts[role].password };
  }
  const read = await tokenOf(accounts.maintainer, ['read']);
  const write = await tokenOf(accounts.developer, ['read', 'write', 'deploy']);
  const revoked = await tokenOf(accounts.maintainer, ['read', 'write', 'deploy']);
  expect((await app.api('DELETE', `/tokens/${revoked.id}`, { token: accounts.maintainer.token })).status).toBe(200);
  Object.assign(bearer, { readToken: read.secret, writeToken: write.secret, revoked: revoked.secret });
  Object.assign(gitPassword, { readToken: { username: 'ci', password: read.secret }, writeToken: { username: 'ci', password: write.secret }, revoked: { username: 'ci', password: revoked.secret } });
}, 120_000);
afterAll(() => app?.stop());

const P = () => project.id;
const noVersion = { version_id: '00000000-0000-4000-8000-000000000000' };

const rest = (method: string, path: () => string, body?: unknown) => async (subject: Subject) => (await app.api(method, path(), { token: bearer[subject], body })).status;

const gql = (query: string, variables: () => Record<string, unknown> = () => ({ id: P() })) => async (subject: Subject) => {
  const res = await app.graphql(query, variables(), bearer[subject]);
  return res.errors?.length ? (res.errors[0].extensions?.code ?? 'error') : 'ok';
};

/** The first frame of a graphql-ws subscription to the project's pipeline: 'next', or the error's code. */
const subscription = async (subject: Subject): Promise<Outcome> => {
  const socket = new WebSocket(`${app.url.replace('http', 'ws')}/api/graphql`, 'graphql-transport-ws');
  socket.on('error', () => undefined);
  try {
    return await new Promise<Outcome>((resolve) => {
      socket.on('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${bearer[subject]}` } })));
      socket.on('close', (code) => resolve(`closed ${code}`));
      socket.on('message', (data) => {
        type GraphQLError = { extensions?: { code?: string } };
        const frame = JSON.parse(String(data)) as { type: string; payload?: GraphQLError[] | { errors?: GraphQLError[] } };
        if (frame.type === 'connection_ack') {
          socket.send(JSON.stringify({ type: 'subscribe', id: '1', payload: { query: 'subscription ($id: ID!) { projectPipeline(projectId: $id) { id } }', variables: { id: P() } } }));
        }
        // A refused subscription is a `next` carrying errors (its source failed) or an `error` frame.
        const errors = Array.isArray(frame.payload) ? frame.payload : frame.payload?.errors;
        if (frame.type === 'next' || frame.type === 'error') resolve(errors?.length ? (errors[0].extensions?.code ?? 'error') : frame.type);
      });
    });
  } finally {
    socket.close();
  }
};

/** Git's first request of a clone (upload-pack) or a push (receive-pack), with basic auth. */
const gitAdvertisement = (service: 'git-upload-pack' | 'git-receive-pack') => async (subject: Subject) => {
  const { username, password } = gitPassword[subject];
  const res = await fetch(`${project.clone_url}/info/refs?service=${service}`, { headers: { authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}` } });
  return res.status;
};

const listed = async (subject: Subject) => {
  const res = await app.api('GET', '/projects', { token: bearer[subject] });
  if (res.status !== 200) return res.status;
  return (res.body.projects as Array<{ id: string }>).some((p) => p.id === P()) ? 'listed' : 'absent';
};

/** Columns: owner, maintainer, developer, viewer, nonMember, readToken (a maintainer's), writeToken (a developer's), revoked. */
const TABLE: Array<[string, (subject: Subject) => Promise<Outcome>, Outcome[]]> = [
  ['REST read the project', rest('GET', () => `/projects/${P()}`), [200, 200, 200, 200, 404, 200, 200, 401]],
  ['REST list projects (includes shared ones)', listed, ['listed', 'listed', 'listed', 'listed', 'absent', 'listed', 'listed', 401]],
  ['REST update the project', rest('PUT', () => `/projects/${P()}`, { description: 'changed' }), [200, 200, 403, 403, 404, 403, 403, 401]],
  ['REST pipeline status', rest('GET', () => `/projects/${P()}/status`), [200, 200, 200, 200, 404, 200, 200, 401]],
  // A blank project has nothing to deploy: 409 for whoever gets as far as the deployment service.
  ['REST deploy', rest('POST', () => `/projects/${P()}/deployments`, noVersion), [409, 409, 409, 403, 404, 403, 409, 401]],
  ['REST list versions', rest('GET', () => `/projects/${P()}/versions`), [200, 200, 200, 200, 404, 200, 200, 401]],
  ['REST list members', rest('GET', () => `/projects/${P()}/members`), [200, 200, 200, 200, 404, 200, 200, 401]],
  ['REST change a member role', rest('PUT', () => `/projects/${P()}/members/${accounts.viewer.user.id}`, { role: 'viewer' }), [200, 200, 403, 403, 404, 403, 403, 401]],
  ['GraphQL read the project with its versions and deployments', gql('query ($id: ID!) { project(id: $id) { id versions { total } deployments { count } pipelineStatus { id buildVersion { id } } } }'), ['ok', 'ok', 'ok', 'ok', 'NOT_FOUND', 'ok', 'ok', 'UNAUTHENTICATED']],
  ['GraphQL update the project', gql('mutation ($id: ID!) { updateProject(id: $id, input: { description: "gql" }) { id } }'), ['ok', 'ok', 'FORBIDDEN', 'FORBIDDEN', 'NOT_FOUND', 'FORBIDDEN', 'FORBIDDEN', 'UNAUTHENTICATED']],
  ['GraphQL stop deployments (none running)', gql('mutation ($id: ID!) { stopDeployments(projectId: $id) { id } }'), ['ok', 'ok', 'ok', 'FORBIDDEN', 'NOT_FOUND', 'FORBIDDEN', 'ok', 'UNAUTHENTICATED']],
  ['GraphQL list members', gql('query ($id: ID!) { projectMembers(projectId: $id) { email role } }'), ['ok', 'ok', 'ok', 'ok', 'NOT_FOUND', 'ok', 'ok', 'UNAUTHENTICATED']],
  [
    'GraphQL change a member role',
    gql('mutation ($id: ID!, $user: ID!) { updateProjectMember(projectId: $id, userId: $user, role: viewer) { role } }', () => ({ id: P(), user: accounts.viewer.user.id })),
    ['ok', 'ok', 'FORBIDDEN', 'FORBIDDEN', 'NOT_FOUND', 'FORBIDDEN', 'FORBIDDEN', 'UNAUTHENTICATED'],
  ],
  ['graphql-ws follow the pipeline', subscription, ['next', 'next', 'next', 'next', 'NOT_FOUND', 'next', 'next', 'closed 4403']],
  ['git clone (upload-pack)', gitAdvertisement('git-upload-pack'), [200, 200, 200, 200, 404, 200, 200, 401]],
  ['git push (receive-pack)', gitAdvertisement('git-receive-pack'), [200, 200, 200, 403, 404, 403, 200, 401]],
];

describe('what each member and token may do on a project', () => {
  it.each(TABLE)('%s', async (_name, call, expected) => {
    const outcomes: Record<string, Outcome> = {};
    for (const subject of SUBJECTS) outcomes[subject] = await call(subject);
    expect(outcomes).toEqual(Object.fromEntries(SUBJECTS.map((subject, i) => [subject, expected[i]])));
  });
});

describe('managing members', () => {
  it('refuses an unknown email, the owner, a second membership and an unknown role, each with its field', async () => {
    const add = (body: unknown) => app.api('POST', `/projects/${P()}/members`, { token: owner.token, body });
    expect(await add({ email: 'nobody@example.com', role: 'viewer' })).toMatchObject({ status: 404, body: { error: 'No user has this email', field: 'email' } });
    expect(await add({ email: owner.email, role: 'viewer' })).toMatchObject({ status: 400, body: { field: 'email' } });
    expect(await add({ email: accounts.viewer.email.toUpperCase(), role: 'viewer' })).toMatchObject({ status: 409, body: { error: 'This user is already a member of the project' } });
    expect(await add({ email: accounts.nonMember.email, role: 'owner' })).toMatchObject({ status: 400, body: { field: 'role' } });
    const listed = await app.api('GET', `/projects/${P()}/members`, { token: accounts.viewer.token });
    expect(listed.body.members.map((m: { email: string; role: string }) => [m.email, m.role]).sort()).toEqual(
      [[accounts.maintainer.email, 'maintainer'], [accounts.developer.email, 'developer'], [accounts.viewer.email, 'viewer']].sort(),
    );
  });

  it("never shows a member the owner's provider settings", async () => {
    const mine = await app.api('GET', '/settings', { token: accounts.maintainer.token });
    expect(mine.status).toBe(200);
    expect(JSON.stringify(mine.body)).not.toContain('acme');
  });

  it('takes the project away from a removed member at once, and lets a maintainer (not a developer) delete it', async () => {
    const added = await app.api('POST', `/projects/${P()}/members`, { token: accounts.maintainer.token, body: { email: accounts.nonMember.email, role: 'developer' } });
    expect(added).toMatchObject({ status: 201, body: { email: accounts.nonMember.email, role: 'developer' } });
    expect((await app.api('GET', `/projects/${P()}`, { token: accounts.nonMember.token })).status).toBe(200);
    expect((await app.api('DELETE', `/projects/${P()}/members/${accounts.nonMember.user.id}`, { token: accounts.maintainer.token })).status).toBe(204);
    expect((await app.api('GET', `/projects/${P()}`, { token: accounts.nonMember.token })).body).toEqual({ error: 'Project not found', code: 'NOT_FOUND' });

    expect((await app.api('DELETE', `/projects/${P()}`, { token: accounts.developer.token })).status).toBe(403);
    expect((await app.api('DELETE', `/projects/${P()}`, { token: accounts.maintainer.token })).status).toBe(202);
  });
});
