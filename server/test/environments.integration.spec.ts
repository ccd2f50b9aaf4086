import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, fetchApp, pushBranch, waitForRun } from './helpers/project-runs.js';
import { refusal, registerUser, startTestApp, type TestApp } from './helpers/test-app.js';

/**
 * Environments end to end on the local providers: production exists for every project and shows what the spec's
 * routes showed; staging is made by the owner, with its own variables (inherited unless overridden, sensitive ones
 * copied only when asked), its own app at its own front-door URL, its own deployments. Real PostgreSQL and HTTP.
 */
let app: TestApp;
let owner: Awaited<ReturnType<typeof registerUser>>;
let stranger: Awaited<ReturnType<typeof registerUser>>;
let project: any;

const call = (method: string, route: string, body?: unknown, token = owner.token) => app.api(method, `/projects/${project.id}${route}`, { token, body });

const greetingServer = `import { createServer } from 'node:http';
const server = createServer((req, res) => {
  if (req.url === '/health') return res.writeHead(200).end('ok');
  res.writeHead(200, { 'content-type': 'text/plain' }).end(process.env.GREETING ?? '');
});
server.listen(Number(process.env.PORT), '127.0.0.1');
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.close(() => process.exit(0)));
`;

beforeAll(async () => {
  app = await startTestApp();
  owner = await registerUser(app);
  stranger = await registerUser(app);
  expect((await app.api('PUT', '/settings/GITHUB_ORGANIZATION', { token: owner.token, body: { value: 'acme' } })).status).toBe(200);
  const created = await app.api('POST', '/projects', {
    token: owner.token,
    body: { name: 'Staged', template_name: 'static-site', environment_variables: { GREETING: 'hello-production', LOG_LEVEL: 'info' } },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const run = await waitForRun(app, owner.token, created.body.id, { stream: 'project_creation' });
  expect(run.overall_status, JSON.stringify(run.processors)).toBe('completed');
  project = (await app.api('GET', `/projects/${created.body.id}`, { token: owner.token })).body;
}, 240_000);

afterAll(async () => {
  await app?.stop();
});

describe('environments', () => {
  it('start with production: fed by main, auto-deploy on, serving the creation run’s deployment at the project’s URL', async () => {
    const list = await call('GET', '/environments');
    expect(list.status).toBe(200);
    expect(list.body.environments).toHaveLength(1);
    const [production] = list.body.environments;
    expect(production).toMatchObject({ name: 'production', branch: 'main', auto_deploy: true, state: 'active', url: project.deployed_url, health: 'healthy' });
    expect(production.active_deployment.id).toBe(project.active_deployment.id);
    expect(production.variables).toEqual([
      { name: 'GREETING', value: 'hello-production', sensitive: false, source: 'project' },
      { name: 'LOG_LEVEL', value: 'info', sensitive: false, source: 'project' },
    ]);
    // The spec's routes keep showing production.
    expect((await call('GET', '/environments/production/active')).body.id).toBe(project.active_deployment.id);
  });

  it('are created with their own variables over the project’s; bad input and other users are refused', async () => {
    const staging = await call('POST', '/environments', { name: 'staging', branch: 'develop', variables: { GREETING: 'hello-staging', API_TOKEN: 'tok-123' } });
    expect(staging.status, JSON.stringify(staging.body)).toBe(201);
    expect(staging.body).toMatchObject({ name: 'staging', branch: 'develop', auto_deploy: false, state: 'idle', url: null, active_deployment: null });
    expect(staging.body.variables).toEqual([
      { name: 'API_TOKEN', value: 'tok-123', sensitive: true, source: 'environment' },
      { name: 'GREETING', value: 'hello-staging', sensitive: false, source: 'environment' },
      { name: 'LOG_LEVEL', value: 'info', sensitive: false, source: 'project' },
    ]);
    expect(await call('POST', '/environments', { name: 'staging' })).toEqual(refusal(409, 'The project already has an environment named staging', 'name'));
    expect(await call('POST', '/environments', { name: 'Prod!' })).toEqual(
      refusal(400, 'environment must be 1 to 20 lower-case letters, digits or dashes, starting with a letter', 'name'),
    );
    expect(await call('POST', '/environments', { name: 'qa', branch: 'no spaces' })).toEqual(refusal(400, 'Branch name contains invalid characters', 'branch'));
    expect(await call('POST', '/environments', { name: 'qa' }, stranger.token)).toEqual(refusal(404, 'Project not found'));
    expect((await call('GET', '/environments/staging', undefined, stranger.token)).status).toBe(404);
    expect(await call('GET', '/environments/nowhere')).toEqual(refusal(404, 'Environment nowhere not found', 'environment'));
    expect((await call('GET', '/environments')).body.environments.map((row: any) => row.name)).toEqual(['production', 'staging']);
  });

  it('copy another environment’s variables without its sensitive ones, unless asked', async () => {
    const qa = await call('POST', '/environments', { name: 'qa', copy_variables_from: 'staging' });
    expect(qa.status, JSON.stringify(qa.body)).toBe(201);
    expect(qa.body.variables.map((variable: any) => [variable.name, variable.value, variable.source])).toEqual([
      ['GREETING', 'hello-staging', 'environment'],
      ['LOG_LEVEL', 'info', 'project'],
    ]);
    const withSecrets = await call('POST', '/environments', { name: 'qa-two', copy_variables_from: 'staging', copy_sensitive: true });
    expect(withSecrets.body.variables.find((variable: any) => variable.name === 'API_TOKEN')).toEqual({ name: 'API_TOKEN', value: 'tok-123', sensitive: true, source: 'environment' });
    expect((await call('DELETE', '/environments/qa-two')).status).toBe(200);
  });

  it('change their branch, auto-deploy and variables; a bad change changes nothing', async () => {
    const changed = await call('PUT', '/environments/qa', { branch: 'qa', auto_deploy: true, variables: { GREETING: 'hello-qa' } });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({ branch: 'qa', auto_deploy: true });
    expect(await call('PUT', '/environments/qa', { auto_deploy: 'yes' })).toMatchObject({ status: 400 });
    expect(await call('PUT', '/environments/qa', { variables: { '1BAD': 'x' } })).toMatchObject({ status: 400, body: { field: 'variables' } });
    expect((await call('GET', '/environments/qa')).body).toMatchObject({ branch: 'qa', auto_deploy: true, variables: [expect.objectContaining({ name: 'GREETING', value: 'hello-qa' }), expect.anything()] });
  });

  it('deploy to their own app at <app>-<env>.localhost with their own variables, while production keeps serving', async () => {
    await pushBranch(project.repository_url, 'greeting', { 'server.mjs': greetingServer });
    const version = await call('POST', '/versions', { version_tag: 'v1.0.0', git_branch: 'greeting' });
    expect(version.status, JSON.stringify(version.body)).toBe(201);
    await eventually(async () => (await call('GET', `/versions/${version.body.id}`)).body.status === 'ready', 120_000);
    expect(await call('POST', '/deployments', { version_id: version.body.id, environment: 'nowhere' })).toEqual(refusal(404, 'Environment nowhere not found', 'environment'));
    const deployment = await call('POST', '/deployments', { version_id: version.body.id, environment: 'staging' });
    expect(deployment.status, JSON.stringify(deployment.body)).toBe(201);
    await eventually(async () => (await call('GET', '/environments/staging')).body.state === 'active', 120_000);
    const staging = (await call('GET', '/environments/staging')).body;
    const appName = new URL(project.deployed_url).hostname.replace(/\.localhost$/, '');
    expect(new URL(staging.url).hostname).toBe(`${appName}-staging.localhost`);
    expect(staging.active_deployment).toMatchObject({ id: deployment.body.id, environment: 'staging' });
    expect(await fetchApp(staging.url)).toEqual({ status: 200, text: 'hello-staging' });
    // Production still serves the creation run's deployment, at its URL.
    const production = (await call('GET', '/environments/production')).body;
    expect(production.active_deployment.id).toBe(project.active_deployment.id);
    expect((await app.api('GET', `/projects/${project.id}`, { token: owner.token })).body.deployed_url).toBe(project.deployed_url);
    expect((await call('GET', '/deployments?environment=staging')).body.deployments.map((row: any) => row.id)).toEqual([deployment.body.id]);
    expect(await call('DELETE', '/environments/staging')).toEqual(
      refusal(409, 'staging has an active deployment or one in progress: stop it before deleting the environment'),
    );
    expect(await call('DELETE', '/environments/production')).toEqual(refusal(409, 'The production environment cannot be deleted'));
  });

  it("promote the exact build serving one environment to another (same version and artifact, no rebuild), with the target's variables", async () => {
    const staging = (await call('GET', '/environments/staging')).body;
    const versionsBefore = (await call('GET', '/versions')).body.total;
    const plan = await call('GET', '/environments/production/promotion?from=staging');
    expect(plan.status, JSON.stringify(plan.body)).toBe(200);
    expect(plan.body).toMatchObject({ from: 'staging', to: 'production', deployment: { id: staging.active_deployment.id }, current: { id: project.active_deployment.id } });
    // Names only for sensitive variables; values for the others.
    expect(plan.body.variables).toEqual([
      { name: 'API_TOKEN', sensitive: true, source_value: null, target_value: null },
      { name: 'GREETING', sensitive: false, source_value: 'hello-staging', target_value: 'hello-production' },
    ]);
    // The commit range, read from the project's repository: staging's branch adds one commit to production's.
    const greeting = staging.active_deployment.version.git_commit_sha;
    expect(plan.body.commits).toEqual({ kind: 'forward', commits: [{ sha: greeting, message: 'On greeting', author: 'Test', date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) }], more: 0, behind: 0 });
    expect(await call('GET', '/environments/production/promotion?from=production')).toEqual(refusal(400, 'An environment cannot be promoted into itself', 'from'));
    expect(await call('GET', '/environments/production/promotion?from=qa')).toEqual(refusal(409, 'Nothing serves qa: there is no build to promote', 'from'));
    const promoted = await call('POST', '/environments/production/promote', { from: 'staging' });
    expect(promoted.status, JSON.stringify(promoted.body)).toBe(201);
    expect(promoted.body).toMatchObject({ environment: 'production', version_id: staging.active_deployment.version_id, status: 'pending' });
    await eventually(async () => (await call('GET', '/environments/production')).body.active_deployment?.id === promoted.body.id, 120_000);
    expect(await fetchApp(project.deployed_url)).toEqual({ status: 200, text: 'hello-production' });
    // No rebuild: no new version, and the one deployed still has its one artifact (its digest).
    expect((await call('GET', '/versions')).body.total).toBe(versionsBefore);
    const version = (await call('GET', `/versions/${staging.active_deployment.version_id}`)).body;
    expect(version.artifacts).toHaveLength(1);
    expect((await call('GET', '/status')).body.processors.map((step: any) => step.processor_name)).toEqual(['prepare-deployment', 'roll-out', 'activate-deployment']);
  });

  it('show the commit range before a promotion: the same commit, a rollback (the target ahead), in REST and GraphQL', async () => {
    const greeting = (await call('GET', '/environments/staging')).body.active_deployment.version.git_commit_sha;
    expect((await call('GET', '/environments/staging/promotion?from=production')).body.commits).toEqual({ kind: 'same', commits: [], more: 0, behind: 0 });
    // qa runs the creation's build (main's first commit): promoting it into production takes staging's commit away.
    const first = await call('POST', '/deployments', { version_id: project.active_deployment.version_id, environment: 'qa' });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    await eventually(async () => (await call('GET', '/environments/qa')).body.state === 'active', 120_000);
    expect((await call('GET', '/environments/production/promotion?from=qa')).body.commits).toMatchObject({ kind: 'rollback', commits: [{ sha: greeting, message: 'On greeting' }], more: 0, behind: 1 });
    const { data, errors } = await app.graphql(
      `query ($id: ID!) { promotionPlan(projectId: $id, name: "qa", from: "production") { commits { kind more behind commits { sha message author date } } } }`,
      { id: project.id },
      owner.token,
    );
    expect(errors).toBeUndefined();
    expect(data.promotionPlan.commits).toMatchObject({ kind: 'forward', more: 0, behind: 0, commits: [{ sha: greeting, message: 'On greeting', author: 'Test' }] });
  });

  it('roll out a new deployment of the same build when only their variables change', async () => {
    const before = (await call('GET', '/environments/staging')).body.active_deployment;
    const changed = await call('PUT', '/environments/staging', { variables: { GREETING: 'hello-again', API_TOKEN: 'tok-123' } });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    let after: any;
    await eventually(async () => {
      after = (await call('GET', '/environments/staging')).body.active_deployment;
      return after && after.id !== before.id;
    }, 120_000);
    expect(after.version_id).toBe(before.version_id);
    expect(await fetchApp(after.deployed_url)).toEqual({ status: 200, text: 'hello-again' });
    expect((await call('GET', '/status')).body.processors.map((step: any) => step.processor_name)).not.toContain('build-version');
  });

  it('take a token with the deploy scope to change (a change deploys), and read with any token', async () => {
    const token = async (scopes: string[]) =>
      (await app.api('POST', '/tokens', { token: owner.token, body: { name: scopes.join('+'), expires_at: new Date(Date.now() + 86_400_000).toISOString(), scopes } })).body.token as string;
    const [write, both] = [await token(['write']), await token(['write', 'deploy'])];
    expect(await call('PUT', '/environments/qa', { auto_deploy: false }, write)).toEqual(refusal(403, 'This token lacks the deploy scope'));
    expect(await call('POST', '/environments/production/promote', { from: 'staging' }, write)).toEqual(refusal(403, 'This token lacks the deploy scope'));
    expect((await call('GET', '/environments/qa', undefined, write)).body.auto_deploy).toBe(true);
    expect((await call('PUT', '/environments/qa', { auto_deploy: false }, both)).body.auto_deploy).toBe(false);
  });

  it('are in GraphQL too, from the same service', async () => {
    const { data, errors } = await app.graphql(
      `query ($id: ID!) { environments(projectId: $id) { name branch autoDeploy state url health variables { name value sensitive source } deployments(limit: 5) { environment status } } }`,
      { id: project.id },
      owner.token,
    );
    expect(errors).toBeUndefined();
    expect(data.environments.map((row: any) => row.name)).toEqual(['production', 'qa', 'staging']);
    expect(data.environments[2]).toMatchObject({ branch: 'develop', autoDeploy: false, state: 'active', health: 'healthy', deployments: [{ environment: 'staging', status: 'active' }, { environment: 'staging', status: 'superseded' }] });
    const created = await app.graphql(
      `mutation ($id: ID!) { createEnvironment(projectId: $id, input: { name: "preview-one", branch: "feature/x", variables: [{ name: "GREETING", value: "hi" }] }) { name branch state variables { name source } } }`,
      { id: project.id },
      owner.token,
    );
    expect(created.errors).toBeUndefined();
    expect(created.data.createEnvironment).toMatchObject({ name: 'preview-one', branch: 'feature/x', state: 'idle' });
    const updated = await app.graphql(`mutation ($id: ID!) { updateEnvironment(projectId: $id, name: "preview-one", input: { autoDeploy: true }) { autoDeploy branch } }`, { id: project.id }, owner.token);
    expect(updated.data.updateEnvironment).toEqual({ autoDeploy: true, branch: 'feature/x' });
    const removed = await app.graphql(`mutation ($id: ID!) { deleteEnvironment(projectId: $id, name: "preview-one") }`, { id: project.id }, owner.token);
    expect(removed.data.deleteEnvironment).toBe(true);
    const foreign = await app.graphql(`query ($id: ID!) { environments(projectId: $id) { name } }`, { id: project.id }, stranger.token);
    expect(foreign.errors?.[0].extensions?.code).toBe('NOT_FOUND');
  });
});
