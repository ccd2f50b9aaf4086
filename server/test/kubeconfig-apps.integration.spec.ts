import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAndClone, deploymentOfCommit, fetchApp, pushCrashable } from './helpers/project-runs.js';
import { startCloudFakes, type CloudFakes } from './helpers/cloud-fakes.js';
import { registerUser, type TestApp } from './helpers/test-app.js';

/**
 * Issue 35 on the cluster of a kubeconfig (the fake Kubernetes API, its apps really running): continuous health
 * reads crashes from the pods' restart counts, so a crash-looping deployment is rolled back as on the local cluster;
 * an environment's custom domains become an Ingress with TLS from the owner's cert-manager issuer.
 * Real PostgreSQL, real git pushes, images through the fake Docker Hub.
 */
const DOCKER_TOKEN = 'dckr_kube_apps_docker_0123456789';
const DIGITALOCEAN_TOKEN = 'dop_kube_apps_do_0123456789';

let fakes: CloudFakes;
let app: TestApp;
let owner: Awaited<ReturnType<typeof registerUser>>;
let project: any;
let work: string;
let clone: string;

const call = (method: string, route: string, body?: unknown) => app.api(method, `/projects/${project.id}${route}`, { token: owner.token, body });

const push = (branch: string, text: string, crashes = false) => pushCrashable(clone, branch, text, crashes);

/** The deployment of this commit that matches `check`, once there is one. */
const deploymentOf = (sha: string, check: (deployment: any) => boolean) => deploymentOfCommit(app, owner.token, project.id, sha, check);

beforeAll(async () => {
  fakes = await startCloudFakes({
    name: 'kube-apps',
    dockerUsers: { adalabs: DOCKER_TOKEN },
    digitalOcean: { portSlot: 0, tokens: [DIGITALOCEAN_TOKEN] },
    env: { SLIPWAY_HEALTH_CHECK_SECONDS: '1' },
  });
  app = fakes.app;
  const digitalOcean = fakes.digitalOcean!;
  const kubeconfig = await (await fetch(`${digitalOcean.apiUrl}/v2/kubernetes/clusters/${digitalOcean.clusterId}/kubeconfig`, { headers: { authorization: `Bearer ${DIGITALOCEAN_TOKEN}` } })).text();
  owner = await registerUser(app);
  const settings = {
    GITHUB_ORGANIZATION: 'acme',
    DOCKER_USERNAME: 'adalabs',
    DOCKER_TOKEN,
    KUBECONFIG: kubeconfig,
    KUBERNETES_CONTEXT: /current-context: (.+)/.exec(kubeconfig)![1],
    KUBERNETES_CERT_ISSUER: 'letsencrypt-staging',
  };
  expect((await app.api('PUT', '/settings', { token: owner.token, body: { settings } })).status).toBe(200);
  ({ project, work, clone } = await createAndClone(app, owner, { name: 'Kube Apps', template_name: 'static-site' }));
  expect(project.providers.cluster).toBe('kubeconfig');
}, 300_000);

afterAll(async () => {
  await fakes?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('continuous health on Kubernetes', () => {
  it('rolls back a deployment whose pods crash-loop, counted from their restart counts', async () => {
    const good = await push('main', 'good one');
    const healthy = await deploymentOf(good, (row) => row.status === 'active');
    expect(await fetchApp(project.deployed_url)).toEqual({ status: 200, text: 'good one' });

    const bad = await push('main', 'bad one', true);
    const failed = await deploymentOf(bad, (row) => row.status === 'rolled_back');
    expect(failed.health_failure).toMatch(/^crash loop \(\d+ restarts in 60 s\)$/);
    expect(failed.rollback_reason).toBe(`Automatic rollback: ${failed.health_failure}`);
    const restoring = await deploymentOf(good, (row) => row.id !== healthy.id && row.status === 'active');
    expect(restoring.restores_deployment_id).toBe(healthy.id);
    expect(await fetchApp(project.deployed_url)).toEqual({ status: 200, text: 'good one' });
  }, 480_000);
});

describe('custom domains on Kubernetes', () => {
  const INGRESS = { group: 'networking.k8s.io', version: 'v1', plural: 'ingresses', kind: 'Ingress', namespaced: true };
  const ingresses = () => fakes.digitalOcean!.kubernetes.store.list(INGRESS).filter((object) => object.metadata.namespace!.startsWith('kube-apps-'));

  it("become the app's Ingress, with TLS from the saved issuer, as they are added and removed", async () => {
    expect(await call('POST', '/environments/production/domains', { hostname: 'shop.example.com' })).toMatchObject({ status: 201 });
    expect(await call('POST', '/environments/production/domains', { hostname: 'WWW.example.com.' })).toMatchObject({ status: 201 });
    expect(ingresses()).toEqual([
      expect.objectContaining({
        metadata: expect.objectContaining({ name: 'app', annotations: { 'cert-manager.io/cluster-issuer': 'letsencrypt-staging' } }),
        spec: expect.objectContaining({
          tls: [{ hosts: ['shop.example.com', 'www.example.com'], secretName: 'app-tls' }],
          rules: [expect.objectContaining({ host: 'shop.example.com' }), expect.objectContaining({ host: 'www.example.com' })],
        }),
      }),
    ]);
    expect((await call('DELETE', '/environments/production/domains/shop.example.com')).status).toBe(200);
    expect(ingresses().map((object) => object.spec.tls[0].hosts)).toEqual([['www.example.com']]);
    expect((await call('DELETE', '/environments/production/domains/www.example.com')).status).toBe(200);
    expect(ingresses()).toEqual([]);
  });
});
