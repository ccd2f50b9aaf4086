import { randomUUID } from 'node:crypto';
import { request } from 'node:https';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type FakeDigitalOcean, startFakeDigitalOcean } from './fake-digitalocean.js';

/** The fakes answered as a client sees them: DigitalOcean's API over HTTP, the cluster's API server over HTTPS with its CA. */
describe('fake DigitalOcean API and Kubernetes API server', () => {
  const apiToken = `dop_v1_${randomUUID()}`;
  let fake: FakeDigitalOcean;
  let credentials: { server: string; certificate_authority_data: string; token: string; expires_at: string };

  const digitalOcean = (path: string, token = apiToken) => fetch(`${fake.apiUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });

  /** A request to the API server, trusting only the CA DigitalOcean handed out. */
  const kube = (method: string, path: string, body?: unknown, options: { token?: string; contentType?: string } = {}) =>
    new Promise<{ status: number; body: any }>((resolve, reject) => {
      const url = new URL(path, credentials.server);
      const outgoing = request(
        url,
        {
          method,
          ca: Buffer.from(credentials.certificate_authority_data, 'base64').toString(),
          headers: { authorization: `Bearer ${options.token ?? credentials.token}`, 'content-type': options.contentType ?? 'application/json' },
        },
        (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => (text += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode!, body: response.headers['content-type']?.includes('json') ? JSON.parse(text) : text }));
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body === undefined ? undefined : JSON.stringify(body));
    });

  beforeAll(async () => {
    fake = await startFakeDigitalOcean({ pullImage: () => Promise.resolve(null), tokens: [apiToken] });
    credentials = (await (await digitalOcean(`/v2/kubernetes/clusters/${fake.clusterId}/credentials`)).json()) as typeof credentials;
  });
  afterAll(async () => {
    await fake?.close();
  });

  it('answers 401 with DigitalOcean’s error body and rate-limit headers to a wrong token', async () => {
    const response = await digitalOcean(`/v2/kubernetes/clusters/${fake.clusterId}`, 'wrong');
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ id: 'unauthorized', message: 'Unable to authenticate you' });
    expect(response.headers.get('ratelimit-limit')).toBe('5000');
    expect(Number(response.headers.get('ratelimit-remaining'))).toBeLessThan(5000);
    expect(Number(response.headers.get('ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000);
  });

  it('answers the cluster, 404 for another id, and a kubeconfig whose server is the fake API server', async () => {
    const cluster = (await (await digitalOcean(`/v2/kubernetes/clusters/${fake.clusterId}`)).json()) as { kubernetes_cluster: Record<string, unknown> };
    expect(cluster.kubernetes_cluster).toMatchObject({ id: fake.clusterId, endpoint: fake.kubernetesUrl, status: { state: 'running' } });
    const missing = await digitalOcean(`/v2/kubernetes/clusters/${randomUUID()}`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ id: 'not_found', message: 'The resource you were accessing could not be found.' });
    const kubeconfig = await (await digitalOcean(`/v2/kubernetes/clusters/${fake.clusterId}/kubeconfig`)).text();
    expect(kubeconfig).toContain(`server: ${fake.kubernetesUrl}`);
    expect(kubeconfig).toMatch(/certificate-authority-data: [A-Za-z0-9+/=]+\n/);
    expect(kubeconfig).toMatch(/ {4}token: doks[0-9a-f]+\n/);
    expect(credentials).toMatchObject({ server: fake.kubernetesUrl, token: expect.stringMatching(/^doks/) });
    expect(Date.parse(credentials.expires_at)).toBeGreaterThan(Date.now());
  });

  it('refuses requests to the API server without a valid token, with a Status body', async () => {
    const refused = await kube('GET', '/api/v1/namespaces', undefined, { token: 'nope' });
    expect(refused).toEqual({ status: 401, body: { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'Unauthorized', reason: 'Unauthorized', code: 401 } });
  });

  it('keeps objects: created, read back, 409 when they exist, 404 when they do not', async () => {
    const created = await kube('POST', '/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'shop' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ kind: 'Namespace', metadata: { name: 'shop', uid: expect.any(String), resourceVersion: expect.any(String) }, status: { phase: 'Active' } });
    expect((await kube('POST', '/api/v1/namespaces', { metadata: { name: 'shop' } })).body).toMatchObject({
      kind: 'Status',
      status: 'Failure',
      reason: 'AlreadyExists',
      message: 'namespaces "shop" already exists',
      details: { name: 'shop', kind: 'namespaces' },
      code: 409,
    });
    const secret = await kube('POST', '/api/v1/namespaces/shop/secrets', { metadata: { name: 'env' }, stringData: { A: 'b' } });
    expect(secret.body).toMatchObject({ type: 'Opaque', data: { A: Buffer.from('b').toString('base64') } });
    expect((await kube('GET', '/api/v1/namespaces/shop/secrets/env')).body.data).toEqual({ A: 'Yg==' });
    expect((await kube('GET', '/apis/apps/v1/namespaces/shop/deployments/none')).body).toMatchObject({
      reason: 'NotFound',
      message: 'deployments.apps "none" not found',
      code: 404,
    });
    expect((await kube('POST', '/api/v1/namespaces/elsewhere/secrets', { metadata: { name: 'x' } })).body).toMatchObject({ reason: 'NotFound', message: 'namespaces "elsewhere" not found' });
  });

  it('bumps generation on spec changes, refuses stale resourceVersions, patches and scales Deployments', async () => {
    const template = { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'app', image: 'acme/web:v1', command: ['node', 'server.mjs'] }] } };
    const { body: deployment } = await kube('POST', '/apis/apps/v1/namespaces/shop/deployments', { metadata: { name: 'web' }, spec: { selector: { matchLabels: { app: 'web' } }, template } });
    expect(deployment.metadata.generation).toBe(1);
    expect(deployment.spec).toMatchObject({ replicas: 1, progressDeadlineSeconds: 600, strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: '25%', maxSurge: '25%' } } });
    const stale = { ...deployment, spec: { ...deployment.spec, replicas: 2 } };
    const current = await kube('GET', '/apis/apps/v1/namespaces/shop/deployments/web');
    expect(current.body.metadata.annotations['deployment.kubernetes.io/revision']).toBe('1');
    expect(current.body.status.observedGeneration).toBe(1);
    expect((await kube('PUT', '/apis/apps/v1/namespaces/shop/deployments/web', stale)).body).toMatchObject({ reason: 'Conflict', code: 409 });
    const patched = await kube('PATCH', '/apis/apps/v1/namespaces/shop/deployments/web', { spec: { template: { spec: { containers: [{ name: 'app', image: 'acme/web:v2' }] } } } }, {
      contentType: 'application/strategic-merge-patch+json',
    });
    expect(patched.body.metadata.generation).toBe(2);
    expect(patched.body.spec.template.spec.containers[0].image).toBe('acme/web:v2');
    const sets = await kube('GET', '/apis/apps/v1/namespaces/shop/replicasets?labelSelector=app%3Dweb');
    expect(sets.body.kind).toBe('ReplicaSetList');
    expect(sets.body.items.map((set: { metadata: { annotations: Record<string, string> } }) => set.metadata.annotations['deployment.kubernetes.io/revision']).sort()).toEqual(['1', '2']);
    const scale = await kube('PATCH', '/apis/apps/v1/namespaces/shop/deployments/web/scale', { spec: { replicas: 3 } }, { contentType: 'application/merge-patch+json' });
    expect(scale.body).toMatchObject({ kind: 'Scale', spec: { replicas: 3 }, status: { selector: 'app=web' } });
    expect((await kube('GET', '/apis/apps/v1/namespaces/shop/deployments/web')).body.spec.replicas).toBe(3);
  });

  it('reports an image it cannot pull on the pods, and fails the rollout after its progress deadline', async () => {
    await kube('POST', '/api/v1/namespaces', { metadata: { name: 'broken' } });
    const template = { metadata: { labels: { app: 'b' } }, spec: { containers: [{ name: 'app', image: 'acme/missing:v1', command: ['node', 'x.mjs'] }] } };
    await kube('POST', '/apis/apps/v1/namespaces/broken/deployments', { metadata: { name: 'b' }, spec: { selector: { matchLabels: { app: 'b' } }, progressDeadlineSeconds: 1, template } });
    await vi.waitFor(
      async () => {
        const { body } = await kube('GET', '/apis/apps/v1/namespaces/broken/deployments/b');
        const progressing = body.status?.conditions?.find((condition: { type: string }) => condition.type === 'Progressing');
        expect(progressing).toMatchObject({ status: 'False', reason: 'ProgressDeadlineExceeded' });
      },
      { timeout: 10_000, interval: 100 },
    );
    const pods = await kube('GET', '/api/v1/namespaces/broken/pods?labelSelector=app%3Db');
    expect(pods.body.items[0].status.containerStatuses[0].state.waiting.reason).toBe('ErrImagePull');
    const events = await kube('GET', '/api/v1/namespaces/broken/events');
    expect(events.body.items.map((event: { reason: string }) => event.reason)).toEqual(expect.arrayContaining(['ScalingReplicaSet', 'SuccessfulCreate', 'Pulling', 'Failed']));
  });

  it('answers metrics.k8s.io PodMetrics of running pods only (none run here: the images cannot be pulled)', async () => {
    expect((await kube('GET', '/apis/metrics.k8s.io/v1beta1/namespaces/broken/pods')).body).toEqual({ kind: 'PodMetricsList', apiVersion: 'metrics.k8s.io/v1beta1', metadata: {}, items: [] });
    expect((await kube('GET', '/apis/metrics.k8s.io/v1beta1/namespaces/broken/pods/nope')).body).toMatchObject({ reason: 'NotFound', message: 'podmetrics.metrics.k8s.io "nope" not found', code: 404 });
  });

  it('deletes a namespace with its content: Terminating first, then 404', async () => {
    const deleted = await kube('DELETE', '/api/v1/namespaces/broken');
    expect(deleted.body.status.phase).toBe('Terminating');
    await vi.waitFor(async () => expect((await kube('GET', '/api/v1/namespaces/broken')).status).toBe(404), { timeout: 10_000, interval: 100 });
    expect((await kube('GET', '/apis/apps/v1/namespaces/broken/deployments')).body.items).toEqual([]);
  });

  it('stops honouring cluster tokens once they expire', async () => {
    fake.expireClusterTokens();
    expect((await kube('GET', '/api/v1/namespaces')).status).toBe(401);
  });
});
