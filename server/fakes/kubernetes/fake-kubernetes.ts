import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { AppLogEntry } from '../../src/providers/cluster/cluster.port.js';
import { FakeNodes, type NodesOptions } from './kubernetes-nodes.js';
import {
  apiVersionOf,
  invalid,
  type KubeObject,
  matchesLabels,
  mergePatch,
  notFound,
  ObjectStore,
  type ResourceType,
  RESOURCES,
  resourceOf,
  StatusError,
} from './kubernetes-objects.js';
import { accessReview, ALL_ALLOWED, allows, forbidden, type PolicyRule, rulesReview, verbOf } from './kubernetes-rbac.js';

/**
 * A fake Kubernetes API server (HTTPS with a self-signed certificate for 127.0.0.1, made with the openssl CLI):
 * the core/v1, apps/v1 and networking.k8s.io/v1 (Ingress) paths Slipway's Kubernetes adapter uses, with the real server's objects, resourceVersion,
 * generation, 409 AlreadyExists/Conflict, 404 NotFound and 401 Unauthorized Status bodies, label selectors,
 * JSON merge and strategic merge patches (applied as merge patches), the Deployment scale subresource, pod
 * logs (tailLines, timestamps, follow) and namespace deletion. Watches are not served. Workloads really run:
 * see FakeNodes. Each token has RBAC rules (403 Forbidden on a denied request; SelfSubjectAccessReview and
 * SelfSubjectRulesReview answer them: see kubernetes-rbac.ts).
 */

export interface FakeKubernetesOptions extends NodesOptions {
  /** Answers whether a bearer token may call the API now (tokens expire). */
  authorize(token: string): boolean;
  /** A token's RBAC rules (default: everything, as cluster-admin). */
  permissions?(token: string): PolicyRule[] | undefined;
  port?: number;
}

export interface FakeKubernetes {
  url: string;
  /** PEM of the server's certificate (its own CA). */
  certificate: string;
  store: ObjectStore;
  nodes: FakeNodes;
  /** Requests answered, by method and path (no query), for tests. */
  requests: string[];
  /** A kubeconfig (YAML) for `token`, its context named `context`, as `kubectl config view --raw` prints it. */
  kubeconfig(token: string, context?: string): string;
  /** Whether the cluster runs metrics-server (default yes): without it, metrics.k8s.io paths answer 404 as the real API server does. */
  setMetricsServer(installed: boolean): void;
  close(): Promise<void>;
}

const run = promisify(execFile);

async function selfSignedCertificate(): Promise<{ key: string; cert: string }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'fake-kubernetes-tls-'));
  try {
    await run('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2',
      '-subj', '/CN=fake-kubernetes', '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost',
      '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem'),
    ]);
    return { key: await readFile(path.join(dir, 'key.pem'), 'utf8'), cert: await readFile(path.join(dir, 'cert.pem'), 'utf8') };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new StatusError(400, 'BadRequest', `the body of the request was in an unknown format - accepted media types include: application/json, application/yaml`);
  }
}

function send(response: ServerResponse, code: number, body: unknown): void {
  response.writeHead(code, { 'content-type': 'application/json', 'cache-control': 'no-cache, private', 'audit-id': randomUUID() });
  response.end(JSON.stringify(body));
}

const logLine = (entry: AppLogEntry, timestamps: boolean) => `${timestamps ? `${(entry.at ?? new Date(0)).toISOString().replace('Z', '000000Z')} ` : ''}${entry.line}\n`;

/** Defaults the real API server fills in on create. */
function withDefaults(type: ResourceType, object: KubeObject): KubeObject {
  if (type.kind === 'Deployment') {
    object.spec = {
      replicas: 1,
      revisionHistoryLimit: 10,
      progressDeadlineSeconds: 600,
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: '25%', maxSurge: '25%' } },
      ...object.spec,
    };
    const name = object.metadata?.name ?? '';
    if (!object.spec.selector?.matchLabels) throw invalid(type, name, 'spec.selector', 'Required value');
    if (!matchesLabels(object.spec.selector.matchLabels, object.spec.template?.metadata?.labels)) {
      throw invalid(type, name, 'spec.template.metadata.labels', `Invalid value: ${JSON.stringify(object.spec.template?.metadata?.labels ?? {})}: \`selector\` does not match template \`labels\``);
    }
  }
  if (type.kind === 'Service') {
    const nodePort = () => 30000 + Math.floor(Math.random() * 2768);
    object.spec = {
      type: 'ClusterIP',
      clusterIP: `10.245.${Math.floor(Math.random() * 255)}.${1 + Math.floor(Math.random() * 253)}`,
      sessionAffinity: 'None',
      ...object.spec,
      ports: (object.spec?.ports ?? []).map((port: Record<string, unknown>) => ({
        protocol: 'TCP',
        targetPort: port.port,
        ...(object.spec?.type === 'LoadBalancer' || object.spec?.type === 'NodePort' ? { nodePort: nodePort() } : {}),
        ...port,
      })),
    };
    object.status = { loadBalancer: {} };
  }
  if (type.kind === 'Secret') {
    const data: Record<string, string> = { ...(object.data as Record<string, string> | undefined) };
    for (const [key, value] of Object.entries((object.stringData as Record<string, string> | undefined) ?? {})) data[key] = Buffer.from(value).toString('base64');
    delete object.stringData;
    object.data = data;
    object.type ??= 'Opaque';
  }
  if (type.kind === 'Namespace') object.status = { phase: 'Active' };
  if (type.kind === 'Ingress') {
    checkIngress(type, object);
    object.status = { loadBalancer: {} };
  }
  return object;
}

/** The API server's validation of a networking.k8s.io/v1 Ingress that Slipway's could get wrong (hosts, backends, TLS). */
function checkIngress(type: ResourceType, ingress: KubeObject): void {
  const name = ingress.metadata?.name ?? '';
  const host = /^(\*\.)?[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
  const rules: Array<{ host?: string; http?: { paths?: Array<{ path?: string; pathType?: string; backend?: { service?: { name?: string; port?: { number?: number; name?: string } } } }> } }> = ingress.spec?.rules ?? [];
  if (rules.length === 0 && !ingress.spec?.defaultBackend) throw invalid(type, name, 'spec.rules', 'Required value: either `defaultBackend` or `rules` must be specified');
  rules.forEach((rule, index) => {
    if (rule.host !== undefined && !host.test(rule.host)) throw invalid(type, name, `spec.rules[${index}].host`, `Invalid value: "${rule.host}": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.'`);
    (rule.http?.paths ?? []).forEach((route, at) => {
      const field = `spec.rules[${index}].http.paths[${at}]`;
      if (!['Exact', 'Prefix', 'ImplementationSpecific'].includes(route.pathType ?? '')) throw invalid(type, name, `${field}.pathType`, 'Required value: pathType must be specified');
      const service = route.backend?.service;
      if (!service?.name || (service.port?.number === undefined && !service.port?.name)) throw invalid(type, name, `${field}.backend`, 'Required value: service name and port must be specified');
    });
  });
  (ingress.spec?.tls ?? []).forEach((tls: { hosts?: string[]; secretName?: string }, index: number) => {
    for (const tlsHost of tls.hosts ?? []) if (!host.test(tlsHost)) throw invalid(type, name, `spec.tls[${index}].hosts`, `Invalid value: "${tlsHost}": a lowercase RFC 1123 subdomain`);
  });
}

export async function startFakeKubernetes(options: FakeKubernetesOptions): Promise<FakeKubernetes> {
  const store = new ObjectStore(() => undefined);
  const nodes = await FakeNodes.start(store, options);
  const requests: string[] = [];
  const follows = new Set<AbortController>();
  let metricsServer = true;
  const { key, cert } = await selfSignedCertificate();

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const url = new URL(request.url ?? '/', 'https://127.0.0.1');
    const method = request.method ?? 'GET';
    requests.push(`${method} ${url.pathname}`);
    const token = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (!token || !options.authorize(token)) {
      send(response, 401, { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'Unauthorized', reason: 'Unauthorized', code: 401 });
      return;
    }
    if (url.pathname === '/version') {
      send(response, 200, { major: '1', minor: '33', gitVersion: 'v1.33.1', platform: 'linux/amd64' });
      return;
    }
    const rules = options.permissions?.(token) ?? ALL_ALLOWED;
    const review = /^\/apis\/authorization\.k8s\.io\/v1\/(selfsubjectaccessreviews|selfsubjectrulesreviews)$/.exec(url.pathname);
    if (review) {
      if (method !== 'POST') throw new StatusError(405, 'MethodNotAllowed', 'the server does not allow this method on the requested resource');
      const body = (await readBody(request)) as Record<string, never>;
      send(response, 201, review[1] === 'selfsubjectaccessreviews' ? accessReview(rules, body) : rulesReview(rules, body));
      return;
    }
    const metrics = metricsServer ? /^\/apis\/metrics\.k8s\.io\/v1beta1\/namespaces\/([^/]+)\/pods(?:\/([^/]+))?$/.exec(url.pathname) : null;
    if (metrics && method === 'GET') {
      const [, ns, pod] = metrics;
      const items = await nodes.podMetrics(ns, pod);
      if (pod) {
        if (!items[0]) throw new StatusError(404, 'NotFound', `podmetrics.metrics.k8s.io "${pod}" not found`, { name: pod, group: 'metrics.k8s.io', kind: 'pods' });
        return send(response, 200, items[0]);
      }
      return send(response, 200, { kind: 'PodMetricsList', apiVersion: 'metrics.k8s.io/v1beta1', metadata: {}, items });
    }
    const match = /^\/(?:api\/v1|apis\/(apps|networking\.k8s\.io)\/v1)\/(?:namespaces\/([^/]+)\/)?([a-z]+)(?:\/([^/]+))?(?:\/([a-z]+))?$/.exec(url.pathname);
    const namespacePath = /^\/api\/v1\/namespaces(?:\/([^/]+))?$/.exec(url.pathname);
    let type: ResourceType | undefined;
    let namespace: string | undefined;
    let name: string | undefined;
    let sub: string | undefined;
    if (namespacePath) {
      type = resourceOf('Namespace');
      name = namespacePath[1];
    } else if (match) {
      const [, group = '', ns, plural, objectName, subresource] = match;
      type = RESOURCES.find((candidate) => candidate.plural === plural && candidate.group === group && candidate.namespaced === !!ns);
      namespace = ns;
      name = objectName;
      sub = subresource;
    }
    if (!type || (sub && !['status', 'scale', 'log'].includes(sub))) {
      send(response, 404, { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'the server could not find the requested resource', reason: 'NotFound', details: {}, code: 404 });
      return;
    }
    const found = type;
    const attributes = { verb: verbOf(method, !!name), group: found.group, resource: found.plural, subresource: sub, namespace, name };
    if (!allows(rules, attributes)) throw forbidden(`token:${token.slice(0, 4)}`, attributes);
    if (method === 'GET' && namespace && ['Pod', 'Deployment', 'ReplicaSet'].includes(found.kind)) await nodes.probe(namespace);
    const notAllowed = () => new StatusError(405, 'MethodNotAllowed', `the server does not allow this method on the requested resource`);

    if (!name) {
      if (url.searchParams.get('watch') === 'true' || url.searchParams.get('watch') === '1') {
        throw new StatusError(405, 'MethodNotAllowed', 'watch is not served by this fake API server: poll the list instead');
      }
      if (method === 'GET') {
        const items = store.list(found, namespace, url.searchParams.get('labelSelector') ?? undefined);
        send(response, 200, { kind: `${found.kind}List`, apiVersion: apiVersionOf(found), metadata: { resourceVersion: store.resourceVersion }, items });
        return;
      }
      if (method === 'POST') {
        const body = (await readBody(request)) as KubeObject;
        if (!body || typeof body !== 'object') throw new StatusError(400, 'BadRequest', 'the body of the request was empty');
        const created = store.create(found, namespace, withDefaults(found, body));
        if (namespace) nodes.reconcile(namespace);
        send(response, 201, created);
        return;
      }
      throw notAllowed();
    }

    if (sub === 'log') {
      if (found.kind !== 'Pod' || method !== 'GET') throw notAllowed();
      store.mustGet(found, namespace, name);
      const tailLines = url.searchParams.has('tailLines') ? Number(url.searchParams.get('tailLines')) : -1;
      const timestamps = url.searchParams.get('timestamps') === 'true';
      const entries = await nodes.podLog(namespace!, name, tailLines);
      response.writeHead(200, { 'content-type': 'text/plain', 'transfer-encoding': 'chunked' });
      for (const entry of entries) response.write(logLine(entry, timestamps));
      if (url.searchParams.get('follow') !== 'true') {
        response.end();
        return;
      }
      const link = nodes.podLink(namespace!, name);
      const abort = new AbortController();
      follows.add(abort);
      response.on('close', () => abort.abort());
      // The pod's instance on the nodes: known once its container started (it may still be pulling now).
      const instance = () => {
        const current = nodes.podLink(namespace!, name);
        return current && current.localRevision !== null ? `r${current.localRevision}-${current.index}` : null;
      };
      try {
        for await (const entry of nodes.local.followLogs(link?.localName ?? 'none', 0, abort.signal)) {
          if (entry.instance === instance()) response.write(logLine(entry, timestamps));
          if (!store.get(found, namespace, name)) break;
        }
      } catch {
        // The app went away: the stream ends.
      } finally {
        follows.delete(abort);
        response.end();
      }
      return;
    }

    if (sub === 'scale') {
      if (found.kind !== 'Deployment') throw notAllowed();
      const deployment = store.mustGet(found, namespace, name);
      const scale = (object: KubeObject) => ({
        kind: 'Scale',
        apiVersion: 'autoscaling/v1',
        metadata: { name, namespace, uid: object.metadata.uid, resourceVersion: object.metadata.resourceVersion, creationTimestamp: object.metadata.creationTimestamp },
        spec: { replicas: object.spec.replicas },
        status: { replicas: object.status?.replicas ?? 0, selector: Object.entries(object.spec.selector.matchLabels).map(([k, v]) => `${k}=${v}`).join(',') },
      });
      if (method === 'GET') return send(response, 200, scale(deployment));
      if (method !== 'PUT' && method !== 'PATCH') throw notAllowed();
      const body = (await readBody(request)) as { spec?: { replicas?: number } };
      const replicas = method === 'PUT' ? body?.spec?.replicas : (mergePatch(scale(deployment), body) as { spec: { replicas: number } }).spec.replicas;
      if (!Number.isInteger(replicas) || replicas! < 0) throw invalid(found, name, 'spec.replicas', `Invalid value: ${replicas}: must be greater than or equal to 0`);
      const updated = store.replace(found, namespace, name, { ...deployment, spec: { ...deployment.spec, replicas } });
      nodes.reconcile(namespace!);
      send(response, 200, scale(updated));
      return;
    }

    if (method === 'GET') {
      send(response, 200, store.mustGet(found, namespace, name));
      return;
    }
    if (method === 'PUT' || method === 'PATCH') {
      const existing = store.mustGet(found, namespace, name);
      let body = (await readBody(request)) as KubeObject;
      if (method === 'PATCH') {
        const kind = request.headers['content-type'] ?? '';
        if (!/application\/(merge-patch|strategic-merge-patch)\+json/.test(kind)) {
          throw new StatusError(415, 'UnsupportedMediaType', `the body of the request was in an unknown format - accepted media types include: application/merge-patch+json, application/strategic-merge-patch+json`);
        }
        body = mergePatch(existing, body) as KubeObject;
      }
      if (found.kind === 'Secret' && body.stringData) withDefaults(found, body);
      if (found.kind === 'Ingress') checkIngress(found, body);
      const replaced = store.replace(found, namespace, name, body, { status: sub === 'status' });
      if (namespace) nodes.reconcile(namespace);
      send(response, 200, replaced);
      return;
    }
    if (method === 'DELETE') {
      if (found.kind === 'Namespace') {
        const already = store.get(found, undefined, name)?.status?.phase === 'Terminating';
        const terminating = store.update(found, undefined, name, (object) => {
          object.metadata.deletionTimestamp ??= new Date().toISOString().replace(/\.\d+Z$/, 'Z');
          object.status = { phase: 'Terminating' };
        }, { status: true });
        if (!terminating) throw notFound(found, name);
        // Its content goes first (the apps stop), then the namespace itself: meanwhile it reads as Terminating.
        if (!already) void nodes.deleteNamespace(name).catch(() => undefined);
        send(response, 200, terminating);
        return;
      }
      const deleted = store.delete(found, namespace, name);
      // Background propagation, as apps/v1 does by default: the Deployment goes now, its ReplicaSets and pods after.
      if (found.kind === 'Deployment') void nodes.deleteDeployment(deleted).catch(() => undefined);
      if (namespace) nodes.reconcile(namespace);
      send(response, 200, found.kind === 'Pod' || found.kind === 'Deployment' ? deleted : { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', details: { name, kind: found.plural, uid: deleted.metadata.uid } });
      return;
    }
    throw notAllowed();
  };

  const server = createServer({ key, cert }, (request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (response.headersSent) return void response.end();
      if (error instanceof StatusError) return send(response, error.code, error.body());
      send(response, 500, { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'Internal error occurred', reason: 'InternalError', code: 500 });
    });
  });
  server.listen(options.port ?? 0, '127.0.0.1');
  await new Promise<void>((resolve, reject) => server.once('listening', resolve).once('error', reject));
  const { port } = server.address() as AddressInfo;

  return {
    url: `https://127.0.0.1:${port}`,
    certificate: cert,
    store,
    nodes,
    requests,
    kubeconfig(token, context = 'fake') {
      return [
        'apiVersion: v1',
        'kind: Config',
        'clusters:',
        `- name: ${context}-cluster`,
        '  cluster:',
        `    server: https://127.0.0.1:${port}`,
        `    certificate-authority-data: ${Buffer.from(cert).toString('base64')}`,
        'users:',
        `- name: ${context}-user`,
        '  user:',
        `    token: ${token}`,
        'contexts:',
        `- name: ${context}`,
        '  context:',
        `    cluster: ${context}-cluster`,
        `    user: ${context}-user`,
        `current-context: ${context}`,
        '',
      ].join('\n');
    },
    setMetricsServer(installed) {
      metricsServer = installed;
    },
    async close() {
      for (const follow of follows) follow.abort();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await nodes.close();
    },
  };
}
