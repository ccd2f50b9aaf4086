import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, readdirSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { deployBranch, eventually, fetchApp, firstMessage, getPage, greeterServer, waitForRun } from './helpers/project-runs.js';
import { createTestDatabase, registerUser, startTestApp, type TestApp, type TestDatabase } from './helpers/test-app.js';
import { workerProcesses } from './helpers/worker-processes.js';

/**
 * Slipway's front door: apps answer at `http://<app>.localhost:<Slipway's port>/` (HTTP and WebSocket) and at their
 * loopback URL, and a program that binds an app's ports (before its revision could, or while Slipway was down) never
 * answers at the app's URLs nor makes a deployment active. Real PostgreSQL, real processes (Slipway, its apps, the
 * squatters), real sockets.
 */

/** A program that is not the app: it answers everything on `port` (127.0.0.1) with 'squatter'. */
async function squat(port: number): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ['-e', `require('node:http').createServer((q, s) => s.end('squatter')).listen(${port}, '127.0.0.1', () => console.log('listening'))`],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`the squatter could not bind ${port} (${code})`)));
  });
  return child;
}

/** The port an app's revision was given ($PORT of its process, found by its working directory). */
function revisionPort(dataDir: string, appName: string, revision: number): number | null {
  const cwd = path.join(dataDir, 'cluster', appName, 'releases', String(revision));
  const pids = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  const parentOf = (pid: string) => {
    try {
      return /^PPid:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? null;
    } catch {
      return null;
    }
  };
  // The revision's first process runs in its release folder; in a sandbox, the app runs below it (seeing it as /app).
  const tree = new Set(pids.filter((pid) => {
    try {
      return readlinkSync(`/proc/${pid}/cwd`) === cwd;
    } catch {
      return false;
    }
  }));
  for (let grown = true; grown; ) {
    grown = false;
    for (const pid of pids) {
      const parent = parentOf(pid);
      if (!tree.has(pid) && parent !== null && tree.has(parent)) {
        tree.add(pid);
        grown = true;
      }
    }
  }
  for (const pid of tree) {
    try {
      const port = /(?:^|\0)PORT=(\d+)/.exec(readFileSync(`/proc/${pid}/environ`, 'utf8'))?.[1];
      if (port) return Number(port);
    } catch {
      // Gone meanwhile, or not readable.
    }
  }
  return null;
}

describe('the front door of one Slipway (role all)', () => {
  let database: TestDatabase;
  let dataDir: string;
  let app: TestApp | undefined;
  let owner: Awaited<ReturnType<typeof registerUser>>;
  let project: any;
  const squatters: ChildProcess[] = [];
  // Behind a proxy on this machine: X-Forwarded-For names the client (remote ones in a test below); clients of
  // 198.51.100.0/24 count as this machine (as Docker's gateway does for a published port).
  const ENV = { TRUST_PROXY: 'loopback', SLIPWAY_LOCAL_CLIENTS: 'loopback,198.51.100.0/24' };
  const call = (method: string, route: string) => app!.api(method, `/projects/${project.id}${route}`, { token: owner.token });

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = mkdtempSync(path.join(tmpdir(), 'slipway-front-door-'));
    chmodSync(dataDir, 0o711);
    app = await startTestApp({ dataDir, databaseUrl: database.url, env: ENV });
    owner = await registerUser(app);
    await app.api('PUT', '/settings/GITHUB_ORGANIZATION', { token: owner.token, body: { value: 'acme' } });
    const created = await app.api('POST', '/projects', { token: owner.token, body: { name: 'Front door', template_name: 'static-site' } });
    expect(created.status).toBe(201);
    expect((await waitForRun(app, owner.token, created.body.id, { stream: 'project_creation' })).overall_status).toBe('completed');
    project = (await app.api('GET', `/projects/${created.body.id}`, { token: owner.token })).body;
    const first = await deployBranch(app, owner.token, project, 'v1.0.0', { 'server.mjs': greeterServer('v1') });
    expect((await waitForRun(app, owner.token, project.id, { stream: 'deployment' })).overall_status).toBe('completed');
    expect((await call('GET', `/deployments/${first.id}`)).body.status).toBe('active');
    project = (await call('GET', '')).body;
  }, 300_000);

  afterAll(async () => {
    for (const squatter of squatters) squatter.kill('SIGKILL');
    await app?.stop();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('serves the app at <app>.localhost on Slipway’s port, by Host header and at its loopback URL, and Slipway elsewhere', async () => {
    const { deployed_url: url, loopback_url: loopback } = project;
    const port = new URL(app!.url).port;
    expect(url).toMatch(new RegExp(`^http://[a-z0-9-]+\\.localhost:${port}/$`));
    const host = new URL(url).host;
    expect(await fetchApp(url)).toEqual({ status: 200, text: `v1 for ${host}` });
    // The documented forms for programs that do not resolve *.localhost: the Host header on 127.0.0.1, or the loopback URL.
    expect(await getPage(`http://127.0.0.1:${port}/`, { headers: { host } })).toEqual({ status: 200, text: `v1 for ${host}` });
    expect(await fetch(loopback).then(async (res) => ({ status: res.status, text: await res.text() }))).toEqual({ status: 200, text: `v1 for ${new URL(loopback).host}` });
    // Slipway itself answers every other Host.
    expect((await getPage(`http://127.0.0.1:${port}/api/health`, { headers: { host: `localhost:${port}` } })).status).toBe(200);
    expect(await getPage(`http://127.0.0.1:${port}/`, { headers: { host: `no-such-app.localhost:${port}` } })).toEqual({ status: 404, text: 'No app named no-such-app runs here\n' });
  });

  it('carries WebSockets to the app, and keeps graphql-ws on Slipway’s own path', async () => {
    expect(await firstMessage(project.deployed_url)).toBe('v1 over a WebSocket');
    expect(await firstMessage(project.loopback_url)).toBe('v1 over a WebSocket');
    const graphql = new WebSocket(`ws://127.0.0.1:${new URL(app!.url).port}/api/graphql`, 'graphql-transport-ws');
    await new Promise((resolve, reject) => graphql.once('open', resolve).once('error', reject));
    expect(graphql.protocol).toBe('graphql-transport-ws');
    graphql.terminate();
  });

  it('answers a client from another machine that sends an app’s .localhost Host with 403, for any app', async () => {
    const port = new URL(app!.url).port;
    const local = { 'x-forwarded-for': '198.51.100.9', host: new URL(project.deployed_url).host };
    expect(await getPage(`http://127.0.0.1:${port}/`, { headers: local })).toMatchObject({ status: 200, text: expect.stringMatching(/^v1 for /) });
    const remote = { 'x-forwarded-for': '203.0.113.7' };
    const refused = { status: 403, text: "Apps' .localhost addresses answer only on this machine\n" };
    expect(await getPage(`http://127.0.0.1:${port}/`, { headers: { ...remote, host: new URL(project.deployed_url).host } })).toEqual(refused);
    expect(await getPage(`http://127.0.0.1:${port}/`, { headers: { ...remote, host: `no-such-app.localhost:${port}` } })).toEqual(refused);
    await expect(firstMessage(project.deployed_url, remote)).rejects.toThrow('refused with 403');
  });

  it('never serves a program that took a revision’s port before the revision could: the deployment fails and says why', async () => {
    const { kubernetes_namespace: appName, kubernetes_deployment_name: serving } = project.active_deployment;
    const revision = Number(/-r(\d+)$/.exec(serving)![1]) + 1;
    const deployment = await deployBranch(app!, owner.token, project, 'v2.0.0', { 'server.mjs': greeterServer('v2', 4000) });
    let port: number | null = null;
    await eventually(async () => (port = revisionPort(dataDir, appName, revision)) !== null, 60_000);
    squatters.push(await squat(port!));
    expect((await waitForRun(app!, owner.token, project.id, { stream: 'deployment' })).overall_status).toBe('failed');
    const failed = (await call('GET', `/deployments/${deployment.id}`)).body;
    expect(failed).toMatchObject({ status: 'rolled_back', is_active: false });
    expect(failed.error_message).toMatch(
      new RegExp(`^Revision ${revision} did not become healthy: port ${port} is held by another program( \\(uid \\d+\\))?, not by the revision; revision ${revision - 1} keeps serving$`),
    );
    expect(await fetchApp(project.deployed_url)).toMatchObject({ status: 200, text: expect.stringMatching(/^v1 for /) });
    expect(await fetchApp(project.loopback_url)).toMatchObject({ status: 200, text: expect.stringMatching(/^v1 for /) });
    expect((await call('GET', '/environments/production/active')).body.id).toBe(project.active_deployment.id);
  });

  it('moves the loopback URL of an app whose port another program took while Slipway was down, and records it', async () => {
    const { deployed_url: url, loopback_url: loopback } = project;
    const port = new URL(app!.url).port;
    await app!.stop();
    app = undefined;
    squatters.push(await squat(Number(new URL(loopback).port)));

    app = await startTestApp({ dataDir, databaseUrl: database.url, env: { ...ENV, PORT: port } });
    await eventually(async () => (await call('GET', '/environments/production/active')).body.loopback_url !== loopback, 30_000);
    const active = (await call('GET', '/environments/production/active')).body;
    expect(active).toMatchObject({ id: project.active_deployment.id, status: 'active', deployed_url: url });
    expect(active.loopback_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect((await call('GET', '')).body).toMatchObject({ deployed_url: url, loopback_url: active.loopback_url });
    const events = (await call('GET', `/deployments/${active.id}/events`)).body.events;
    expect(events.at(-1)).toMatchObject({
      type: 'url_changed',
      message: `Port ${new URL(loopback).port} was taken by another program: the app answers at ${url} and ${active.loopback_url} (before: ${url} and ${loopback})`,
    });
    expect(await fetchApp(url)).toMatchObject({ status: 200, text: expect.stringMatching(/^v1 for /) });
    expect(await fetchApp(active.loopback_url)).toMatchObject({ status: 200, text: expect.stringMatching(/^v1 for /) });
    // The old port answers the squatter, and nothing of Slipway names it any more.
    expect(await fetchApp(loopback)).toEqual({ status: 200, text: 'squatter' });
  }, 120_000);

  it('closes both URLs when the project is deleted', async () => {
    const { deployed_url: url, loopback_url: loopback } = (await call('GET', '')).body;
    expect((await call('DELETE', '')).status).toBeLessThan(300);
    await eventually(async () => (await call('GET', '')).status === 404, 120_000);
    expect(await fetchApp(url)).toEqual({ status: 404, text: expect.stringMatching(/^No app named /) });
    expect(await fetchApp(loopback)).toBe('refused');
  }, 150_000);
});

describe('the front door with API and worker processes (SLIPWAY_ROLE=api beside a worker)', () => {
  let api: TestApp;
  let dataDir: string;
  const workers = workerProcesses(() => api);

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'slipway-front-door-split-'));
    chmodSync(dataDir, 0o711);
    api = await startTestApp({ role: 'api', dataDir });
    await workers.start().started;
  }, 120_000);

  afterAll(async () => {
    await workers.stopAll();
    await api?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('serves the apps the worker runs at the API process’s port, through a rolling update without a failed request, and counts them', async () => {
    const owner = await registerUser(api);
    await api.api('PUT', '/settings/GITHUB_ORGANIZATION', { token: owner.token, body: { value: 'acme' } });
    const created = await api.api('POST', '/projects', { token: owner.token, body: { name: 'Split roles', template_name: 'static-site' } });
    expect((await waitForRun(api, owner.token, created.body.id, { stream: 'project_creation' })).overall_status).toBe('completed');
    let project = (await api.api('GET', `/projects/${created.body.id}`, { token: owner.token })).body;
    const url: string = project.deployed_url;
    expect(url).toMatch(new RegExp(`^http://[a-z0-9-]+\\.localhost:${new URL(api.url).port}/$`));
    expect(await fetchApp(url)).toMatchObject({ status: 200 });

    let running = true;
    const failures: string[] = [];
    const seen = new Set<string>();
    const load = async () => {
      while (running) {
        const answer = await getPage(url, { headers: { connection: 'close' } }).catch((error: Error) => ({ status: 0, text: error.message }));
        if (answer.status === 200) seen.add(answer.text.split(' ')[0]);
        else failures.push(`${answer.status} ${answer.text}`);
      }
    };
    const loops = Array.from({ length: 4 }, load);
    try {
      await deployBranch(api, owner.token, project, 'v1.0.0', { 'server.mjs': greeterServer('v1') });
      expect((await waitForRun(api, owner.token, project.id, { stream: 'deployment', timeoutMs: 120_000 })).overall_status).toBe('completed');
      await eventually(async () => seen.has('v1'), 10_000);
    } finally {
      running = false;
      await Promise.all(loops);
    }
    expect(failures).toEqual([]);
    expect(await firstMessage(url)).toBe('v1 over a WebSocket');

    project = (await api.api('GET', `/projects/${project.id}`, { token: owner.token })).body;
    const metrics = async () => (await api.api('GET', `/projects/${project.id}/deployments/${project.active_deployment.id}/metrics?range=5m`, { token: owner.token })).body;
    await eventually(async () => (await metrics()).points.some((point: { request_rate: number }) => point.request_rate > 0), 30_000);
  }, 300_000);
});
