import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeKubernetes, startFakeKubernetes } from '../../../../fakes/kubernetes/fake-kubernetes.js';
import type { PolicyRule } from '../../../../fakes/kubernetes/kubernetes-rbac.js';
import { kubeconfigContexts, loadKubeconfig } from '../kubeconfig.js';
import { clientsFor, loadKubernetesClient } from '../kubernetes-credentials.js';
import { KUBERNETES_PERMISSIONS, kubeconfigCluster } from '../kubernetes-cluster.js';
import { clusterContract } from './cluster.contract.js';
import { openImages, STATIC_SITE } from './kubernetes-images.js';

const TOKEN = `kc-${randomUUID()}`;
/** A token whose ClusterRole is docs/providers.md's: exactly KUBERNETES_PERMISSIONS. */
const SLIPWAY_ROLE_TOKEN = `kc-role-${randomUUID()}`;
/** A token that may only read pods and deployments. */
const READER_TOKEN = `kc-reader-${randomUUID()}`;
const CONTEXT = 'team-cluster';

const SLIPWAY_ROLE: PolicyRule[] = KUBERNETES_PERMISSIONS.map(({ group, resource, subresource, verbs }) => ({
  apiGroups: [group],
  resources: [subresource ? `${resource}/${subresource}` : resource],
  verbs,
}));
const READER: PolicyRule[] = [
  { apiGroups: [''], resources: ['pods', 'pods/log', 'namespaces', 'events', 'services', 'secrets'], verbs: ['get', 'list'] },
  { apiGroups: ['apps'], resources: ['deployments'], verbs: ['get', 'list'] },
];

async function openKubeconfigCluster() {
  const images = await openImages();
  const fake = await startFakeKubernetes({
    pullImage: (reference) => images.pull(reference),
    stablePorts: { from: 28_900, to: 28_999 },
    authorize: (token) => [TOKEN, SLIPWAY_ROLE_TOKEN, READER_TOKEN].includes(token),
    permissions: (token) => (token === SLIPWAY_ROLE_TOKEN ? SLIPWAY_ROLE : token === READER_TOKEN ? READER : undefined),
  });
  const make = () => kubeconfigCluster({ kubeconfig: fake.kubeconfig(SLIPWAY_ROLE_TOKEN, CONTEXT), context: CONTEXT });
  let cluster = make();
  return {
    fake,
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

// The adapter runs with the ClusterRole of docs/providers.md only: a request outside it would fail the suite (403).
clusterContract('Kubernetes cluster from a kubeconfig', { open: openKubeconfigCluster, runtime: STATIC_SITE });

describe('kubeconfig cluster: reading the kubeconfig and checking access', () => {
  let fake: FakeKubernetes;
  beforeAll(async () => {
    fake = (await openKubeconfigCluster()).fake;
  });
  afterAll(() => fake?.close());

  const cluster = (kubeconfig: string, context = CONTEXT) => kubeconfigCluster({ kubeconfig, context, answerTimeoutMs: 5_000 });

  it("lists a kubeconfig's contexts and its current one", async () => {
    const two = `${fake.kubeconfig(TOKEN, 'first')}`.replace('contexts:\n', 'contexts:\n- name: second\n  context:\n    cluster: first-cluster\n    user: first-user\n');
    expect(await kubeconfigContexts(two)).toEqual({ contexts: ['second', 'first'], current: 'first' });
  });

  it('passes the check with full rights and with exactly the documented ClusterRole', async () => {
    await expect(cluster(fake.kubeconfig(TOKEN, CONTEXT)).checkAccess()).resolves.toBeUndefined();
    await expect(cluster(fake.kubeconfig(SLIPWAY_ROLE_TOKEN, CONTEXT)).checkAccess()).resolves.toBeUndefined();
  });

  it('lists the missing permissions by verb and resource', async () => {
    const error = await cluster(fake.kubeconfig(READER_TOKEN, CONTEXT)).checkAccess().then(() => null, (caught: Error) => caught);
    expect(error?.message).toBe(
      `Missing permissions: the credentials of the kubeconfig's context "${CONTEXT}" may not create namespaces, delete namespaces, create secrets, update secrets, delete secrets, ` +
        'create services, create deployments.apps, update deployments.apps, delete deployments.apps, update deployments.apps/scale, get ingresses.networking.k8s.io, create ingresses.networking.k8s.io, ' +
        'update ingresses.networking.k8s.io, delete ingresses.networking.k8s.io (in all namespaces); grant them with the ClusterRole in docs/providers.md',
    );
    expect(error).toMatchObject({ reason: 'KUBERNETES_FORBIDDEN' });
  });

  it("the fake API server answers a SelfSubjectRulesReview with the token's rules and refuses what they do not allow (403), as the real one does", async () => {
    const kubernetes = await loadKubernetesClient();
    const { authorization, core } = clientsFor(kubernetes, loadKubeconfig(kubernetes, fake.kubeconfig(READER_TOKEN, CONTEXT), CONTEXT), 5_000, Infinity);
    const review = await authorization.createSelfSubjectRulesReview({ body: { spec: { namespace: 'default' } } });
    expect(review.status?.resourceRules).toEqual(expect.arrayContaining([{ verbs: ['get', 'list'], apiGroups: ['apps'], resources: ['deployments'] }]));
    expect(review.status?.incomplete).toBe(false);
    const refused = await core.createNamespace({ body: { metadata: { name: 'not-allowed' } } }).then(() => null, (caught: { code?: number; body?: string }) => caught);
    expect(refused?.code).toBe(403);
    expect(JSON.parse(refused?.body ?? '{}')).toMatchObject({
      kind: 'Status',
      reason: 'Forbidden',
      message: expect.stringMatching(/^namespaces is forbidden: User ".+" cannot create resource "namespaces" in API group "" at the cluster scope$/),
    });
  });

  it('says the API server refused the credentials (401), never showing the token', async () => {
    const secret = `kc-unknown-${randomUUID()}`;
    const error = await cluster(fake.kubeconfig(secret, CONTEXT)).checkAccess().then(() => null, (caught: Error) => caught);
    expect(error?.message).toBe(`The cluster's API server refused the credentials of the kubeconfig's context "${CONTEXT}" (401) when asked to check Slipway's permissions`);
    expect(JSON.stringify({ message: error?.message, stack: error?.stack })).not.toContain(secret);
  });

  it('names the host it could not reach', async () => {
    const closed = createServer().listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const kubeconfig = fake.kubeconfig(TOKEN, CONTEXT).replace(/server: .*/, `server: https://127.0.0.1:${port}`);
    await expect(cluster(kubeconfig).checkAccess()).rejects.toThrow(
      `Could not reach the Kubernetes API at https://127.0.0.1:${port} to check Slipway's permissions: connection refused (ECONNREFUSED)`,
    );
  });

  it.each([
    ['not YAML', 'clusters: [', /^The kubeconfig is not valid: it is not YAML \(/],
    ['not a mapping', '- a\n- b\n', /^The kubeconfig is not valid: it is not a kubeconfig/],
    ['another kind', 'kind: Pod\n', /^The kubeconfig is not valid: its kind is "Pod", not Config$/],
    ['no contexts', 'kind: Config\nclusters: []\nusers: []\n', /^The kubeconfig is not valid: it has no contexts$/],
  ])('refuses a kubeconfig that is %s', async (_, kubeconfig, message) => {
    await expect(cluster(kubeconfig).checkAccess()).rejects.toThrow(message);
  });

  it('refuses a context the kubeconfig does not have, naming those it has', async () => {
    await expect(cluster(fake.kubeconfig(TOKEN, CONTEXT), 'prod').checkAccess()).rejects.toMatchObject({
      message: `The kubeconfig has no context "prod"; its contexts are "${CONTEXT}"`,
      field: 'KUBERNETES_CONTEXT',
    });
  });

  it.each([
    ['a program to run', '    exec:\n      command: /bin/touch\n      args: ["/tmp/owned"]\n', 'exec, which Slipway does not run or read; use a token or a client certificate'],
    ['a token file', '    token-file: /etc/passwd\n', 'token-file, which Slipway does not run or read; use token'],
    ['a key file', '    client-key: /etc/ssl/private/key.pem\n', 'client-key, which Slipway does not run or read; use client-key-data'],
  ])('refuses a user with %s', async (_, entry, why) => {
    const kubeconfig = fake.kubeconfig(TOKEN, CONTEXT).replace(/ {4}token: .*\n/, entry);
    await expect(cluster(kubeconfig).checkAccess()).rejects.toThrow(`The kubeconfig is not valid: the user of the context "${CONTEXT}" uses ${why}`);
  });
});

describe('kubeconfig cluster: crashes from the pods restart counts', () => {
  let harness: Awaited<ReturnType<typeof openKubeconfigCluster>>;
  beforeAll(async () => {
    harness = await openKubeconfigCluster();
  });
  afterAll(() => harness?.close());

  it("reports each restart of a crash-looping app's container, dated by the pod's lastState", async () => {
    const name = `crashy-${randomUUID().slice(0, 8)}`;
    const artifact = await harness.makeArtifact('Crashy');
    // Answers its health check, then exits 2 s later, each time it is started.
    const crashing = "require('node:http').createServer((q, r) => { r.end('ok'); setTimeout(() => process.exit(3), 2000); }).listen(Number(process.env.PORT), '127.0.0.1')";
    const cluster = harness.cluster;
    expect(await cluster.crashTimes(name)).toEqual([]);
    await cluster.deploy(
      { name, projectId: randomUUID(), ownerId: randomUUID(), artifact, runtime: { start: ['node', '-e', crashing], healthPath: '/health', portEnv: 'PORT' }, environment: {}, replicas: 1, healthTimeoutSeconds: 20 },
      { signal: new AbortController().signal, onLog: () => undefined },
    );
    let crashes: Date[] = [];
    for (let deadline = Date.now() + 60_000; crashes.length < 3 && Date.now() < deadline; ) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      crashes = await cluster.crashTimes(name);
    }
    expect(crashes.length).toBeGreaterThanOrEqual(3);
    const [pod] = harness.fake.store.list({ group: '', version: 'v1', plural: 'pods', kind: 'Pod', namespaced: true }, name);
    const status = pod.status.containerStatuses[0];
    expect(status.restartCount).toBeGreaterThanOrEqual(3);
    expect(status.lastState.terminated).toMatchObject({ exitCode: expect.any(Number), reason: 'Error', finishedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/) });
    // The newest restart is dated by the container's last termination (the API's times are whole seconds).
    expect(crashes.at(-1)!.getTime()).toBeLessThanOrEqual(Date.now());
    const [instance] = await cluster.instanceStates(name);
    expect(instance).toEqual({ instance: expect.stringMatching(/^r\d+-1$/), state: expect.stringMatching(/^(crashed|healthy|starting)$/), restarts: expect.any(Number) });
    expect(instance.restarts).toBeGreaterThanOrEqual(3);
    await cluster.remove(name);
  }, 120_000);
});

describe('kubeconfig cluster: custom domains as an Ingress', () => {
  let harness: Awaited<ReturnType<typeof openKubeconfigCluster>>;
  const INGRESS = { group: 'networking.k8s.io', version: 'v1', plural: 'ingresses', kind: 'Ingress', namespaced: true };
  beforeAll(async () => {
    harness = await openKubeconfigCluster();
  });
  afterAll(() => harness?.close());

  it("makes, changes and removes the app's Ingress with TLS from the cert-manager issuer, in the API's format", async () => {
    const name = `domains-${randomUUID().slice(0, 8)}`;
    // The documented ClusterRole's token, with the issuer and ingress class of the cluster's settings.
    const cluster = kubeconfigCluster({ kubeconfig: harness.fake.kubeconfig(SLIPWAY_ROLE_TOKEN, CONTEXT), context: CONTEXT, certIssuer: 'letsencrypt-prod', ingressClass: 'nginx' });
    // Not deployed yet: nothing to route (its first deploy takes the domains).
    await cluster.routeDomains(name, ['shop.example.com']);
    expect(harness.fake.store.list(INGRESS, name)).toEqual([]);

    const artifact = await harness.makeArtifact('Domains');
    await cluster.deploy(
      { name, projectId: randomUUID(), ownerId: randomUUID(), artifact, runtime: STATIC_SITE, environment: {}, replicas: 1, healthTimeoutSeconds: 20, domains: ['www.example.com', 'shop.example.com'] },
      { signal: new AbortController().signal, onLog: () => undefined },
    );
    const [ingress] = harness.fake.store.list(INGRESS, name);
    expect(ingress).toMatchObject({
      apiVersion: 'networking.k8s.io/v1',
      kind: 'Ingress',
      metadata: { name: 'app', namespace: name, annotations: { 'cert-manager.io/cluster-issuer': 'letsencrypt-prod' } },
      spec: {
        ingressClassName: 'nginx',
        tls: [{ hosts: ['shop.example.com', 'www.example.com'], secretName: 'app-tls' }],
        rules: [
          { host: 'shop.example.com', http: { paths: [{ path: '/', pathType: 'Prefix', backend: { service: { name: 'app', port: { number: 80 } } } }] } },
          { host: 'www.example.com', http: { paths: [{ path: '/', pathType: 'Prefix', backend: { service: { name: 'app', port: { number: 80 } } } }] } },
        ],
      },
    });

    await cluster.routeDomains(name, ['shop.example.com']);
    expect(harness.fake.store.list(INGRESS, name).map((object) => object.spec.rules.map((rule: { host: string }) => rule.host))).toEqual([['shop.example.com']]);
    expect(harness.fake.store.list(INGRESS, name)[0].spec.tls).toEqual([{ hosts: ['shop.example.com'], secretName: 'app-tls' }]);

    await cluster.routeDomains(name, []);
    expect(harness.fake.store.list(INGRESS, name)).toEqual([]);
    await cluster.routeDomains(name, []);

    await cluster.routeDomains(name, ['shop.example.com']);
    expect(harness.fake.store.list(INGRESS, name)).toHaveLength(1);
    // Removed with the app (its namespace).
    await cluster.remove(name);
    expect(harness.fake.store.list(INGRESS, name)).toEqual([]);
  }, 120_000);

  it('the fake API server refuses an Ingress the real one would (422 Invalid), and lists ingresses', async () => {
    const kubernetes = await loadKubernetesClient();
    const { core, networking } = clientsFor(kubernetes, loadKubeconfig(kubernetes, harness.fake.kubeconfig(TOKEN, CONTEXT), CONTEXT), 5_000, Infinity);
    const namespace = `ing-${randomUUID().slice(0, 8)}`;
    await core.createNamespace({ body: { metadata: { name: namespace } } });
    const refused = await networking
      .createNamespacedIngress({ namespace, body: { metadata: { name: 'bad' }, spec: { rules: [{ host: 'Not A Host', http: { paths: [{ path: '/', pathType: 'Prefix', backend: { service: { name: 'app', port: { number: 80 } } } }] } }] } } })
      .then(() => null, (caught: { code?: number; body?: string }) => caught);
    expect(refused?.code).toBe(422);
    expect(JSON.parse(refused?.body ?? '{}')).toMatchObject({ kind: 'Status', reason: 'Invalid', message: expect.stringContaining('spec.rules[0].host') });
    await networking.createNamespacedIngress({ namespace, body: { metadata: { name: 'good' }, spec: { rules: [{ host: 'a.example.com', http: { paths: [{ path: '/', pathType: 'Prefix', backend: { service: { name: 'app', port: { number: 80 } } } }] } }] } } });
    const list = await networking.listNamespacedIngress({ namespace });
    expect(list.items.map((item) => item.metadata?.name)).toEqual(['good']);
    await networking.deleteNamespacedIngress({ name: 'good', namespace });
    expect((await networking.listNamespacedIngress({ namespace })).items).toEqual([]);
  });
});

describe('kubeconfig cluster: replicas and resources', () => {
  let harness: Awaited<ReturnType<typeof openKubeconfigCluster>>;
  const DEPLOYMENT = { group: 'apps', version: 'v1', plural: 'deployments', kind: 'Deployment', namespaced: true };
  beforeAll(async () => {
    harness = await openKubeconfigCluster();
  });
  afterAll(() => harness?.close());

  it("sets the Deployment's replicas and the container's requests and limits, and a change of them alone is a rolling update", async () => {
    const name = `sized-${randomUUID().slice(0, 8)}`;
    const artifact = await harness.makeArtifact('Sized');
    const spec = { name, projectId: randomUUID(), ownerId: randomUUID(), artifact, runtime: STATIC_SITE, environment: {}, replicas: 2, healthTimeoutSeconds: 20 };
    const hooks = { signal: new AbortController().signal, onLog: () => undefined };
    const first = await harness.cluster.deploy({ ...spec, resources: { cpuRequest: 0.25, cpuLimit: 0.5, memoryRequestMb: 128, memoryLimitMb: 256 } }, hooks);
    expect(first.replicas).toBe(2);
    const [deployment] = harness.fake.store.list(DEPLOYMENT, name);
    expect(deployment.spec.replicas).toBe(2);
    expect(deployment.spec.template.spec.containers[0].resources).toEqual({ requests: { cpu: '250m', memory: '128Mi' }, limits: { cpu: '500m', memory: '256Mi' } });
    // The same again is a no-op; only a limit changed is a new revision.
    expect((await harness.cluster.deploy({ ...spec, resources: { cpuRequest: 0.25, cpuLimit: 0.5, memoryRequestMb: 128, memoryLimitMb: 256 } }, hooks)).revision).toBe(first.revision);
    const second = await harness.cluster.deploy({ ...spec, resources: { cpuRequest: null, cpuLimit: 1, memoryRequestMb: null, memoryLimitMb: null } }, hooks);
    expect(second.revision).toBe(first.revision + 1);
    expect(harness.fake.store.list(DEPLOYMENT, name)[0].spec.template.spec.containers[0].resources).toEqual({ limits: { cpu: '1000m' } });
    await harness.cluster.remove(name);
  }, 120_000);
});
