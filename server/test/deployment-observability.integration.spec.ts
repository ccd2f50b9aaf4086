import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createClient } from 'graphql-ws';
import pg from 'pg';
import { create as createTar } from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { EVENT_CHANNEL } from '../src/events/postgres-event-bus.js';
import { namesOf, requireProject } from '../src/modules/projects/runs/run-names.js';
import type { RunProviders } from '../src/modules/projects/runs/run-ports.js';
import { defineStep } from '../src/pipelines/steps.js';
import { eventually, getPage, waitForRun } from './helpers/project-runs.js';
import { registerUser, startTestApp, type TestApp } from './helpers/test-app.js';

/**
 * Deployment health, metrics and logs end to end: a blank project whose app is a small real Node.js server
 * (two replicas on the local cluster, behind its stable URL), deployed and recorded as the project's active
 * deployment by a pipeline step of this test through the same cluster, registry and records the deployment
 * run uses. Requests go through the stable URL; real PostgreSQL, real HTTP and WebSocket.
 */

/**
 * The app: /health answers 200 until /sicken reaches the instance (round robin: one of the two); /fail answers
 * 500; /slow waits; /say prints its text on stdout and /warn on stderr; /spin burns CPU for a moment.
 */
const PROBE = `
import { createServer } from 'node:http';
let healthy = true;
createServer((req, res) => {
  const url = new URL(req.url, 'http://x');
  const text = url.searchParams.get('text') ?? '';
  switch (url.pathname) {
    case '/health': return healthy ? res.end('ok') : res.writeHead(503).end('sick');
    case '/sicken': healthy = false; return res.end('sick from now on');
    case '/fail': return res.writeHead(500).end('failed');
    case '/slow': return setTimeout(() => res.end('slow'), Number(url.searchParams.get('ms')));
    case '/say': console.log(text); return res.end('said');
    case '/warn': console.error(text); return res.end('warned');
    case '/spin': { const end = Date.now() + 300; while (Date.now() < end); return res.end('spun'); }
    default: return res.end('hello');
  }
}).listen(Number(process.env.PORT), '127.0.0.1', () => console.log('probe listening'));
process.on('SIGTERM', () => process.exit(0));
`;

let probeArtifact = '';

/** Deploys the probe as the project's app (two replicas) and records it as its active production deployment. */
const deployProbe = defineStep<RunProviders>({
  id: 'test-deploy-probe',
  label: 'Deploy Probe',
  description: "Deploys the test's probe app",
  icon: 'cloud',
  timeoutSeconds: 60,
  retries: 0,
  async run(ctx) {
    const { records, registry, cluster } = ctx.providers;
    const names = namesOf(await requireProject(records));
    const artifact = await registry.push({ repository: names.imageRepository, tag: 'v1.0.0' }, probeArtifact);
    const version = await records.ensureVersion({ versionTag: 'v1.0.0', gitBranch: 'main', gitCommitSha: 'a'.repeat(40), description: 'The probe' });
    const status = await cluster.deploy(
      {
        name: names.appName,
        projectId: names.project.id,
        ownerId: ctx.run.ownerId,
        artifact,
        runtime: { start: ['node', 'server.mjs'], healthPath: '/health', portEnv: 'PORT' },
        environment: {},
        replicas: 2,
        healthTimeoutSeconds: 20,
      },
      { signal: ctx.signal, onLog: () => undefined },
    );
    const deployment = await records.ensureInitialDeployment(version.id, 'production');
    await records.activateDeployment(deployment.id, { ...status, url: status.url!, healthPath: '/health' });
  },
});

let app: TestApp;
let dataDir: string;
let workDir: string;
let owner: Awaited<ReturnType<typeof registerUser>>;
let stranger: Awaited<ReturnType<typeof registerUser>>;
let projectId: string;
let deployment: { id: string; deployed_url: string };

const call = (method: string, suffix: string, token = owner.token, project = projectId) =>
  app.api(method, `/projects/${project}/deployments/${deployment.id}${suffix}`, { token });
const visit = async (route: string) => {
  const { status } = await getPage(new URL(route, deployment.deployed_url));
  return status;
};

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'slipway-observe-'));
  chmodSync(dataDir, 0o711);
  workDir = mkdtempSync(path.join(tmpdir(), 'slipway-probe-'));
  const tree = path.join(workDir, 'tree');
  mkdirSync(tree);
  writeFileSync(path.join(tree, 'server.mjs'), PROBE);
  probeArtifact = path.join(workDir, 'probe.tar.gz');
  await createTar({ gzip: true, cwd: tree, file: probeArtifact, portable: true }, ['.']);

  app = await startTestApp({ dataDir, extraPipelineSteps: [deployProbe as never] });
  owner = await registerUser(app);
  stranger = await registerUser(app);
  expect((await app.api('PUT', '/settings/GITHUB_ORGANIZATION', { token: owner.token, body: { value: 'acme' } })).status).toBe(200);
  const created = await app.api('POST', '/projects', { token: owner.token, body: { name: `Observed ${randomBytes(3).toString('hex')}`, description: 'Watched' } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  projectId = created.body.id;
  expect((await waitForRun(app, owner.token, projectId, { stream: 'project_creation' })).overall_status).toBe('completed');

  await app.slipway.pipelines.start('test_stream', [deployProbe as never], { ownerId: owner.user.id, projectId });
  await eventually(async () => {
    const [row] = await app.slipway.dataSource.query('SELECT id, deployed_url FROM deployments WHERE project_id = $1 AND is_active', [projectId]);
    deployment = row;
    return Boolean(row);
  }, 60_000);
  expect(await visit('/')).toBe(200);
}, 180_000);

afterAll(async () => {
  await app?.stop();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(workDir, { recursive: true, force: true });
});

describe('metrics', () => {
  it("count the requests through the stable URL, their errors and latency, and the instances' CPU and memory", async () => {
    for (let i = 0; i < 20; i++) expect(await visit('/')).toBe(200);
    for (let i = 0; i < 5; i++) expect(await visit('/fail')).toBe(500);
    for (let i = 0; i < 2; i++) expect(await visit('/slow?ms=400')).toBe(200);
    for (let i = 0; i < 2; i++) expect(await visit('/spin')).toBe(200);

    const res = await call('GET', '/metrics?range=5m');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { range, step_seconds: step, points, instances } = res.body;
    expect(range).toBe('5m');
    expect(step).toBe(10);
    // The local cluster measures its instances itself.
    expect(res.body.instances_unavailable_reason).toBeNull();
    expect(points).toHaveLength(30);
    for (let i = 1; i < points.length; i++) expect(Date.parse(points[i].at) - Date.parse(points[i - 1].at)).toBe(10_000);

    const busy = points.filter((point: any) => point.request_rate > 0);
    // The 29 requests of this test, plus the one that checked the URL at the start.
    const requests = busy.reduce((sum: number, point: any) => sum + Math.round(point.request_rate * step), 0);
    expect(requests).toBe(30);
    const errors = busy.reduce((sum: number, point: any) => sum + point.error_rate * point.request_rate * step, 0);
    expect(Math.round(errors)).toBe(5);
    for (const point of busy) {
      expect(point.p50_ms).toBeGreaterThan(0);
      expect(point.p95_ms).toBeGreaterThanOrEqual(point.p50_ms);
      expect(point.p99_ms).toBeGreaterThanOrEqual(point.p95_ms);
    }
    // The slow requests take at least 400 ms however fast the machine: the worst p99 shows them.
    expect(Math.max(...busy.map((point: any) => point.p99_ms))).toBeGreaterThanOrEqual(300);

    expect(instances.map((usage: any) => usage.instance).sort()).toEqual(['r1-1', 'r1-2']);
    for (const usage of instances) {
      expect(usage.memory_bytes).toBeGreaterThan(5_000_000);
      expect(usage.cpu_percent).toBeGreaterThanOrEqual(0);
    }
    const sampled = points.filter((point: any) => point.memory_bytes !== null);
    expect(sampled.length).toBeGreaterThan(0);
    expect(Math.max(...sampled.map((point: any) => point.cpu_percent))).toBeGreaterThan(0);
  });

  it('cover the other ranges with 30 points, and refuse an unknown range', async () => {
    const hour = await call('GET', '/metrics?range=1h');
    expect(hour.status).toBe(200);
    expect(hour.body).toMatchObject({ range: '1h', step_seconds: 120 });
    expect(hour.body.points).toHaveLength(30);
    expect((await call('GET', '/metrics')).body.range).toBe('5m');
    for (const range of ['2m', '5M', 'toString', '']) {
      const res = await call('GET', `/metrics?range=${range}`);
      if (range === '') expect(res.status).toBe(200);
      else expect(res).toEqual({ status: 400, body: { error: 'range must be one of 5m, 15m, 1h, 6h, 24h', code: 'BAD_USER_INPUT', field: 'range' } });
    }
  });
});

describe('a deployment that no longer serves', () => {
  it("shows none of the app's later traffic, no instances, and keeps its last health checks", async () => {
    const lastChecks = [{ name: 'r0-1', status: 'healthy', path: '/health', checkedAt: new Date(Date.now() - 3_600_000).toISOString() }];
    const [old] = await app.slipway.dataSource.query(
      `INSERT INTO deployments (owner_id, project_id, version_id, status, strategy, is_active, created_at, activated_at, rolled_back_at, health_checks)
       SELECT owner_id, project_id, version_id, 'rolled_back', 'rolling', false, now() - interval '2 hours', now() - interval '2 hours', now() - interval '1 hour', $2::jsonb
       FROM deployments WHERE id = $1 RETURNING id`,
      [deployment.id, JSON.stringify(lastChecks)],
    );
    const route = (suffix: string) => app.api(suffix.startsWith('/health/') ? 'POST' : 'GET', `/projects/${projectId}/deployments/${old.id}${suffix}`, { token: owner.token });
    expect(await visit('/')).toBe(200);
    const metrics = (await route('/metrics?range=5m')).body;
    expect(metrics.points).toHaveLength(30);
    expect(metrics.points.every((point: any) => point.request_rate === 0 && point.memory_bytes === null)).toBe(true);
    expect(metrics.instances).toEqual([]);
    const checked = await route('/health/check');
    expect(checked.status).toBe(200);
    expect(checked.body).toEqual({
      deployment_id: old.id,
      health: 'healthy',
      checks: [{ name: 'r0-1', status: 'healthy', path: '/health', checked_at: lastChecks[0].checkedAt, message: null }],
      checked_at: lastChecks[0].checkedAt,
    });
    await app.slipway.dataSource.query('DELETE FROM deployments WHERE id = $1', [old.id]);
  });
});

describe('logs', () => {
  it("serve what the app printed, by tail, with each line's instance, stream and time", async () => {
    const marker = randomBytes(4).toString('hex');
    const before = Date.now();
    await visit(`/say?text=out-${marker}`);
    await visit(`/warn?text=err-${marker}`);
    let logs: any[] = [];
    await eventually(async () => {
      logs = (await call('GET', '/logs?tail=1000')).body.logs;
      return logs.some((entry) => entry.line === `err-${marker}`);
    }, 5_000);
    expect(logs.filter((entry) => entry.line === 'probe listening').map((entry) => entry.instance).sort()).toEqual(['r1-1', 'r1-2']);
    const out = logs.find((entry) => entry.line === `out-${marker}`);
    expect(out).toMatchObject({ instance: expect.stringMatching(/^r1-[12]$/), stream: 'stdout' });
    expect(Date.parse(out.at)).toBeGreaterThanOrEqual(before - 1_000);
    expect(Date.parse(out.at)).toBeLessThanOrEqual(Date.now());
    expect(logs.find((entry) => entry.line === `err-${marker}`)).toMatchObject({ stream: 'stderr' });

    const two = await call('GET', '/logs?tail=2');
    expect(two.status).toBe(200);
    expect(two.body.logs.map((entry: any) => entry.line)).toEqual([`out-${marker}`, `err-${marker}`]);
    expect((await call('GET', '/logs')).body.logs.length).toBeLessThanOrEqual(100);
    for (const tail of ['0', '1001', 'abc', '2.5', '-1']) {
      expect(await call('GET', `/logs?tail=${tail}`)).toEqual({
        status: 400,
        body: { error: 'tail must be an integer between 1 and 1000', code: 'BAD_USER_INPUT', field: 'tail' },
      });
    }
  });

  it('stream live over graphql-ws: the last lines, then each new line the app prints', async () => {
    const marker = randomBytes(4).toString('hex');
    await visit(`/say?text=before-${marker}`);
    await eventually(async () => (await call('GET', '/logs?tail=1')).body.logs[0]?.line === `before-${marker}`, 5_000);
    const client = createClient({ url: `${app.url.replace('http', 'ws')}/api/graphql`, webSocketImpl: WebSocket, connectionParams: { authorization: `Bearer ${owner.token}` }, retryAttempts: 0 });
    const lines: any[] = [];
    try {
      await new Promise<void>((resolve, reject) => {
        const stop = client.subscribe(
          { query: `subscription { deploymentLogs(id: "${deployment.id}", tail: 1) { instance stream line at } }` },
          {
            next: (result) => {
              if (result.errors) return reject(new Error(JSON.stringify(result.errors)));
              lines.push((result.data as any).deploymentLogs);
              if (lines.length === 1) void visit(`/say?text=live-${marker}`).catch(reject);
              if (lines.some((line) => line.line === `live-${marker}`)) {
                stop();
                resolve();
              }
            },
            error: reject,
            complete: () => resolve(),
          },
        );
        setTimeout(() => reject(new Error(`no live line: ${JSON.stringify(lines)}`)), 10_000);
      });
    } finally {
      await client.dispose();
    }
    expect(lines[0]).toMatchObject({ line: `before-${marker}`, stream: 'stdout' });
    expect(lines.at(-1)).toMatchObject({ line: `live-${marker}`, stream: 'stdout', instance: expect.stringMatching(/^r1-[12]$/) });
  });
});

describe('health', () => {
  it('is checked on demand per instance, and turns unhealthy (periodically and on demand) when an instance fails its health path', async () => {
    const checked = await call('POST', '/health/check');
    expect(checked.status, JSON.stringify(checked.body)).toBe(200);
    expect(checked.body).toMatchObject({ deployment_id: deployment.id, health: 'healthy' });
    expect(checked.body.checks.map((check: any) => [check.name, check.status, check.path]).sort()).toEqual([
      ['r1-1', 'healthy', '/health'],
      ['r1-2', 'healthy', '/health'],
    ]);
    expect((await call('GET', '/health')).body).toEqual(checked.body);
    const [{ updated_at: healthyAt }] = await app.slipway.dataSource.query('SELECT updated_at FROM deployments WHERE id = $1', [deployment.id]);

    // Live views hear of the change on the event bus (LISTEN/NOTIFY), as other processes do.
    const listener = new pg.Client({ connectionString: app.databaseUrl });
    const events: any[] = [];
    await listener.connect();
    listener.on('notification', (message) => events.push(JSON.parse(message.payload ?? '{}')));
    await listener.query(`LISTEN ${EVENT_CHANNEL}`);

    // One of the two instances fails its health path from now on; the periodic check (every 15 s) sees it.
    expect(await visit('/sicken')).toBe(200);
    let report: any;
    try {
      await eventually(async () => {
        report = (await call('GET', '/health')).body;
        return report.health === 'unhealthy';
      }, 25_000);
      await eventually(async () => events.some((event) => event.topic === 'deployment.updated'), 2_000);
    } finally {
      await listener.end();
    }
    expect(events.filter((event) => event.topic === 'deployment.updated').map((event) => event.payload)).toEqual([
      { deploymentId: deployment.id, projectId, ownerId: owner.user.id },
    ]);
    expect(report.checks.filter((check: any) => check.status === 'unhealthy')).toEqual([
      expect.objectContaining({ name: expect.stringMatching(/^r1-[12]$/), path: '/health', message: 'GET /health answered 503' }),
    ]);
    const [row] = await app.slipway.dataSource.query('SELECT health_checks, updated_at FROM deployments WHERE id = $1', [deployment.id]);
    expect(row.health_checks.map((check: any) => check.status).sort()).toEqual(['healthy', 'unhealthy']);
    expect(new Date(row.updated_at).getTime()).toBeGreaterThan(new Date(healthyAt).getTime());

    const again = await call('POST', '/health/check');
    expect(again.body.health).toBe('unhealthy');
    expect(Date.parse(again.body.checked_at)).toBeGreaterThan(Date.parse(report.checked_at));
    // The same statuses checked again: fresh times, but the deployment did not change (no updated_at, no event).
    const [same] = await app.slipway.dataSource.query('SELECT updated_at FROM deployments WHERE id = $1', [deployment.id]);
    expect(same.updated_at).toEqual(row.updated_at);

    const graphql = await app.graphql(
      'mutation ($id: ID!) { checkDeploymentHealth(id: $id) { id healthChecks { name status path } logs(tail: 3) { instance stream line } metrics { range stepSeconds points { requestRate } instances { instance } } } }',
      { id: deployment.id },
      owner.token,
    );
    expect(graphql.errors).toBeUndefined();
    const checkedDeployment = graphql.data.checkDeploymentHealth;
    expect(checkedDeployment.healthChecks.map((check: any) => check.status).sort()).toEqual(['healthy', 'unhealthy']);
    expect(checkedDeployment.logs).toHaveLength(3);
    expect(checkedDeployment.metrics).toMatchObject({ range: '5m', stepSeconds: 10 });
    expect(checkedDeployment.metrics.points).toHaveLength(30);

    const badTail = await app.graphql('mutation ($id: ID!) { checkDeploymentHealth(id: $id) { logs(tail: 0) { line } } }', { id: deployment.id }, owner.token);
    expect(badTail.errors?.[0]).toMatchObject({ message: 'tail must be an integer between 1 and 1000', extensions: { code: 'BAD_USER_INPUT' } });
    const badRange = await app.graphql('mutation ($id: ID!) { checkDeploymentHealth(id: $id) { metrics(range: "7d") { range } } }', { id: deployment.id }, owner.token);
    expect(badRange.errors?.[0]).toMatchObject({ message: 'range must be one of 5m, 15m, 1h, 6h, 24h', extensions: { code: 'BAD_USER_INPUT' } });
  }, 60_000);
});

describe('an API process that does not run the apps', () => {
  it('answers health checks, logs and metrics from what the process running them writes', async () => {
    // Same database and data directory, API role: the worker of `app` runs the apps.
    const api = await startTestApp({ databaseUrl: app.databaseUrl, dataDir, role: 'api' });
    try {
      const viaApi = (method: string, suffix: string) => api.api(method, `/projects/${projectId}/deployments/${deployment.id}${suffix}`, { token: owner.token });
      const checked = await viaApi('POST', '/health/check');
      expect(checked.status, JSON.stringify(checked.body)).toBe(200);
      expect(checked.body.checks.map((check: any) => check.name).sort()).toEqual(['r1-1', 'r1-2']);

      const logs = (await viaApi('GET', '/logs?tail=1000')).body.logs;
      expect(logs.filter((entry: any) => entry.line === 'probe listening').map((entry: any) => entry.instance).sort()).toEqual(['r1-1', 'r1-2']);

      const total = async () => {
        const { points, step_seconds: step } = (await viaApi('GET', '/metrics?range=5m')).body;
        return points.reduce((sum: number, point: any) => sum + Math.round(point.request_rate * step), 0);
      };
      const before = await total();
      for (let i = 0; i < 3; i++) expect(await visit('/')).toBe(200);
      // The other process moves its counts to the database every 10 s.
      await eventually(async () => (await total()) === before + 3, 15_000);
    } finally {
      await api.stop();
    }
  }, 40_000);
});

describe('another user', () => {
  it('gets 404 for every call, and NOT_FOUND over GraphQL and the subscription', async () => {
    const notFound = { status: 404, body: { error: 'Deployment not found', code: 'NOT_FOUND' } };
    for (const [method, suffix] of [
      ['GET', '/health'],
      ['POST', '/health/check'],
      ['GET', '/metrics?range=5m'],
      ['GET', '/logs?tail=10'],
    ]) {
      expect(await call(method, suffix, stranger.token), `${method} ${suffix}`).toEqual(notFound);
      // The owner's deployment under another project's id (the stranger's) is not found either.
      expect(await call(method, suffix, owner.token, '00000000-0000-4000-8000-000000000000'), `${method} ${suffix} elsewhere`).toEqual(notFound);
    }
    const [before] = await app.slipway.dataSource.query('SELECT health_checks, updated_at FROM deployments WHERE id = $1', [deployment.id]);

    const mutation = await app.graphql('mutation ($id: ID!) { checkDeploymentHealth(id: $id) { id } }', { id: deployment.id }, stranger.token);
    expect(mutation.errors?.[0]).toMatchObject({ message: 'Deployment not found', extensions: { code: 'NOT_FOUND' } });
    const [after] = await app.slipway.dataSource.query('SELECT health_checks, updated_at FROM deployments WHERE id = $1', [deployment.id]);
    expect(after.updated_at).toEqual(before.updated_at);

    const client = createClient({ url: `${app.url.replace('http', 'ws')}/api/graphql`, webSocketImpl: WebSocket, connectionParams: { authorization: `Bearer ${stranger.token}` }, retryAttempts: 0 });
    const denied = await new Promise<unknown>((resolve) => {
      client.subscribe({ query: `subscription { deploymentLogs(id: "${deployment.id}") { line } }` }, { next: (result) => resolve(result.errors ?? result.data), error: resolve, complete: () => resolve('complete') });
    });
    await client.dispose();
    expect(JSON.stringify(denied)).toContain('Deployment not found');
    expect(JSON.stringify(denied)).not.toContain('probe listening');
  });
});
