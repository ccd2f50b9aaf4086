import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeDockerHub } from '../fakes/dockerhub/fake-dockerhub.js';
import type { FakeGitHub } from '../fakes/github/fake-github.js';
import { fetchApp, waitForRun } from './helpers/project-runs.js';
import { startCloudFakes, type CloudFakes } from './helpers/cloud-fakes.js';
import { registerUser, type TestApp } from './helpers/test-app.js';

/**
 * Which adapters a project uses: chosen per port from its owner's settings when it is created, recorded on the
 * project and on each run, and never a local adapter for a cloud port. GitHub and Docker Hub are the fakes of
 * server/fakes (their real request and response formats, over real HTTP; the whole cloud flow with DigitalOcean
 * Kubernetes is cloud-mode.integration.spec.ts); a cloud port whose credentials left Settings fails with what to
 * save. Real PostgreSQL, the local adapters for the local ports.
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

/** A value of a project's environment: it must reach GitHub's secrets sealed, and be stored nowhere in clear. */
const CANARY = 'canary-secret-value-5f0c2a';

let fakes: CloudFakes;
let app: TestApp;
let db: pg.Client;
let dataDir: string;
let github: FakeGitHub;
let hub: FakeDockerHub;

beforeAll(async () => {
  fakes = await startCloudFakes({ name: 'providers', dockerUsers: { [ALL_CLOUD.DOCKER_USERNAME]: ALL_CLOUD.DOCKER_TOKEN } });
  ({ app, db, github, hub, dataDir } = fakes);
  github.addToken(ALL_CLOUD.GITHUB_TOKEN, { login: 'ada', scopes: ['repo', 'workflow', 'delete_repo'] });
  for (const org of ['cloud-org', 'retry-org', 'other-org']) github.addOrganization(org, { members: [{ login: 'ada', role: 'admin' }] });
}, 60_000);
afterAll(() => fakes?.close());

/** A new owner with GITHUB_ORGANIZATION and these settings saved. */
async function owner(organization: string, settings: Record<string, string> = {}) {
  const user = await registerUser(app);
  const res = await app.api('PUT', '/settings', { token: user.token, body: { settings: { GITHUB_ORGANIZATION: organization, ...settings } } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return user;
}

async function createProject(token: string, name: string, template?: string, environment: Record<string, string> = {}) {
  const environment_variables = Object.entries(environment).map(([name, value]) => ({ name, value }));
  const body = { name, description: `${name} project`, ...(template ? { template_name: template } : {}), ...(environment_variables.length ? { environment_variables } : {}) };
  const res = await app.api('POST', '/projects', { token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/** The project's runs with the kinds each recorded, oldest first. */
const runKinds = async (projectId: string) =>
  (await db.query(`SELECT stream_name, providers FROM pipeline_runs WHERE project_id = $1 ORDER BY created_at`, [projectId])).rows;

/** The descriptions of these steps of the run. */
const describedAs = (run: any, ids: string[]) => ids.map((id) => run.processors.find((step: any) => step.processor_name === id)?.description);

/** The run's steps as [id, status, error] (pending steps of a failed run are skipped). */
const steps = (run: any) => run.processors.map((step: any) => [step.processor_name, step.status, step.error_message ?? null]);

async function graphProviders(token: string, id: string) {
  const graph = await app.graphql(`query ($id: ID!) { project(id: $id) { providers { sourceHost builder registry cluster label } } }`, { id }, token);
  expect(graph.errors).toBeUndefined();
  return graph.data.project.providers;
}

const localRepositories = (organization: string) => (existsSync(path.join(dataDir, 'repos', organization)) ? readdirSync(path.join(dataDir, 'repos', organization)) : []);

/** Every path under the local registry (where the local cluster's copies of Docker Hub images are kept). */
const localRegistryPaths = () => (existsSync(path.join(dataDir, 'registry')) ? readdirSync(path.join(dataDir, 'registry'), { recursive: true }).map(String) : []);

/** Nothing the runs wrote (steps' logs and errors, runs, projects, versions, deployments) holds a saved token or the canary. */
async function expectNoTokenStored() {
  for (const table of ['pipeline_steps', 'pipeline_runs', 'projects', 'versions', 'deployments']) {
    const { rows } = await db.query(`SELECT t::text AS row FROM ${table} t`);
    for (const token of [...TOKENS, CANARY]) expect(rows.filter((row) => row.row.includes(token)), `${token.slice(0, 8)}… in ${table}`).toEqual([]);
  }
}

/** A GitHub REST call to the fake, as the owner's token. */
const gitHubApi = (route: string) => fetch(`${github.url}${route}`, { headers: { authorization: `token ${ALL_CLOUD.GITHUB_TOKEN}` } });

describe('providers of a project', () => {
  it('GitHub and Docker Hub credentials: the repository and its secrets on GitHub, the image on Docker Hub, the app on the local cluster; deletion removes them', async () => {
    const { DIGITALOCEAN_TOKEN: _do, DOKS_CLUSTER_ID: _cluster, ...credentials } = ALL_CLOUD;
    const cloud = await owner('cloud-org', credentials);
    const project = await createProject(cloud.token, 'Cloud Shop', 'static-site', { SHOP_SECRET: CANARY });
    expect(project.providers).toEqual({ source_host: 'github', builder: 'github-actions', registry: 'dockerhub', cluster: 'local' });
    expect(await graphProviders(cloud.token, project.id)).toEqual({ sourceHost: 'github', builder: 'github_actions', registry: 'dockerhub', cluster: 'local', label: 'GitHub: cloud-org/cloud-shop' });

    const run = await waitForRun(app, cloud.token, project.id, { stream: 'project_creation' });
    expect(steps(run).filter(([, status]: string[]) => status !== 'completed')).toEqual([]);
    // The steps say where they worked.
    expect(describedAs(run, ['setup-github-repo', 'setup-secrets', 'check-docker', 'deploy-to-doks'])).toEqual([
      'Creates the project repository in GitHub',
      "Stores the project's environment variables as GitHub Actions secrets, sealed",
      'Checks that Docker Hub holds the v0.1.0 artifact',
      'Deploys v0.1.0 to the local cluster and waits for its health check',
    ]);
    expect(await runKinds(project.id)).toEqual([
      { stream_name: 'project_creation', providers: { source_host: 'github', builder: 'github-actions', registry: 'dockerhub', cluster: 'local', registry_namespace: 'cloudy' } },
    ]);
    // The repository, its first commit, its v0.1.0 tag and its sealed secret are on GitHub, none of it on this machine.
    const repository = await gitHubApi('/repos/cloud-org/cloud-shop');
    expect(repository.status).toBe(200);
    const details = (await app.api('GET', `/projects/${project.id}`, { token: cloud.token })).body;
    expect(details.repository_url).toBe(((await repository.json()) as { html_url: string }).html_url);
    // Slipway serves no copy of it over git: no clone URL, and /git knows no such repository.
    expect(details.clone_url).toBeNull();
    const served = await fetch(`${app.url}/git/cloud-org/cloud-shop.git/info/refs?service=git-upload-pack`, {
      headers: { authorization: `Basic ${Buffer.from(`${cloud.email}:${cloud.password}`).toString('base64')}` },
    });
    expect(served.status).toBe(404);
    expect((await gitHubApi('/repos/cloud-org/cloud-shop/git/ref/tags/v0.1.0')).status).toBe(200);
    expect(github.secretValue('cloud-org', 'cloud-shop', 'SHOP_SECRET')).toBe(CANARY);
    expect(localRepositories('cloud-org')).toEqual([]);
    // The image is on Docker Hub under DOCKER_USERNAME, and the app built from it answers on its URL.
    const reference = `${new URL(hub.registryUrl).host}/cloudy/cloud-shop:v0.1.0`;
    expect(details.docker_image_url).toBe(reference);
    expect(await hub.imageFile(reference)).not.toBeNull();
    expect(await fetchApp(details.deployed_url)).toMatchObject({ status: 200 });
    expect(localRegistryPaths().filter((entry) => entry.includes('cloud-shop')).length).toBeGreaterThan(0);

    // A canary release of a second version: its image comes from Docker Hub to the local cluster as well.
    const call = (method: string, route: string, body?: unknown) => app.api(method, `/projects/${project.id}${route}`, { token: cloud.token, body });
    const version = await call('POST', '/versions', { version_tag: 'v0.2.0', git_branch: 'main' });
    expect(version.status, JSON.stringify(version.body)).toBe(201);
    await expect.poll(async () => (await call('GET', `/versions/${version.body.id}`)).body.status, { timeout: 120_000 }).toBe('ready');
    const canary = await call('POST', '/deployments', { version_id: version.body.id, deployment_strategy: 'canary', canary_step_seconds: 3600 });
    expect(canary.status, JSON.stringify(canary.body)).toBe(201);
    await expect.poll(async () => (await call('GET', `/deployments/${canary.body.id}`)).body.canary?.current_step, { timeout: 120_000 }).toBe(0);
    expect((await call('POST', `/deployments/${canary.body.id}/promote`)).status).toBe(200);
    await expect.poll(async () => (await call('GET', `/deployments/${canary.body.id}`)).body.status, { timeout: 120_000 }).toBe('active');
    // Its run ends after the old revision has drained: then the project may be deleted.
    expect((await waitForRun(app, cloud.token, project.id, { stream: 'deployment' })).overall_status).toBe('completed');
    expect(await fetchApp(details.deployed_url)).toMatchObject({ status: 200 });
    await expectNoTokenStored();

    expect((await app.api('DELETE', `/projects/${project.id}`, { token: cloud.token })).status).toBeLessThan(300);
    await expect.poll(async () => (await app.api('GET', `/projects/${project.id}`, { token: cloud.token })).status, { timeout: 60_000 }).toBe(404);
    expect((await gitHubApi('/repos/cloud-org/cloud-shop')).status).toBe(404);
    expect(await hub.imageFile(reference)).toBeNull();
    // The local cluster's copy of the image went with it.
    expect(localRegistryPaths().filter((entry) => entry.includes('cloud-shop'))).toEqual([]);
    expect(await fetchApp(details.deployed_url)).not.toMatchObject({ status: 200 });
  }, 240_000);

  it('a GitHub failure is a clear failed step (no token in it), and Retry finishes the run once GitHub accepts the token', async () => {
    const late = 'ghp_canary_late_token_0123456789';
    const retrying = await owner('retry-org', { GITHUB_TOKEN: late });
    const project = await createProject(retrying.token, 'Retry Notes');
    const failed = await waitForRun(app, retrying.token, project.id, { stream: 'project_creation' });
    expect(steps(failed)[2]).toEqual(['validate-github', 'failed', 'The GitHub token is not valid (GitHub answered "Bad credentials"): create a new token and save it in Settings']);

    github.addToken(late, { login: 'ada', scopes: ['repo', 'workflow', 'delete_repo'] });
    expect((await app.api('POST', `/projects/${project.id}/status/retry`, { token: retrying.token })).status).toBe(200);
    const done = await waitForRun(app, retrying.token, project.id, { stream: 'project_creation' });
    expect(steps(done).filter(([, status]: string[]) => status !== 'completed')).toEqual([]);
    expect((await gitHubApi('/repos/retry-org/retry-notes')).status).toBe(200);
    const { rows } = await db.query(`SELECT t::text AS row FROM pipeline_steps t`);
    expect(rows.filter((row) => row.row.includes(late))).toEqual([]);
  }, 240_000);

  it("an owner without cloud settings gets local kinds on the project and its run, whatever another owner saved", async () => {
    await owner('other-org', ALL_CLOUD);
    const plain = await owner('plain-org');
    const project = await createProject(plain.token, 'Plain Notes');
    expect(project.providers).toEqual(LOCAL);
    expect(await graphProviders(plain.token, project.id)).toMatchObject({ sourceHost: 'local', registry: 'local', cluster: 'local', label: 'local git' });

    const run = await waitForRun(app, plain.token, project.id, { stream: 'project_creation' });
    expect(steps(run).filter(([, status]: string[]) => status !== 'completed')).toEqual([]);
    expect(describedAs(run, ['setup-github-repo', 'setup-secrets'])).toEqual([
      'Creates the project repository in local git',
      "Stores the project's environment variables as the local repository's encrypted secrets",
    ]);
    expect(await runKinds(project.id)).toEqual([{ stream_name: 'project_creation', providers: LOCAL }]);
    expect(localRepositories('plain-org')).toEqual(['plain-notes.git']);

    // A project keeps the kinds it was created with: saving tokens later moves nothing.
    await app.api('PUT', '/settings', { token: plain.token, body: { settings: ALL_CLOUD } });
    expect((await app.api('GET', `/projects/${project.id}`, { token: plain.token })).body.providers).toEqual(LOCAL);
  });

  it('DigitalOcean credentials alone: built and stored locally, the deploy step says the cluster needs Docker Hub', async () => {
    const doks = await owner('doks-org', { DIGITALOCEAN_TOKEN: ALL_CLOUD.DIGITALOCEAN_TOKEN, DOKS_CLUSTER_ID: ALL_CLOUD.DOKS_CLUSTER_ID });
    const project = await createProject(doks.token, 'Doks Site', 'static-site');
    expect(project.providers).toEqual({ ...LOCAL, cluster: 'doks' });

    const run = await waitForRun(app, doks.token, project.id, { stream: 'project_creation' });
    const failed = steps(run).filter(([, status]: string[]) => status !== 'completed' && status !== 'skipped');
    expect(failed).toEqual([
      [
        'deploy-to-doks',
        'failed',
        "DigitalOcean Kubernetes pulls the project's images from Docker Hub, but this project keeps them on this machine: save DOCKER_USERNAME and DOCKER_TOKEN in Settings and create the project again",
      ],
    ]);
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
