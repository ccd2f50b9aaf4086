import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, fetchApp, pushBranch, waitForRun } from './helpers/project-runs.js';
import { registerUser, startTestApp, type TestApp } from './helpers/test-app.js';
import { sql, workerProcesses } from './helpers/worker-processes.js';

/**
 * A worker killed in the middle of a rolling update: an API process and worker processes (real child processes of
 * `src/main.ts`) on one database and data directory. The deployment must converge (here: completed by the worker
 * started after it, which takes the rollout over as soon as it runs), never stay deploying, and the environment
 * takes deploys again.
 */
let api: TestApp;
let dataDir: string;
const workers = workerProcesses(() => api);

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'slipway-deploy-workers-'));
  chmodSync(dataDir, 0o711);
  api = await startTestApp({ role: 'api', dataDir });
}, 60_000);

afterAll(async () => {
  await workers.stopAll();
  await api?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

describe('a worker killed during a rolling update', () => {
  it('leaves a deployment that the next worker completes: active, serving the new version; the environment deploys again', async () => {
    const owner = await registerUser(api);
    await api.api('PUT', '/settings/GITHUB_ORGANIZATION', { token: owner.token, body: { value: 'acme' } });
    const first = workers.start();
    await first.started;
    const created = await api.api('POST', '/projects', { token: owner.token, body: { name: 'Survivor', template_name: 'static-site' } });
    expect(created.status).toBe(201);
    const projectId = created.body.id;
    expect((await waitForRun(api, owner.token, projectId, { stream: 'project_creation' })).overall_status).toBe('completed');
    let project = (await api.api('GET', `/projects/${projectId}`, { token: owner.token })).body;

    // A release that takes a few seconds to listen: time to kill the worker while its revision starts.
    await pushBranch(project.repository_url, 'slow-start', {
      'server.mjs': `import { createServer } from 'node:http';
const server = createServer((req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end(req.url === '/health' ? 'ok' : 'slow-one'));
setTimeout(() => server.listen(Number(process.env.PORT), '127.0.0.1'), 6000);
process.on('SIGTERM', () => server.close(() => process.exit(0)));
`,
    });
    const version = await api.api('POST', `/projects/${projectId}/versions`, { token: owner.token, body: { version_tag: 'v1.0.0', git_branch: 'slow-start' } });
    expect(version.status).toBe(201);
    await eventually(async () => (await api.api('GET', `/projects/${projectId}/versions/${version.body.id}`, { token: owner.token })).body.status === 'ready', 120_000);

    const deployment = await api.api('POST', `/projects/${projectId}/deployments`, { token: owner.token, body: { version_id: version.body.id } });
    expect(deployment.status).toBe(201);
    const events = async () => (await api.api('GET', `/projects/${projectId}/deployments/${deployment.body.id}/events`, { token: owner.token })).body.events.map((event: any) => event.type);
    await eventually(async () => (await events()).includes('started'), 60_000);
    await workers.stop(first.child, 'SIGKILL');
    expect((await api.api('GET', `/projects/${projectId}/deployments/${deployment.body.id}`, { token: owner.token })).body.status).toBe('deploying');

    const second = workers.start();
    await second.started;
    const run = await waitForRun(api, owner.token, projectId, { stream: 'deployment', timeoutMs: 180_000 });
    expect(run.overall_status).toBe('completed');
    const done = (await api.api('GET', `/projects/${projectId}/deployments/${deployment.body.id}`, { token: owner.token })).body;
    expect(done).toMatchObject({ status: 'active', is_active: true, traffic_percent: 100 });
    const [rollOut] = await sql(api, `SELECT attempts, log FROM pipeline_steps WHERE run_id = (SELECT run_id FROM deployments WHERE id = $1) AND step_id = 'roll-out'`, [deployment.body.id]);
    expect(rollOut.attempts).toBe(2);
    expect(rollOut.log).toContain('attempt 1 was interrupted: its worker stopped');
    project = (await api.api('GET', `/projects/${projectId}`, { token: owner.token })).body;
    expect(project).toMatchObject({ active_deployment: { id: deployment.body.id }, active_version: { version_tag: 'v1.0.0' } });
    expect(await fetchApp(project.deployed_url, '/')).toEqual({ status: 200, text: 'slow-one' });
    const deployments = await sql(api, `SELECT id, status FROM deployments WHERE project_id = $1 ORDER BY created_at`, [projectId]);
    expect(deployments.map((row) => row.status)).toEqual(['rolled_back', 'active']);

    // The environment is no longer busy: a rollback to the first deployment is taken and runs.
    const rollback = await api.api('POST', `/projects/${projectId}/deployments/${deployment.body.id}/rollback`, {
      token: owner.token,
      body: { target_deployment_id: deployments[0].id, reason: 'after the takeover' },
    });
    expect(rollback.status).toBe(202);
    expect((await waitForRun(api, owner.token, projectId, { stream: 'deployment', timeoutMs: 180_000 })).overall_status).toBe('completed');
    expect(await sql(api, `SELECT status FROM deployments WHERE project_id = $1 ORDER BY created_at`, [projectId])).toEqual([{ status: 'active' }, { status: 'rolled_back' }]);
    await workers.stop(second.child);

    // A deployment whose run ended while nobody heard it (its process died as it failed the run, with every other
    // process): the next worker to start leaves it rolled back, and the environment deploys again.
    const unheard = await api.api('POST', `/projects/${projectId}/deployments`, { token: owner.token, body: { version_id: version.body.id } });
    expect(unheard.status).toBe(201);
    await sql(api, `UPDATE pipeline_runs SET status = 'failed' WHERE id = (SELECT run_id FROM deployments WHERE id = $1)`, [unheard.body.id]);
    const third = workers.start();
    await third.started;
    expect((await api.api('GET', `/projects/${projectId}/deployments/${unheard.body.id}`, { token: owner.token })).body).toMatchObject({
      status: 'rolled_back',
      error_message: 'The deployment pipeline failed',
    });
    expect((await api.api('POST', `/projects/${projectId}/deployments`, { token: owner.token, body: { version_id: version.body.id } })).status).toBe(201);
    expect((await waitForRun(api, owner.token, projectId, { stream: 'deployment', timeoutMs: 180_000 })).overall_status).toBe('completed');
    await workers.stop(third.child);
  }, 400_000);
});
