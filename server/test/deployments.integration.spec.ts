import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { appGone, eventually, fetchApp, getPage, pushBranch, waitForRun } from './helpers/project-runs.js';
import { once } from './helpers/scenario.js';
import { refusal, registerUser, startTestApp, type TestApp } from './helpers/test-app.js';

/**
 * Deployments end to end on the local providers: a static-site project whose versions are real builds of branches
 * pushed to its git repository, deployed as real processes behind the app's stable URL. Each release's server
 * answers its release name on / and the GREETING environment variable on /greeting, so a test sees which version
 * AND which environment serve. Real PostgreSQL, real HTTP and WebSocket. The rollouts are steps of one history
 * (v1, v2, the rollback to v1, a crashing v3) that each `it` asks for (`once`), so any `it` runs alone.
 */
let app: TestApp;
let dataDir: string;
let owner: Awaited<ReturnType<typeof registerUser>>;
let stranger: Awaited<ReturnType<typeof registerUser>>;
let project: any;
const versions: Record<string, any> = {};
/** The creation run's deployment: the first way back. */
let initial: any;

const call = (method: string, route: string, body?: unknown, token = owner.token) => app.api(method, `/projects/${project.id}${route}`, { token, body });
const deploymentCall = (method: string, id: string, suffix = '', body?: unknown, token = owner.token) => call(method, `/deployments/${id}${suffix}`, body, token);

/** A release's server: its name on /, GREETING on /greeting, /health; `crash` makes it exit at start (a missing setting). */
function serverSource(release: string, crash = false, listenAfterMs = 0): string {
  return `import { createServer } from 'node:http';
${crash ? "throw new Error('DATABASE_URL is not set');\n" : ''}const server = createServer((req, res) => {
  const { pathname } = new URL(req.url ?? '/', 'http://localhost');
  if (pathname === '/health') return res.writeHead(200).end('ok');
  if (pathname === '/greeting') return res.writeHead(200, { 'content-type': 'text/plain' }).end(process.env.GREETING ?? '');
  res.writeHead(200, { 'content-type': 'text/plain' }).end(${JSON.stringify(release)});
});
setTimeout(() => server.listen(Number(process.env.PORT), '127.0.0.1'), ${listenAfterMs});
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.close(() => process.exit(0)));
`;
}

/** Creates the version from the branch; answers it once built (or answers it at once with `wait` false). */
async function version(tag: string, branch: string, wait = true): Promise<any> {
  const created = await call('POST', '/versions', { version_tag: tag, git_branch: branch });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  if (!wait) return created.body;
  let built: any;
  await eventually(async () => {
    built = (await call('GET', `/versions/${created.body.id}`)).body;
    return built.status === 'ready' || built.build_status === 'failed';
  }, 120_000);
  expect(built.status).toBe('ready');
  return built;
}

/**
 * Polls the deployment until it has left pending/deploying/rolling_back/cleaning_up and its run has ended (the
 * deployment is active once the new revision takes the traffic; its run ends after the old one drained); answers it.
 */
async function settled(id: string): Promise<any> {
  await eventually(async () => !['pending', 'deploying', 'rolling_back', 'cleaning_up'].includes((await deploymentCall('GET', id)).body.status), 120_000);
  await eventually(async () => (await app.api('GET', `/projects/${project.id}/status`, { token: owner.token })).body.overall_status !== 'running', 60_000);
  return (await deploymentCall('GET', id)).body;
}

/**
 * Runs `work` while 8 loops send GET requests to the URL back to back (each request on a new connection, as
 * separate clients would); answers how many were sent and every one that failed (an error or a non-200).
 */
async function underLoad<T>(url: string, work: () => Promise<T>): Promise<{ result: T; requests: number; failures: string[]; bodies: Set<string> }> {
  let running = true;
  let requests = 0;
  let answered = 0;
  const failures: string[] = [];
  const bodies = new Set<string>();
  const loop = async () => {
    while (running) {
      requests++;
      try {
        const { status, text } = await getPage(url, { headers: { connection: 'close' }, timeoutMs: 10_000 });
        if (status !== 200) failures.push(`${status} ${text.slice(0, 80)}`);
        else bodies.add(text);
      } catch (error) {
        failures.push(String(error));
      }
      answered++;
    }
  };
  const loops = Array.from({ length: 8 }, loop);
  try {
    // Traffic flows before the work starts and goes on after it ends: a round of answers on each side of it.
    await vi.waitFor(() => expect(answered).toBeGreaterThanOrEqual(8), { timeout: 10_000, interval: 10 });
    const result = await work();
    const after = answered;
    await vi.waitFor(() => expect(answered).toBeGreaterThanOrEqual(after + 8), { timeout: 10_000, interval: 10 });
    return { result, requests, failures, bodies };
  } finally {
    running = false;
    await Promise.all(loops);
  }
}

const body = async (route = '/') => {
  const answer = await fetchApp(project.deployed_url, route);
  return answer === 'refused' ? 'refused' : answer.text;
};

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'slipway-deployments-'));
  chmodSync(dataDir, 0o711);
  app = await startTestApp({ dataDir });
  owner = await registerUser(app);
  stranger = await registerUser(app);
  expect((await app.api('PUT', '/settings/GITHUB_ORGANIZATION', { token: owner.token, body: { value: 'acme' } })).status).toBe(200);
  const created = await app.api('POST', '/projects', {
    token: owner.token,
    body: { name: 'Deployed', description: 'Rolls out', template_name: 'static-site', environment_variables: { GREETING: 'hello-one' } },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const run = await waitForRun(app, owner.token, created.body.id, { stream: 'project_creation' });
  expect(run.overall_status, JSON.stringify(run.processors.filter((step: any) => step.status !== 'completed'))).toBe('completed');
  project = (await app.api('GET', `/projects/${created.body.id}`, { token: owner.token })).body;
  await pushBranch(project.repository_url, 'release-one', { 'server.mjs': serverSource('one') });
  await pushBranch(project.repository_url, 'release-two', { 'server.mjs': serverSource('two') });
  await pushBranch(project.repository_url, 'release-crash', { 'server.mjs': serverSource('three', true) });
  await pushBranch(project.repository_url, 'release-slow', { 'server.mjs': serverSource('four', false, 20_000) });
  versions.one = await version('v1.0.0', 'release-one');
  versions.two = await version('v2.0.0', 'release-two');
  initial = (await call('GET', '/deployments')).body.deployments[0];
}, 300_000);

afterAll(async () => {
  await app?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** v1 rolled out under load, the refusal of a second deployment meanwhile included. */
const rolloutOne = once(async () => {
  const started = Date.now();
  const load = await underLoad(project.deployed_url, async () => {
    const created = await call('POST', '/deployments', { version_id: versions.one.id, deployment_strategy: 'rolling' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ status: 'pending', strategy: 'rolling', environment: 'production', is_active: false, version: { version_tag: 'v1.0.0' } });
    expect(await call('POST', '/deployments', { version_id: versions.two.id })).toEqual(
      refusal(409, 'A deployment to production is already in progress: wait for it to finish'),
    );
    return settled(created.body.id);
  });
  return { ...load, started };
});

/** Then v2 with GREETING changed to hello-two, under load. */
const rolloutTwo = once(async () => {
  await rolloutOne();
  expect((await app.api('PUT', `/projects/${project.id}`, { token: owner.token, body: { environment_variables: { GREETING: 'hello-two' } } })).status).toBe(200);
  return underLoad(project.deployed_url, async () => {
    const created = await call('POST', '/deployments', { version_id: versions.two.id, deployment_strategy: 'rolling' });
    expect(created.status).toBe(201);
    return settled(created.body.id);
  });
});

/** Then v2 rolled back to v1, under load: a deployment of its own (`back`), serving from then on. */
const rollbackToOne = once(async () => {
  const first = (await rolloutOne()).result;
  const second = (await rolloutTwo()).result;
  return underLoad(project.deployed_url, async () => {
    const answer = await deploymentCall('POST', second.id, '/rollback', { target_deployment_id: first.id, reason: 'Manual rollback via UI' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(202);
    expect(answer.body).toMatchObject({ id: second.id, status: 'rolling_back', rollback_reason: 'Manual rollback via UI' });
    const restoring = (await call('GET', '/deployments?limit=1')).body.deployments[0];
    expect(restoring).toMatchObject({ status: expect.stringMatching(/^(pending|deploying|active)$/), restores_deployment_id: first.id, version: { version_tag: 'v1.0.0' } });
    return settled(restoring.id);
  });
});

/** Then v3, whose server exits at start, under load: rolled back automatically. */
const crashingRollout = once(async () => {
  await rollbackToOne();
  const crashing = await version('v3.0.0', 'release-crash');
  return underLoad(project.deployed_url, async () => {
    const created = await call('POST', '/deployments', { version_id: crashing.id });
    expect(created.status).toBe(201);
    return settled(created.body.id);
  });
});

/** The history's deployments, each step before them done. */
async function history() {
  await crashingRollout();
  return { first: (await rolloutOne()).result, second: (await rolloutTwo()).result, back: (await rollbackToOne()).result };
}

describe('deployments of a static-site project', () => {
  it("starts with the creation run's first deployment: strategy initial, active, with its events", async () => {
    const list = await call('GET', '/deployments');
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ count: 1, page: 1, limit: 10, total_pages: 1 });
    const listed = list.body.deployments[0];
    expect(listed.id).toBe(initial.id);
    expect(listed).toMatchObject({
      environment: 'production',
      status: 'active',
      strategy: 'initial',
      deployment_strategy: 'initial',
      traffic_percent: 100,
      traffic_percentage: 100,
      health: 'healthy',
      is_active: true,
      deployed_url: project.deployed_url,
      deployment_url: project.deployed_url,
      config: { replicas: 1 },
      version: { version_tag: 'v0.1.0', git_commit_sha: project.build_commit },
      rollback_target_id: null,
      rollback_reason: null,
      kubernetes_namespace: expect.stringMatching(/^[a-z0-9-]+$/),
    });
    expect(listed).toMatchObject({ kubernetes_deployment_name: `${listed.kubernetes_namespace}-r1`, kubernetes_service_name: `${listed.kubernetes_namespace}-proxy` });
    expect(listed.duration_seconds).toBeGreaterThanOrEqual(0);
    const events = (await deploymentCall('GET', listed.id, '/events')).body.events.map((event: any) => event.type);
    expect(events).toEqual(['scheduled', 'started', 'healthy', 'traffic_shifted']);
  });

  it('refuses bad requests with a clear 4xx and changes nothing', async () => {
    const before = (await call('GET', '/deployments')).body.count;
    const building = await version('v1.5.0', 'release-one', false);
    expect(await call('POST', '/deployments', { version_id: building.id, deployment_strategy: 'rolling' })).toEqual(
      refusal(409, 'Only a built version can be deployed: v1.5.0 is not built', 'version_id'),
    );
    expect(await call('POST', '/deployments', { deployment_strategy: 'rolling' })).toEqual(refusal(400, 'version_id is required', 'version_id'));
    expect(await call('POST', '/deployments', { version_id: versions.one.id, deployment_strategy: 'blue-green' })).toEqual(
      refusal(400, 'deployment_strategy must be one of rolling, canary', 'deployment_strategy'),
    );
    expect(await call('POST', '/deployments', { version_id: versions.one.id, deployment_strategy: 'canary', canary_steps: [50, 10] })).toEqual(
      refusal(400, 'canary_steps must be 1 to 5 whole percentages from 1 to 100, rising, the last one 100 (e.g. [10, 50, 100])', 'canary_steps'),
    );
    expect((await call('POST', '/deployments', { version_id: versions.one.id, color: 'red' })).status).toBe(400);
    expect((await call('POST', '/deployments', { version_id: versions.one.id, environment: 'Prod!' })).status).toBe(400);
    expect(await call('POST', '/deployments', { version_id: '00000000-0000-4000-8000-000000000000' })).toEqual(refusal(404, 'Version not found'));
    expect((await call('POST', `/versions/${versions.two.id}/archive`)).status).toBe(200);
    expect(await call('POST', '/deployments', { version_id: versions.two.id })).toEqual(refusal(409, 'Version v2.0.0 is archived: restore it before deploying it', 'version_id'));
    expect((await call('POST', `/versions/${versions.two.id}/restore`)).status).toBe(200);
    expect((await call('GET', '/deployments?limit=0')).status).toBe(400);
    expect((await call('GET', '/deployments?status=sleeping')).status).toBe(400);
    expect((await call('GET', '/deployments?sort_by=name')).status).toBe(400);
    expect((await call('GET', '/deployments')).body.count).toBe(before);
    await eventually(async () => (await call('GET', `/versions/${building.id}`)).body.status === 'ready', 120_000);
  });

  it('rolls out v1 with zero failed requests; the replaced deployment is superseded, keeps its times and becomes the rollback target', async () => {
    const { result: first, requests, failures, bodies, started } = await rolloutOne();
    expect(failures, `${failures.length} of ${requests} failed`).toEqual([]);
    expect(requests).toBeGreaterThan(50);
    expect(bodies.has('one')).toBe(true);
    expect(first).toMatchObject({ status: 'active', is_active: true, traffic_percent: 100, health: 'healthy', rollback_target_id: initial.id, deployed_url: project.deployed_url });
    // The local equivalents of Kubernetes' names: the app, the revision's processes, the stable proxy.
    expect(first).toMatchObject({
      kubernetes_namespace: initial.kubernetes_namespace,
      kubernetes_deployment_name: `${initial.kubernetes_namespace}-r2`,
      kubernetes_service_name: `${initial.kubernetes_namespace}-proxy`,
    });
    // Its duration is in seconds and within what this test saw of it.
    expect(first.duration_seconds).toBeLessThanOrEqual(Math.ceil((Date.now() - started) / 1000));
    expect(await body()).toBe('one');
    expect(await body('/greeting')).toBe('hello-one');
    expect((await deploymentCall('GET', initial.id)).body).toMatchObject({
      status: 'superseded',
      is_active: false,
      traffic_percent: 0,
      superseded_at: expect.any(String),
      rolled_back_at: null,
      activated_at: initial.activated_at,
      duration_seconds: initial.duration_seconds,
      rollback_reason: null,
    });
    expect((await deploymentCall('GET', initial.id, '/events')).body.events.at(-1)).toMatchObject({ type: 'superseded', message: 'Replaced by a newer deployment; kept as a way back' });
    expect((await app.api('GET', `/projects/${project.id}`, { token: owner.token })).body).toMatchObject({
      active_version: { id: versions.one.id, version_tag: 'v1.0.0' },
      active_deployment: { id: first.id },
      deployed_url: project.deployed_url,
    });
    const events = (await deploymentCall('GET', first.id, '/events')).body.events;
    expect(events.map((event: any) => event.type)).toEqual(['scheduled', 'started', 'healthy', 'traffic_shifted', 'drained', 'stopped']);
    expect(events[0]).toEqual({ id: expect.any(String), type: 'scheduled', message: expect.stringContaining('v1.0.0'), created_at: expect.any(String), measurements: null });
    const status = await deploymentCall('GET', first.id, '/status');
    expect(status.body).toEqual({
      id: first.id,
      status: 'active',
      health: 'healthy',
      traffic_percent: 100,
      is_active: true,
      error_message: null,
      deployed_url: project.deployed_url,
      updated_at: expect.any(String),
    });
  }, 120_000);

  it('rolls out v2 with the changed environment, then rolls back to v1 AND its environment as a new deployment, with zero failed requests', async () => {
    const first = (await rolloutOne()).result;
    const rollout = await rolloutTwo();
    expect(rollout.failures, `${rollout.failures.length} of ${rollout.requests} failed`).toEqual([]);
    const second = rollout.result;
    expect(second).toMatchObject({ status: 'active', rollback_target_id: first.id });
    expect((await deploymentCall('GET', first.id)).body).toMatchObject({ status: 'superseded', activated_at: first.activated_at });
    expect(await body()).toBe('two');
    expect(await body('/greeting')).toBe('hello-two');

    expect(await deploymentCall('POST', second.id, '/rollback', { target_deployment_id: second.id })).toEqual(
      refusal(409, 'This deployment cannot be rolled back to: it is the active deployment', 'target_deployment_id'),
    );
    expect(await deploymentCall('POST', first.id, '/rollback', { target_deployment_id: initial.id })).toEqual(refusal(409, 'Only the active deployment can be rolled back'));
    expect((await deploymentCall('POST', second.id, '/rollback', {})).status).toBe(400);

    const rollback = await rollbackToOne();
    expect(rollback.failures, `${rollback.failures.length} of ${rollback.requests} failed`).toEqual([]);
    expect(rollback.bodies).toEqual(new Set(['two', 'one']));
    const back = rollback.result;
    // Its own row in the history; its way back is v1's way back (the first deployment), not v2: rolling back again goes further back.
    expect(back).toMatchObject({ status: 'active', is_active: true, strategy: 'rolling', restores_deployment_id: first.id, rollback_target_id: initial.id, rolled_back_at: null });
    expect(back.id).not.toBe(first.id);
    expect(new Date(back.activated_at).getTime()).toBeGreaterThan(new Date(second.activated_at).getTime());
    expect((await deploymentCall('GET', second.id)).body).toMatchObject({ status: 'rolled_back', is_active: false, traffic_percent: 0, rollback_reason: 'Manual rollback via UI', rolled_back_at: expect.any(String), superseded_at: null });
    // The deployment it restored keeps its row as it was: status, times, duration.
    expect((await deploymentCall('GET', first.id)).body).toMatchObject({
      status: 'superseded',
      activated_at: first.activated_at,
      created_at: first.created_at,
      duration_seconds: first.duration_seconds,
      rolled_back_at: null,
    });
    expect((await call('GET', '/deployments')).body.deployments.map((row: any) => [row.version.version_tag, row.status])).toEqual([
      ['v1.0.0', 'active'],
      ['v2.0.0', 'rolled_back'],
      ['v1.0.0', 'superseded'],
      ['v0.1.0', 'superseded'],
    ]);
    expect((await app.api('GET', `/projects/${project.id}`, { token: owner.token })).body).toMatchObject({ active_deployment: { id: back.id }, active_version: { id: versions.one.id } });
    // The old image AND the environment it ran with, though the project's environment says otherwise now.
    expect(await body()).toBe('one');
    expect(await body('/greeting')).toBe('hello-one');
    expect((await app.api('GET', `/projects/${project.id}`, { token: owner.token })).body.environment_variables).toEqual({ GREETING: 'hello-two' });
    const secondEvents = (await deploymentCall('GET', second.id, '/events')).body.events.map((event: any) => event.type);
    expect(secondEvents.slice(-2)).toEqual(['scheduled', 'rolled_back']);
    const backEvents = (await deploymentCall('GET', back.id, '/events')).body.events;
    expect(backEvents[0]).toMatchObject({ type: 'scheduled', message: 'Rollback to v1.0.0 in production scheduled, with the environment variables it ran with: Manual rollback via UI' });

    // Only a deployment that served and was replaced is a way back.
    expect(await deploymentCall('POST', back.id, '/rollback', { target_deployment_id: back.id })).toEqual(
      refusal(409, 'This deployment cannot be rolled back to: it is the active deployment', 'target_deployment_id'),
    );
  }, 400_000);

  it('rolls back automatically when the new version never becomes healthy; the active one keeps serving', async () => {
    const back = (await rollbackToOne()).result;
    const { result, failures, requests } = await crashingRollout();
    expect(failures, `${failures.length} of ${requests} failed`).toEqual([]);
    expect(result).toMatchObject({
      status: 'rolled_back',
      is_active: false,
      traffic_percent: 0,
      health: 'unhealthy',
      error_message: expect.stringMatching(/^Revision \d+ did not become healthy: the process exited with code 1; revision \d+ keeps serving$/),
      rollback_reason: `Automatic rollback: ${result.error_message}`,
    });
    const events = (await deploymentCall('GET', result.id, '/events')).body.events.map((event: any) => event.type);
    expect(events).toEqual(['scheduled', 'started', 'unhealthy', 'failed', 'rolled_back']);
    expect((await deploymentCall('GET', back.id)).body).toMatchObject({ status: 'active', is_active: true });
    // A deployment that never served is no way back.
    expect(await deploymentCall('POST', back.id, '/rollback', { target_deployment_id: result.id })).toEqual(
      refusal(409, 'This deployment cannot be rolled back to: it never served', 'target_deployment_id'),
    );
    expect(await body()).toBe('one');
    // The step's further attempts see the deployment rolled back and fail at once.
    const pipeline = await waitForRun(app, owner.token, project.id, { stream: 'deployment', timeoutMs: 30_000 });
    expect(pipeline.overall_status).toBe('failed');
    expect(pipeline.processors.map((step: any) => [step.processor_name, step.status])).toEqual([
      ['prepare-deployment', 'completed'],
      ['roll-out', 'failed'],
      ['activate-deployment', 'skipped'],
    ]);
  }, 400_000);

  it('lists with filters, sort and paging; environment calls', async () => {
    const { first, second, back } = await history();
    const all = (await call('GET', '/deployments')).body;
    expect(all.count).toBe(5);
    expect(all.deployments.map((row: any) => row.version.version_tag)).toEqual(['v3.0.0', 'v1.0.0', 'v2.0.0', 'v1.0.0', 'v0.1.0']);
    expect((await call('GET', '/deployments?sort_order=ASC&limit=1&page=2')).body).toMatchObject({ count: 5, page: 2, limit: 1, total_pages: 5, deployments: [{ id: first.id }] });
    expect((await call('GET', '/deployments?status=rolled_back')).body.count).toBe(2);
    expect((await call('GET', '/deployments?status=superseded')).body.deployments.map((row: any) => row.id)).toEqual([first.id, initial.id]);
    expect((await call('GET', '/deployments?search=V2.0')).body.deployments.map((row: any) => row.id)).toEqual([second.id]);
    expect((await call('GET', '/deployments?search=did%20not%20become')).body.count).toBe(1);
    expect((await call('GET', '/deployments?sort_by=activated_at')).body.deployments.map((row: any) => row.id)).toEqual([back.id, second.id, first.id, initial.id, expect.any(String)]);
    expect((await call('GET', '/deployments?environment=staging')).body.count).toBe(0);
    const production = await call('GET', '/environments/production/deployments');
    expect(production.body).toEqual({ deployments: expect.any(Array), count: 5 });
    expect((await call('GET', '/environments/production/active')).body).toMatchObject({ id: back.id, status: 'active' });
    expect(await call('GET', '/environments/staging/active')).toEqual(refusal(404, 'No active deployment in staging'));
  }, 400_000);

  it('answers the same through GraphQL', async () => {
    const { first, second, back } = await history();
    const page = await app.graphql(
      `query ($id: ID!) { project(id: $id) {
         rolledBack: deployments(filter: { status: rolled_back, sortBy: created_at, sortOrder: ASC, limit: 1 }) {
           count page limit totalPages deployments { id status strategy health rollbackReason durationSeconds version { versionTag } events { type } pipeline { streamName overallStatus } } }
         superseded: deployments(filter: { status: superseded, sortBy: created_at, sortOrder: ASC }) { count deployments { id strategy supersededAt pipeline { streamName } } } } }`,
      { id: project.id },
      owner.token,
    );
    expect(page.errors).toBeUndefined();
    expect(page.data.project.rolledBack).toMatchObject({ count: 2, page: 1, limit: 1, totalPages: 2 });
    expect(page.data.project.rolledBack.deployments[0]).toMatchObject({
      id: second.id,
      status: 'rolled_back',
      rollbackReason: 'Manual rollback via UI',
      pipeline: { streamName: 'deployment', overallStatus: 'completed' },
    });
    expect(page.data.project.superseded).toMatchObject({ count: 2, deployments: [{ id: initial.id, strategy: 'initial', pipeline: null }, { id: first.id, strategy: 'rolling' }] });
    const one = await app.graphql(
      `query ($id: ID!) { deployment(id: $id) { id status health isActive version { id } events { id type message createdAt }
         restoresDeploymentId restores { id version { versionTag } } rollbackTargetId rollbackTarget { id status version { versionTag versionNumber } } } }`,
      { id: back.id },
      owner.token,
    );
    expect(one.errors).toBeUndefined();
    expect(one.data.deployment).toMatchObject({
      id: back.id,
      status: 'active',
      health: 'healthy',
      isActive: true,
      version: { id: versions.one.id },
      restoresDeploymentId: first.id,
      restores: { id: first.id, version: { versionTag: 'v1.0.0' } },
      rollbackTargetId: initial.id,
      rollbackTarget: { id: initial.id, status: 'superseded', version: { versionTag: 'v0.1.0', versionNumber: 1 } },
    });
    const active = await app.graphql(`query ($id: ID!) { activeDeployment(projectId: $id) { id } staging: activeDeployment(projectId: $id, environment: "staging") { id } }`, { id: project.id }, owner.token);
    expect(active.data).toEqual({ activeDeployment: { id: back.id }, staging: null });
    const refused = await app.graphql(`mutation ($id: ID!, $v: ID!) { createDeployment(projectId: $id, input: { versionId: $v, deploymentStrategy: canary, canaryStepSeconds: 1 }) { id } }`, { id: project.id, v: versions.two.id }, owner.token);
    expect(refused.errors?.[0]).toMatchObject({ message: 'canary_step_seconds must be an integer between 5 and 3600', extensions: { code: 'BAD_USER_INPUT' } });
    const rollbackRefused = await app.graphql(`mutation ($id: ID!, $t: ID!) { rollbackDeployment(id: $id, input: { targetDeploymentId: $t }) { id } }`, { id: second.id, t: initial.id }, owner.token);
    expect(rollbackRefused.errors?.[0]).toMatchObject({ message: 'Only the active deployment can be rolled back', extensions: { code: 'CONFLICT' } });
  }, 400_000);

  it('scales the active deployment with a rolling update of the same artifact', async () => {
    const back = (await rollbackToOne()).result;
    expect((await deploymentCall('PUT', back.id, '', { replicas: 9 })).status).toBe(400);
    expect((await deploymentCall('PUT', back.id, '', { status: 'active' })).status).toBe(400);
    const scaled = await app.graphql(`mutation ($id: ID!) { updateDeployment(id: $id, input: { replicas: 2 }) { id replicas status } }`, { id: back.id }, owner.token);
    expect(scaled.errors).toBeUndefined();
    expect(scaled.data.updateDeployment).toMatchObject({ replicas: 2, status: 'active' });
    await eventually(async () => (await app.api('GET', `/projects/${project.id}/status`, { token: owner.token })).body.overall_status === 'completed', 60_000);
    expect((await deploymentCall('GET', back.id)).body).toMatchObject({ status: 'active', config: { replicas: 2 }, is_active: true });
    expect(await body()).toBe('one');
    expect(await body('/greeting')).toBe('hello-one');
  }, 400_000);

  it("denies another user everything of the project's deployments (404) and changes nothing", async () => {
    const second = (await rolloutTwo()).result;
    const back = (await rollbackToOne()).result;
    // What the stranger's calls could change; the health monitor keeps updating the checks (and updated_at) meanwhile.
    const owned = async () => {
      const { health_checks: _checks, updated_at: _updated, ...rest } = (await deploymentCall('GET', back.id)).body;
      return rest;
    };
    const before = { back: await owned(), count: (await call('GET', '/deployments')).body.count };
    const token = stranger.token;
    const notFound = (status: number) => expect(status).toBe(404);
    notFound((await call('GET', '/deployments', undefined, token)).status);
    notFound((await call('POST', '/deployments', { version_id: versions.two.id }, token)).status);
    notFound((await deploymentCall('GET', back.id, '', undefined, token)).status);
    notFound((await deploymentCall('PUT', back.id, '', { replicas: 1 }, token)).status);
    notFound((await deploymentCall('DELETE', second.id, '', undefined, token)).status);
    notFound((await deploymentCall('POST', back.id, '/rollback', { target_deployment_id: second.id }, token)).status);
    notFound((await deploymentCall('GET', back.id, '/events', undefined, token)).status);
    notFound((await deploymentCall('GET', back.id, '/status', undefined, token)).status);
    notFound((await call('GET', '/environments/production/deployments', undefined, token)).status);
    notFound((await call('GET', '/environments/production/active', undefined, token)).status);
    notFound((await call('POST', '/deployments/stop', undefined, token)).status);
    notFound((await call('POST', '/deployments/archive', { older_than_days: 0 }, token)).status);
    const graphql = await app.graphql(
      `query ($d: ID!) { deployment(id: $d) { id } }`,
      { d: back.id },
      token,
    );
    expect(graphql.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    for (const mutation of [
      `mutation { rollbackDeployment(id: "${back.id}", input: { targetDeploymentId: "${second.id}" }) { id } }`,
      `mutation { deleteDeployment(id: "${second.id}") }`,
      `mutation { stopDeployments(projectId: "${project.id}") { id } }`,
      `mutation { archiveDeployments(projectId: "${project.id}", olderThanDays: 0) }`,
      `query { activeDeployment(projectId: "${project.id}") { id } }`,
    ]) {
      expect((await app.graphql(mutation, {}, token)).errors?.[0].extensions?.code, mutation).toBe('NOT_FOUND');
    }
    const subscription = createClient({ url: `${app.url.replace('http', 'ws')}/api/graphql`, webSocketImpl: WebSocket, connectionParams: { authorization: `Bearer ${token}` }, retryAttempts: 0 });
    const error = await new Promise<any>((resolve) => {
      subscription.subscribe({ query: `subscription { projectDeployments(projectId: "${project.id}") { id } }` }, { next: (result) => resolve(result.errors), error: resolve, complete: () => resolve(null) });
    });
    await subscription.dispose();
    expect(JSON.stringify(error)).toContain('Project not found');
    expect(await owned()).toEqual(before.back);
    expect((await call('GET', '/deployments')).body.count).toBe(before.count);
    expect(await body()).toBe('one');
  }, 400_000);

  it('deletes and archives only what neither serves nor runs', async () => {
    const { first, second, back } = await history();
    expect(await deploymentCall('DELETE', back.id)).toEqual(refusal(409, 'The active deployment cannot be deleted: stop it or deploy another version first'));
    const crashed = (await call('GET', '/deployments?search=v3.0.0')).body.deployments[0];
    expect(await deploymentCall('DELETE', crashed.id)).toEqual({ status: 200, body: { message: 'Deployment deleted' } });
    expect((await deploymentCall('GET', crashed.id)).status).toBe(404);
    expect((await call('POST', '/deployments/archive', {})).status).toBe(400);
    expect((await call('POST', '/deployments/archive', { older_than_days: -1 })).status).toBe(400);
    expect(await call('POST', '/deployments/archive', { older_than_days: 30 })).toEqual({ status: 200, body: { archived: 0 } });
    // The superseded ones (the first deployment and v1's) and the rolled-back v2.
    expect(await call('POST', '/deployments/archive', { older_than_days: 0 })).toEqual({ status: 200, body: { archived: 3 } });
    for (const archived of [initial, first, second]) expect((await deploymentCall('GET', archived.id)).body.status).toBe('archived');
    expect((await deploymentCall('GET', back.id)).body.status).toBe('active');
    expect((await app.graphql(`mutation ($id: ID!) { archiveDeployments(projectId: $id, olderThanDays: 0) }`, { id: project.id }, owner.token)).data).toEqual({ archiveDeployments: 0 });
    // An archived deployment is no way back.
    expect((await deploymentCall('POST', back.id, '/rollback', { target_deployment_id: second.id })).status).toBe(409);
  }, 400_000);

  it('never leaves a deployment in progress when its run is cancelled mid-rollout: it ends rolled back, the active one serves', async () => {
    const back = (await rollbackToOne()).result;
    const slow = await version('v4.0.0', 'release-slow');
    const created = await app.graphql(
      `mutation ($id: ID!, $v: ID!) { createDeployment(projectId: $id, input: { versionId: $v }) { id status strategy environment version { versionTag } } }`,
      { id: project.id, v: slow.id },
      owner.token,
    );
    expect(created.errors).toBeUndefined();
    expect(created.data.createDeployment).toMatchObject({ status: 'pending', strategy: 'rolling', environment: 'production', version: { versionTag: 'v4.0.0' } });
    const id = created.data.createDeployment.id;
    await eventually(async () => (await deploymentCall('GET', id, '/events')).body.events.some((event: any) => event.type === 'started'), 30_000);
    expect((await app.api('POST', `/projects/${project.id}/status/cancel`, { token: owner.token })).status).toBe(200);
    const ended = await settled(id);
    expect(ended).toMatchObject({ status: 'rolled_back', error_message: 'The deployment pipeline was cancelled', rollback_reason: 'Automatic rollback: The deployment pipeline was cancelled' });
    expect((await deploymentCall('GET', back.id)).body).toMatchObject({ status: 'active', is_active: true });
    expect(await body()).toBe('one');
  }, 400_000);

  it('stops the active deployment (cleaning_up, then archived), pushing each change over the subscription', async () => {
    const back = (await rollbackToOne()).result;
    const client = createClient({ url: `${app.url.replace('http', 'ws')}/api/graphql`, webSocketImpl: WebSocket, connectionParams: { authorization: `Bearer ${owner.token}` }, retryAttempts: 0 });
    const seen: any[] = [];
    const done = new Promise<void>((resolve, reject) => {
      const stop = client.subscribe(
        { query: `subscription ($id: ID!) { projectDeployments(projectId: $id) { id status isActive trafficPercent version { versionTag } } }`, variables: { id: project.id } },
        {
          next: (result) => {
            if (result.errors) return reject(new Error(JSON.stringify(result.errors)));
            const deployment = (result.data as any).projectDeployments;
            seen.push(deployment);
            if (seen.length === 1) {
              void call('POST', '/deployments/stop?environment=production').then((answer) => {
                expect(answer.status).toBe(200);
                expect(answer.body.deployments).toMatchObject([{ id: back.id, status: 'cleaning_up' }]);
              }, reject);
            }
            if (deployment.status === 'archived') {
              stop();
              resolve();
            }
          },
          error: reject,
          complete: () => resolve(),
        },
      );
    });
    await done;
    await client.dispose();
    expect(seen[0]).toMatchObject({ id: back.id, status: 'active', isActive: true, version: { versionTag: 'v1.0.0' } });
    expect(seen.map((row) => row.status)).toContain('cleaning_up');
    expect(seen.at(-1)).toMatchObject({ id: back.id, status: 'archived', isActive: false, trafficPercent: 0 });
    expect(await appGone(project.deployed_url)).toBe(true);
    expect((await call('GET', '/environments/production/active')).status).toBe(404);
    expect((await app.api('GET', `/projects/${project.id}`, { token: owner.token })).body).toMatchObject({ deployed_url: null, active_deployment: null, active_version: null });
    const events = (await deploymentCall('GET', back.id, '/events')).body.events.map((event: any) => event.type);
    expect(events.slice(-3)).toEqual(['scheduled', 'stopped', 'archived']);
    expect(await call('POST', '/deployments/stop')).toEqual({ status: 200, body: { deployments: [] } });
  }, 400_000);
});
