import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, fetchApp, pushBranch, waitForRun } from './helpers/project-runs.js';
import { registerUser, startTestApp, type TestApp } from './helpers/test-app.js';
import { sql, workerProcesses } from './helpers/worker-processes.js';

/**
 * A worker killed in the middle of a rolling update: an API process and worker processes (real child processes of
 * `src/main.ts`) on one database and data directory. The deployment must converge (here: completed by the next
 * worker), never stay deploying.
 */
// A killed worker's step goes to the next worker after this long (longer than any step takes here).
const EXPIRY_SECONDS = '30';
let api: TestApp;
let dataDir: string;
const workers = workerProcesses(() => api, EXPIRY_SECONDS);

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'slipway-deploy-workers-'));
  chmodSync(dataDir, 0o711);
  api = await startTestApp({ role: 'api', dataDir, env: { SLIPWAY_STEP_EXPIRY_SECONDS: EXPIRY_SECONDS } });
}, 60_000);

afterAll(async () => {
  await workers.stopAll();
  await api?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

describe('a worker killed during a rolling update', () => {
  it('leaves a deployment that the next worker completes: active, serving the new version', async () => {
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
    expect(rollOut.log).toContain('attempt 1 was interrupted');
    project = (await api.api('GET', `/projects/${projectId}`, { token: owner.token })).body;
    expect(project).toMatchObject({ active_deployment: { id: deployment.body.id }, active_version: { version_tag: 'v1.0.0' } });
    expect(await fetchApp(project.deployed_url, '/')).toEqual({ status: 200, text: 'slow-one' });
    expect(await sql(api, `SELECT status FROM deployments WHERE project_id = $1 ORDER BY created_at`, [projectId])).toEqual([{ status: 'superseded' }, { status: 'active' }]);
  }, 400_000);
});
