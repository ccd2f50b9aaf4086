import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { crashableServer, eventually, getPage, pushBranch, waitForRun } from './helpers/project-runs.js';
import { once } from './helpers/scenario.js';
import { registerUser, startTestApp, type TestApp } from './helpers/test-app.js';

/**
 * Canary releases against a running Slipway: real builds of pushed branches, real app processes, every request through
 * the front door (`<app>.localhost` on Slipway's port). The project's creation deployment serves first; each `it`
 * deploys a canary over whatever serves then, so any `it` runs alone.
 */
let app: TestApp;
let owner: Awaited<ReturnType<typeof registerUser>>;
let stranger: Awaited<ReturnType<typeof registerUser>>;
let project: any;

const call = (method: string, route: string, body?: unknown, token = owner.token) => app.api(method, `/projects/${project.id}${route}`, { token, body });

/** A built version of a branch whose server answers `text` (with `status`) on /. */
const builtVersion = (tag: string, text: string, status = 200) =>
  once(async () => {
    const branch = `release-${tag.replaceAll('.', '-')}`;
    await pushBranch(project.repository_url, branch, { 'server.mjs': crashableServer(text, false, status) });
    const created = await call('POST', '/versions', { version_tag: tag, git_branch: branch });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    let built: any;
    await eventually(async () => {
      built = (await call('GET', `/versions/${created.body.id}`)).body;
      return built.status === 'ready' || built.build_status === 'failed';
    }, 120_000);
    expect(built.status).toBe('ready');
    return built;
  });
const alpha = builtVersion('v1.1.0', 'alpha');
const beta = builtVersion('v1.2.0', 'beta');
const gamma = builtVersion('v1.3.0', 'gamma');
const broken = builtVersion('v1.4.0', 'broken', 500);

const deployment = async (id: string) => (await call('GET', `/deployments/${id}`)).body;
const active = async () => (await call('GET', '/environments/production/active')).body;
const eventsOf = async (id: string): Promise<any[]> => (await call('GET', `/deployments/${id}/events`)).body.events;

/** Starts a canary of the version (5 s steps unless told) and answers it. */
async function startCanary(version: any, extra: Record<string, unknown> = {}): Promise<any> {
  const created = await call('POST', '/deployments', { version_id: version.id, deployment_strategy: 'canary', canary_step_seconds: 5, ...extra });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

/** Waits until the deployment has ended (no longer in progress) and its run is over; answers it. */
async function ended(id: string): Promise<any> {
  await eventually(async () => !['pending', 'deploying'].includes((await deployment(id)).status), 180_000);
  await waitForRun(app, owner.token, project.id, { stream: 'deployment', timeoutMs: 60_000 });
  return deployment(id);
}

/** What the app answers on / through the front door. */
const page = () => getPage(project.deployed_url, { headers: { connection: 'close' } });

/** Runs `work` while 4 loops request / back to back through the front door; answers what they got. */
async function underLoad<T>(work: () => Promise<T>): Promise<{ result: T; answers: Array<{ status: number; text: string }> }> {
  let running = true;
  const answers: Array<{ status: number; text: string }> = [];
  const loop = async () => {
    while (running) answers.push(await page().catch((error: unknown) => ({ status: 0, text: String(error) })));
  };
  const loops = Array.from({ length: 4 }, loop);
  try {
    await vi.waitFor(() => expect(answers.length).toBeGreaterThanOrEqual(4), { timeout: 10_000, interval: 10 });
    return { result: await work(), answers };
  } finally {
    running = false;
    await Promise.all(loops);
  }
}

beforeAll(async () => {
  app = await startTestApp({});
  owner = await registerUser(app);
  stranger = await registerUser(app);
  expect((await app.api('PUT', '/settings/GITHUB_ORGANIZATION', { token: owner.token, body: { value: 'acme' } })).status).toBe(200);
  const created = await app.api('POST', '/projects', { token: owner.token, body: { name: 'Canaried', template_name: 'static-site' } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const creation = await waitForRun(app, owner.token, created.body.id, { stream: 'project_creation' });
  expect(creation.overall_status, JSON.stringify(creation.processors)).toBe('completed');
  project = (await app.api('GET', `/projects/${created.body.id}`, { token: owner.token })).body;
}, 240_000);

afterAll(async () => {
  await app?.stop();
});

describe('canary releases', () => {
  it('goes 10 → 50 → 100 % under steady traffic with no failed request, the split observed, then serves alone', async () => {
    const version = await alpha();
    const stable = await active();
    const { result: canary, answers } = await underLoad(async () => {
      const started = await startCanary(version);
      expect(started).toMatchObject({ strategy: 'canary', status: 'pending', canary: { steps: [10, 50, 100], step_seconds: 5 } });
      // The traffic % of both deployments is the real split while the canary runs.
      await eventually(async () => {
        const now = await deployment(started.id);
        // Say why when the canary did not go on (its gate, on a busy machine).
        if (!['pending', 'deploying'].includes(now.status)) throw new Error(`the canary ended ${now.status}: ${now.error_message}`);
        return now.traffic_percent === 50 && (await deployment(stable.id)).traffic_percent === 50;
      }, 60_000);
      return ended(started.id);
    });
    expect(canary, canary.error_message).toMatchObject({ status: 'active', traffic_percent: 100, is_active: true, canary: { current_step: null } });
    expect(await deployment(stable.id)).toMatchObject({ status: 'superseded', traffic_percent: 0 });
    expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
    expect(answers.some((answer) => answer.text === 'alpha')).toBe(true);
    expect(answers.some((answer) => answer.text !== 'alpha')).toBe(true);
    expect((await page()).text).toBe('alpha');

    const events = await eventsOf(canary.id);
    const passed = events.filter((event) => event.type === 'healthy' && event.measurements);
    expect(passed.map((event) => event.measurements.percent)).toEqual([10, 50, 100]);
    // Counted, not drawn: the canary got its share of the first step's requests.
    const first = passed[0].measurements;
    expect(first.canary.requests / (first.canary.requests + first.stable.requests)).toBeCloseTo(0.1, 1);
    expect(first).toMatchObject({ canary: { errors: 0, error_rate: 0 }, stable: { errors: 0 } });
    expect(events.map((event) => event.type)).toEqual(expect.arrayContaining(['scheduled', 'started', 'traffic_shifted', 'drained', 'stopped']));
  }, 420_000);

  it('aborts a canary whose requests fail: all traffic back on stable, the measurements on the event', async () => {
    const version = await broken();
    const stable = await active();
    const { result: canary, answers } = await underLoad(async () => ended((await startCanary(version, { canary_step_seconds: 600 })).id));
    expect(canary).toMatchObject({ status: 'rolled_back', traffic_percent: 0, is_active: false });
    expect(canary.rollback_reason).toMatch(/^Automatic rollback: Canary aborted at 10 %: its error rate 100 % is more than 5 points above the stable revision's 0 %/);
    const failed = (await eventsOf(canary.id)).find((event) => event.type === 'failed');
    expect(failed.measurements).toMatchObject({ percent: 10, canary: { error_rate: 100 }, stable: { errors: 0, error_rate: 0 } });
    expect(failed.measurements.canary.requests).toBeGreaterThanOrEqual(20);
    expect(failed.measurements.stable.requests).toBeGreaterThan(failed.measurements.canary.requests);
    expect(failed.measurements.canary.p95_ms).toEqual(expect.any(Number));
    // Only the canary's answers failed, and the serving deployment has all the traffic again.
    expect(new Set(answers.filter((answer) => answer.status !== 200).map((answer) => `${answer.status} ${answer.text}`))).toEqual(new Set(['500 broken']));
    expect(await deployment(stable.id)).toMatchObject({ status: 'active', traffic_percent: 100 });
    for (let index = 0; index < 20; index++) expect((await page()).status).toBe(200);
  }, 420_000);

  it('promotes a canary by hand at once', async () => {
    const version = await beta();
    const stable = await active();
    const started = await startCanary(version, { canary_step_seconds: 600 });
    await eventually(async () => (await deployment(started.id)).canary.current_step === 0, 120_000);
    const promoted = await call('POST', `/deployments/${started.id}/promote`);
    expect(promoted.status, JSON.stringify(promoted.body)).toBe(200);
    expect(promoted.body.canary.requested_action).toBe('promote');
    expect(await ended(started.id)).toMatchObject({ status: 'active', traffic_percent: 100 });
    expect(await deployment(stable.id)).toMatchObject({ status: 'superseded', traffic_percent: 0 });
    expect((await page()).text).toBe('beta');
    expect((await call('POST', `/deployments/${started.id}/promote`)).status).toBe(409);
  }, 420_000);

  it('aborts a canary by hand (GraphQL): all traffic back on stable', async () => {
    const version = await gamma();
    const stable = await active();
    const before = (await page()).text;
    const started = await startCanary(version, { canary_step_seconds: 600, canary_steps: [50, 100] });
    await eventually(async () => (await deployment(started.id)).canary.current_step === 0, 120_000);
    expect((await deployment(stable.id)).traffic_percent).toBe(50);
    const aborted = await app.graphql('mutation($id: ID!) { abortCanary(id: $id) { id status canaryStep canarySteps } }', { id: started.id }, owner.token);
    expect(aborted.data?.abortCanary).toMatchObject({ id: started.id, canarySteps: [50, 100] });
    expect(await ended(started.id)).toMatchObject({ status: 'rolled_back', rollback_reason: 'Canary aborted by hand at 50 %' });
    expect(await deployment(stable.id)).toMatchObject({ status: 'active', traffic_percent: 100 });
    for (let index = 0; index < 10; index++) expect((await page()).text).toBe(before);
    const events = await eventsOf(started.id);
    expect(events.at(-1)).toMatchObject({ type: 'rolled_back', message: 'Aborted: the previous deployment keeps serving' });
  }, 420_000);

  it('refuses bad input with a clear 400, and a non-member gets 404', async () => {
    const version = await alpha();
    const refused = async (body: Record<string, unknown>) => {
      const answer = await call('POST', '/deployments', { version_id: version.id, ...body });
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      return answer.body.message ?? answer.body.error?.message ?? JSON.stringify(answer.body);
    };
    expect(await refused({ deployment_strategy: 'all_at_once' })).toMatch('Only the rolling and canary strategies are available');
    expect(await refused({ deployment_strategy: 'canary', canary_steps: [50, 10, 100] })).toMatch('canary_steps must be 1 to 5 whole percentages from 1 to 100, rising, the last one 100');
    expect(await refused({ deployment_strategy: 'canary', canary_steps: [10, 50] })).toMatch('the last one 100');
    expect(await refused({ deployment_strategy: 'canary', canary_step_seconds: 1 })).toMatch('canary_step_seconds must be an integer between 5 and 3600');
    expect(await refused({ canary_step_seconds: 30 })).toMatch('canary_step_seconds applies to the canary strategy only');
    const graph = await app.graphql(
      'mutation($p: ID!, $v: ID!) { createDeployment(projectId: $p, input: { versionId: $v, deploymentStrategy: canary, canaryStepSeconds: 4000 }) { id } }',
      { p: project.id, v: version.id },
      owner.token,
    );
    expect(graph.errors?.[0]).toMatchObject({ message: 'canary_step_seconds must be an integer between 5 and 3600', extensions: { code: 'BAD_USER_INPUT' } });

    const serving = await active();
    expect((await call('POST', `/deployments/${serving.id}/promote`)).status).toBe(409);
    expect((await call('POST', `/deployments/${serving.id}/abort`, undefined, stranger.token)).status).toBe(404);
    const strangers = await app.graphql('mutation($id: ID!) { promoteCanary(id: $id) { id } }', { id: serving.id }, stranger.token);
    expect(strangers.errors?.[0].extensions?.code).toBe('NOT_FOUND');
  }, 240_000);
});
