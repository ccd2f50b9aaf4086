import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type FakeKubernetes, startFakeKubernetes } from '../kubernetes/fake-kubernetes.js';

/**
 * A fake of DigitalOcean's API v2 for one Kubernetes cluster (DOKS), after DigitalOcean's published OpenAPI
 * (github.com/digitalocean/openapi, "Account" and "Kubernetes" tags): the account, the cluster, its kubeconfig and
 * its credentials, behind Bearer authentication, with the API's error bodies and rate-limit headers. The cluster's
 * API server is a fake Kubernetes API server (HTTPS, self-signed) that accepts the short-lived tokens handed out
 * here and runs the workloads on Slipway's LocalCluster.
 */

export interface FakeDigitalOceanOptions {
  /** Path of the image's tar.gz (what the local builder makes), null when the registry has no such image. */
  pullImage(reference: string): Promise<string | null>;
  /** API tokens accepted (more with addToken). */
  tokens?: string[];
  /** Lifetime of the cluster credentials handed out, unless the request asks for `expiry_seconds` (default 7 days, as DigitalOcean's). */
  credentialTtlSeconds?: number;
  /** A test knob: credentials never live longer than this, whatever `expiry_seconds` asks. */
  maxCredentialSeconds?: number;
  port?: number;
  /** LocalCluster's stable ports (the load balancers' ports). */
  stablePorts?: { from: number; to: number };
}

export interface FakeDigitalOcean {
  /** Base URL of the API (`${apiUrl}/v2/...`). */
  apiUrl: string;
  /** The same as apiUrl (every fake answers its url). */
  url: string;
  /** The cluster's Kubernetes API server. */
  kubernetesUrl: string;
  clusterId: string;
  kubernetes: FakeKubernetes;
  addToken(token: string): void;
  /** Makes every cluster token handed out so far expire now. */
  expireClusterTokens(): void;
  /** How many cluster credentials (kubeconfigs or credentials) were handed out. */
  credentialsIssued(): number;
  close(): Promise<void>;
}

const RATE_LIMIT = 5000;

export async function startFakeDigitalOcean(options: FakeDigitalOceanOptions): Promise<FakeDigitalOcean> {
  const apiTokens = new Set(options.tokens ?? []);
  /** Cluster tokens handed out, and when each expires (ms). */
  const clusterTokens = new Map<string, number>();
  let issued = 0;
  let remaining = RATE_LIMIT;
  const clusterId = randomUUID();
  const accountId = randomUUID();
  const kubernetes = await startFakeKubernetes({
    pullImage: options.pullImage,
    stablePorts: options.stablePorts,
    authorize: (token) => (clusterTokens.get(token) ?? 0) > Date.now(),
  });
  const createdAt = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  const cluster = {
    id: clusterId,
    name: 'slipway-fake',
    region: 'fra1',
    version: '1.33.1-do.0',
    cluster_subnet: '10.244.0.0/16',
    service_subnet: '10.245.0.0/16',
    vpc_uuid: randomUUID(),
    ipv4: '127.0.0.1',
    endpoint: kubernetes.url,
    tags: ['k8s', `k8s:${clusterId}`],
    node_pools: [
      {
        id: randomUUID(),
        name: 'pool-fake',
        size: 's-2vcpu-4gb',
        count: 1,
        tags: ['k8s', `k8s:${clusterId}`, 'k8s:worker'],
        labels: null,
        taints: [],
        auto_scale: false,
        min_nodes: 0,
        max_nodes: 0,
        nodes: [{ id: randomUUID(), name: 'fake-node-1', status: { state: 'running' }, droplet_id: '1', created_at: createdAt, updated_at: createdAt }],
      },
    ],
    maintenance_policy: { start_time: '00:00', duration: '4h0m0s', day: 'any' },
    auto_upgrade: false,
    status: { state: 'running', message: '' },
    created_at: createdAt,
    updated_at: createdAt,
    surge_upgrade: true,
    registry_enabled: false,
    ha: false,
  };

  const issue = (url: URL) => {
    const requested = Number(url.searchParams.get('expiry_seconds'));
    const ttl = Math.min(requested > 0 ? requested : (options.credentialTtlSeconds ?? 7 * 24 * 3600), options.maxCredentialSeconds ?? Infinity);
    const token = `doks${randomBytes(24).toString('hex')}`;
    const expiresAt = Date.now() + ttl * 1000;
    clusterTokens.set(token, expiresAt);
    issued++;
    return { token, expiresAt: new Date(expiresAt).toISOString() };
  };
  const certificateAuthorityData = Buffer.from(kubernetes.certificate).toString('base64');

  const send = (response: ServerResponse, code: number, body: unknown, type = 'application/json; charset=utf-8') => {
    remaining = Math.max(0, remaining - 1);
    response.writeHead(code, {
      'content-type': type,
      'ratelimit-limit': String(RATE_LIMIT),
      'ratelimit-remaining': String(remaining),
      'ratelimit-reset': String(Math.ceil(Date.now() / 1000) + 60),
      'x-request-id': randomUUID(),
    });
    response.end(typeof body === 'string' ? body : JSON.stringify(body));
  };

  const handle = (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const token = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (!token || !apiTokens.has(token)) return send(response, 401, { id: 'unauthorized', message: 'Unable to authenticate you' });
    const notFound = () => send(response, 404, { id: 'not_found', message: 'The resource you were accessing could not be found.' });
    if (url.pathname === '/v2/account' && request.method === 'GET') {
      return send(response, 200, { account: { email: 'fake-owner@example.com', uuid: accountId, email_verified: true, status: 'active', status_message: '', droplet_limit: 25, floating_ip_limit: 3 } });
    }
    const match = /^\/v2\/kubernetes\/clusters\/([^/]+)(?:\/(kubeconfig|credentials))?\/?$/.exec(url.pathname);
    if (!match) return notFound();
    if (request.method !== 'GET') return send(response, 405, { id: 'method_not_allowed', message: 'Method Not Allowed' });
    const [, id, part] = match;
    if (id !== clusterId) return notFound();
    if (!part) return send(response, 200, { kubernetes_cluster: cluster });
    const { token: clusterToken, expiresAt } = issue(url);
    if (part === 'credentials') {
      return send(response, 200, {
        server: kubernetes.url,
        certificate_authority_data: certificateAuthorityData,
        client_certificate_data: null,
        client_key_data: null,
        token: clusterToken,
        expires_at: expiresAt,
      });
    }
    const context = `do-${cluster.region}-${cluster.name}`;
    send(
      response,
      200,
      [
        'apiVersion: v1',
        'clusters:',
        '- cluster:',
        `    certificate-authority-data: ${certificateAuthorityData}`,
        `    server: ${kubernetes.url}`,
        `  name: ${context}`,
        'contexts:',
        '- context:',
        `    cluster: ${context}`,
        `    user: ${context}-admin`,
        `  name: ${context}`,
        `current-context: ${context}`,
        'kind: Config',
        'preferences: {}',
        'users:',
        `- name: ${context}-admin`,
        '  user:',
        `    token: ${clusterToken}`,
        '',
      ].join('\n'),
      'application/yaml',
    );
  };

  const server = createServer(handle);
  server.listen(options.port ?? 0, '127.0.0.1');
  await new Promise<void>((resolve, reject) => server.once('listening', resolve).once('error', reject));
  const { port } = server.address() as AddressInfo;

  return {
    apiUrl: `http://127.0.0.1:${port}`,
    url: `http://127.0.0.1:${port}`,
    kubernetesUrl: kubernetes.url,
    clusterId,
    kubernetes,
    addToken: (token) => void apiTokens.add(token),
    expireClusterTokens() {
      for (const token of clusterTokens.keys()) clusterTokens.set(token, 0);
    },
    credentialsIssued: () => issued,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await kubernetes.close();
    },
  };
}
