import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeKubernetes, startFakeKubernetes } from '../../../../fakes/kubernetes/fake-kubernetes.js';
import type { PolicyRule } from '../../../../fakes/kubernetes/kubernetes-rbac.js';
import type { Artifact } from '../../registry/registry.port.js';
import type { DeployHooks, DeploySpec } from '../cluster.port.js';
import { canarySplit, KUBERNETES_PERMISSIONS, type KubernetesCluster, kubeconfigCluster } from '../kubernetes-cluster.js';
import { openImages, STATIC_SITE } from './kubernetes-images.js';

/** docs/providers.md's ClusterRole, exactly KUBERNETES_PERMISSIONS: a request outside it fails (403). */
const TOKEN = `kc-canary-${randomUUID()}`;
const CONTEXT = 'canary-cluster';
const SLIPWAY_ROLE: PolicyRule[] = KUBERNETES_PERMISSIONS.map(({ group, resource, subresource, verbs }) => ({
  apiGroups: [group],
  resources: [subresource ? `${resource}/${subresource}` : resource],
  verbs,
}));
const DEPLOYMENT = { group: 'apps', version: 'v1', plural: 'deployments', kind: 'Deployment', namespaced: true };
const hooks = (): DeployHooks => ({ signal: new AbortController().signal, onLog: () => undefined });

describe('canary releases on a Kubernetes cluster (replica weights)', () => {
  let images: Awaited<ReturnType<typeof openImages>>;
  let fake: FakeKubernetes;
  let cluster: KubernetesCluster;
  let first: Artifact;
  let second: Artifact;

  beforeAll(async () => {
    images = await openImages();
    fake = await startFakeKubernetes({
      pullImage: (reference) => images.pull(reference),
      stablePorts: { from: 28_600, to: 28_699 },
      authorize: (token) => token === TOKEN,
      permissions: () => SLIPWAY_ROLE,
    });
    cluster = kubeconfigCluster({ kubeconfig: fake.kubeconfig(TOKEN, CONTEXT), context: CONTEXT });
    [first, second] = [await images.staticSite('Stable edition'), await images.staticSite('Canary edition')];
  });
  afterAll(async () => {
    await fake?.close();
    await images?.close();
  });

  const spec = (name: string, artifact: Artifact, overrides: Partial<DeploySpec> = {}): DeploySpec => ({
    name,
    projectId: randomUUID(),
    ownerId: randomUUID(),
    artifact,
    runtime: STATIC_SITE,
    environment: { GREETING: 'hello' },
    replicas: 2,
    healthTimeoutSeconds: 20,
    ...overrides,
  });
  /** The app's Deployments in the cluster: name, replicas asked for and image. */
  const deployments = (name: string) =>
    fake.store
      .list(DEPLOYMENT, name)
      .map((deployment) => ({ name: deployment.metadata.name, replicas: deployment.spec.replicas, image: deployment.spec.template.spec.containers[0].image }))
      .sort((a, b) => a.name.localeCompare(b.name));
  const stableApp = async () => {
    const name = `canary-${randomUUID().slice(0, 8)}`;
    await cluster.deploy(spec(name, first), hooks());
    return name;
  };

  it('splits the traffic by replica counts, reports the real split and promotes: one Deployment left with the new image', async () => {
    const name = await stableApp();
    await cluster.canary.startCanary(spec(name, second), hooks());
    expect(deployments(name)).toEqual([
      { name: 'app', replicas: 2, image: first.url },
      { name: 'app-canary', replicas: 1, image: second.url },
    ]);

    // 10 % of 2 replicas: the nearest split is one pod each, 50 %.
    expect(await cluster.canary.setCanaryWeight(name, 10)).toBe(50);
    expect(deployments(name).map(({ replicas }) => replicas)).toEqual([1, 1]);
    const traffic = (await cluster.canary.canaryTraffic(name))!;
    expect(traffic).toMatchObject({ percent: 50, stable: { requests: 0, instances: 1 }, canary: { requests: 0, errors: 0, instances: 1 } });
    expect(traffic.problem).toBeUndefined();
    expect(traffic.canary.revision).toBeGreaterThan(traffic.stable.revision);

    expect(await cluster.canary.setCanaryWeight(name, 100)).toBe(100);
    expect(deployments(name).map(({ replicas }) => replicas)).toEqual([0, 2]);

    const status = await cluster.canary.promoteCanary(name, hooks());
    expect(status).toMatchObject({ state: 'running', digest: second.digest, revision: traffic.canary.revision });
    expect(deployments(name)).toEqual([{ name: 'app', replicas: 2, image: second.url }]);
    expect(await cluster.canary.canaryTraffic(name)).toBeNull();
    const page = await fetch(status.url!);
    expect(await page.text()).toContain('Canary edition');
  });

  it('aborts: the canary Deployment and its pods go, the stable one serves with all its replicas', async () => {
    const name = await stableApp();
    await cluster.canary.startCanary(spec(name, second), hooks());
    await cluster.canary.setCanaryWeight(name, 50);
    expect(deployments(name).map(({ replicas }) => replicas)).toEqual([1, 1]);

    await cluster.canary.abortCanary(name);
    expect(deployments(name)).toEqual([{ name: 'app', replicas: 2, image: first.url }]);
    expect(await cluster.canary.canaryTraffic(name)).toBeNull();
    expect(await cluster.status(name)).toMatchObject({ state: 'running', digest: first.digest, replicas: 2 });
    expect((await cluster.instanceStates(name)).map(({ state }) => state)).toEqual(['healthy', 'healthy']);
    await expect(cluster.canary.setCanaryWeight(name, 10)).rejects.toThrow(`No canary runs for ${name}`);
  });

  it('a canary that never becomes Ready fails clearly and leaves the stable revision serving alone', async () => {
    const name = await stableApp();
    const unhealthy = spec(name, second, { runtime: { ...STATIC_SITE, healthPath: '/no-such-health-check' }, healthTimeoutSeconds: 2 });
    await expect(cluster.canary.startCanary(unhealthy, hooks())).rejects.toThrow(/did not become healthy.*the stable revision keeps serving/);
    expect(deployments(name)).toEqual([{ name: 'app', replicas: 2, image: first.url }]);
    expect(await cluster.status(name)).toMatchObject({ state: 'running', digest: first.digest });
  });

  it("a canary whose pods crash is reported as a problem (which aborts it); the serving app's own restarts stay untouched", async () => {
    const name = await stableApp();
    const crashing = "require('node:http').createServer((q, r) => { r.end('ok'); setTimeout(() => process.exit(3), 2000); }).listen(Number(process.env.PORT), '127.0.0.1')";
    await cluster.canary.startCanary(spec(name, second, { runtime: { ...STATIC_SITE, start: ['node', '-e', crashing] } }), hooks());
    let problem: string | undefined;
    for (let deadline = Date.now() + 60_000; !problem && Date.now() < deadline; ) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      problem = (await cluster.canary.canaryTraffic(name))?.problem;
    }
    expect(problem).toMatch(/^its pod app-canary-\S+ (restarted \(it crashed\)|is not ready \(.+\))$/);
    expect(await cluster.crashTimes(name)).toEqual([]);
    await cluster.canary.abortCanary(name);
    expect(deployments(name)).toEqual([{ name: 'app', replicas: 2, image: first.url }]);
  });

  it('refuses a canary when nothing serves to compare with', async () => {
    await expect(cluster.canary.startCanary(spec(`canary-${randomUUID().slice(0, 8)}`, second), hooks())).rejects.toThrow(/has no healthy revision serving/);
  });
});

describe('canarySplit', () => {
  it('keeps a pod on each side between 0 and 100 % and answers the real share', () => {
    expect(canarySplit(2, 10)).toEqual({ canary: 1, stable: 1, percent: 50 });
    expect(canarySplit(1, 10)).toEqual({ canary: 1, stable: 1, percent: 50 });
    expect(canarySplit(10, 10)).toEqual({ canary: 1, stable: 9, percent: 10 });
    expect(canarySplit(4, 50)).toEqual({ canary: 2, stable: 2, percent: 50 });
    expect(canarySplit(3, 90)).toEqual({ canary: 2, stable: 1, percent: 67 });
    expect(canarySplit(3, 100)).toEqual({ canary: 3, stable: 0, percent: 100 });
  });
});
