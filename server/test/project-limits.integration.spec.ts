import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, pushBranch, waitForRun } from './helpers/project-runs.js';
import { refusal, registerUser, startTestApp, type TestApp } from './helpers/test-app.js';

/**
 * Per-project sandbox limits (issue 30): the owner sets them on REST and GraphQL within the bounds of
 * @slipway/domain (bad values refused with a 400 naming the limit, nothing changed), the project's answers say how
 * its code is contained, and a build runs with the project's own limit: a test that floods memory is stopped with
 * the project's figure, not the server's default (512 MB).
 */
let app: TestApp;
let dataDir: string;
let owner: { token: string };
let projectId: string;

const MEMORY_ERROR = "Memory limit must be a whole number from 64 to 8192 (MB), or empty for the server's default";

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'slipway-limits-'));
  chmodSync(dataDir, 0o711);
  app = await startTestApp({ dataDir });
  owner = await registerUser(app);
  await app.api('PUT', '/settings/GITHUB_ORGANIZATION', { token: owner.token, body: { value: 'limits' } });
  const created = await app.api('POST', '/projects', { token: owner.token, body: { name: 'Limited', template_name: 'node-rest-api', environment_variables: { API_KEY: 'k', CORS_ORIGIN: '*', LOG_LEVEL: 'info' } } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  projectId = created.body.id;
  expect((await waitForRun(app, owner.token, projectId, { stream: 'project_creation' })).overall_status).toBe('completed');
}, 300_000);

afterAll(async () => {
  await app?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const update = (body: unknown) => app.api('PUT', `/projects/${projectId}`, { token: owner.token, body });

describe('project limits', () => {
  it('start at the server defaults, and the project says how its code is contained', async () => {
    const project = (await app.api('GET', `/projects/${projectId}`, { token: owner.token })).body;
    expect(project.limits).toEqual({ memory_mb: null, processes: null, cpu_percent: null, disk_mb: null });
    expect(project.sandbox.limits).toEqual({ memory_mb: 512, processes: 256, cpu_percent: 100, disk_mb: 1024 });
    expect(project.sandbox.summary).toMatch(project.sandbox.sandboxed ? /^Builds and the app run in a sandbox: own user, no access to other projects; / : /^Runs WITHOUT a sandbox: /);
    if (project.sandbox.limits_enforced) expect(project.sandbox.summary).toContain('limits 512 MB memory, 256 processes, 100 % CPU for apps, 1024 MB disk');
  });

  it('refuses values out of bounds with a 400 naming the limit, and changes nothing', async () => {
    expect(await update({ limits: { memory_mb: 10 } })).toEqual(refusal(400, MEMORY_ERROR, 'limits.memoryMb'));
    expect(await update({ limits: { memory_mb: 9000, processes: 64 } })).toEqual(refusal(400, MEMORY_ERROR, 'limits.memoryMb'));
    expect(await update({ limits: { cpu_percent: 'lots' } })).toEqual(
      refusal(400, "CPU limit must be a whole number from 10 to 400 (% of a core), or empty for the server's default", 'limits.cpuPercent'),
    );
    expect(await update({ limits: { disk_mb: 1.5 } })).toEqual(refusal(400, "Disk limit must be a whole number from 64 to 20480 (MB), or empty for the server's default", 'limits.diskMb'));
    expect(await update({ limits: { swap_mb: 100 } })).toEqual(refusal(400, 'Unknown limit "swap_mb"', 'limits'));
    expect((await update({ limits: 5 })).status).toBe(400);
    const gql = await app.graphql(
      'mutation($id: ID!) { updateProject(id: $id, input: { limits: { processes: 5000 } }) { id } }',
      { id: projectId },
      owner.token,
    );
    expect(gql.errors?.[0]).toMatchObject({
      message: "Process limit must be a whole number from 32 to 4096 (processes), or empty for the server's default",
      extensions: { code: 'BAD_USER_INPUT' },
    });
    expect((await app.api('GET', `/projects/${projectId}`, { token: owner.token })).body.limits).toEqual({ memory_mb: null, processes: null, cpu_percent: null, disk_mb: null });
  });

  it('are set on GraphQL and REST, a key left out stays, null goes back to the default; nobody else can change them', async () => {
    const gql = await app.graphql(
      'mutation($id: ID!) { updateProject(id: $id, input: { limits: { processes: 300, cpuPercent: 200 } }) { limits { memoryMb processes cpuPercent diskMb } sandbox { limits { processes cpuPercent memoryMb } } } }',
      { id: projectId },
      owner.token,
    );
    expect(gql.errors).toBeUndefined();
    expect(gql.data.updateProject.limits).toEqual({ memoryMb: null, processes: 300, cpuPercent: 200, diskMb: null });
    expect(gql.data.updateProject.sandbox.limits).toEqual({ processes: 300, cpuPercent: 200, memoryMb: 512 });
    const rest = await update({ limits: { cpu_percent: null, disk_mb: 2048 } });
    expect(rest.status).toBe(200);
    expect(rest.body.limits).toEqual({ memory_mb: null, processes: 300, cpu_percent: null, disk_mb: 2048 });
    expect(rest.body.sandbox.limits).toEqual({ memory_mb: 512, processes: 300, cpu_percent: 100, disk_mb: 2048 });
    const stranger = await registerUser(app);
    expect((await app.api('PUT', `/projects/${projectId}`, { token: stranger.token, body: { limits: { memory_mb: 8192 } } })).status).toBe(404);
    expect((await update({ limits: { processes: null, disk_mb: null } })).body.limits).toEqual({ memory_mb: null, processes: null, cpu_percent: null, disk_mb: null });
  });

  it("stop a build that passes the project's own memory limit, with that limit in its log", async () => {
    expect((await update({ limits: { memory_mb: 192 } })).body.sandbox.limits.memory_mb).toBe(192);
    const project = (await app.api('GET', `/projects/${projectId}`, { token: owner.token })).body;
    await pushBranch(project.repository_url, 'flood', {
      'test/flood.test.js': `import { test } from 'node:test';\ntest('floods memory', async () => { const chunks = []; for (let i = 0; i < 64; i++) { chunks.push(Buffer.alloc(16 * 1024 * 1024, 1)); await new Promise((r) => setTimeout(r, 5)); } await new Promise((r) => setTimeout(r, 60000)); });\n`,
    });
    const created = await app.api('POST', `/projects/${projectId}/versions`, { token: owner.token, body: { version_tag: 'v9.0.0', git_branch: 'flood' } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    let version: any;
    await eventually(async () => {
      version = (await app.api('GET', `/projects/${projectId}/versions/${created.body.id}`, { token: owner.token })).body;
      return ['success', 'failed', 'cancelled'].includes(version.build_status) && version.status !== 'build_success';
    }, 180_000);
    const log = (await app.api('GET', `/projects/${projectId}/versions/${created.body.id}/build/logs?tail=10000`, { token: owner.token })).body.logs as string;
    expect(version.build_status, log).toBe('failed');
    expect(log).toMatch(/Tests stopped: out of memory: limit 192 MB/);
  }, 240_000);

  it("start the app's next revision within the project's own limits (its cgroup's memory limit)", async () => {
    expect((await update({ limits: { memory_mb: 320 } })).body.sandbox.limits.memory_mb).toBe(320);
    const project = (await app.api('GET', `/projects/${projectId}`, { token: owner.token })).body;
    expect(project.sandbox.limits_enforced, 'this machine has cgroups').toBe(true);
    const deployment = await app.api('POST', `/projects/${projectId}/deployments`, { token: owner.token, body: { version_id: project.active_version.id } });
    expect(deployment.status, JSON.stringify(deployment.body)).toBe(201);
    await eventually(async () => (await app.api('GET', `/projects/${projectId}/deployments/${deployment.body.id}`, { token: owner.token })).body.status === 'active', 120_000);
    // The revision's memory group (cgroup v1 here, as the sandbox tests read it) has the project's 320 MB.
    const root = '/sys/fs/cgroup/memory/slipway';
    const limits = readdirSync(root)
      .filter((name) => name.startsWith('app-r'))
      .map((name) => Number(readFileSync(`${root}/${name}/memory.limit_in_bytes`, 'utf8').trim()));
    expect(limits).toContain(320 * 1024 * 1024);
  }, 180_000);
});
