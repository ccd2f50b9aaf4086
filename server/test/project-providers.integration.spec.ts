import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForRun } from './helpers/project-runs.js';
import { registerUser, startTestApp, type TestApp } from './helpers/test-app.js';

/**
 * Which adapters a project uses: chosen per port from its owner's settings when it is created, recorded on the
 * project and on each run, and never a local adapter for a cloud port. The cloud adapters are not in this build,
 * so a cloud port fails its first step with "... not built in this version"; a cloud port whose credentials left
 * Settings fails with what to save. Real PostgreSQL, real HTTP, the local adapters for the local ports.
 */
const LOCAL = { source_host: 'local', builder: 'local', registry: 'local', cluster: 'local' };
const ALL_CLOUD = {
  GITHUB_TOKEN: 'ghp_canary_github_token_0123456789',
  DOCKER_USERNAME: 'cloudy',
  DOCKER_TOKEN: 'dckr_canary_docker_token_0123456789',
  DIGITALOCEAN_TOKEN: 'dop_canary_do_token_0123456789',
  DOKS_CLUSTER_ID: 'b7c5e7d2-0000-4000-8000-000000000001',
};
const TOKENS = [ALL_CLOUD.GITHUB_TOKEN, ALL_CLOUD.DOCKER_TOKEN, ALL_CLOUD.DIGITALOCEAN_TOKEN];

let app: TestApp;
let db: pg.Client;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'slipway-providers-'));
  chmodSync(dataDir, 0o711);
  app = await startTestApp({ dataDir });
  db = new pg.Client({ connectionString: app.databaseUrl });
  await db.connect();
}, 60_000);
afterAll(async () => {
  await db?.end();
  await app?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A new owner with GITHUB_ORGANIZATION and these settings saved. */
async function owner(organization: string, settings: Record<string, string> = {}) {
  const user = await registerUser(app);
  const res = await app.api('PUT', '/settings', { token: user.token, body: { settings: { GITHUB_ORGANIZATION: organization, ...settings } } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return user;
}

async function createProject(token: string, name: string, template?: string) {
  const res = await app.api('POST', '/projects', { token, body: { name, description: `${name} project`, ...(template ? { template_name: template } : {}) } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/** The project's runs with the kinds each recorded, oldest first. */
const runKinds = async (projectId: string) =>
  (await db.query(`SELECT stream_name, providers FROM pipeline_runs WHERE project_id = $1 ORDER BY created_at`, [projectId])).rows;

/** The run's steps as [id, status, error] (pending steps of a failed run are skipped). */
const steps = (run: any) => run.processors.map((step: any) => [step.processor_name, step.status, step.error_message ?? null]);

async function graphProviders(token: string, id: string) {
  const graph = await app.graphql(`query ($id: ID!) { project(id: $id) { providers { sourceHost builder registry cluster label } } }`, { id }, token);
  expect(graph.errors).toBeUndefined();
  return graph.data.project.providers;
}

const localRepositories = (organization: string) => (existsSync(path.join(dataDir, 'repos', organization)) ? readdirSync(path.join(dataDir, 'repos', organization)) : []);

/** Nothing the runs wrote (steps' logs and errors, runs, projects) holds a saved token. */
async function expectNoTokenStored() {
  for (const table of ['pipeline_steps', 'pipeline_runs', 'projects']) {
    const { rows } = await db.query(`SELECT t::text AS row FROM ${table} t`);
    for (const token of TOKENS) expect(rows.filter((row) => row.row.includes(token)), `${token.slice(0, 8)}… in ${table}`).toEqual([]);
  }
}

describe('providers of a project', () => {
  it('an owner with every cloud credential saved gets the cloud kinds, on the project and its run; the run stops at validate-github, touching no local source host', async () => {
    const cloud = await owner('cloud-org', ALL_CLOUD);
    const project = await createProject(cloud.token, 'Cloud Shop');
    expect(project.providers).toEqual({ source_host: 'github', builder: 'local', registry: 'dockerhub', cluster: 'doks' });
    expect(await graphProviders(cloud.token, project.id)).toEqual({ sourceHost: 'github', builder: 'local', registry: 'dockerhub', cluster: 'doks', label: 'GitHub: cloud-org/cloud-shop' });

    const run = await waitForRun(app, cloud.token, project.id, { stream: 'project_creation' });
    expect(run.overall_status).toBe('failed');
    expect(steps(run).slice(0, 4)).toEqual([
      ['validate-request', 'completed', null],
      ['load-settings', 'completed', null],
      ['validate-github', 'failed', 'The GitHub adapter is not built in this version'],
      ['build-model', 'skipped', null],
    ]);
    expect(await runKinds(project.id)).toEqual([
      { stream_name: 'project_creation', providers: { source_host: 'github', builder: 'local', registry: 'dockerhub', cluster: 'doks', registry_namespace: 'cloudy' } },
    ]);
    expect(localRepositories('cloud-org')).toEqual([]);
    await expectNoTokenStored();
  });

  it("an owner without cloud settings gets local kinds on the project and its run, whatever another owner saved", async () => {
    await owner('other-org', ALL_CLOUD);
    const plain = await owner('plain-org');
    const project = await createProject(plain.token, 'Plain Notes');
    expect(project.providers).toEqual(LOCAL);
    expect(await graphProviders(plain.token, project.id)).toMatchObject({ sourceHost: 'local', registry: 'local', cluster: 'local', label: 'local git' });

    const run = await waitForRun(app, plain.token, project.id, { stream: 'project_creation' });
    expect(steps(run).filter(([, status]: string[]) => status !== 'completed')).toEqual([]);
    expect(await runKinds(project.id)).toEqual([{ stream_name: 'project_creation', providers: LOCAL }]);
    expect(localRepositories('plain-org')).toEqual(['plain-notes.git']);

    // A project keeps the kinds it was created with: saving tokens later moves nothing.
    await app.api('PUT', '/settings', { token: plain.token, body: { settings: ALL_CLOUD } });
    expect((await app.api('GET', `/projects/${project.id}`, { token: plain.token })).body.providers).toEqual(LOCAL);
  });

  it('Docker Hub credentials alone: images named after DOCKER_USERNAME, the build step fails on the registry it needs', async () => {
    const docker = await owner('dock-org', { DOCKER_USERNAME: ALL_CLOUD.DOCKER_USERNAME, DOCKER_TOKEN: ALL_CLOUD.DOCKER_TOKEN });
    const project = await createProject(docker.token, 'Docked Site', 'static-site');
    expect(project.providers).toEqual({ ...LOCAL, registry: 'dockerhub' });

    const run = await waitForRun(app, docker.token, project.id, { stream: 'project_creation' });
    const failed = steps(run).filter(([, status]: string[]) => status !== 'completed' && status !== 'skipped');
    expect(failed).toEqual([['check-build-status', 'failed', 'The Docker Hub adapter is not built in this version']]);
    const { rows } = await db.query(
      `SELECT s.log FROM pipeline_steps s JOIN pipeline_runs r ON r.id = s.run_id WHERE r.project_id = $1 AND s.step_id = 'build-model'`,
      [project.id],
    );
    expect(rows[0].log).toContain('image cloudy/docked-site:v0.1.0');
    // The source host stays local: the repository was made and committed to.
    expect(localRepositories('dock-org')).toEqual(['docked-site.git']);
    expect(await runKinds(project.id)).toEqual([{ stream_name: 'project_creation', providers: { ...LOCAL, registry: 'dockerhub', registry_namespace: 'cloudy' } }]);
  });

  it('DigitalOcean credentials alone: built and stored locally, the deploy step fails on the cluster it needs', async () => {
    const doks = await owner('doks-org', { DIGITALOCEAN_TOKEN: ALL_CLOUD.DIGITALOCEAN_TOKEN, DOKS_CLUSTER_ID: ALL_CLOUD.DOKS_CLUSTER_ID });
    const project = await createProject(doks.token, 'Doks Site', 'static-site');
    expect(project.providers).toEqual({ ...LOCAL, cluster: 'doks' });

    const run = await waitForRun(app, doks.token, project.id, { stream: 'project_creation' });
    const failed = steps(run).filter(([, status]: string[]) => status !== 'completed' && status !== 'skipped');
    expect(failed).toEqual([['deploy-to-doks', 'failed', 'The DigitalOcean Kubernetes adapter is not built in this version']]);
    const versions = (await app.api('GET', `/projects/${project.id}/versions`, { token: doks.token })).body.versions;
    expect(versions.map((row: any) => [row.version_tag, row.status, row.build_status])).toEqual([['v0.1.0', 'ready', 'success']]);
    // Nothing was started on the local cluster for it.
    expect((await app.api('GET', `/projects/${project.id}/deployments`, { token: doks.token })).body.deployments).toEqual([]);
  });

  it('a cloud port whose credentials left Settings fails its step with what to save, and never falls back to local', async () => {
    const leaving = await owner('gone-org', { GITHUB_TOKEN: ALL_CLOUD.GITHUB_TOKEN });
    const project = await createProject(leaving.token, 'Gone Token');
    expect(project.providers).toEqual({ ...LOCAL, source_host: 'github' });
    await waitForRun(app, leaving.token, project.id, { stream: 'project_creation' });

    expect((await app.api('DELETE', '/settings/GITHUB_TOKEN', { token: leaving.token })).status).toBe(204);
    expect((await app.api('POST', `/projects/${project.id}/status/retry`, { token: leaving.token })).status).toBe(200);
    const run = await waitForRun(app, leaving.token, project.id, { stream: 'project_creation' });
    expect(steps(run)[2]).toEqual(['validate-github', 'failed', "GitHub token is not set: the project's repository is on GitHub (save GITHUB_TOKEN in Settings)"]);
    expect(localRepositories('gone-org')).toEqual([]);

    // The versions API says the same, as a conflict.
    const version = await app.api('POST', `/projects/${project.id}/versions`, { token: leaving.token, body: { version_tag: 'v1.0.0', git_branch: 'main' } });
    expect(version.status).toBe(409);
    expect(version.body.error).toBe("GitHub token is not set: the project's repository is on GitHub (save GITHUB_TOKEN in Settings)");
    await expectNoTokenStored();
  });
});
