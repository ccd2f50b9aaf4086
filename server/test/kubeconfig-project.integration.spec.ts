import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, fetchApp, waitForRun } from './helpers/project-runs.js';
import { startCloudFakes, type CloudFakes } from './helpers/cloud-fakes.js';
import { registerUser, type TestApp } from './helpers/test-app.js';

/**
 * Issue 35, "Any cluster": a project whose owner saved a kubeconfig runs on that kubeconfig's cluster, through the
 * same Kubernetes adapter as DOKS. The kubeconfig here is the one the fake DigitalOcean hands out for its fake
 * Kubernetes API (as `doctl kubernetes cluster kubeconfig show` prints it); Slipway is given only the kubeconfig,
 * no DigitalOcean token or cluster id. Images go through the fake Docker Hub, which the cluster pulls from.
 */
const DOCKER_TOKEN = 'dckr_canary_kubeconfig_docker_0123456789';
const DIGITALOCEAN_TOKEN = 'dop_canary_kubeconfig_do_0123456789';

let fakes: CloudFakes;
let app: TestApp;
let owner: { token: string };
let kubeconfig: string;
let context: string;

beforeAll(async () => {
  fakes = await startCloudFakes({ name: 'kubeconfig', dockerUsers: { adalabs: DOCKER_TOKEN }, digitalOcean: { portSlot: 1, tokens: [DIGITALOCEAN_TOKEN] } });
  app = fakes.app;
  const digitalOcean = fakes.digitalOcean!;
  const response = await fetch(`${digitalOcean.apiUrl}/v2/kubernetes/clusters/${digitalOcean.clusterId}/kubeconfig`, { headers: { authorization: `Bearer ${DIGITALOCEAN_TOKEN}` } });
  kubeconfig = await response.text();
  context = /current-context: (.+)/.exec(kubeconfig)![1];
  owner = await registerUser(app);
  const settings = { GITHUB_ORGANIZATION: 'acme', DOCKER_USERNAME: 'adalabs', DOCKER_TOKEN, KUBECONFIG: kubeconfig, KUBERNETES_CONTEXT: context };
  const saved = await app.api('PUT', '/settings', { token: owner.token, body: { settings } });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}, 60_000);

afterAll(() => fakes?.close());

describe('a project on the cluster of a kubeconfig', () => {
  it('is created and deployed there, answers at its load balancer, and is removed from it with the project', async () => {
    const created = await app.api('POST', '/projects', { token: owner.token, body: { name: 'Kube Site', description: 'Runs anywhere', template_name: 'static-site' } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.providers).toEqual({ source_host: 'local', builder: 'local', registry: 'dockerhub', cluster: 'kubeconfig' });
    const run = await waitForRun(app, owner.token, created.body.id, { stream: 'project_creation' });
    expect(run.processors.filter((step: any) => step.status !== 'completed').map((step: any) => [step.processor_name, step.error_message])).toEqual([]);
    const deploy = run.processors.find((step: any) => step.processor_name === 'deploy-to-doks');
    expect(deploy.description).toBe("Deploys v0.1.0 to the kubeconfig's Kubernetes cluster and waits for its health check");

    const project = (await app.api('GET', `/projects/${created.body.id}`, { token: owner.token })).body;
    expect(project.deployed_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(await fetchApp(project.deployed_url)).toMatchObject({ status: 200, text: expect.stringContaining('Kube Site') });
    // The app's namespace is in the cluster the kubeconfig names.
    const namespaces = () => fakes.digitalOcean!.kubernetes.store.list({ group: '', version: 'v1', plural: 'namespaces', kind: 'Namespace', namespaced: false }).map((ns) => ns.metadata.name);
    expect(namespaces().filter((name) => name.startsWith('kube-site-'))).toHaveLength(1);

    expect((await app.api('DELETE', `/projects/${project.id}`, { token: owner.token })).status).toBeLessThan(300);
    await eventually(async () => !namespaces().some((name) => name.startsWith('kube-site-')), 60_000);
  }, 240_000);
});
