import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createClient } from 'graphql-ws';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { FakeDigitalOcean } from '../fakes/digitalocean/fake-digitalocean.js';
import type { FakeDockerHub } from '../fakes/dockerhub/fake-dockerhub.js';
import type { FakeGitHub } from '../fakes/github/fake-github.js';
import { commitImageTag } from '../src/providers/builder/image-tags.js';
import { eventually, fetchApp, pushBranch, waitForRun } from './helpers/project-runs.js';
import { startCloudFakes, type CloudFakes } from './helpers/cloud-fakes.js';
import { once } from './helpers/scenario.js';
import { registerUser, type TestApp } from './helpers/test-app.js';

/**
 * A project in cloud mode from start to end, over HTTP and WebSocket: its repository and secrets on GitHub, its
 * images on Docker Hub, its app on DigitalOcean Kubernetes, each the fake of server/fakes that speaks the real
 * service's API (the Kubernetes fake really runs the app). Creation, a version build, a deployment, a rollback and
 * the deletion; then no token and no secret value in any row Slipway wrote. Each `it` starts from the created project
 * (`creation`, done once), so any `it` runs alone.
 */
const GITHUB_TOKEN = 'ghp_canary_cloud_mode_github_0123456789';
const DOCKER_TOKEN = 'dckr_canary_cloud_mode_docker_0123456789';
const DIGITALOCEAN_TOKEN = 'dop_canary_cloud_mode_do_0123456789';
const CANARY = 'canary-cloud-secret-9d41e7';
/** The Docker Hub token the owner rotates to midway. */
const ROTATED_DOCKER_TOKEN = 'dckr_canary_cloud_mode_rotated_0123456789';
/** What must never be written anywhere. */
const SECRETS = [GITHUB_TOKEN, DOCKER_TOKEN, ROTATED_DOCKER_TOKEN, DIGITALOCEAN_TOKEN, CANARY];

let fakes: CloudFakes;
let app: TestApp;
let db: pg.Client;
let dataDir: string;
let github: FakeGitHub;
let hub: FakeDockerHub;
let digitalOcean: FakeDigitalOcean;
let owner: { token: string };
let project: any;

const call = (method: string, route: string, body?: unknown) => app.api(method, `/projects/${project.id}${route}`, { token: owner.token, body });
const gitHubApi = (route: string) => fetch(`${github.url}${route}`, { headers: { authorization: `token ${GITHUB_TOKEN}` } });
const steps = (run: any) => run.processors.map((step: any) => [step.processor_name, step.status, step.error_message ?? null]);

/** Polls until the project's run has ended. */
const runEnded = () => eventually(async () => (await call('GET', '/status')).body.overall_status !== 'running', 60_000);

/** Polls the deployment until it has settled and the project's run has ended; answers it. */
async function settled(id: string): Promise<any> {
  await eventually(async () => !['pending', 'deploying', 'rolling_back', 'cleaning_up'].includes((await call('GET', `/deployments/${id}`)).body.status), 120_000);
  await runEnded();
  return (await call('GET', `/deployments/${id}`)).body;
}

beforeAll(async () => {
  fakes = await startCloudFakes({ name: 'cloud', dockerUsers: { adalabs: DOCKER_TOKEN }, digitalOcean: { portSlot: 0, tokens: [DIGITALOCEAN_TOKEN] } });
  ({ app, db, github, hub, dataDir } = fakes);
  digitalOcean = fakes.digitalOcean!;
  github.addToken(GITHUB_TOKEN, { login: 'ada', scopes: ['repo', 'workflow', 'delete_repo'] });
  github.addOrganization('acme', { members: [{ login: 'ada', role: 'admin' }] });
  owner = await registerUser(app);
  const settings = { GITHUB_ORGANIZATION: 'acme', GITHUB_TOKEN, DOCKER_USERNAME: 'adalabs', DOCKER_TOKEN, DIGITALOCEAN_TOKEN, DOKS_CLUSTER_ID: digitalOcean.clusterId };
  expect((await app.api('PUT', '/settings', { token: owner.token, body: { settings } })).status).toBe(200);
}, 60_000);

afterAll(() => fakes?.close());

/** The project, created and its steps followed live over graphql-ws to its run's end; `project` as it is then. */
const creation = once(async () => {
  const created = await app.api('POST', '/projects', {
    token: owner.token,
    body: { name: 'Cloud Site', description: 'Runs in the cloud', template_name: 'static-site', environment_variables: [{ name: 'SITE_SECRET', value: CANARY }] },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  project = created.body;

  // The creation's steps, live: the subscription's snapshot first, then each change, to the last step's end.
  const client = createClient({ url: `${app.url.replace('http', 'ws')}/api/graphql`, webSocketImpl: WebSocket, connectionParams: { authorization: `Bearer ${owner.token}` }, retryAttempts: 0 });
  const seen = new Set<string>();
  await new Promise<void>((resolve, reject) => {
    const stop = client.subscribe(
      { query: `subscription ($id: ID!) { projectPipeline(projectId: $id) { overallStatus processors { processorName status } } }`, variables: { id: project.id } },
      {
        next: (result) => {
          if (result.errors) return reject(new Error(JSON.stringify(result.errors)));
          const pipeline = (result.data as any).projectPipeline;
          for (const step of pipeline.processors) seen.add(`${step.processorName}:${step.status}`);
          if (['completed', 'failed', 'cancelled'].includes(pipeline.overallStatus)) {
            stop();
            resolve();
          }
        },
        error: reject,
        complete: () => resolve(),
      },
    );
  });
  await client.dispose();
  const run = await waitForRun(app, owner.token, project.id, { stream: 'project_creation' });
  project = (await app.api('GET', `/projects/${project.id}`, { token: owner.token })).body;
  return { answer: created.body, seen, run };
});

describe('a project in cloud mode', () => {
  it('is created on GitHub, Docker Hub and DigitalOcean Kubernetes, followed live over graphql-ws', async () => {
    const { answer, seen, run } = await creation();
    expect(answer.providers).toEqual({ source_host: 'github', builder: 'github-actions', registry: 'dockerhub', cluster: 'doks' });
    expect(steps(run).filter(([, status]: string[]) => status !== 'completed')).toEqual([]);
    expect(seen).toContain('deploy-to-doks:running');
    expect(seen).toContain('deploy-to-doks:completed');
    expect((await gitHubApi('/repos/acme/cloud-site')).status).toBe(200);
    expect(github.secretValue('acme', 'cloud-site', 'SITE_SECRET')).toBe(CANARY);
    // Built by the repository's workflow on GitHub Actions: a run for the main commit and one for its v0.1.0 tag, which
    // logged in to Docker Hub with the sealed secrets and pushed sha-<7> and the tag.
    expect(github.secretValue('acme', 'cloud-site', 'DOCKER_USERNAME')).toBe('adalabs');
    expect(github.secretValue('acme', 'cloud-site', 'DOCKER_TOKEN')).toBe(DOCKER_TOKEN);
    const runs = (await (await gitHubApi(`/repos/acme/cloud-site/actions/runs?head_sha=${project.build_commit ?? ''}`)).json()) as any;
    expect(runs.workflow_runs.map((run: any) => [run.head_branch, run.status, run.conclusion]).sort()).toEqual([
      ['main', 'completed', 'success'],
      ['v0.1.0', 'completed', 'success'],
    ]);
    const registryHost = new URL(hub.registryUrl).host;
    expect(await hub.imageFile(`${registryHost}/adalabs/cloud-site:${commitImageTag(runs.workflow_runs[0].head_sha)}`)).not.toBeNull();
    const { rows } = await db.query(`SELECT s.log::text AS log FROM pipeline_steps s JOIN pipeline_runs r ON r.id = s.run_id WHERE r.project_id = $1 AND s.step_id = 'check-build-status'`, [project.id]);
    expect(rows[0].log).toMatch(/GitHub Actions run #\d+ \(Build and push image\) for commit [0-9a-f]{12}/);
    expect(rows[0].log).toContain('Built dist/');
    expect(project.docker_image_url).toBe(`${new URL(hub.registryUrl).host}/adalabs/cloud-site:v0.1.0`);
    expect(await hub.imageFile(project.docker_image_url)).not.toBeNull();
    // The load balancer's address, which reaches the app the fake cluster runs.
    expect(project.deployed_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(await fetchApp(project.deployed_url)).toMatchObject({ status: 200, text: expect.stringContaining('Cloud Site') });
  }, 240_000);

  it('builds a version to Docker Hub, deploys it, reads its health and logs from the pods, and rolls back', async () => {
    await creation();
    const created = await call('POST', '/versions', { version_tag: 'v0.2.0', git_branch: 'main' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect((await gitHubApi('/repos/acme/cloud-site/git/ref/tags/v0.2.0')).status).toBe(200);
    await eventually(async () => (await call('GET', `/versions/${created.body.id}`)).body.status === 'ready', 120_000);
    expect(await hub.imageFile(`${new URL(hub.registryUrl).host}/adalabs/cloud-site:v0.2.0`)).not.toBeNull();
    // Built by the v0.2.0 tag's workflow run, whose job log was streamed into the version's build log.
    const tagRuns = (await (await gitHubApi('/repos/acme/cloud-site/actions/runs?branch=v0.2.0')).json()) as any;
    expect(tagRuns.workflow_runs).toMatchObject([{ head_branch: 'v0.2.0', event: 'push', status: 'completed', conclusion: 'success' }]);
    const built = (await call('GET', `/versions/${created.body.id}`)).body;
    expect(built.build_log).toContain(`GitHub Actions run #${tagRuns.workflow_runs[0].run_number} (Build and push image) for commit`);
    expect(built.build_log).toContain('Built dist/');

    const initial = project.active_deployment;
    const deployment = await call('POST', '/deployments', { version_id: created.body.id, deployment_strategy: 'rolling' });
    expect(deployment.status, JSON.stringify(deployment.body)).toBe(201);
    const second = await settled(deployment.body.id);
    expect(second).toMatchObject({ status: 'active', is_active: true, rollback_target_id: initial.id, deployed_url: project.deployed_url });
    // The Kubernetes objects that serve it: the project's namespace, its Deployment and Service.
    expect(second).toMatchObject({ kubernetes_namespace: expect.stringMatching(/^cloud-site/), kubernetes_deployment_name: 'app', kubernetes_service_name: 'app' });
    expect(await fetchApp(project.deployed_url)).toMatchObject({ status: 200 });
    // Checked now, from the pods' readiness.
    expect((await call('POST', `/deployments/${second.id}/health/check`)).body).toMatchObject({ health: 'healthy', checks: [expect.objectContaining({ status: 'healthy' })] });
    const logs = (await call('GET', `/deployments/${second.id}/logs`)).body.logs;
    expect(JSON.stringify(logs)).toMatch(/Listening on port \d+/);

    const rollback = await call('POST', `/deployments/${second.id}/rollback`, { target_deployment_id: initial.id });
    expect(rollback.status, JSON.stringify(rollback.body)).toBe(202);
    // The rollback is a deployment of its own that restores the first one, which stays superseded as it was.
    const restoring = (await call('GET', '/deployments?limit=1')).body.deployments[0];
    expect(restoring).toMatchObject({ restores_deployment_id: initial.id, version_id: initial.version_id });
    expect(await settled(restoring.id)).toMatchObject({ status: 'active', is_active: true });
    expect((await call('GET', `/deployments/${initial.id}`)).body).toMatchObject({ status: 'superseded', activated_at: initial.activated_at });
    expect((await call('GET', `/deployments/${second.id}`)).body).toMatchObject({ status: 'rolled_back', is_active: false });
    expect(await fetchApp(project.deployed_url)).toMatchObject({ status: 200 });
  }, 400_000);

  it("a version made after the Docker Hub token is rotated builds on its tag's first workflow run", async () => {
    await creation();
    // The old token stops working on Docker Hub; the owner saves the new one.
    hub.addUser('adalabs', ROTATED_DOCKER_TOKEN);
    expect((await app.api('PUT', '/settings/DOCKER_TOKEN', { token: owner.token, body: { value: ROTATED_DOCKER_TOKEN } })).status).toBe(200);
    const created = await call('POST', '/versions', { version_tag: 'v0.2.1', git_branch: 'main' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    // The tag's push started the workflow run: the repository had the new token before it.
    expect(github.secretValue('acme', 'cloud-site', 'DOCKER_TOKEN')).toBe(ROTATED_DOCKER_TOKEN);
    await eventually(async () => ['ready', 'build_failed'].includes((await call('GET', `/versions/${created.body.id}`)).body.status), 120_000);
    expect((await call('GET', `/versions/${created.body.id}`)).body).toMatchObject({ status: 'ready', build_status: 'success' });
    const tagRuns = (await (await gitHubApi('/repos/acme/cloud-site/actions/runs?branch=v0.2.1')).json()) as any;
    expect(tagRuns.workflow_runs).toMatchObject([{ head_branch: 'v0.2.1', run_attempt: 1, status: 'completed', conclusion: 'success' }]);
  }, 400_000);

  it("stopping a version's build cancels its GitHub Actions run", async () => {
    await creation();
    // A branch whose build never ends (the runner runs slipway.json's build, as the template's workflow does).
    const remote = new URL('/acme/cloud-site.git', github.url);
    remote.username = 'x-access-token';
    remote.password = GITHUB_TOKEN;
    await pushBranch(remote.toString(), 'slow', { 'slipway.json': JSON.stringify({ build: [process.execPath, '-e', 'setInterval(() => {}, 1000)'] }) });
    const created = await call('POST', '/versions', { version_tag: 'v0.3.0', git_branch: 'slow' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const tagRun = async () => ((await (await gitHubApi('/repos/acme/cloud-site/actions/runs?branch=v0.3.0')).json()) as any).workflow_runs[0];
    await eventually(async () => (await tagRun())?.status === 'in_progress', 60_000);
    // Slipway follows the run before it is stopped.
    await eventually(async () => (await call('GET', `/versions/${created.body.id}`)).body.build_log.includes('GitHub Actions run #'), 60_000);

    const stopped = await call('POST', `/versions/${created.body.id}/build/stop`);
    expect(stopped.status, JSON.stringify(stopped.body)).toBe(200);
    expect(stopped.body).toMatchObject({ build_status: 'cancelled', status: 'build_failed' });
    await eventually(async () => (await tagRun()).status === 'completed', 30_000);
    expect(await tagRun()).toMatchObject({ conclusion: 'cancelled' });
    await eventually(async () => (await call('GET', `/versions/${created.body.id}/build/progress`)).body.pipeline.overall_status === 'cancelled');
    expect((await call('DELETE', `/versions/${created.body.id}`)).status).toBeLessThan(300);
  }, 400_000);

  it("reads its pods' CPU and memory from metrics.k8s.io; a stop scales the Deployment to 0 and keeps its namespace", async () => {
    await creation();
    const active = (await call('GET', '')).body.active_deployment;
    const metrics = (await call('GET', `/deployments/${active.id}/metrics`)).body;
    expect(metrics.instances).toEqual([{ instance: expect.stringMatching(/^r\d+-1$/), cpu_percent: expect.any(Number), memory_bytes: expect.any(Number) }]);
    expect(metrics.instances[0].memory_bytes).toBeGreaterThan(10 * 2 ** 20);
    expect(metrics.instances_unavailable_reason).toBeNull();
    // A cluster without metrics-server: no instances, and why, over REST and GraphQL alike.
    digitalOcean.kubernetes.setMetricsServer(false);
    try {
      const reason =
        "Metrics unavailable: the cluster has no metrics API (metrics.k8s.io), so its pods' CPU and memory cannot be read; install metrics-server in the cluster to see them";
      expect((await call('GET', `/deployments/${active.id}/metrics`)).body).toMatchObject({ instances: [], instances_unavailable_reason: reason });
      const graphql = await app.graphql(`query ($id: ID!) { deployment(id: $id) { metrics(range: "5m") { instances { instance } instancesUnavailableReason } } }`, { id: active.id }, owner.token);
      expect(graphql.errors).toBeUndefined();
      expect(graphql.data).toEqual({ deployment: { metrics: { instances: [], instancesUnavailableReason: reason } } });
    } finally {
      digitalOcean.kubernetes.setMetricsServer(true);
    }

    expect((await call('POST', '/deployments/stop?environment=production')).status).toBeLessThan(300);
    await eventually(async () => (await call('GET', `/deployments/${active.id}`)).body.status === 'archived', 120_000);
    const { store } = digitalOcean.kubernetes;
    const type = (kind: string, plural: string, group = '') => ({ group, version: 'v1', plural, kind, namespaced: kind !== 'Namespace' });
    const [namespace] = store.list(type('Namespace', 'namespaces')).filter((each) => each.metadata.name.startsWith('cloud-site'));
    expect(namespace.status).toEqual({ phase: 'Active' });
    expect(store.get(type('Deployment', 'deployments', 'apps'), namespace.metadata.name, 'app')?.spec.replicas).toBe(0);
    expect(store.list(type('Pod', 'pods'), namespace.metadata.name)).toEqual([]);
    expect(await fetchApp(project.deployed_url)).not.toMatchObject({ status: 200 });
  }, 400_000);

  it('is deleted from every service, and no token or secret value was written anywhere', async () => {
    await creation();
    const url = project.deployed_url;
    // No token or secret value in the build logs on disk (the GitHub Actions job logs streamed into them).
    const buildLogs = path.join(dataDir, 'build-logs');
    const files = readdirSync(buildLogs, { recursive: true }).map(String).filter((name) => name.endsWith('.log'));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const text = readFileSync(path.join(buildLogs, file), 'utf8');
      for (const secret of SECRETS) expect(text.includes(secret), `${secret.slice(0, 10)}… in ${file}`).toBe(false);
    }
    // The tests before left runs (a stop, a cancelled build) that may still be ending: a run that cannot be cancelled
    // answers 409 to a deletion.
    await runEnded();
    const deleted = await app.api('DELETE', `/projects/${project.id}`, { token: owner.token });
    expect(deleted.status, JSON.stringify(deleted.body)).toBeLessThan(300);
    await eventually(async () => (await app.api('GET', `/projects/${project.id}`, { token: owner.token })).status === 404, 120_000);
    expect((await gitHubApi('/repos/acme/cloud-site')).status).toBe(404);
    expect(await hub.imageFile(project.docker_image_url)).toBeNull();
    expect(await fetchApp(url)).not.toMatchObject({ status: 200 });

    for (const table of ['pipeline_steps', 'pipeline_runs', 'projects', 'versions', 'deployments', 'deployment_events', 'user_settings']) {
      const { rows } = await db.query(`SELECT t::text AS row FROM ${table} t`);
      for (const secret of SECRETS) expect(rows.filter((row) => row.row.includes(secret)), `${secret.slice(0, 10)}… in ${table}`).toEqual([]);
    }
  }, 400_000);
});
