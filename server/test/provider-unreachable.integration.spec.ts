import { once } from 'node:events';
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCloudFakes, type CloudFakes } from './helpers/cloud-fakes.js';
import { waitForRun } from './helpers/project-runs.js';
import { registerUser, startTestApp, type TestApp } from './helpers/test-app.js';

/**
 * A GitHub that cannot be reached, as a user meets it: a project created while GitHub answered, then a version
 * asked of an API process whose GitHub is a closed port, a name that does not resolve, or a server that never
 * answers. REST and GraphQL both answer 502 PROVIDER_UNREACHABLE naming the host, never 500, and nothing is made.
 */
let fakes: CloudFakes;
let owner: { token: string };
let projectId: string;
/** The project's versions after its creation, which no refused create may change. */
let versionsAfterCreation: unknown;
let silent: Server;
const held: Socket[] = [];
const apps: TestApp[] = [];

const CREATE_VERSION = 'mutation ($projectId: ID!, $input: CreateVersionInput!) { createVersion(projectId: $projectId, input: $input) { id } }';

async function listening(server: Server): Promise<number> {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return (server.address() as { port: number }).port;
}

beforeAll(async () => {
  fakes = await startCloudFakes({ name: 'unreachable' });
  const token = `ghp_unreachable_${Date.now().toString(36)}`;
  const organization = `unreachable-${Date.now().toString(36)}`;
  fakes.github.addToken(token, { login: 'ada', scopes: ['repo', 'workflow', 'delete_repo'] });
  fakes.github.addOrganization(organization, { members: [{ login: 'ada', role: 'admin' }] });
  owner = await registerUser(fakes.app);
  expect((await fakes.app.api('PUT', '/settings', { token: owner.token, body: { settings: { GITHUB_TOKEN: token, GITHUB_ORGANIZATION: organization } } })).status).toBe(200);
  const created = await fakes.app.api('POST', '/projects', { token: owner.token, body: { name: 'Far Away', description: 'On GitHub', template_name: 'static-site' } });
  expect(created.status).toBe(201);
  projectId = created.body.id;
  expect((await waitForRun(fakes.app, owner.token, projectId, { stream: 'project_creation' })).overall_status).toBe('completed');
  versionsAfterCreation = (await fakes.app.api('GET', `/projects/${projectId}/versions`, { token: owner.token })).body;
  // Accepts connections and never says a word.
  silent = createServer((socket) => void held.push(socket));
}, 240_000);

afterAll(async () => {
  for (const socket of held) socket.destroy();
  silent?.close();
  for (const app of apps) await app.stop();
  await fakes?.close();
});

/** An API process on the same database whose GitHub is at `githubUrl`, giving up on a silent server after 1 s. */
async function apiWithGitHubAt(githubUrl: string): Promise<TestApp> {
  const app = await startTestApp({
    databaseUrl: fakes.app.databaseUrl,
    role: 'api',
    env: { SLIPWAY_GITHUB_API_URL: githubUrl, SLIPWAY_PROVIDER_TIMEOUT_SECONDS: '1' },
  });
  apps.push(app);
  return app;
}

async function closedPortUrl(): Promise<string> {
  const server = createServer();
  const port = await listening(server);
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

describe('a GitHub that cannot be reached', () => {
  it.each([
    ['a closed port', closedPortUrl, 'connection refused (ECONNREFUSED)'],
    ['a name that does not resolve', async () => 'http://api.github.invalid', 'host name not found (ENOTFOUND)'],
    ['a server that never answers', async () => `http://127.0.0.1:${await listening(silent)}`, 'no answer within 1 s'],
  ])('answers 502 PROVIDER_UNREACHABLE naming the host, over REST and GraphQL, for %s', async (_case, urlOf, why) => {
    const githubUrl = await urlOf();
    const app = await apiWithGitHubAt(githubUrl);
    const message = `Could not reach GitHub at ${githubUrl} to read the repository: ${why}`;

    const [rest, graphql] = await Promise.all([
      app.api('POST', `/projects/${projectId}/versions`, { token: owner.token, body: { version_tag: 'v1.0.0', git_branch: 'main' } }),
      app.graphql(CREATE_VERSION, { projectId, input: { versionTag: 'v1.0.1', gitBranch: 'main' } }, owner.token),
    ]);

    expect(rest).toEqual({ status: 502, body: { error: message, code: 'PROVIDER_UNREACHABLE' } });
    expect(graphql.errors).toEqual([expect.objectContaining({ message, extensions: { code: 'PROVIDER_UNREACHABLE', reason: 'GITHUB_UNREACHABLE' } })]);
    expect(graphql.data).toBeNull();
    expect((await fakes.app.api('GET', `/projects/${projectId}/versions`, { token: owner.token })).body).toEqual(versionsAfterCreation);
  }, 120_000);
});
