import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeDigitalOcean, startFakeDigitalOcean } from '../../../../fakes/digitalocean/fake-digitalocean.js';
import type { Artifact } from '../../registry/registry.port.js';
import type { DeploySpec } from '../cluster.port.js';
import { doksCluster } from '../kubernetes-cluster.js';
import { openImages, STATIC_SITE } from './kubernetes-images.js';
import { clusterContract, deployHooks, page } from './cluster.contract.js';

const TOKEN = `dop_v1_${randomUUID().replaceAll('-', '')}`;

async function openDoks() {
  const images = await openImages();
  const fake = await startFakeDigitalOcean({ pullImage: (reference) => images.pull(reference), tokens: [TOKEN], stablePorts: { from: 28_700, to: 28_899 } });
  const make = () => doksCluster({ token: TOKEN, clusterId: fake.clusterId, apiUrl: fake.apiUrl });
  let cluster = make();
  return {
    fake,
    images,
    get cluster() {
      return cluster;
    },
    makeArtifact: (marker: string) => images.staticSite(marker),
    async restart() {
      cluster = make();
      return cluster;
    },
    async close() {
      await fake.close();
      await images.close();
    },
  };
}

clusterContract('DigitalOcean Kubernetes cluster', { open: openDoks, runtime: STATIC_SITE });

describe('DigitalOcean Kubernetes cluster on the fakes', () => {
  let harness: Awaited<ReturnType<typeof openDoks>>;
  let fake: FakeDigitalOcean;
  let artifact: Artifact;
  const spec = (name: string, overrides: Partial<DeploySpec> = {}): DeploySpec => ({
    name,
    projectId: randomUUID(),
    ownerId: randomUUID(),
    artifact,
    runtime: STATIC_SITE,
    environment: { GREETING: 'hello', API_KEY: 'canary-value-42' },
    replicas: 1,
    healthTimeoutSeconds: 20,
    ...overrides,
  });

  beforeAll(async () => {
    harness = await openDoks();
    fake = harness.fake;
    artifact = await harness.makeArtifact('Objects edition');
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('says clearly when DigitalOcean refuses the token, without showing it', async () => {
    const secret = `dop_v1_${randomUUID()}`;
    const cluster = doksCluster({ token: secret, clusterId: fake.clusterId, apiUrl: fake.apiUrl });
    const error = await cluster.status('some-app').then(() => null, (caught: Error) => caught);
    expect(error?.message).toMatch(/DigitalOcean refused the API token \(401 unauthorized: Unable to authenticate you\)/);
    expect(JSON.stringify({ message: error?.message, stack: error?.stack })).not.toContain(secret);
  });

  it('says clearly when the cluster does not exist', async () => {
    const cluster = doksCluster({ token: TOKEN, clusterId: randomUUID(), apiUrl: fake.apiUrl });
    await expect(cluster.status('some-app')).rejects.toThrow(/DigitalOcean has no Kubernetes cluster "[0-9a-f-]+" for this token \(404 not_found/);
  });

  it('says clearly when the API is unreachable', async () => {
    const closed = createServer().listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const cluster = doksCluster({ token: TOKEN, clusterId: fake.clusterId, apiUrl: `http://127.0.0.1:${port}` });
    await expect(cluster.status('some-app')).rejects.toThrow(
      `Could not reach DigitalOcean at http://127.0.0.1:${port} to read the Kubernetes cluster's credentials: connection refused (ECONNREFUSED)`,
    );
  });

  it('creates the namespace, a Secret, a rolling Deployment with probes and a LoadBalancer Service', async () => {
    const name = `objects-${randomUUID().slice(0, 8)}`;
    const cluster = doksCluster({ token: TOKEN, clusterId: fake.clusterId, apiUrl: fake.apiUrl });
    const lines: string[] = [];
    const status = await cluster.deploy(spec(name, { healthTimeoutSeconds: 25 }), deployHooks(lines));
    expect(status).toMatchObject({ name, state: 'running', digest: artifact.digest, revision: 1, replicas: 1 });
    expect((await page(status.url!)).text).toContain('Objects edition');
    expect(lines.join('\n')).toMatch(/ScalingReplicaSet: Scaled up replica set app-/);

    // Read back through the fake Kubernetes API, as kubectl would.
    const { store } = fake.kubernetes;
    const kind = (name: string) => ({ Deployment: { group: 'apps', version: 'v1', plural: 'deployments', kind: 'Deployment', namespaced: true } })[name]!;
    expect(store.get({ group: '', version: 'v1', plural: 'namespaces', kind: 'Namespace', namespaced: false }, undefined, name)?.status).toEqual({ phase: 'Active' });
    const deployment = store.get(kind('Deployment'), name, 'app')!;
    expect(deployment.spec.strategy).toEqual({ type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0, maxSurge: 1 } });
    expect(deployment.spec.progressDeadlineSeconds).toBe(25);
    expect(deployment.metadata.annotations?.['deployment.kubernetes.io/revision']).toBe('1');
    expect(deployment.status).toMatchObject({ observedGeneration: 1, replicas: 1, updatedReplicas: 1, readyReplicas: 1, availableReplicas: 1 });
    const container = deployment.spec.template.spec.containers[0];
    expect(container).toMatchObject({
      image: artifact.url,
      command: ['node', 'server.mjs'],
      env: [{ name: 'PORT', value: '8080' }],
      envFrom: [{ secretRef: { name: 'env-r1' } }],
      readinessProbe: { httpGet: { path: '/health', port: 8080 } },
      livenessProbe: { httpGet: { path: '/health', port: 8080 } },
    });
    const secret = store.get({ group: '', version: 'v1', plural: 'secrets', kind: 'Secret', namespaced: true }, name, 'env-r1')!;
    expect(Object.fromEntries(Object.entries(secret.data as Record<string, string>).map(([key, value]) => [key, Buffer.from(value, 'base64').toString()]))).toEqual({
      GREETING: 'hello',
      API_KEY: 'canary-value-42',
    });
    const service = store.get({ group: '', version: 'v1', plural: 'services', kind: 'Service', namespaced: true }, name, 'app')!;
    expect(service.spec).toMatchObject({ type: 'LoadBalancer', selector: { 'app.kubernetes.io/name': name } });
    expect(service.status.loadBalancer.ingress[0]).toMatchObject({ ip: '127.0.0.1', ports: [{ port: Number(new URL(status.url!).port) }] });

    const health = await cluster.checkHealth(name);
    expect(health).toEqual([expect.objectContaining({ instance: 'r1-1', status: 'healthy', path: '/health', message: null })]);
    const entries = await cluster.logEntries(name, 20);
    expect(entries.some((entry) => entry.instance === 'r1-1' && /Listening on port \d+/.test(entry.line) && entry.at instanceof Date)).toBe(true);
    expect(cluster.runsApps()).toBe(false);
    expect(fake.kubernetes.nodes.localNameOf(name, 'app')).toMatch(/^k[0-9a-f]{12}$/);
    const [podMetrics] = (await fake.kubernetes.nodes.podMetrics(name)) as Array<{ containers: Array<{ usage: { cpu: string; memory: string } }> }>;
    expect(podMetrics.containers[0].usage).toEqual({ cpu: expect.stringMatching(/^\d+n$/), memory: expect.stringMatching(/^[1-9]\d*Ki$/) });

    // The node loses the app: its pod stops passing its readiness probe, and the adapter says so.
    await fake.kubernetes.nodes.local.remove(fake.kubernetes.nodes.localNameOf(name, 'app')!);
    expect(await cluster.checkHealth(name)).toEqual([
      expect.objectContaining({ instance: 'r1-1', status: 'unhealthy', message: 'Readiness probe failed: the container is not running' }),
    ]);
    expect(await cluster.status(name)).toMatchObject({ state: 'starting', replicas: 0 });
    // Deploying again brings it back (the template is unchanged, so it is a new revision of the same artifact).
    expect(await cluster.deploy(spec(name, { healthTimeoutSeconds: 25 }), deployHooks())).toMatchObject({ state: 'running', revision: 2 });
    expect(await cluster.drainTraffic()).toEqual([]);

    // The environment is the Secret's: the app sees it (the static site does not print it; the Secret is what it reads).
    const failed = await cluster.deploy(spec(name, { artifact: { ...artifact, tag: 'no-such-tag', url: artifact.url.replace(/:[^:/]+$/, ':no-such-tag'), digest: 'sha256:0' }, healthTimeoutSeconds: 2 }), deployHooks()).then(
      () => null,
      (error: Error) => error,
    );
    expect(failed?.message).toMatch(/Revision 3 did not become healthy: ErrImagePull.*revision 2 keeps serving/);
    expect(await cluster.status(name)).toMatchObject({ state: 'running', revision: 2, digest: artifact.digest });
    expect(JSON.stringify(failed)).not.toContain(TOKEN);
    // The rollback re-applied revision 2's template: Kubernetes reuses its ReplicaSet as the newest revision.
    const rolledBack = store.get(kind('Deployment'), name, 'app')!;
    expect(rolledBack.metadata.annotations?.['deployment.kubernetes.io/revision']).toBe('4');
    expect(rolledBack.spec.template.metadata.annotations['slipway.dev/revision']).toBe('2');
    const sets = store.list({ group: 'apps', version: 'v1', plural: 'replicasets', kind: 'ReplicaSet', namespaced: true }, name);
    expect(sets.map((set) => [set.metadata.annotations?.['deployment.kubernetes.io/revision'], set.spec.replicas]).sort()).toEqual([
      ['1', 0],
      ['3', 0],
      ['4', 1],
    ]);
    // Only the serving revision's environment is kept.
    const secrets = store.list({ group: '', version: 'v1', plural: 'secrets', kind: 'Secret', namespaced: true }, name);
    expect(secrets.map((each) => each.metadata.name)).toEqual(['env-r2']);
    await cluster.remove(name);
    expect(await cluster.status(name)).toBeNull();
    expect(await cluster.checkHealth(name)).toBeNull();
  });

  it('follows the pods’ logs: the last lines, then those of pods that start later', async () => {
    const name = `follow-${randomUUID().slice(0, 8)}`;
    const cluster = doksCluster({ token: TOKEN, clusterId: fake.clusterId, apiUrl: fake.apiUrl });
    await cluster.deploy(spec(name), deployHooks());
    const next = await harness.makeArtifact('Followed edition');
    const abort = new AbortController();
    const timeout = setTimeout(() => abort.abort(), 25_000);
    const seen: string[] = [];
    let redeploy: Promise<unknown> | null = null;
    for await (const entry of cluster.followLogs(name, 10, abort.signal)) {
      seen.push(`${entry.instance} ${entry.line}`);
      if (entry.instance === 'r1-1' && /Listening on port/.test(entry.line)) redeploy ??= cluster.deploy(spec(name, { artifact: next }), deployHooks());
      if (entry.instance === 'r2-1' && /Listening on port/.test(entry.line)) abort.abort();
    }
    clearTimeout(timeout);
    await redeploy;
    expect(seen.join('\n')).toMatch(/^r1-1 Listening on port \d+$/m);
    expect(seen.join('\n')).toMatch(/^r2-1 Listening on port \d+$/m);
    await cluster.remove(name);
  });

  it("stops by scaling the Deployment to 0: no pods, the URL serves nothing, the namespace, Secret and Service stay; deploying starts it again", async () => {
    const name = `stop-${randomUUID().slice(0, 8)}`;
    const cluster = doksCluster({ token: TOKEN, clusterId: fake.clusterId, apiUrl: fake.apiUrl });
    const { url } = await cluster.deploy(spec(name), deployHooks());
    expect((await page(url!)).status).toBe(200);

    await cluster.stop(name);
    const { store } = fake.kubernetes;
    const type = (kind: string, plural: string, group = '') => ({ group, version: 'v1', plural, kind, namespaced: kind !== 'Namespace' });
    expect(store.get(type('Deployment', 'deployments', 'apps'), name, 'app')).toMatchObject({ spec: { replicas: 0 }, status: { replicas: 0 } });
    expect(store.list(type('Pod', 'pods'), name)).toEqual([]);
    expect(store.get(type('Namespace', 'namespaces'), undefined, name)?.status).toEqual({ phase: 'Active' });
    expect(store.list(type('Secret', 'secrets'), name).map((secret) => secret.metadata.name)).toEqual(['env-r1']);
    expect(store.get(type('Service', 'services'), name, 'app')).not.toBeUndefined();
    expect(await cluster.status(name)).toMatchObject({ state: 'stopped', replicas: 0 });
    const answer = await fetch(url!, { signal: AbortSignal.timeout(5000) }).then((response) => response.status, () => 'refused');
    expect([503, 'refused']).toContain(answer);
    expect(await cluster.checkHealth(name)).toEqual([]);
    expect(await cluster.instanceUsage(name)).toEqual([]);
    // Stopping again, or an app that was never deployed, changes nothing.
    await cluster.stop(name);
    await cluster.stop('never-deployed');

    const started = await cluster.deploy(spec(name), deployHooks());
    expect(started).toMatchObject({ state: 'running', revision: 2, replicas: 1 });
    expect((await page(started.url!, 20_000)).text).toContain('Objects edition');
    await cluster.remove(name);
    expect(store.get(type('Namespace', 'namespaces'), undefined, name)).toBeNull();
  });

  it("reads the pods' CPU and memory from metrics.k8s.io, and says clearly when the cluster has no metrics API", async () => {
    const name = `usage-${randomUUID().slice(0, 8)}`;
    const cluster = doksCluster({ token: TOKEN, clusterId: fake.clusterId, apiUrl: fake.apiUrl });
    await cluster.deploy(spec(name, { replicas: 2 }), deployHooks());
    const usage = await cluster.instanceUsage(name);
    expect(usage.map((instance) => instance.instance).sort()).toEqual(['r1-1', 'r1-2']);
    for (const instance of usage) {
      expect(instance.cpuPercent).toBeGreaterThanOrEqual(0);
      // The static site's Node process: tens of MiB, read from the PodMetrics' Ki.
      expect(instance.memoryBytes).toBeGreaterThan(10 * 2 ** 20);
      expect(instance.memoryBytes % 1024).toBe(0);
    }

    fake.kubernetes.setMetricsServer(false);
    try {
      await expect(cluster.instanceUsage(name)).rejects.toMatchObject({
        reason: 'METRICS_UNAVAILABLE',
        message: "Metrics unavailable: the cluster has no metrics API (metrics.k8s.io), so its pods' CPU and memory cannot be read; install metrics-server in the cluster to see them",
      });
    } finally {
      fake.kubernetes.setMetricsServer(true);
    }
    expect(await cluster.instanceUsage('never-deployed')).toEqual([]);
    await cluster.remove(name);
  });

  it('fetches new cluster credentials when they expire, and when the API server refuses them', async () => {
    const cluster = doksCluster({ token: TOKEN, clusterId: fake.clusterId, apiUrl: fake.apiUrl });
    expect(await cluster.status('nothing-here')).toBeNull();
    const issued = fake.credentialsIssued();
    expect(await cluster.status('nothing-here')).toBeNull();
    expect(fake.credentialsIssued()).toBe(issued);
    fake.expireClusterTokens();
    expect(await cluster.status('nothing-here')).toBeNull();
    expect(fake.credentialsIssued()).toBe(issued + 1);
  });

  it('says clearly when the API server refuses the credentials even after fetching new ones', async () => {
    const refusing = await startFakeDigitalOcean({ pullImage: () => Promise.resolve(null), tokens: [TOKEN], maxCredentialSeconds: 0 });
    try {
      const cluster = doksCluster({ token: TOKEN, clusterId: refusing.clusterId, apiUrl: refusing.apiUrl });
      const error = await cluster.status('some-app').then(() => null, (caught: Error) => caught);
      expect(error?.message).toBe("The cluster's API server refused the credentials DigitalOcean handed out (401) when asked to read the namespace");
      expect(refusing.credentialsIssued()).toBe(2);
    } finally {
      await refusing.close();
    }
  });

  it('fetches new credentials before they expire (short-lived tokens)', async () => {
    const shortLived = await startFakeDigitalOcean({ pullImage: () => Promise.resolve(null), tokens: [TOKEN], maxCredentialSeconds: 30 });
    try {
      const cluster = doksCluster({ token: TOKEN, clusterId: shortLived.clusterId, apiUrl: shortLived.apiUrl });
      expect(await cluster.status('nothing-here')).toBeNull();
      expect(await cluster.status('nothing-here')).toBeNull();
      // Credentials that expire within the refresh margin are never used again.
      expect(shortLived.credentialsIssued()).toBe(2);
    } finally {
      await shortLived.close();
    }
  });
});
