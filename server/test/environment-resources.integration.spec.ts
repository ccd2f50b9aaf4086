import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, waitForRun } from './helpers/project-runs.js';
import { refusal, registerUser, startTestApp, type TestApp } from './helpers/test-app.js';

/**
 * Issue 35, replicas and resources per environment (local mode): set over REST and GraphQL within their bounds (each
 * refusal a 400 naming the field, nothing changed), applied by a rolling update of the serving build (no rebuild),
 * the old per-deployment scaling route scaling the environment. Real PostgreSQL, real app processes.
 */
let app: TestApp;
let owner: Awaited<ReturnType<typeof registerUser>>;
let project: any;

const call = (method: string, route: string, body?: unknown) => app.api(method, `/projects/${project.id}${route}`, { token: owner.token, body });
const production = async () => (await call('GET', '/environments/production')).body;

/** Production's serving deployment once it is not `previous` and the environment is active again. */
async function servingAfter(previous: string): Promise<any> {
  let environment: any;
  await eventually(async () => {
    environment = await production();
    return environment.state === 'active' && environment.active_deployment?.id !== previous;
  }, 120_000).catch(async () => {
    // What the environment and its newest deployment said last, so that a failure here says why.
    const deployments = (await call('GET', '/deployments')).body;
    throw new Error(`production did not serve a new deployment within 120 s: ${JSON.stringify({ environment, deployments })}`);
  });
  return environment;
}

beforeAll(async () => {
  app = await startTestApp();
  owner = await registerUser(app);
  expect((await app.api('PUT', '/settings/GITHUB_ORGANIZATION', { token: owner.token, body: { value: 'acme' } })).status).toBe(200);
  const created = await app.api('POST', '/projects', { token: owner.token, body: { name: 'Sized', template_name: 'static-site' } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const creation = await waitForRun(app, owner.token, created.body.id, { stream: 'project_creation' });
  expect(creation.overall_status, JSON.stringify(creation.processors)).toBe('completed');
  project = (await app.api('GET', `/projects/${created.body.id}`, { token: owner.token })).body;
}, 240_000);

afterAll(() => app?.stop());

describe('replicas and resources per environment', () => {
  it.each([
    [{ replicas: 6 }, 'replicas must be an integer between 1 and 5', 'replicas'],
    [{ memory_limit_mb: 32 }, 'Memory limit must be a whole number from 64 to 8192 MB, or empty for none', 'memory_limit_mb'],
    [{ memory_request_mb: 9000 }, 'Memory request must be a whole number from 64 to 8192 MB, or empty for none', 'memory_request_mb'],
    [{ cpu_limit: 5 }, 'CPU limit must be a number from 0.05 to 4 cores (in steps of 0.01), or empty for none', 'cpu_limit'],
    [{ cpu_request: 0.01 }, 'CPU request must be a number from 0.05 to 4 cores (in steps of 0.01), or empty for none', 'cpu_request'],
    [{ cpu_request: 2, cpu_limit: 1 }, 'CPU request (2 cores) cannot be more than the CPU limit (1 cores)', 'cpu_request'],
    [{ memory_request_mb: 512, memory_limit_mb: 256 }, 'Memory request (512 MB) cannot be more than the memory limit (256 MB)', 'memory_request_mb'],
  ])('refuses %j with a 400 naming the field, changing nothing', async (body, message, field) => {
    const before = await production();
    expect(await call('PUT', '/environments/production', body)).toEqual(refusal(400, message, field));
    const after = await production();
    expect(after).toMatchObject({ replicas: before.replicas, cpu_request: before.cpu_request, memory_limit_mb: before.memory_limit_mb });
    expect(after.active_deployment?.id).toBe(before.active_deployment?.id);
  });

  it('rolls the serving build out again with the new replicas and limits, and the old scaling route scales the environment', async () => {
    const before = await production();
    expect(before).toMatchObject({ replicas: 1, cpu_request: null, cpu_limit: null, memory_request_mb: null, memory_limit_mb: null });
    const changed = await call('PUT', '/environments/production', { replicas: 2, cpu_request: 0.25, cpu_limit: 0.5, memory_limit_mb: 256 });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({ replicas: 2, cpu_request: 0.25, cpu_limit: 0.5, memory_request_mb: null, memory_limit_mb: 256 });
    const after = await servingAfter(before.active_deployment.id);
    // The same build (no rebuild), now with two instances.
    expect(after.active_deployment).toMatchObject({ version_id: before.active_deployment.version_id, replicas: 2 });
    // Each replica's state, over REST and GraphQL.
    let instances: any[] = [];
    await eventually(async () => {
      instances = (await call('GET', `/deployments/${after.active_deployment.id}/instances`)).body.instances;
      return instances.length === 2 && instances.every((instance) => instance.state === 'healthy');
    }, 30_000);
    expect(instances).toEqual([
      { instance: expect.stringMatching(/^r\d+-1$/), state: 'healthy', restarts: 0 },
      { instance: expect.stringMatching(/^r\d+-2$/), state: 'healthy', restarts: 0 },
    ]);
    const listed = await app.graphql('query($id: ID!) { deployment(id: $id) { instances { instance state restarts } } }', { id: after.active_deployment.id }, owner.token);
    expect(listed.data?.deployment.instances).toEqual(instances);

    // The per-deployment route still works, and the environment owns the number.
    const scaled = await call('PUT', `/deployments/${after.active_deployment.id}`, { replicas: 3 });
    expect(scaled.status, JSON.stringify(scaled.body)).toBe(200);
    await eventually(async () => (await production()).active_deployment?.replicas === 3 && (await production()).state === 'active', 120_000);
    expect((await production()).replicas).toBe(3);

    const graph = await app.graphql(
      'mutation($p: ID!) { updateEnvironment(projectId: $p, name: "production", input: { cpuRequest: null, cpuLimit: 1, memoryRequestMb: 128 }) { replicas cpuRequest cpuLimit memoryRequestMb memoryLimitMb } }',
      { p: project.id },
      owner.token,
    );
    expect(graph.data?.updateEnvironment).toEqual({ replicas: 3, cpuRequest: null, cpuLimit: 1, memoryRequestMb: 128, memoryLimitMb: 256 });
    await eventually(async () => (await production()).state === 'active', 120_000);
  }, 400_000);
});
