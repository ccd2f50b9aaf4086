import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appGone, cloneSummary, eventually, fetchApp, waitForRun } from './helpers/project-runs.js';
import { registerUser, startTestApp, type TestApp } from './helpers/test-app.js';
import { sql, workerPidOfStep, workerProcesses } from './helpers/worker-processes.js';

/**
 * Project creation and deletion as pipeline runs, end to end on the local providers: POST /api/projects, the run on
 * a worker, the repository (cloned with git), the artifact, the running app behind its URL; DELETE and everything
 * gone. Real PostgreSQL, real HTTP, real git, real child processes.
 */
const TEMPLATE_VARIABLES: Record<string, Record<string, string>> = {
  'static-site': {},
  'node-rest-api': { API_KEY: 'api-key-value-123' },
  'fullstack-notes': { ADMIN_PASSWORD: 'admin-password-123', SESSION_SECRET: 'session-secret-123' },
  'scheduled-worker': {},
  'go-api': {},
};
const HEALTH_PATHS: Record<string, string> = { 'fullstack-notes': '/api/health' };

let app: TestApp;
let db: pg.Client;
let user: Awaited<ReturnType<typeof registerUser>>;

/**
 * A data directory that builds and apps (run as an unprivileged user when the tests run as root) can pass
 * through to their own scratch directories.
 */
function reachableDataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'slipway-runs-'));
  chmodSync(dir, 0o711);
  return dir;
}
const dataDirs: string[] = [];

beforeAll(async () => {
  dataDirs.push(reachableDataDir());
  app = await startTestApp({ dataDir: dataDirs[0] });
  db = new pg.Client({ connectionString: app.databaseUrl });
  await db.connect();
  user = await registerUser(app);
  expect((await app.api('PUT', '/settings/GITHUB_ORGANIZATION', { token: user.token, body: { value: 'acme' } })).status).toBe(200);
}, 60_000);
afterAll(async () => {
  await db?.end();
  await app?.stop();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

/** The project's steps that did not complete, with their logs (so a failure shows why). */
const unfinishedSteps = async (projectId: string) =>
  (
    await db.query(
      `SELECT s.step_id, s.status, s.error_message, s.log FROM pipeline_steps s JOIN pipeline_runs r ON r.id = s.run_id
        WHERE r.project_id = $1 AND s.status <> 'completed' ORDER BY r.created_at, s.position`,
      [projectId],
    )
  ).rows;
const count = async (sql: string, values: unknown[]) => Number((await db.query(sql, values)).rows[0].count);

/** Every file under dir (relative paths), or [] when it does not exist. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((entry) => statSync(path.join(dir, entry)).isFile());
}
const dataFilesMentioning = (text: string) => filesUnder(app.dataDir).filter((file) => file.includes(text) && !file.startsWith('postgres'));

async function createProject(token: string, body: Record<string, unknown>) {
  const res = await app.api('POST', '/projects', { token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function deleteAndWait(token: string, projectId: string) {
  const res = await app.api('DELETE', `/projects/${projectId}`, { token });
  expect(res.status).toBe(202);
  const run = await waitForRun(app, token, projectId, { stream: 'project_deletion' });
  expect(run.processors.map((step: any) => [step.processor_name, step.status])).toEqual(
    ['validate-deletion', 'stop-deployments', 'cleanup-github', 'delete-docker-repository', 'cleanup-database'].map((id) => [id, 'completed']),
  );
  expect((await app.api('GET', `/projects/${projectId}`, { token })).status).toBe(404);
}

const templates = ['static-site', 'node-rest-api', 'fullstack-notes', 'scheduled-worker', 'go-api'];

describe('a project made from each template', () => {
  it.each(templates)('%s: created, built, deployed and answering; deleted, and gone everywhere', async (template) => {
    const created = await createProject(user.token, {
      name: `Run ${template}`,
      description: `From ${template}`,
      template_name: template,
      environment_variables: TEMPLATE_VARIABLES[template],
    });
    expect(created).toMatchObject({ name: `Run ${template}`, template_name: template, active_version: null, active_deployment: null });

    const run = await waitForRun(app, user.token, created.id, { stream: 'project_creation' });
    expect(await unfinishedSteps(created.id)).toEqual([]);
    expect(run).toMatchObject({ overall_status: 'completed', progress_percent: 100, total_processors: 15 });

    const project = (await app.api('GET', `/projects/${created.id}`, { token: user.token })).body;
    expect(project).toMatchObject({
      version: 'v0.1.0',
      active_version: { version_tag: 'v0.1.0', status: 'ready', build_status: 'success', active: true, git_branch: 'main', version_number: 1 },
      active_deployment: { status: 'active', strategy: 'initial', traffic_percent: 100, is_active: true, deployed_url: project.deployed_url, environment: 'production' },
    });
    expect(project.active_version.git_commit_sha).toBe(project.build_commit);
    expect(project.active_version.artifacts).toEqual([{ id: expect.stringMatching(/^sha256:[0-9a-f]{64}$/), type: 'image' }]);
    expect(project.docker_image_url).toBe(project.active_version.docker_image_url);

    const graph = await app.graphql(
      `query ($id: ID!) { project(id: $id) { activeVersion { versionTag buildStatus active } activeDeployment { status deployedUrl isActive } } }`,
      { id: created.id },
      user.token,
    );
    expect(graph.data.project).toEqual({
      activeVersion: { versionTag: 'v0.1.0', buildStatus: 'success', active: true },
      activeDeployment: { status: 'active', deployedUrl: project.deployed_url, isActive: true },
    });

    // The app answers at its URL.
    const health = await fetchApp(project.deployed_url, HEALTH_PATHS[template] ?? '/health');
    expect(health).toMatchObject({ status: 200 });

    // One repository with one commit and the tag, holding the template's files.
    const clone = await cloneSummary(project.repository_url);
    expect(clone).toMatchObject({ commits: [project.build_commit], tags: ['v0.1.0'] });
    expect(clone!.files).toContain('slipway.json');

    expect(await count('SELECT count(*) FROM versions WHERE project_id = $1', [created.id])).toBe(1);
    expect(await count('SELECT count(*) FROM deployments WHERE project_id = $1', [created.id])).toBe(1);
    const slug = `run-${template}`;
    expect(dataFilesMentioning(slug).length).toBeGreaterThan(0);

    await deleteAndWait(user.token, created.id);
    expect(await appGone(project.deployed_url)).toBe(true);
    expect(await cloneSummary(project.repository_url)).toBeNull();
    expect(await count('SELECT count(*) FROM versions WHERE project_id = $1', [created.id])).toBe(0);
    expect(await count('SELECT count(*) FROM deployments WHERE project_id = $1', [created.id])).toBe(0);
    expect(dataFilesMentioning(slug)).toEqual([]);
  }, 300_000);
});

describe('a blank project', () => {
  it('gets a repository with a README and no build or deployment; its deletion removes the repository', async () => {
    const created = await createProject(user.token, { name: 'Blank One', description: 'Nothing yet' });
    const run = await waitForRun(app, user.token, created.id, { stream: 'project_creation' });
    expect(run.processors.map((step: any) => step.processor_name)).toEqual([
      'validate-request',
      'load-settings',
      'validate-github',
      'build-model',
      'persist-project',
      'setup-github-repo',
      'generate-template',
      'commit-code',
      'setup-secrets',
    ]);
    expect(run.overall_status).toBe('completed');
    const project = (await app.api('GET', `/projects/${created.id}`, { token: user.token })).body;
    expect(project).toMatchObject({ deployed_url: null, active_version: null, active_deployment: null });
    expect(await cloneSummary(project.repository_url)).toEqual({ commits: [project.build_commit], tags: [], files: ['README.md'] });
    await deleteAndWait(user.token, created.id);
    expect(await cloneSummary(project.repository_url)).toBeNull();
  }, 120_000);

  it('keeps another user out: their project is not found for deletion or status', async () => {
    const created = await createProject(user.token, { name: 'Private One' });
    const other = await registerUser(app);
    expect((await app.api('DELETE', `/projects/${created.id}`, { token: other.token })).status).toBe(404);
    expect((await app.api('GET', `/projects/${created.id}/status`, { token: other.token })).status).toBe(404);
    await waitForRun(app, user.token, created.id, { stream: 'project_creation' });
    await deleteAndWait(user.token, created.id);
  }, 120_000);

  it('names the repository apart when another project already has its name in the organization', async () => {
    const other = await registerUser(app);
    await app.api('PUT', '/settings/GITHUB_ORGANIZATION', { token: other.token, body: { value: 'acme' } });
    const mine = await createProject(user.token, { name: 'Same Name' });
    const theirs = await createProject(other.token, { name: 'Same Name' });
    await waitForRun(app, user.token, mine.id, { stream: 'project_creation' });
    await waitForRun(app, other.token, theirs.id, { stream: 'project_creation' });
    const urls = await Promise.all(
      [
        [user.token, mine.id],
        [other.token, theirs.id],
      ].map(async ([token, id]) => (await app.api('GET', `/projects/${id}`, { token })).body.repository_url),
    );
    expect(urls[0]).not.toBe(urls[1]);
    expect(urls[1]).toContain(`same-name-${theirs.id.slice(0, 8)}`);
    await deleteAndWait(user.token, mine.id);
    await deleteAndWait(other.token, theirs.id);
  }, 120_000);
});

describe('cancel', () => {
  it('cleans up a cancelled creation: the project, its repository and its artifacts go', async () => {
    // go-api: its build takes long enough to cancel it while it runs.
    const created = await createProject(user.token, { name: 'Cancelled One', template_name: 'go-api' });
    await eventually(async () => {
      const { body } = await app.api('GET', `/projects/${created.id}/status`, { token: user.token });
      return body.processors.find((step: any) => step.processor_name === 'check-build-status').status === 'running';
    }, 60_000);
    const repositoryUrl = (await app.api('GET', `/projects/${created.id}`, { token: user.token })).body.repository_url;
    expect(await cloneSummary(repositoryUrl)).not.toBeNull();
    const cancelled = await app.api('POST', `/projects/${created.id}/status/cancel`, { token: user.token });
    expect(cancelled.body.overall_status).toBe('cancelled');
    await waitForRun(app, user.token, created.id, { stream: 'project_deletion' });
    expect((await app.api('GET', `/projects/${created.id}`, { token: user.token })).status).toBe(404);
    expect(await cloneSummary(repositoryUrl)).toBeNull();
    expect(dataFilesMentioning('cancelled-one')).toEqual([]);
  }, 120_000);
  it('deletes a project whose creation is still running: the creation is cancelled, then everything goes', async () => {
    const created = await createProject(user.token, { name: 'Deleted Early', template_name: 'go-api' });
    await eventually(async () => {
      const { body } = await app.api('GET', `/projects/${created.id}/status`, { token: user.token });
      return body.processors.find((step: any) => step.processor_name === 'check-build-status').status === 'running';
    }, 60_000);
    const repositoryUrl = (await app.api('GET', `/projects/${created.id}`, { token: user.token })).body.repository_url;
    await deleteAndWait(user.token, created.id);
    const runs = await db.query(`SELECT stream_name, status FROM pipeline_runs WHERE project_id = $1 ORDER BY created_at`, [created.id]);
    expect(runs.rows).toEqual([
      { stream_name: 'project_creation', status: 'cancelled' },
      { stream_name: 'project_deletion', status: 'completed' },
    ]);
    expect(await cloneSummary(repositoryUrl)).toBeNull();
    expect(dataFilesMentioning('deleted-early')).toEqual([]);
  }, 120_000);
});

describe('runs on separate worker processes', () => {
  let api: TestApp;
  const workers = workerProcesses(() => api);

  beforeAll(async () => {
    dataDirs.push(reachableDataDir());
    api = await startTestApp({ role: 'api', dataDir: dataDirs[1] });
  }, 60_000);
  afterAll(async () => {
    await workers.stopAll();
    await api?.stop();
  }, 60_000);

  async function latestSteps(projectId: string) {
    const client = new pg.Client({ connectionString: api.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query(
        `SELECT s.step_id, s.status, s.attempts, s.log, s.error_message FROM pipeline_steps s
          WHERE s.run_id = (SELECT id FROM pipeline_runs WHERE project_id = $1 ORDER BY created_at DESC LIMIT 1) ORDER BY s.position`,
        [projectId],
      );
      return rows;
    } finally {
      await client.end();
    }
  }

  it('keeps a failed creation for Retry, stores a safe message, and Delete cleans it up', async () => {
    const owner = await registerUser(api);
    await api.api('PUT', '/settings/GITHUB_ORGANIZATION', { token: owner.token, body: { value: 'acme' } });
    // Created while no worker runs, then given an organization the source host refuses: it fails at validate-github.
    const res = await api.api('POST', '/projects', { token: owner.token, body: { name: 'Failing One', template_name: 'static-site' } });
    const created = res.body;
    await sql(api, `UPDATE projects SET source_organization = 'bad/../org' WHERE id = $1`, [created.id]);
    const worker = workers.start();
    await worker.started;
    const failed = await waitForRun(api, owner.token, created.id, { stream: 'project_creation' });
    expect(failed.overall_status).toBe('failed');
    const step = failed.processors.find((processor: any) => processor.status === 'failed');
    expect(step).toMatchObject({ processor_name: 'validate-github', error_message: 'GITHUB_ORGANIZATION must be letters, digits and single hyphens' });
    for (const processor of failed.processors) {
      expect(`${processor.error_message ?? ''}`).not.toMatch(/SELECT|INSERT|\/tmp|\/work|secret|password|at .*\.ts/i);
    }
    // Fixed, then retried: it resumes at the failed step and completes.
    await sql(api, `UPDATE projects SET source_organization = 'acme' WHERE id = $1`, [created.id]);
    expect((await api.api('POST', `/projects/${created.id}/status/retry`, { token: owner.token })).status).toBe(200);
    const retried = await waitForRun(api, owner.token, created.id, { stream: 'project_creation' });
    expect(retried.overall_status).toBe('completed');
    // Retry started over at the failed step, with fresh attempts; the steps before it did not run again.
    expect((await latestSteps(created.id)).map((step) => [step.step_id, step.attempts])).toEqual(retried.processors.map((step: any) => [step.processor_name, 1]));
    expect((await api.api('DELETE', `/projects/${created.id}`, { token: owner.token })).status).toBe(202);
    await waitForRun(api, owner.token, created.id, { stream: 'project_deletion' });
    expect((await api.api('GET', `/projects/${created.id}`, { token: owner.token })).status).toBe(404);
    await workers.stop(worker.child);
  }, 180_000);

  /** Waits until the project's creation runs `stepId` with its build command in a scratch directory; answers that step's row id. */
  async function buildRunning(token: string, projectId: string, stepId: string): Promise<string> {
    await eventually(async () => {
      const { body } = await api.api('GET', `/projects/${projectId}/status`, { token });
      if (body.processors.find((step: any) => step.processor_name === stepId).status !== 'running') return false;
      const scratch = existsSync(path.join(api.dataDir, 'builds')) ? readdirSync(path.join(api.dataDir, 'builds')) : [];
      return scratch.some((name) => existsSync(path.join(api.dataDir, 'builds', name, 'build-process.json')));
    }, 120_000);
    const [step] = await sql(api, `SELECT s.id FROM pipeline_steps s JOIN pipeline_runs r ON r.id = s.run_id WHERE r.project_id = $1 AND s.step_id = $2`, [projectId, stepId]);
    return step.id;
  }

  it('is taken over by the worker beside the one killed, with one repository, one commit, one tag, one version, one deployment and one running app', async () => {
    const owner = await registerUser(api);
    await api.api('PUT', '/settings/GITHUB_ORGANIZATION', { token: owner.token, body: { value: 'acme' } });
    const both = [workers.start(), workers.start()];
    await Promise.all(both.map((worker) => worker.started));
    // go-api: its build takes long enough to kill the worker while it runs.
    const res = await api.api('POST', '/projects', { token: owner.token, body: { name: 'Survivor', template_name: 'go-api' } });
    expect(res.status).toBe(201);
    const projectId = res.body.id;
    // Killed while it builds the version (the longest step): its effects so far must not be repeated.
    const stepRowId = await buildRunning(owner.token, projectId, 'check-github-version-build');
    const runner = await workerPidOfStep(api, stepRowId);
    const [killed, survivor] = both[0].child.pid === runner ? both : [both[1], both[0]];
    expect(killed.child.pid).toBe(runner);
    await workers.stop(killed.child, 'SIGKILL');

    const run = await waitForRun(api, owner.token, projectId, { stream: 'project_creation', timeoutMs: 300_000 });
    expect(run.overall_status).toBe('completed');
    const interrupted = (await latestSteps(projectId)).find((step) => step.step_id === 'check-github-version-build');
    expect(interrupted.attempts).toBe(2);
    expect(interrupted.log).toContain('attempt 1 was interrupted: its worker stopped');
    expect(await workerPidOfStep(api, stepRowId)).toBe(survivor.child.pid);
    // The killed worker's scratch directory (its build, left running, killed with it) went at the survivor's next sweep
    // or when the retried build began, whichever came first, and that one said so; the retried build's own went when
    // it ended.
    expect(readdirSync(path.join(api.dataDir, 'builds'))).toEqual([]);
    const removedBy = [
      /Removed 1 scratch directory of interrupted builds/.test(survivor.output()) && 'sweep',
      interrupted.log.includes('Removed the scratch directory of an interrupted build') && 'retried build',
    ].filter(Boolean);
    expect(removedBy.length, `removed by: ${removedBy.join(', ') || 'nobody'}`).toBeGreaterThan(0);

    const project = (await api.api('GET', `/projects/${projectId}`, { token: owner.token })).body;
    expect(await cloneSummary(project.repository_url)).toMatchObject({ commits: [project.build_commit], tags: ['v0.1.0'] });
    for (const table of ['versions', 'deployments']) {
      expect((await sql(api, `SELECT count(*)::int AS count FROM ${table} WHERE project_id = $1`, [projectId]))[0].count).toBe(1);
    }
    expect(await fetchApp(project.deployed_url, '/health')).toMatchObject({ status: 200 });

    const deleted = await api.api('DELETE', `/projects/${projectId}`, { token: owner.token });
    expect(deleted.status).toBe(202);
    await waitForRun(api, owner.token, projectId, { stream: 'project_deletion' });
    expect(await appGone(project.deployed_url)).toBe(true);
    await workers.stop(survivor.child);
  }, 500_000);

  it('deletes a project whose creation waits for recovery: the creation is cancelled first and its dead job never acts', async () => {
    const owner = await registerUser(api);
    await api.api('PUT', '/settings/GITHUB_ORGANIZATION', { token: owner.token, body: { value: 'acme' } });
    const first = workers.start();
    await first.started;
    const res = await api.api('POST', '/projects', { token: owner.token, body: { name: 'Deleted While Down', template_name: 'go-api' } });
    const projectId = res.body.id;
    const stepRowId = await buildRunning(owner.token, projectId, 'check-build-status');
    const repositoryUrl = (await api.api('GET', `/projects/${projectId}`, { token: owner.token })).body.repository_url;
    const [{ job_id: deadJob }] = await sql(api, 'SELECT job_id FROM pipeline_steps WHERE id = $1', [stepRowId]);
    await workers.stop(first.child, 'SIGKILL');

    // Deleted while no worker runs: the creation, whose step is still its dead worker's, is cancelled at once.
    expect((await api.api('DELETE', `/projects/${projectId}`, { token: owner.token })).status).toBe(202);
    expect(await sql(api, `SELECT stream_name, status FROM pipeline_runs WHERE project_id = $1 ORDER BY created_at`, [projectId])).toEqual([
      { stream_name: 'project_creation', status: 'cancelled' },
      { stream_name: 'project_deletion', status: 'running' },
    ]);
    expect(await sql(api, 'SELECT state FROM pgboss.job WHERE id = $1', [deadJob])).toEqual([{ state: 'cancelled' }]);

    const second = workers.start();
    await second.started;
    const deletion = await waitForRun(api, owner.token, projectId, { stream: 'project_deletion' });
    expect(deletion.overall_status).toBe('completed');
    expect((await api.api('GET', `/projects/${projectId}`, { token: owner.token })).status).toBe(404);
    expect(await cloneSummary(repositoryUrl)).toBeNull();
    // The interrupted step was never taken up again: it ended with its cancelled run, on its first attempt.
    expect(await sql(api, 'SELECT status, attempts, error_message FROM pipeline_steps WHERE id = $1', [stepRowId])).toEqual([
      { status: 'failed', attempts: 1, error_message: 'Cancelled' },
    ]);
    await eventually(async () => !existsSync(path.join(api.dataDir, 'builds')) || readdirSync(path.join(api.dataDir, 'builds')).length === 0, 30_000);
    await workers.stop(second.child);
  }, 300_000);
});
