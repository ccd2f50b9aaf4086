import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeDigitalOcean } from '../fakes/digitalocean/fake-digitalocean.js';
import type { FakeDockerHub } from '../fakes/dockerhub/fake-dockerhub.js';
import type { FakeGitHub } from '../fakes/github/fake-github.js';
import { eventually, fetchApp, waitForRun } from './helpers/project-runs.js';
import { startCloudFakes, type CloudFakes } from './helpers/cloud-fakes.js';
import { registerUser, type TestApp } from './helpers/test-app.js';

/**
 * Each way a cloud service refuses Slipway, over the HTTP API with real PostgreSQL: the fake of server/fakes is put
 * into the failure (answering the real service's status codes and error bodies), the run ends with that step failed
 * and a message saying what happened and what to do (never a token), the fake recovers, Retry finishes the run.
 */
const GITHUB_SCOPES = ['repo', 'workflow', 'delete_repo'];

let fakes: CloudFakes;
let app: TestApp;
let db: pg.Client;
let github: FakeGitHub;
let hub: FakeDockerHub;
let digitalOcean: FakeDigitalOcean;
/** The cluster's nodes fail to pull the images whose reference this matches. */
let unpullable: RegExp | null = null;
/** Every token saved by a test: none may appear in what Slipway stored. */
const tokens: string[] = [];

beforeAll(async () => {
  fakes = await startCloudFakes({
    name: 'cloud-failures',
    digitalOcean: { portSlot: 1, pullImage: (reference, dockerHub) => (unpullable?.test(reference) ? Promise.resolve(null) : dockerHub.imageFile(reference)) },
  });
  ({ app, db, github, hub } = fakes);
  digitalOcean = fakes.digitalOcean!;
}, 60_000);

afterAll(() => fakes?.close());

/** A unique suffix for tokens and names. */
let counter = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${(counter += 1)}`;

/** A new owner with these settings saved (and an organization for its projects, as every owner needs). */
async function owner(saved: Record<string, string>) {
  const settings = { GITHUB_ORGANIZATION: unique('org-'), ...saved };
  for (const [name, value] of Object.entries(settings)) if (/TOKEN$/.test(name)) tokens.push(value);
  const user = await registerUser(app);
  const res = await app.api('PUT', '/settings', { token: user.token, body: { settings } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return user;
}

async function createProject(token: string, name: string, template = 'static-site') {
  const res = await app.api('POST', '/projects', { token, body: { name, description: `${name} project`, template_name: template } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/** The steps of the run that did not complete or get skipped, as [id, status, error]. */
const unfinished = (run: any) =>
  run.processors.filter((step: any) => !['completed', 'skipped', 'pending'].includes(step.status)).map((step: any) => [step.processor_name, step.status, step.error_message ?? null]);

/**
 * Creates a project with these settings while the fake fails: the creation ends with `step` failed with `message`
 * (a string or an asymmetric matcher); after `recover`, Retry completes the creation. Answers the project.
 */
async function failsThenRetried(settings: Record<string, string>, step: string, message: unknown, recover: (user: { token: string }) => Promise<void> | void) {
  const user = await owner(settings);
  const project = await createProject(user.token, unique('Fail '));
  const failed = await waitForRun(app, user.token, project.id, { stream: 'project_creation' });
  // The project's status (what the project page shows): the run failed at that step, saying why.
  expect(failed.overall_status).toBe('failed');
  expect(unfinished(failed)).toEqual([[step, 'failed', message]]);

  await recover(user);
  expect((await app.api('POST', `/projects/${project.id}/status/retry`, { token: user.token })).status).toBe(200);
  const done = await waitForRun(app, user.token, project.id, { stream: 'project_creation' });
  expect(unfinished(done)).toEqual([]);
  expect(done.overall_status).toBe('completed');
  return { user, project: (await app.api('GET', `/projects/${project.id}`, { token: user.token })).body };
}

/** Nothing Slipway wrote (steps' logs and errors, runs, projects, versions, deployments and their events) holds a token. */
async function expectNoTokenStored() {
  for (const table of ['pipeline_steps', 'pipeline_runs', 'projects', 'versions', 'deployments', 'deployment_events']) {
    const { rows } = await db.query(`SELECT t::text AS row FROM ${table} t`);
    for (const token of tokens) expect(rows.filter((row) => row.row.includes(token)), `${token.slice(0, 10)}… in ${table}`).toEqual([]);
  }
}

describe('GitHub failures', () => {
  it('an organization that does not exist fails validate-github; Retry works once it exists', async () => {
    const token = unique('ghp_canary_org_');
    github.addToken(token, { login: 'ada', scopes: GITHUB_SCOPES });
    const organization = unique('ghost-org-');
    await failsThenRetried(
      { GITHUB_ORGANIZATION: organization, GITHUB_TOKEN: token },
      'validate-github',
      `The GitHub organization "${organization}" does not exist, or the token's user ada cannot see it`,
      () => github.addOrganization(organization, { members: [{ login: 'ada', role: 'admin' }] }),
    );
  }, 240_000);

  it('a token without the workflow scope fails validate-github naming the scopes; Retry works once it has them', async () => {
    const token = unique('ghp_canary_scopes_');
    github.addToken(token, { login: 'ada', scopes: ['repo'] });
    const organization = unique('scopes-org-');
    github.addOrganization(organization, { members: [{ login: 'ada', role: 'admin' }] });
    await failsThenRetried(
      { GITHUB_ORGANIZATION: organization, GITHUB_TOKEN: token },
      'validate-github',
      'The GitHub token lacks the "workflow" scope (it has: repo); Slipway needs "repo" and "workflow" (and "delete_repo" to delete projects\' repositories)',
      () => github.addToken(token, { login: 'ada', scopes: GITHUB_SCOPES }),
    );
  }, 240_000);

  it('an exhausted rate limit fails validate-github with its reset time; Retry works once it resets', async () => {
    const token = unique('ghp_canary_rate_');
    github.addToken(token, { login: 'ada', scopes: GITHUB_SCOPES });
    const organization = unique('rate-org-');
    github.addOrganization(organization, { members: [{ login: 'ada', role: 'admin' }] });
    const reset = Math.floor(Date.now() / 1000) + 3600;
    github.rateLimit(0, reset);
    const resetsAt = new Date(reset * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    await failsThenRetried(
      { GITHUB_ORGANIZATION: organization, GITHUB_TOKEN: token },
      'validate-github',
      `GitHub's API rate limit for this token is used up, so Slipway could not read the token's user. It resets at ${resetsAt}.`,
      () => github.rateLimit(5000, reset),
    );
  }, 240_000);
});

describe('GitHub Actions failures', () => {
  it("a workflow run that cannot push fails check-build-status with the run's failure; Retry (and a version's Rebuild) re-runs it once it may push", async () => {
    const token = unique('ghp_canary_actions_');
    github.addToken(token, { login: 'ada', scopes: GITHUB_SCOPES });
    const organization = unique('actions-org-');
    github.addOrganization(organization, { members: [{ login: 'ada', role: 'admin' }] });
    const username = unique('pushless');
    const dockerToken = unique('dckr_canary_pushless_');
    // The token may read, so Slipway can look for the image, but the workflow's push is refused.
    hub.addUser(username, dockerToken, 'read');
    const { user, project } = await failsThenRetried(
      { GITHUB_ORGANIZATION: organization, GITHUB_TOKEN: token, DOCKER_USERNAME: username, DOCKER_TOKEN: dockerToken },
      'check-build-status',
      'CI build failed: The GitHub Actions run failed: image / Build and push image',
      () => hub.addUser(username, dockerToken, 'delete'),
    );
    expect(project.providers).toMatchObject({ builder: 'github-actions' });
    // The commit's one workflow run, run a second time.
    const repository = new URL(project.repository_url).pathname.slice(1);
    expect(repository).toMatch(new RegExp(`^${organization}/`));
    const runs = await fetch(`${github.url}/repos/${repository}/actions/runs?branch=main`, { headers: { authorization: `token ${token}` } });
    expect(((await runs.json()) as any).workflow_runs).toMatchObject([{ run_attempt: 2, conclusion: 'success' }]);

    // A version whose tag's run cannot push ends build_failed; Rebuild re-runs that run once it may push.
    hub.addUser(username, dockerToken, 'read');
    const versionCall = (method: string, path = '', body?: unknown) => app.api(method, `/projects/${project.id}/versions${path}`, { token: user.token, body });
    const built = async (id: string) => {
      let version: any;
      await eventually(async () => {
        version = (await versionCall('GET', `/${id}`)).body;
        return ['success', 'failed', 'cancelled'].includes(version.build_status) && version.status !== 'build_success';
      }, 120_000);
      return version;
    };
    const created = await versionCall('POST', '', { version_tag: 'v1.0.0', git_branch: 'main' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(await built(created.body.id)).toMatchObject({ status: 'build_failed', build_status: 'failed', docker_image_url: null });
    hub.addUser(username, dockerToken, 'delete');
    expect((await versionCall('POST', `/${created.body.id}/build`)).status).toBe(202);
    expect(await built(created.body.id)).toMatchObject({ status: 'ready', build_status: 'success', docker_image_url: expect.stringContaining(':v1.0.0') });
    expect((await versionCall('GET', `/${created.body.id}/build/logs?tail=10000`)).body.logs).toMatch(/^Re-running GitHub Actions run #\d+ \(attempt 2\)$/m);
  }, 300_000);
});

describe('Docker Hub failures', () => {
  it('credentials Docker Hub rejects fail the step that signs in; Retry works once they are accepted', async () => {
    const username = unique('badcreds');
    const token = unique('dckr_canary_bad_');
    await failsThenRetried(
      { DOCKER_USERNAME: username, DOCKER_TOKEN: token },
      // The build pushes the image: the first step that signs in to Docker Hub.
      'check-build-status',
      `Docker Hub rejected the credentials of "${username}": check DOCKER_USERNAME and DOCKER_TOKEN (a personal access token with read, write and delete access)`,
      () => hub.addUser(username, token),
    );
  }, 240_000);

  it('a read-only token fails with what access to give it; Retry works once it may push', async () => {
    const username = unique('readonly');
    const token = unique('dckr_canary_read_');
    hub.addUser(username, token, 'read');
    await failsThenRetried(
      { DOCKER_USERNAME: username, DOCKER_TOKEN: token },
      'check-build-status',
      `The Docker Hub token of "${username}" cannot push images: create a personal access token with Read, Write & Delete access`,
      () => hub.addUser(username, token, 'delete'),
    );
  }, 240_000);

  it("Docker Hub's rate limit fails with when to try again; Retry works once it lifts", async () => {
    const username = unique('limited');
    const token = unique('dckr_canary_rate_');
    hub.addUser(username, token);
    // The Hub API and registry pulls answer 429 (pushes are not rate limited): the check of the pushed image fails.
    hub.setRateLimit({ hub: 0, registryPulls: 0 });
    const lift = () => hub.setRateLimit({ hub: 1_000_000, registryPulls: 1_000_000 });
    try {
      await failsThenRetried(
        { DOCKER_USERNAME: username, DOCKER_TOKEN: token },
        'check-docker',
        expect.stringMatching(/^Docker Hub's rate limit is reached; try again (after \d{4}-\d\d-\d\dT[\d:.]+Z|later)$/),
        lift,
      );
    } finally {
      lift();
    }
  }, 240_000);

  it("a DOCKER_USERNAME changed after the project was created: a new version is refused and a build fails, with what changed; both work once it is saved back", async () => {
    const [first, second] = [unique('first'), unique('second')];
    const [firstToken, secondToken] = [unique('dckr_canary_first_'), unique('dckr_canary_second_')];
    hub.addUser(first, firstToken);
    hub.addUser(second, secondToken);
    tokens.push(secondToken);
    const user = await owner({ DOCKER_USERNAME: first, DOCKER_TOKEN: firstToken });
    const project = await createProject(user.token, unique('Renamed '));
    expect((await waitForRun(app, user.token, project.id, { stream: 'project_creation' })).overall_status).toBe('completed');
    const save = async (settings: Record<string, string>) =>
      expect((await app.api('PUT', '/settings', { token: user.token, body: { settings } })).status).toBe(200);
    const versionCall = (method: string, path = '', body?: unknown) => app.api(method, `/projects/${project.id}/versions${path}`, { token: user.token, body });
    const built = async (id: string) => {
      let version: any;
      await eventually(async () => {
        version = (await versionCall('GET', `/${id}`)).body;
        return ['success', 'failed', 'cancelled'].includes(version.build_status) && version.status !== 'build_success';
      }, 120_000);
      return version;
    };
    const changed = `Docker Hub user changed: this project's images are under "${first}", but DOCKER_USERNAME in Settings is now "${second}": save "${first}" and its token again, or create the project again to use "${second}"`;

    await save({ DOCKER_USERNAME: second, DOCKER_TOKEN: secondToken });
    // A new version's tag would start a workflow run that cannot push: refused before anything is made.
    const refused = await versionCall('POST', '', { version_tag: 'v1.0.0', git_branch: 'main' });
    expect(refused).toMatchObject({ status: 409, body: { error: changed, code: 'CONFLICT' } });
    expect((await versionCall('GET')).body.versions.map((version: any) => version.version_tag)).toEqual(['v0.1.0']);
    // The first version's build, run again now, fails with the same reason.
    const [initial] = (await versionCall('GET')).body.versions;
    expect((await versionCall('POST', `/${initial.id}/build`)).status).toBe(202);
    expect(await built(initial.id)).toMatchObject({ build_status: 'failed' });
    const progress = (await versionCall('GET', `/${initial.id}/build/progress`)).body;
    expect(progress.pipeline.processors.find((step: any) => step.status === 'failed')?.error_message).toBe(changed);

    await save({ DOCKER_USERNAME: first, DOCKER_TOKEN: firstToken });
    expect((await versionCall('POST', `/${initial.id}/build`)).status).toBe(202);
    expect(await built(initial.id)).toMatchObject({ status: 'ready', build_status: 'success', docker_image_url: expect.stringContaining(`${first}/`) });
    const created = await versionCall('POST', '', { version_tag: 'v1.0.0', git_branch: 'main' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(await built(created.body.id)).toMatchObject({ status: 'ready', build_status: 'success', docker_image_url: expect.stringContaining(`${first}/`) });
  }, 240_000);
});

describe('DigitalOcean failures', () => {
  /** Docker Hub settings of a new account (the cluster pulls from Docker Hub). */
  const dockerHub = () => {
    const username = unique('doks');
    const token = unique('dckr_canary_doks_');
    hub.addUser(username, token);
    return { DOCKER_USERNAME: username, DOCKER_TOKEN: token };
  };

  it('a token DigitalOcean refuses fails deploy-to-doks; Retry works once it is accepted', async () => {
    const token = unique('dop_canary_bad_');
    await failsThenRetried(
      { ...dockerHub(), DIGITALOCEAN_TOKEN: token, DOKS_CLUSTER_ID: digitalOcean.clusterId },
      'deploy-to-doks',
      'DigitalOcean refused the API token (401 unauthorized: Unable to authenticate you); check the DigitalOcean token in the settings',
      () => digitalOcean.addToken(token),
    );
  }, 240_000);

  it('a cluster id DigitalOcean does not know fails deploy-to-doks; Retry works once the right one is saved', async () => {
    const token = unique('dop_canary_cluster_');
    digitalOcean.addToken(token);
    const unknown = '6a0e8a3c-0000-4000-8000-00000000dead';
    const settings = { ...dockerHub(), DIGITALOCEAN_TOKEN: token, DOKS_CLUSTER_ID: unknown };
    const created = await failsThenRetried(
      settings,
      'deploy-to-doks',
      `DigitalOcean has no Kubernetes cluster "${unknown}" for this token (404 not_found: The resource you were accessing could not be found.)`,
      // The owner saves the cluster's right id.
      async (user) => {
        const res = await app.api('PUT', '/settings', { token: user.token, body: { settings: { ...settings, DOKS_CLUSTER_ID: digitalOcean.clusterId } } });
        expect(res.status).toBe(200);
      },
    );
    expect(await fetchApp(created.project.deployed_url)).toMatchObject({ status: 200 });
  }, 240_000);
});

describe('a rollout the cluster cannot finish', () => {
  it('fails the deploy step with the old revision still serving; deploying again works once the cluster recovers', async () => {
    const username = unique('rollout');
    const dockerToken = unique('dckr_canary_rollout_');
    hub.addUser(username, dockerToken);
    const doToken = unique('dop_canary_rollout_');
    digitalOcean.addToken(doToken);
    const user = await owner({ DOCKER_USERNAME: username, DOCKER_TOKEN: dockerToken, DIGITALOCEAN_TOKEN: doToken, DOKS_CLUSTER_ID: digitalOcean.clusterId });
    const project = await createProject(user.token, 'Rollout Site');
    const created = await waitForRun(app, user.token, project.id, { stream: 'project_creation' });
    expect(unfinished(created)).toEqual([]);
    const call = (method: string, route: string, body?: unknown) => app.api(method, `/projects/${project.id}${route}`, { token: user.token, body });
    /** The deployment once it has settled, and the project's run (the deployment's) once it has ended. */
    const settled = async (id: string) => {
      await eventually(async () => !['pending', 'deploying', 'rolling_back', 'cleaning_up'].includes((await call('GET', `/deployments/${id}`)).body.status), 300_000);
      await eventually(async () => (await call('GET', '/status')).body.overall_status !== 'running', 60_000);
      return { deployment: (await call('GET', `/deployments/${id}`)).body, run: (await call('GET', '/status')).body };
    };
    const { deployed_url: url, active_deployment: first } = (await call('GET', '')).body;

    const version = await call('POST', '/versions', { version_tag: 'v0.2.0', git_branch: 'main' });
    expect(version.status, JSON.stringify(version.body)).toBe(201);
    await eventually(async () => (await call('GET', `/versions/${version.body.id}`)).body.status === 'ready', 120_000);

    // The nodes cannot pull the new image: the new revision never becomes ready.
    unpullable = /:v0\.2\.0$/;
    const deployment = await call('POST', '/deployments', { version_id: version.body.id, deployment_strategy: 'rolling' });
    expect(deployment.status, JSON.stringify(deployment.body)).toBe(201);
    const failed = await settled(deployment.body.id);
    expect(unfinished(failed.run)).toEqual([['roll-out', 'failed', expect.stringMatching(/^Revision 2 did not become healthy: ErrImagePull: .*; revision 1 keeps serving$/)]]);
    expect(failed.deployment).toMatchObject({ status: 'rolled_back', is_active: false });
    expect((await call('GET', `/deployments/${first.id}`)).body).toMatchObject({ status: 'active', is_active: true });
    expect(await fetchApp(url)).toMatchObject({ status: 200 });

    unpullable = null;
    const again = await call('POST', '/deployments', { version_id: version.body.id, deployment_strategy: 'rolling' });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    const done = await settled(again.body.id);
    expect(unfinished(done.run)).toEqual([]);
    expect(done.deployment).toMatchObject({ status: 'active', is_active: true });
    expect(await fetchApp(url)).toMatchObject({ status: 200 });
  }, 480_000);
});

it('wrote no token in any step, run, project, version, deployment or event', async () => {
  await expectNoTokenStored();
});
