import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appGone, createAndClone, eventually, fetchApp, git as gitIn, waitForRun } from './helpers/project-runs.js';
import { registerUser, startTestApp, type TestApp } from './helpers/test-app.js';

/**
 * Deploy on push against a running Slipway: the real git command line pushes over HTTP (basic auth), and each push
 * to an environment's branch builds that commit and rolls it out there; a push that deploys nothing says why; of two
 * quick pushes the newest deploys and the older is superseded. Real PostgreSQL, real HTTP, real app processes.
 */
let app: TestApp;
let owner: Awaited<ReturnType<typeof registerUser>>;
let project: any;
let work: string;
let clone: string;

const call = (method: string, route: string, body?: unknown) => app.api(method, `/projects/${project.id}${route}`, { token: owner.token, body });

const git = (args: string[], cwd = clone) => gitIn(args, cwd);

/** A server answering `text` on / (and /health). */
const server = (text: string) => `import { createServer } from 'node:http';
const server = createServer((req, res) => {
  if (req.url === '/health') return res.writeHead(200).end('ok');
  res.writeHead(200, { 'content-type': 'text/plain' }).end(${JSON.stringify(text)} + ' ' + (process.env.GREETING ?? ''));
});
server.listen(Number(process.env.PORT), '127.0.0.1');
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.close(() => process.exit(0)));
`;

/** Commits server.mjs answering `text` on the branch and pushes it over HTTP; answers the commit. */
async function push(branch: string, text: string, message: string): Promise<string> {
  await git(['checkout', '--quiet', '-B', branch]);
  writeFileSync(path.join(clone, 'server.mjs'), server(text));
  await git(['add', '-A']);
  await git(['-c', 'user.name=Dev', '-c', 'user.email=dev@example.com', 'commit', '--quiet', '--allow-empty', '-m', message]);
  await git(['push', '--quiet', 'origin', branch]);
  return git(['rev-parse', 'HEAD']);
}

/** The project's push records of this commit, once there are `count` of them. */
async function pushesOf(sha: string, count = 1): Promise<any[]> {
  let rows: any[] = [];
  await eventually(async () => {
    rows = (await call('GET', '/pushes')).body.pushes.filter((row: any) => row.commit === sha);
    return rows.length >= count;
  });
  return rows;
}

/** Waits until the environment serves the commit (its active deployment's version) and answers its URL. */
async function serving(environment: string, sha: string): Promise<string> {
  let body: any;
  await eventually(async () => {
    body = (await call('GET', `/environments/${environment}`)).body;
    return body.active_deployment?.version?.git_commit_sha === sha;
  }, 180_000);
  return body.url;
}

beforeAll(async () => {
  app = await startTestApp();
  owner = await registerUser(app);
  expect((await app.api('PUT', '/settings/GITHUB_ORGANIZATION', { token: owner.token, body: { value: 'acme' } })).status).toBe(200);
  ({ project, work, clone } = await createAndClone(app, owner, { name: 'Pushy', template_name: 'static-site', environment_variables: { GREETING: 'from-project' } }));
}, 240_000);

afterAll(async () => {
  await app?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('deploy on push', () => {
  it('builds a push to main and rolls it out to production; the push is a run on the project page', async () => {
    const sha = await push('main', 'first push', 'Say first');
    const [record] = await pushesOf(sha);
    expect(record).toMatchObject({ branch: 'main', environment: 'production', outcome: 'deploying', pushed_by: owner.name, reason: null });
    expect(record.summary).toBe(`pushed by ${owner.name} commit ${sha.slice(0, 7)} 'Say first'`);
    // The project's latest run is the push's: a Deployment Pipeline that builds, then rolls out.
    const status = (await call('GET', '/status')).body;
    expect(status.stream_name).toBe('deployment');
    expect(status.processors.map((step: any) => step.processor_name)).toEqual(['checkout-version', 'build-version', 'publish-artifact', 'prepare-deployment', 'roll-out', 'activate-deployment']);
    const url = await serving('production', sha);
    expect(url).toBe(project.deployed_url);
    expect(await fetchApp(url)).toEqual({ status: 200, text: 'first push from-project' });
    const finished = await waitForRun(app, owner.token, project.id, { stream: 'deployment' });
    expect(finished.overall_status).toBe('completed');
    expect((await call('GET', '/pushes')).body.pushes[0]).toMatchObject({ commit: sha, run_status: 'completed' });
  }, 240_000);

  it('records a push that deploys nothing, with why', async () => {
    expect((await call('PUT', '/previews', { enabled: false })).body).toEqual({ enabled: false, idle_minutes: null });
    const sha = await push('feature-x', 'feature', 'Try a feature');
    const [record] = await pushesOf(sha);
    expect(record).toMatchObject({ branch: 'feature-x', environment: null, outcome: 'ignored', reason: 'No environment is fed by branch feature-x, and previews are off', run_id: null });
    expect((await call('POST', '/environments', { name: 'staging', branch: 'develop', variables: { GREETING: 'from-staging' } })).status).toBe(201);
    const off = await push('develop', 'staging one', 'Stage it');
    expect((await pushesOf(off))[0]).toMatchObject({ environment: 'staging', outcome: 'ignored', reason: 'Auto-deploy is off for staging' });
    expect((await call('GET', '/environments/staging')).body.latest_deployment).toBeNull();
  });

  it("deploys a push to another environment's branch there, with its variables, at its own URL", async () => {
    expect((await call('PUT', '/environments/staging', { auto_deploy: true })).status).toBe(200);
    const sha = await push('develop', 'staging two', 'Stage it again');
    expect((await pushesOf(sha))[0]).toMatchObject({ environment: 'staging', outcome: 'deploying' });
    const url = await serving('staging', sha);
    expect(url).not.toBe(project.deployed_url);
    expect(await fetchApp(url)).toEqual({ status: 200, text: 'staging two from-staging' });
    expect(await fetchApp(project.deployed_url)).toEqual({ status: 200, text: 'first push from-project' });
  }, 240_000);

  it('of two quick pushes deploys the newest; the older one is superseded', async () => {
    await waitForRun(app, owner.token, project.id, { stream: 'deployment' });
    const older = await push('main', 'older', 'Older change');
    const newer = await push('main', 'newer', 'Newer change');
    const [superseded] = await pushesOf(older);
    await eventually(async () => (await pushesOf(older))[0].outcome === 'superseded');
    expect((await pushesOf(older))[0].reason).toMatch(/newer push/);
    expect(superseded.commit).toBe(older);
    expect((await pushesOf(newer))[0]).toMatchObject({ outcome: 'deploying', environment: 'production' });
    await serving('production', newer);
    expect(await fetchApp(project.deployed_url)).toEqual({ status: 200, text: 'newer from-project' });
    const history = (await call('GET', '/deployments?environment=production&limit=50')).body.deployments;
    // The older push never served: superseded before it went live (or never started).
    expect(history.filter((row: any) => row.version?.git_commit_sha === older && row.activated_at)).toEqual([]);
    const olderRun = (await pushesOf(older))[0].run_id;
    if (olderRun) await eventually(async () => (await pushesOf(older))[0].run_status === 'cancelled');
  }, 240_000);
});

describe('previews', () => {
  /** The preview environment a push to the branch made, once its push is recorded. */
  async function previewOf(sha: string): Promise<any> {
    const [record] = await pushesOf(sha);
    expect(record).toMatchObject({ outcome: 'deploying', environment: expect.stringMatching(/^pv-/) });
    const environment = (await call('GET', `/environments/${record.environment}`)).body;
    expect(environment).toMatchObject({ kind: 'preview', auto_deploy: true });
    return environment;
  }

  it('a push to a branch no environment takes makes a preview at its own URL; the next push updates it', async () => {
    expect(await call('PUT', '/previews', { idle_minutes: 0 })).toMatchObject({ status: 400, body: { field: 'idle_minutes' } });
    expect((await call('PUT', '/previews', { enabled: true })).body).toEqual({ enabled: true, idle_minutes: null });
    const first = await push('feature/login', 'login one', 'Start login');
    const preview = await previewOf(first);
    expect(preview.branch).toBe('feature/login');
    const url = await serving(preview.name, first);
    expect(new URL(url).hostname).toMatch(new RegExp(`-${preview.name}\\.localhost$`));
    expect(await fetchApp(url)).toEqual({ status: 200, text: 'login one from-project' });
    const second = await push('feature/login', 'login two', 'Finish login');
    expect((await pushesOf(second))[0].environment).toBe(preview.name);
    expect(await serving(preview.name, second)).toBe(url);
    expect(await fetchApp(url)).toEqual({ status: 200, text: 'login two from-project' });
  }, 240_000);

  it('deleting the branch removes the preview with its app, versions and deployments', async () => {
    const environment = (await call('GET', '/environments')).body.environments.find((row: any) => row.branch === 'feature/login');
    await waitForRun(app, owner.token, project.id, { stream: 'deployment' });
    const tags = (await call('GET', '/versions?limit=100')).body.versions.map((row: any) => row.version_tag).filter((tag: string) => tag.includes(environment.name));
    expect(tags).toHaveLength(2);
    await git(['push', '--quiet', 'origin', '--delete', 'feature/login']);
    await eventually(async () => (await call('GET', '/pushes')).body.pushes.some((row: any) => row.branch === 'feature/login' && row.outcome === 'removed'), 60_000);
    // The removal is a run on the project page, which the push record names.
    const removal = await waitForRun(app, owner.token, project.id, { stream: 'preview_removal', timeoutMs: 60_000 });
    expect(removal.overall_status).toBe('completed');
    expect(removal.processors.map((step: any) => step.processor_name)).toEqual(['stop-preview-deploys', 'remove-preview-app', 'delete-preview-builds', 'delete-preview-records']);
    const record = (await call('GET', '/pushes')).body.pushes.find((row: any) => row.branch === 'feature/login' && row.outcome === 'removed');
    expect(record).toMatchObject({ run_id: removal.id, run_status: 'completed' });
    expect((await call('GET', `/environments/${environment.name}`)).status).toBe(404);
    expect(await appGone(environment.url)).toBe(true);
    expect((await call('GET', '/versions?limit=100')).body.versions.filter((row: any) => tags.includes(row.version_tag))).toEqual([]);
    expect((await call('GET', `/deployments?environment=${environment.name}`)).body.count).toBe(0);
    expect(await git(['ls-remote', '--tags', 'origin'])).not.toContain(environment.name);
  }, 120_000);

  it('a preview idle longer than the project allows is removed', async () => {
    const sha = await push('spike', 'spike', 'Spike');
    const preview = await previewOf(sha);
    const url = await serving(preview.name, sha);
    expect((await call('PUT', '/previews', { idle_minutes: 1 })).body).toEqual({ enabled: true, idle_minutes: 1 });
    // Its last push and deploy two minutes ago, rather than waiting for a minute to pass: the next sweep (every 15 s) removes it.
    await app.slipway.dataSource.query(`UPDATE environments SET updated_at = now() - interval '2 minutes' WHERE id = $1`, [preview.id]);
    await app.slipway.dataSource.query(`UPDATE deployments SET created_at = now() - interval '2 minutes' WHERE environment_id = $1`, [preview.id]);
    await eventually(async () => (await call('GET', `/environments/${preview.name}`)).status === 404, 90_000);
    expect(await appGone(url)).toBe(true);
    // Production is no preview: it stays.
    expect((await call('GET', '/environments/production')).status).toBe(200);
  }, 240_000);
});
