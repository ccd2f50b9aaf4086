import { createHash } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import type { PodMetricsList, V1Deployment, V1Ingress, V1Pod, V1PodTemplateSpec, V1ResourceRequirements, V1Service } from '@kubernetes/client-node';
import { AppError, ErrorCode } from '../../common/app-error.js';
import { SerialQueue } from '../serial-queue.js';
import { DEFAULT_ANSWER_TIMEOUT_MS, noAnswer, providerUnreachable } from '../upstream.js';
import { lineSplitter, plainLogLine } from './app-log.js';
import { invalidDeploySpec, metricsUnavailable, noCanary, nothingServing, revisionUnhealthy } from './cluster.errors.js';
import type {
  AppLogEntry,
  AppResources,
  AppStatus,
  AppTraffic,
  CanaryReleases,
  CanaryTraffic,
  Cluster,
  ClusterObservability,
  DeployHooks,
  DeploySpec,
  InstanceHealth,
  InstanceState,
  InstanceUsage,
} from './cluster.port.js';
import { DoksCredentials } from './doks-credentials.js';
import { KubeconfigCredentials } from './kubeconfig.js';
import type { KubernetesClient, KubernetesClients, KubernetesCredentials } from './kubernetes-credentials.js';

/**
 * The Kubernetes cluster adapter, for any cluster a kubeconfig reaches: one the user saved (kind 'kubeconfig') or
 * the one DigitalOcean hands out for a DOKS cluster (kind 'doks'). Per app (its name, a DNS label): a namespace of that name holding
 * - a Secret per revision with the app's environment (`env-r{revision}`: a rollback re-applies the old template,
 *   which names the old Secret, so the old revision comes back with its own environment),
 * - a Deployment `app` (RollingUpdate, maxUnavailable 0, maxSurge 1; readiness and liveness probes on the health
 *   path; progressDeadlineSeconds = the health check budget), whose pod template carries Slipway's revision and
 *   the artifact's digest as annotations,
 * - a Service `app` of type LoadBalancer: the app's URL is `http://{ingress ip}:{port}/`,
 * - with custom domains, an Ingress `app` routing them to the Service, TLS from a cert-manager ClusterIssuer.
 * deploy() follows the rollout through the Deployment's status (observedGeneration, updated/available replicas,
 * the Progressing condition); on failure it re-applies the previous template and throws. What it may do in the
 * cluster is KUBERNETES_PERMISSIONS, which checkAccess() asks the API server about.
 */

/** How custom domains are served: an Ingress with TLS from a cert-manager ClusterIssuer. */
export interface IngressOptions {
  /** The cert-manager ClusterIssuer that signs the domains' certificates (default DEFAULT_CERT_ISSUER). */
  certIssuer?: string;
  /** The Ingress's ingressClassName; the cluster's default class when absent. */
  ingressClass?: string;
}

export const DEFAULT_CERT_ISSUER = 'letsencrypt';

export interface KubernetesClusterOptions extends IngressOptions {
  kind: 'doks' | 'kubeconfig';
  credentials: KubernetesCredentials;
  answerTimeoutMs: number;
}

export interface KubeconfigClusterOptions extends IngressOptions {
  /** The kubeconfig's YAML (the KUBECONFIG setting). */
  kubeconfig: string;
  /** The context to use (the KUBERNETES_CONTEXT setting). */
  context: string;
  /** How long the cluster's API server has to answer each request (default DEFAULT_ANSWER_TIMEOUT_MS). */
  answerTimeoutMs?: number;
}

export interface DoksClusterOptions extends IngressOptions {
  /** DigitalOcean API token. */
  token: string;
  clusterId: string;
  /** Default https://api.digitalocean.com */
  apiUrl?: string;
  /** How long DigitalOcean's API and the cluster's API server have to answer each request (default DEFAULT_ANSWER_TIMEOUT_MS). */
  answerTimeoutMs?: number;
}

/**
 * Every request this adapter makes, as RBAC verbs on resources in any namespace (each app has its own). The
 * ClusterRole in docs/providers.md grants exactly these; metrics.k8s.io (CPU and memory) is optional.
 */
export const KUBERNETES_PERMISSIONS: ReadonlyArray<{ group: string; resource: string; subresource?: string; verbs: string[] }> = [
  { group: '', resource: 'namespaces', verbs: ['get', 'create', 'delete'] },
  { group: '', resource: 'secrets', verbs: ['list', 'create', 'update', 'delete'] },
  { group: '', resource: 'services', verbs: ['get', 'create'] },
  { group: '', resource: 'pods', verbs: ['list'] },
  { group: '', resource: 'pods', subresource: 'log', verbs: ['get'] },
  { group: '', resource: 'events', verbs: ['list'] },
  { group: 'apps', resource: 'deployments', verbs: ['get', 'create', 'update', 'delete'] },
  { group: 'apps', resource: 'deployments', subresource: 'scale', verbs: ['update'] },
  { group: 'networking.k8s.io', resource: 'ingresses', verbs: ['get', 'create', 'update', 'delete'] },
];

export const missingPermissions = (origin: string, missing: string[]) =>
  new AppError(
    ErrorCode.Conflict,
    `Missing permissions: ${origin} may not ${missing.join(', ')} (in all namespaces); grant them with the ClusterRole in docs/providers.md`,
    { reason: 'KUBERNETES_FORBIDDEN' },
  );

const APP_NAME = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const ENVIRONMENT_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const DEPLOYMENT = 'app';
/** A canary release's Deployment, beside DEPLOYMENT behind the same Service (its pods carry the Service's label). */
const CANARY_DEPLOYMENT = 'app-canary';
/** Only the canary's pods carry it (`track: canary`): DEPLOYMENT's selector is immutable and stays NAME_LABEL alone. */
const TRACK_LABEL = 'track';
const SERVICE = 'app';
const INGRESS = 'app';
/** The Secret cert-manager keeps the domains' certificate and key in. */
const INGRESS_TLS_SECRET = 'app-tls';
const CERT_ISSUER_ANNOTATION = 'cert-manager.io/cluster-issuer';
const CONTAINER = 'app';
const CONTAINER_PORT = 8080;
const SERVICE_PORT = 80;
const NAME_LABEL = 'app.kubernetes.io/name';
const ANNOTATION = {
  revision: 'slipway.dev/revision',
  digest: 'slipway.dev/digest',
  environment: 'slipway.dev/environment-hash',
  runtime: 'slipway.dev/runtime',
  lastRevision: 'slipway.dev/last-revision',
  project: 'slipway.dev/project-id',
  resources: 'slipway.dev/resources',
  /** On the canary Deployment: the environment's replicas, which the two Deployments share while it runs. */
  replicas: 'slipway.dev/replicas',
} as const;
const POLL_MS = 500;
/** Beyond the health budget, how long a rollout (image pull, scheduling) or a rollback may take. */
const ROLLOUT_SLACK_MS = 120_000;
const LOAD_BALANCER_WAIT_MS = 120_000;
const NAMESPACE_DELETE_WAIT_MS = 120_000;
const MAX_REPLICAS = 20;
/** How long a container restart is remembered for crashTimes (the health watch looks at the last minute). */
const CRASH_MEMORY_MS = 600_000;
/** A running container not ready yet counts as starting this long after it started, then as unhealthy. */
const STARTING_FOR_MS = 60_000;

/** The container's resources (requests and limits) for an environment's CPU (cores) and memory (MB); undefined for none. */
function containerResources(resources: AppResources | undefined): V1ResourceRequirements | undefined {
  if (!resources) return undefined;
  const quantities = (cpu: number | null, memoryMb: number | null) => ({
    ...(cpu !== null ? { cpu: `${Math.round(cpu * 1000)}m` } : {}),
    ...(memoryMb !== null ? { memory: `${memoryMb}Mi` } : {}),
  });
  const requests = quantities(resources.cpuRequest, resources.memoryRequestMb);
  const limits = quantities(resources.cpuLimit, resources.memoryLimitMb);
  if (Object.keys(requests).length === 0 && Object.keys(limits).length === 0) return undefined;
  return { ...(Object.keys(requests).length ? { requests } : {}), ...(Object.keys(limits).length ? { limits } : {}) };
}

const environmentHash = (environment: Record<string, string>) =>
  createHash('sha256')
    .update(JSON.stringify(Object.entries(environment).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))))
    .digest('hex')
    .slice(0, 32);

const kubernetesError = (message: string, reason = 'KUBERNETES_ERROR') => new AppError(ErrorCode.Conflict, message, { reason });

function checkSpec(spec: DeploySpec): void {
  const fail = (message: string): never => {
    throw invalidDeploySpec(String(spec.name), message);
  };
  if (!APP_NAME.test(spec.name)) fail('the app name must be lower-case letters, digits and dashes (at most 63)');
  const { start, healthPath, portEnv } = spec.runtime;
  if (!Array.isArray(start) || start.length === 0 || start.some((arg) => typeof arg !== 'string')) fail('the start command must be a non-empty argument list');
  if (typeof healthPath !== 'string' || !healthPath.startsWith('/')) fail('the health path must start with /');
  if (!ENVIRONMENT_NAME.test(portEnv)) fail('the port variable must be a variable name');
  for (const name of Object.keys(spec.environment)) if (!ENVIRONMENT_NAME.test(name)) fail(`${JSON.stringify(name)} is not a valid environment variable name`);
  if (!(spec.healthTimeoutSeconds > 0)) fail('the health check timeout must be positive');
  if (!Number.isInteger(spec.replicas) || spec.replicas < 1 || spec.replicas > MAX_REPLICAS) fail(`the cluster runs 1 to ${MAX_REPLICAS} replicas`);
}

/** Status code of a Kubernetes API failure, and its Status message (never the request: it carries the token). */
function describeFailure(error: unknown, { ApiException }: KubernetesClient): { code: number; message: string } | null {
  if (!(error instanceof ApiException)) return null;
  let body: unknown = error.body;
  if (typeof body === 'string') {
    try {
      body = JSON.parse(body);
    } catch {
      body = null;
    }
  }
  const status = body as { message?: string; reason?: string } | null | undefined;
  return { code: error.code, message: status?.message ?? status?.reason ?? `HTTP ${error.code}` };
}

const CPU_UNITS: Record<string, number> = { n: 1e-9, u: 1e-6, m: 1e-3, '': 1 };
const MEMORY_UNITS: Record<string, number> = { '': 1, k: 1e3, M: 1e6, G: 1e9, T: 1e12, Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30, Ti: 2 ** 40 };

/** A CPU quantity ('12345n', '5m', '1') in cores; 0 when unreadable. */
function cpuCores(quantity: string): number {
  const match = /^(\d+(?:\.\d+)?)(n|u|m|)$/.exec(quantity);
  return match ? Number(match[1]) * CPU_UNITS[match[2]] : 0;
}

/** A memory quantity ('2048Ki', '64Mi', '1000000') in bytes; 0 when unreadable. */
function memoryBytes(quantity: string): number {
  const match = /^(\d+(?:\.\d+)?)(Ki|Mi|Gi|Ti|k|M|G|T|)$/.exec(quantity);
  return match ? Number(match[1]) * MEMORY_UNITS[match[2]] : 0;
}

/** The pod log line `2026-01-02T03:04:05.123456789Z text` as its time and text. */
function parseTimestamped(line: string): { at: Date | null; line: string } {
  const match = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z) (.*)$/s.exec(line);
  if (!match) return { at: null, line };
  return { at: new Date(match[1].replace(/(\.\d{3})\d+Z$/, '$1Z')), line: match[2] };
}

/**
 * A canary's share as replica counts out of the environment's `total`: the nearest split with at least one pod on
 * each side between 0 and 100 % (1 replica: 1 + 1); `percent` is the split's real share (2 replicas: 10 % is 50 %).
 */
export function canarySplit(total: number, percent: number): { canary: number; stable: number; percent: number } {
  const wanted = Math.min(100, Math.max(0, percent));
  if (wanted >= 100) return { canary: total, stable: 0, percent: 100 };
  if (wanted <= 0) return { canary: 0, stable: total, percent: 0 };
  const canary = Math.min(Math.max(1, Math.round((total * wanted) / 100)), Math.max(1, total - 1));
  const stable = Math.max(1, total - canary);
  return { canary, stable, percent: Math.round((100 * canary) / (canary + stable)) };
}

/** The cluster of a kubeconfig's context. */
export function kubeconfigCluster(options: KubeconfigClusterOptions): KubernetesCluster {
  const answerTimeoutMs = options.answerTimeoutMs ?? DEFAULT_ANSWER_TIMEOUT_MS;
  const credentials = new KubeconfigCredentials(options.kubeconfig, options.context, answerTimeoutMs);
  return new KubernetesCluster({ kind: 'kubeconfig', credentials, answerTimeoutMs, certIssuer: options.certIssuer, ingressClass: options.ingressClass });
}

/** A DOKS cluster: its kubeconfig's credentials come from DigitalOcean's API. */
export function doksCluster(options: DoksClusterOptions): KubernetesCluster {
  const answerTimeoutMs = options.answerTimeoutMs ?? DEFAULT_ANSWER_TIMEOUT_MS;
  const credentials = new DoksCredentials(options.token, options.clusterId, options.apiUrl ?? 'https://api.digitalocean.com', answerTimeoutMs);
  return new KubernetesCluster({ kind: 'doks', credentials, answerTimeoutMs, certIssuer: options.certIssuer, ingressClass: options.ingressClass });
}

export class KubernetesCluster implements Cluster, ClusterObservability, CanaryReleases {
  readonly kind: 'doks' | 'kubeconfig';
  private readonly credentials: KubernetesCredentials;
  private readonly answerTimeoutMs: number;
  /** Changes to one app run one after another. */
  private readonly locks = new SerialQueue();
  readonly canary: CanaryReleases = this;
  /** Per app: the restart count last seen per pod (by uid) and the restarts dated so far (see crashTimes). */
  private readonly restarts = new Map<string, { counts: Map<string, number>; crashes: number[] }>();

  private readonly ingress: Required<Pick<IngressOptions, 'certIssuer'>> & Pick<IngressOptions, 'ingressClass'>;

  constructor(options: KubernetesClusterOptions) {
    this.kind = options.kind;
    this.credentials = options.credentials;
    this.answerTimeoutMs = options.answerTimeoutMs;
    this.ingress = { certIssuer: options.certIssuer || DEFAULT_CERT_ISSUER, ingressClass: options.ingressClass || undefined };
  }

  /** Runs a Kubernetes API call; a refused token means new credentials and one more try; failures become clear errors. */
  private async kube<T>(what: string, call: (clients: KubernetesClients) => Promise<T>): Promise<T> {
    let clients = await this.credentials.clients();
    for (let attempt = 0; ; attempt++) {
      try {
        return await call(clients);
      } catch (error) {
        const failure = describeFailure(error, clients.kubernetes);
        const renewed = failure?.code === 401 && attempt === 0 ? this.credentials.refresh(clients) : null;
        if (renewed) {
          clients = await renewed;
          continue;
        }
        if (error instanceof AppError) throw error;
        if (failure?.code === 401) throw kubernetesError(`The cluster's API server refused ${this.credentials.origin} (401) when asked to ${what}`, 'KUBERNETES_UNAUTHORIZED');
        if (failure) throw Object.assign(kubernetesError(`Kubernetes refused to ${what} (${failure.code}: ${failure.message})`), { status: failure.code });
        throw this.unreachable(error, clients.server, what);
      }
    }
  }

  /**
   * A Kubernetes call that got no answer as PROVIDER_UNREACHABLE: nothing listening, no name, the request's own
   * timeout (node-fetch's AbortError: these requests carry no other signal), a TLS handshake that failed. Anything
   * else is not the server's doing and goes on as it is.
   */
  private unreachable(error: unknown, server: string, what: string): Error {
    const { name, code } = error as { name?: unknown; code?: unknown };
    const why =
      noAnswer(error) ??
      (name === 'AbortError' ? `no answer within ${this.answerTimeoutMs / 1000} s` : undefined) ??
      (name === 'FetchError' ? String(code ?? 'the request failed') : undefined);
    return why ? providerUnreachable('the Kubernetes API', server, what, why, 'KUBERNETES_UNREACHABLE') : (error as Error);
  }

  /**
   * Asks the API server, one SelfSubjectAccessReview per verb and resource of KUBERNETES_PERMISSIONS, whether these
   * credentials may do everything the adapter does; throws a clear error when the server cannot be reached, refuses
   * the credentials (401) or denies some (listed as `kubectl auth can-i` names them: 'update deployments.apps/scale').
   */
  async checkAccess(): Promise<void> {
    const asks = KUBERNETES_PERMISSIONS.flatMap(({ group, resource, subresource, verbs }) => verbs.map((verb) => ({ group, resource, subresource, verb })));
    const answers = await Promise.all(
      asks.map((attributes) =>
        this.kube("check Slipway's permissions", ({ authorization }) =>
          authorization.createSelfSubjectAccessReview({ body: { apiVersion: 'authorization.k8s.io/v1', kind: 'SelfSubjectAccessReview', spec: { resourceAttributes: attributes } } }),
        ),
      ),
    );
    const missing = asks
      .filter((_, index) => answers[index].status?.allowed !== true)
      .map(({ verb, group, resource, subresource }) => `${verb} ${resource}${group ? `.${group}` : ''}${subresource ? `/${subresource}` : ''}`);
    if (missing.length > 0) throw missingPermissions(this.credentials.origin, missing);
  }

  /** Like kube(), but null when the object does not exist. */
  private async read<T>(what: string, call: (clients: KubernetesClients) => Promise<T>): Promise<T | null> {
    try {
      return await this.kube(what, call);
    } catch (error) {
      if ((error as { status?: number }).status === 404) return null;
      throw error;
    }
  }

  async deploy(spec: DeploySpec, hooks: DeployHooks): Promise<AppStatus> {
    checkSpec(spec);
    return this.locks.run(spec.name, () => this.rollOut(spec, hooks));
  }

  private async rollOut(spec: DeploySpec, hooks: DeployHooks): Promise<AppStatus> {
    const namespace = spec.name;
    await this.ensureNamespace(namespace);
    // A canary left running (its deployment ended without promoting or aborting it) gives its share back first.
    await this.dropCanary(namespace);
    const existing = await this.read('read the deployment', ({ apps }) => apps.readNamespacedDeployment({ name: DEPLOYMENT, namespace }));
    const serving = existing?.spec?.template.metadata?.annotations ?? {};
    const runtime = JSON.stringify(spec.runtime);
    const envHash = environmentHash(spec.environment);
    if (
      existing &&
      serving[ANNOTATION.digest] === spec.artifact.digest &&
      serving[ANNOTATION.environment] === envHash &&
      serving[ANNOTATION.runtime] === runtime &&
      (serving[ANNOTATION.resources] ?? null) === this.resourcesAnnotation(spec) &&
      existing.spec?.replicas === spec.replicas &&
      this.rolledOut(existing)
    ) {
      await this.ensureService(namespace);
      if (spec.domains) await this.applyIngress(namespace, spec.domains);
      hooks.onLog(`Revision ${serving[ANNOTATION.revision]} already serves ${spec.artifact.digest}: nothing to do`);
      return (await this.waitForAddress(namespace, hooks.signal))!;
    }

    const revision = Number(existing?.metadata?.annotations?.[ANNOTATION.lastRevision] ?? 0) + 1;
    // What serves now: re-applied if the new revision fails.
    const previousTemplate = existing?.spec?.template ? structuredClone(existing.spec.template) : null;
    const wasServing = (existing?.status?.availableReplicas ?? 0) > 0;
    const secret = `env-r${revision}`;
    await this.storeEnvironment(spec, secret);
    const template = this.template(spec, revision, secret, envHash);
    const image = template.spec!.containers[0].image;
    let deployment: V1Deployment;
    if (existing) {
      existing.metadata!.annotations = { ...existing.metadata!.annotations, [ANNOTATION.lastRevision]: String(revision) };
      existing.spec = this.deploymentSpec(spec, template);
      deployment = await this.kube('update the deployment', ({ apps }) => apps.replaceNamespacedDeployment({ name: DEPLOYMENT, namespace, body: existing }));
    } else {
      deployment = await this.kube('create the deployment', ({ apps }) =>
        apps.createNamespacedDeployment({
          namespace,
          body: {
            metadata: { name: DEPLOYMENT, labels: { [NAME_LABEL]: spec.name }, annotations: { [ANNOTATION.lastRevision]: String(revision), [ANNOTATION.project]: spec.projectId } },
            spec: this.deploymentSpec(spec, template),
          },
        }),
      );
    }
    await this.ensureService(namespace);
    if (spec.domains) await this.applyIngress(namespace, spec.domains);
    hooks.onLog(`Rolling out ${image} (${spec.artifact.digest}) as revision ${revision}; waiting for GET ${spec.runtime.healthPath}`);
    hooks.onEvent?.('started', `Revision ${revision}: rolling update of ${spec.replicas} replica(s) started`);

    const outcome = await this.followRollout(namespace, deployment.metadata?.generation ?? 0, spec.healthTimeoutSeconds * 1000 + ROLLOUT_SLACK_MS, hooks);
    if (outcome.ok) {
      hooks.onEvent?.('healthy', `Revision ${revision} passed GET ${spec.runtime.healthPath}`);
      const status = await this.waitForAddress(namespace, hooks.signal);
      hooks.onLog(`Revision ${revision} serves ${status?.url ?? '(no address yet)'}`);
      hooks.onEvent?.('traffic_shifted', `Revision ${revision} takes all new requests`);
      if (existing) {
        hooks.onEvent?.('drained', `Revision ${serving[ANNOTATION.revision]} finished its open requests`);
        hooks.onEvent?.('stopped', `Revision ${serving[ANNOTATION.revision]} stopped`);
      }
      await this.pruneSecrets(namespace, [secret, `env-r${serving[ANNOTATION.revision]}`]);
      return status!;
    }

    hooks.onEvent?.('unhealthy', `Revision ${revision} did not become healthy: ${outcome.reason}`);
    if (!previousTemplate || !wasServing) {
      throw revisionUnhealthy(revision, outcome.reason, 'nothing is serving');
    }
    hooks.onLog(`Rolling back to revision ${serving[ANNOTATION.revision]}`);
    const rolledBack = await this.kube('roll the deployment back', async ({ apps }) => {
      const current = await apps.readNamespacedDeployment({ name: DEPLOYMENT, namespace });
      current.spec!.template = previousTemplate;
      return apps.replaceNamespacedDeployment({ name: DEPLOYMENT, namespace, body: current });
    });
    const back = await this.followRollout(namespace, rolledBack.metadata?.generation ?? 0, ROLLOUT_SLACK_MS, hooks);
    // The failed revision's environment is no longer referenced by a Deployment that can run it.
    await this.pruneSecrets(namespace, [`env-r${serving[ANNOTATION.revision]}`]);
    const fallback = back.ok ? `revision ${serving[ANNOTATION.revision]} keeps serving` : `revision ${serving[ANNOTATION.revision]} was re-applied but is not healthy either (${back.reason})`;
    throw revisionUnhealthy(revision, outcome.reason, fallback);
  }

  /** The revision's environment, in its Secret (replaced when a failed attempt left one). */
  private async storeEnvironment(spec: DeploySpec, secret: string): Promise<void> {
    await this.kube('store the environment', async ({ core, kubernetes }) => {
      const body = { metadata: { name: secret, labels: { [NAME_LABEL]: spec.name } }, type: 'Opaque', stringData: spec.environment };
      await core.createNamespacedSecret({ namespace: spec.name, body }).catch(async (error: unknown) => {
        if (describeFailure(error, kubernetes)?.code !== 409) throw error;
        await core.replaceNamespacedSecret({ name: secret, namespace: spec.name, body });
      });
    });
  }

  /** What the template records of the resources it asked for (the API server may write the quantities otherwise). */
  private resourcesAnnotation(spec: DeploySpec): string | null {
    const resources = containerResources(spec.resources);
    return resources ? JSON.stringify(resources) : null;
  }

  private template(spec: DeploySpec, revision: number, secret: string, envHash: string): V1PodTemplateSpec {
    const probe = { httpGet: { path: spec.runtime.healthPath, port: CONTAINER_PORT } };
    const resources = containerResources(spec.resources);
    return {
      metadata: {
        labels: { [NAME_LABEL]: spec.name, 'app.kubernetes.io/managed-by': 'slipway' },
        annotations: {
          [ANNOTATION.revision]: String(revision),
          [ANNOTATION.digest]: spec.artifact.digest,
          [ANNOTATION.environment]: envHash,
          [ANNOTATION.runtime]: JSON.stringify(spec.runtime),
          ...(resources ? { [ANNOTATION.resources]: JSON.stringify(resources) } : {}),
        },
      },
      spec: {
        automountServiceAccountToken: false,
        enableServiceLinks: false,
        containers: [
          {
            name: CONTAINER,
            // The reference the registry gave the artifact (on Docker Hub: docker.io/<namespace>/<name>:<tag>).
            image: spec.artifact.url,
            command: [...spec.runtime.start],
            ports: [{ name: 'http', containerPort: CONTAINER_PORT, protocol: 'TCP' }],
            env: [{ name: spec.runtime.portEnv, value: String(CONTAINER_PORT) }],
            envFrom: [{ secretRef: { name: secret } }],
            ...(resources ? { resources } : {}),
            readinessProbe: { ...probe, periodSeconds: 2, timeoutSeconds: 2, failureThreshold: 3 },
            livenessProbe: { ...probe, initialDelaySeconds: Math.ceil(spec.healthTimeoutSeconds), periodSeconds: 10, timeoutSeconds: 2, failureThreshold: 3 },
          },
        ],
      },
    };
  }

  private deploymentSpec(spec: DeploySpec, template: V1PodTemplateSpec): V1Deployment['spec'] {
    return {
      replicas: spec.replicas,
      selector: { matchLabels: { [NAME_LABEL]: spec.name } },
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0, maxSurge: 1 } },
      progressDeadlineSeconds: Math.max(1, Math.ceil(spec.healthTimeoutSeconds)),
      revisionHistoryLimit: 5,
      template,
    };
  }

  private async ensureNamespace(namespace: string): Promise<void> {
    const deadline = Date.now() + NAMESPACE_DELETE_WAIT_MS;
    for (;;) {
      const found = await this.read('read the namespace', ({ core }) => core.readNamespace({ name: namespace }));
      if (found?.status?.phase !== 'Terminating') {
        if (found) return;
        try {
          await this.kube('create the namespace', ({ core }) =>
            core.createNamespace({ body: { metadata: { name: namespace, labels: { 'app.kubernetes.io/managed-by': 'slipway' } } } }),
          );
          return;
        } catch (error) {
          if ((error as { status?: number }).status !== 409) throw error;
        }
      }
      if (Date.now() > deadline) throw kubernetesError(`The namespace ${namespace} is still being deleted`, 'NAMESPACE_TERMINATING');
      await sleep(POLL_MS);
    }
  }

  private async ensureService(namespace: string): Promise<void> {
    const existing = await this.read('read the service', ({ core }) => core.readNamespacedService({ name: SERVICE, namespace }));
    if (existing) return;
    await this.kube('create the service', ({ core }) =>
      core.createNamespacedService({
        namespace,
        body: {
          metadata: { name: SERVICE, labels: { [NAME_LABEL]: namespace } },
          spec: { type: 'LoadBalancer', selector: { [NAME_LABEL]: namespace }, ports: [{ name: 'http', port: SERVICE_PORT, targetPort: 'http', protocol: 'TCP' }] },
        },
      }),
    ).catch((error: unknown) => {
      if ((error as { status?: number }).status !== 409) throw error;
    });
  }

  async routeDomains(name: string, hostnames: string[]): Promise<void> {
    if (!APP_NAME.test(name)) return;
    await this.locks.run(name, async () => {
      const namespace = await this.read('read the namespace', ({ core }) => core.readNamespace({ name }));
      if (!namespace || namespace.status?.phase === 'Terminating') return;
      await this.applyIngress(name, hostnames);
    });
  }

  /**
   * The app's Ingress for its custom domains: each hostname routed to its Service, with TLS for all of them from the
   * cert-manager issuer (cert-manager makes and renews the certificate in INGRESS_TLS_SECRET); removed when none is left.
   */
  private async applyIngress(namespace: string, hostnames: string[]): Promise<void> {
    const existing = await this.read('read the ingress', ({ networking }) => networking.readNamespacedIngress({ name: INGRESS, namespace }));
    if (hostnames.length === 0) {
      if (existing) await this.read('delete the ingress', ({ networking }) => networking.deleteNamespacedIngress({ name: INGRESS, namespace }));
      return;
    }
    const hosts = [...hostnames].sort();
    const body: V1Ingress = {
      apiVersion: 'networking.k8s.io/v1',
      kind: 'Ingress',
      metadata: {
        name: INGRESS,
        labels: { [NAME_LABEL]: namespace, 'app.kubernetes.io/managed-by': 'slipway' },
        annotations: { ...existing?.metadata?.annotations, [CERT_ISSUER_ANNOTATION]: this.ingress.certIssuer },
        ...(existing ? { resourceVersion: existing.metadata?.resourceVersion } : {}),
      },
      spec: {
        ...(this.ingress.ingressClass ? { ingressClassName: this.ingress.ingressClass } : {}),
        tls: [{ hosts, secretName: INGRESS_TLS_SECRET }],
        rules: hosts.map((host) => ({
          host,
          http: { paths: [{ path: '/', pathType: 'Prefix', backend: { service: { name: SERVICE, port: { number: SERVICE_PORT } } } }] },
        })),
      },
    };
    if (existing) await this.kube('update the ingress', ({ networking }) => networking.replaceNamespacedIngress({ name: INGRESS, namespace, body }));
    else await this.kube('create the ingress', ({ networking }) => networking.createNamespacedIngress({ namespace, body }));
  }

  private rolledOut(deployment: V1Deployment): boolean {
    const status = deployment.status ?? {};
    const wanted = deployment.spec?.replicas ?? 1;
    return (
      (status.observedGeneration ?? 0) >= (deployment.metadata?.generation ?? 0) &&
      (status.updatedReplicas ?? 0) >= wanted &&
      (status.replicas ?? 0) === (status.updatedReplicas ?? 0) &&
      (status.availableReplicas ?? 0) >= wanted
    );
  }

  /** Follows the rollout of `generation` until all replicas are updated and available, or it fails (Progressing=False) or times out. */
  private async followRollout(
    namespace: string,
    generation: number,
    timeoutMs: number,
    hooks: DeployHooks,
    name = DEPLOYMENT,
  ): Promise<{ ok: true } | { ok: false; reason: string }> {
    const deadline = Date.now() + timeoutMs;
    const seenEvents = new Set<string>();
    for (;;) {
      await this.relayEvents(namespace, seenEvents, hooks).catch(() => undefined);
      const deployment = await this.kube('read the deployment', ({ apps }) => apps.readNamespacedDeployment({ name, namespace }));
      const observed = (deployment.status?.observedGeneration ?? 0) >= generation;
      const progressing = deployment.status?.conditions?.find((condition) => condition.type === 'Progressing');
      if (observed && progressing?.status === 'False') {
        return { ok: false, reason: `${await this.podProblem(namespace, deployment)} (${progressing.reason}: ${progressing.message})` };
      }
      if (observed && this.rolledOut(deployment)) return { ok: true };
      if (hooks.signal.aborted) return { ok: false, reason: 'the deployment was cancelled' };
      if (Date.now() > deadline) return { ok: false, reason: `${await this.podProblem(namespace, deployment)} (the rollout did not finish in ${Math.round(timeoutMs / 1000)} s)` };
      await sleep(POLL_MS);
    }
  }

  /** Why the new revision's pods are not ready, from their conditions and container states. */
  private async podProblem(namespace: string, deployment: V1Deployment): Promise<string> {
    const revision = deployment.spec?.template.metadata?.annotations?.[ANNOTATION.revision];
    const pods = (await this.pods(namespace, true).catch((): V1Pod[] => [])).filter((pod) => pod.metadata?.annotations?.[ANNOTATION.revision] === revision);
    for (const pod of pods) {
      const waiting = pod.status?.containerStatuses?.[0]?.state?.waiting;
      if (waiting?.reason) return `${waiting.reason}${waiting.message ? `: ${waiting.message}` : ''}`;
      const ready = pod.status?.conditions?.find((condition) => condition.type === 'Ready');
      if (ready?.status === 'False' && ready.message) return ready.message;
    }
    return `its pods did not pass GET ${JSON.parse(deployment.spec?.template.metadata?.annotations?.[ANNOTATION.runtime] ?? '{}').healthPath ?? '/'}`;
  }

  /** Tells the deploy's log the namespace's new events (scaling, pulls, probe failures). */
  private async relayEvents(namespace: string, seen: Set<string>, hooks: DeployHooks): Promise<void> {
    const events = await this.kube('read the events', ({ core }) => core.listNamespacedEvent({ namespace }));
    for (const event of events.items) {
      const id = event.metadata?.uid ?? event.metadata?.name ?? '';
      if (seen.has(id)) continue;
      seen.add(id);
      const recent = event.lastTimestamp ? Date.now() - new Date(event.lastTimestamp).getTime() < 60_000 : true;
      if (recent) hooks.onLog(`${event.type === 'Warning' ? 'Warning' : 'Event'}: ${event.involvedObject.kind} ${event.involvedObject.name}: ${event.reason}: ${event.message ?? ''}`);
    }
  }

  /** The app's status once its Service has an address (at most LOAD_BALANCER_WAIT_MS). */
  private async waitForAddress(namespace: string, signal: AbortSignal): Promise<AppStatus | null> {
    const deadline = Date.now() + LOAD_BALANCER_WAIT_MS;
    for (;;) {
      const status = await this.status(namespace);
      if (!status || status.url || Date.now() > deadline || signal.aborted) return status;
      await sleep(POLL_MS);
    }
  }

  /** Removes the environment Secrets of revisions other than `keep`. */
  private async pruneSecrets(namespace: string, keep: string[]): Promise<void> {
    const secrets = await this.kube('list the secrets', ({ core }) => core.listNamespacedSecret({ namespace, labelSelector: `${NAME_LABEL}=${namespace}` }));
    for (const secret of secrets.items) {
      const name = secret.metadata?.name ?? '';
      if (!name.startsWith('env-r') || keep.includes(name)) continue;
      await this.read('delete a secret', ({ core }) => core.deleteNamespacedSecret({ name, namespace }));
    }
  }

  // Canary releases (CanaryReleases): a second Deployment CANARY_DEPLOYMENT beside DEPLOYMENT, both behind the one
  // Service; the share of requests is the share of Ready pods (replica weights: no ingress controller assumed).

  async startCanary(spec: DeploySpec, hooks: DeployHooks): Promise<void> {
    checkSpec(spec);
    await this.locks.run(spec.name, async () => {
      const namespace = spec.name;
      await this.dropCanary(namespace);
      const stable = await this.read('read the deployment', ({ apps }) => apps.readNamespacedDeployment({ name: DEPLOYMENT, namespace }));
      if (!stable || (stable.status?.availableReplicas ?? 0) === 0) throw nothingServing(spec.name);
      const revision = Number(stable.metadata?.annotations?.[ANNOTATION.lastRevision] ?? 0) + 1;
      await this.kube('number the revision', ({ apps }) => {
        stable.metadata!.annotations = { ...stable.metadata!.annotations, [ANNOTATION.lastRevision]: String(revision) };
        return apps.replaceNamespacedDeployment({ name: DEPLOYMENT, namespace, body: stable });
      });
      const secret = `env-r${revision}`;
      await this.storeEnvironment(spec, secret);
      const template = this.template(spec, revision, secret, environmentHash(spec.environment));
      template.metadata!.labels = { ...template.metadata!.labels, [TRACK_LABEL]: 'canary' };
      const deployment = await this.kube('create the canary deployment', ({ apps }) =>
        apps.createNamespacedDeployment({
          namespace,
          body: {
            metadata: { name: CANARY_DEPLOYMENT, labels: { [NAME_LABEL]: spec.name, [TRACK_LABEL]: 'canary' }, annotations: { [ANNOTATION.replicas]: String(spec.replicas) } },
            spec: { ...this.deploymentSpec(spec, template)!, replicas: 1, selector: { matchLabels: { [NAME_LABEL]: spec.name, [TRACK_LABEL]: 'canary' } } },
          },
        }),
      );
      hooks.onLog(`Starting revision ${revision} (${spec.artifact.digest}) as a canary beside revision ${stable.spec?.template.metadata?.annotations?.[ANNOTATION.revision]}; waiting for GET ${spec.runtime.healthPath}`);
      hooks.onEvent?.('started', `Revision ${revision}: canary started`);
      const outcome = await this.followRollout(namespace, deployment.metadata?.generation ?? 0, spec.healthTimeoutSeconds * 1000 + ROLLOUT_SLACK_MS, hooks, CANARY_DEPLOYMENT);
      if (!outcome.ok) {
        hooks.onEvent?.('unhealthy', `Revision ${revision} did not become healthy: ${outcome.reason}`);
        await this.dropCanary(namespace);
        throw revisionUnhealthy(revision, outcome.reason, 'the stable revision keeps serving');
      }
      hooks.onEvent?.('healthy', `Revision ${revision} passed GET ${spec.runtime.healthPath}`);
      // Ready, it is one of the Service's endpoints: it takes its pod's share until the first setCanaryWeight.
      hooks.onLog(`Revision ${revision} runs beside the stable revision as a canary (1 pod)`);
    });
  }

  /**
   * Splits the environment's replicas between the canary and the stable Deployment (each at least 1 while the share
   * is between 0 and 100 %, so 1 replica becomes 1 + 1) and answers the canary's real share of the pods.
   */
  async setCanaryWeight(name: string, percent: number): Promise<number> {
    return this.locks.run(name, async () => {
      const canary = APP_NAME.test(name) ? await this.read('read the canary deployment', ({ apps }) => apps.readNamespacedDeployment({ name: CANARY_DEPLOYMENT, namespace: name })) : null;
      if (!canary) throw noCanary(name);
      const split = canarySplit(Number(canary.metadata?.annotations?.[ANNOTATION.replicas] ?? 1), percent);
      const current = canary.spec?.replicas ?? 0;
      // The growing side first and Ready, then the other shrinks: serving capacity never drops.
      const order: Array<[string, number]> = split.canary >= current ? [[CANARY_DEPLOYMENT, split.canary], [DEPLOYMENT, split.stable]] : [[DEPLOYMENT, split.stable], [CANARY_DEPLOYMENT, split.canary]];
      for (const [deployment, replicas] of order) await this.scaleAndWait(name, deployment, replicas);
      return split.percent;
    });
  }

  /** Scales one of the app's Deployments and waits until its replicas are Ready; throws when they do not become so. */
  private async scaleAndWait(namespace: string, deployment: string, replicas: number): Promise<void> {
    const scaled = await this.kube(`scale ${deployment}`, ({ apps }) =>
      apps.replaceNamespacedDeploymentScale({ name: deployment, namespace, body: { metadata: { name: deployment, namespace }, spec: { replicas } } }),
    );
    const hooks: DeployHooks = { signal: new AbortController().signal, onLog: () => undefined };
    const outcome = await this.followRollout(namespace, scaled.metadata?.generation ?? 0, ROLLOUT_SLACK_MS, hooks, deployment);
    if (!outcome.ok) throw kubernetesError(`${deployment} of ${namespace} did not reach ${replicas} ready replica(s): ${outcome.reason}`, 'ROLLOUT_FAILED');
  }

  /**
   * No per-revision request figures on Kubernetes (the Service balances in the cluster, out of Slipway's sight): both
   * revisions report 0 requests, so the gate does not judge error rate or p95; `problem` says when a canary pod is not
   * Ready or restarted (it crashed), which aborts the canary.
   */
  async canaryTraffic(name: string): Promise<CanaryTraffic | null> {
    if (!APP_NAME.test(name)) return null;
    const [stable, canary] = await Promise.all(
      [DEPLOYMENT, CANARY_DEPLOYMENT].map((deployment) => this.read('read the deployment', ({ apps }) => apps.readNamespacedDeployment({ name: deployment, namespace: name }))),
    );
    if (!stable || !canary) return null;
    const pods = (await this.pods(name, true)).filter((pod) => !pod.metadata?.deletionTimestamp);
    const ready = (pod: V1Pod) => pod.status?.conditions?.find((condition) => condition.type === 'Ready')?.status === 'True';
    const canaryPods = pods.filter((pod) => pod.metadata?.labels?.[TRACK_LABEL] === 'canary');
    const stablePods = pods.filter((pod) => pod.metadata?.labels?.[TRACK_LABEL] !== 'canary');
    const restarted = canaryPods.find((pod) => (pod.status?.containerStatuses?.find((status) => status.name === CONTAINER)?.restartCount ?? 0) > 0);
    const notReady = canaryPods.find((pod) => !ready(pod));
    const canaryReady = canaryPods.filter(ready).length;
    const stableReady = stablePods.filter(ready).length;
    const revisionOf = (deployment: V1Deployment) => Number(deployment.spec?.template.metadata?.annotations?.[ANNOTATION.revision] ?? 0);
    const figures = (deployment: V1Deployment, instances: number) => ({ revision: revisionOf(deployment), requests: 0, errors: 0, latencyBuckets: [], instances });
    const problem = restarted
      ? `its pod ${restarted.metadata?.name} restarted (it crashed)`
      : notReady
        ? `its pod ${notReady.metadata?.name} is not ready (${await this.podProblem(name, canary)})`
        : undefined;
    return {
      percent: canaryReady + stableReady > 0 ? Math.round((100 * canaryReady) / (canaryReady + stableReady)) : 0,
      stable: figures(stable, stableReady),
      canary: figures(canary, canaryReady),
      ...(problem ? { problem } : {}),
    };
  }

  /** DEPLOYMENT takes the canary's pod template with a rolling update and the environment's replicas, then the canary goes. */
  async promoteCanary(name: string, hooks: DeployHooks): Promise<AppStatus> {
    return this.locks.run(name, async () => {
      const namespace = name;
      const canary = APP_NAME.test(name) ? await this.read('read the canary deployment', ({ apps }) => apps.readNamespacedDeployment({ name: CANARY_DEPLOYMENT, namespace })) : null;
      if (!canary?.spec) throw noCanary(name);
      const template = structuredClone(canary.spec.template);
      delete template.metadata!.labels![TRACK_LABEL];
      const revision = template.metadata?.annotations?.[ANNOTATION.revision];
      let before: string | undefined;
      const promoted = await this.kube('promote the canary', async ({ apps }) => {
        const stable = await apps.readNamespacedDeployment({ name: DEPLOYMENT, namespace });
        before = stable.spec!.template.metadata?.annotations?.[ANNOTATION.revision];
        stable.spec = { ...stable.spec!, template, replicas: Number(canary.metadata?.annotations?.[ANNOTATION.replicas] ?? 1) };
        return apps.replaceNamespacedDeployment({ name: DEPLOYMENT, namespace, body: stable });
      });
      hooks.onLog(`Promoting revision ${revision}: rolling update of ${namespace}'s Deployment to the canary's template`);
      const outcome = await this.followRollout(namespace, promoted.metadata?.generation ?? 0, ROLLOUT_SLACK_MS, hooks);
      if (!outcome.ok) throw revisionUnhealthy(Number(revision), outcome.reason, 'the canary keeps serving beside what is left of the stable revision');
      hooks.onEvent?.('traffic_shifted', `Revision ${revision} takes all new requests`);
      await this.dropCanary(namespace);
      hooks.onEvent?.('drained', `Revision ${before} finished its open requests`);
      hooks.onEvent?.('stopped', `Revision ${before} stopped`);
      await this.pruneSecrets(namespace, [`env-r${revision}`, `env-r${before}`]);
      return (await this.waitForAddress(namespace, hooks.signal))!;
    });
  }

  async abortCanary(name: string): Promise<void> {
    if (!APP_NAME.test(name)) return;
    await this.locks.run(name, () => this.dropCanary(name));
  }

  /**
   * Scales DEPLOYMENT back to the environment's replicas (and waits for them), then deletes the canary Deployment, its
   * pods and its Secret; no-op without a canary.
   */
  private async dropCanary(namespace: string): Promise<void> {
    const canary = await this.read('read the canary deployment', ({ apps }) => apps.readNamespacedDeployment({ name: CANARY_DEPLOYMENT, namespace }));
    if (!canary) return;
    const replicas = Number(canary.metadata?.annotations?.[ANNOTATION.replicas] ?? 1);
    const serving = await this.read('read the deployment', ({ apps }) => apps.readNamespacedDeployment({ name: DEPLOYMENT, namespace }));
    if (serving && serving.spec?.replicas !== replicas) await this.scaleAndWait(namespace, DEPLOYMENT, replicas);
    await this.read('delete the canary deployment', ({ apps }) => apps.deleteNamespacedDeployment({ name: CANARY_DEPLOYMENT, namespace, propagationPolicy: 'Foreground' }));
    const deadline = Date.now() + ROLLOUT_SLACK_MS;
    while ((await this.pods(namespace, true)).some((pod) => pod.metadata?.labels?.[TRACK_LABEL] === 'canary')) {
      if (Date.now() > deadline) throw kubernetesError(`The canary pods of ${namespace} are still stopping`, 'PODS_TERMINATING');
      await sleep(POLL_MS);
    }
    const revision = canary.spec?.template.metadata?.annotations?.[ANNOTATION.revision];
    if (revision !== serving?.spec?.template.metadata?.annotations?.[ANNOTATION.revision]) {
      await this.read('delete a secret', ({ core }) => core.deleteNamespacedSecret({ name: `env-r${revision}`, namespace }));
    }
  }

  async status(name: string): Promise<AppStatus | null> {
    if (!APP_NAME.test(name)) return null;
    const namespace = name;
    const ns = await this.read('read the namespace', ({ core }) => core.readNamespace({ name: namespace }));
    if (!ns || ns.status?.phase === 'Terminating') return null;
    const deployment = await this.read('read the deployment', ({ apps }) => apps.readNamespacedDeployment({ name: DEPLOYMENT, namespace }));
    if (!deployment) return null;
    const service = await this.read('read the service', ({ core }) => core.readNamespacedService({ name: SERVICE, namespace }));
    const annotations = deployment.spec?.template.metadata?.annotations ?? {};
    const available = deployment.status?.availableReplicas ?? 0;
    const progressing = deployment.status?.conditions?.find((condition) => condition.type === 'Progressing');
    return {
      name,
      state: available > 0 ? 'running' : deployment.spec?.replicas === 0 ? 'stopped' : progressing?.status === 'False' ? 'failed' : 'starting',
      url: service ? this.urlOf(service) : null,
      loopbackUrl: null,
      digest: annotations[ANNOTATION.digest] ?? null,
      revision: Number(annotations[ANNOTATION.revision] ?? 0),
      replicas: available,
      placement: { namespace, deployment: DEPLOYMENT, service: SERVICE },
    };
  }

  /** `http://{ingress ip or hostname}:{port}/` of the LoadBalancer (the ingress's port status when it has one). */
  private urlOf(service: V1Service): string | null {
    const ingress = service.status?.loadBalancer?.ingress?.[0];
    const host = ingress?.ip ?? ingress?.hostname;
    if (!host) return null;
    const port = ingress?.ports?.[0]?.port ?? service.spec?.ports?.[0]?.port ?? SERVICE_PORT;
    return `http://${host.includes(':') ? `[${host}]` : host}:${port}/`;
  }

  /** Scales the Deployment to 0 replicas and waits for its pods to go; the namespace, its Secret and Service stay. */
  async stop(name: string): Promise<void> {
    if (!APP_NAME.test(name)) return;
    await this.locks.run(name, async () => {
      const namespace = name;
      const scaled = await this.read('scale the deployment to 0', ({ apps }) =>
        apps.replaceNamespacedDeploymentScale({ name: DEPLOYMENT, namespace, body: { metadata: { name: DEPLOYMENT, namespace }, spec: { replicas: 0 } } }),
      );
      if (!scaled) return;
      const deadline = Date.now() + ROLLOUT_SLACK_MS;
      for (;;) {
        const deployment = await this.read('read the deployment', ({ apps }) => apps.readNamespacedDeployment({ name: DEPLOYMENT, namespace }));
        if (!deployment || ((deployment.status?.replicas ?? 0) === 0 && (await this.pods(namespace)).length === 0)) return;
        if (Date.now() > deadline) throw kubernetesError(`The pods of ${name} are still stopping`, 'PODS_TERMINATING');
        await sleep(POLL_MS);
      }
    });
  }

  async remove(name: string): Promise<void> {
    if (!APP_NAME.test(name)) return;
    await this.locks.run(name, async () => {
      const deleted = await this.read('delete the namespace', ({ core }) => core.deleteNamespace({ name }));
      if (!deleted) return;
      const deadline = Date.now() + NAMESPACE_DELETE_WAIT_MS;
      while (await this.read('read the namespace', ({ core }) => core.readNamespace({ name }))) {
        if (Date.now() > deadline) throw kubernetesError(`The namespace ${name} is still being deleted`, 'NAMESPACE_TERMINATING');
        await sleep(POLL_MS);
      }
    });
  }

  async logs(name: string, tail: number): Promise<string[]> {
    return (await this.logEntries(name, tail)).map(plainLogLine);
  }

  /** The app's pods: the serving Deployment's only (health, restarts, instances), or with a canary's too (logs, usage). */
  private async pods(namespace: string, withCanary = false): Promise<V1Pod[]> {
    const labelSelector = `${NAME_LABEL}=${namespace}${withCanary ? '' : `,${TRACK_LABEL}!=canary`}`;
    const list = await this.read('list the pods', ({ core }) => core.listNamespacedPod({ namespace, labelSelector }));
    return list?.items ?? [];
  }

  /** 'r{revision}-{n}' per pod: n counts the revision's pods in order of creation. */
  private instanceNames(pods: V1Pod[]): Map<string, string> {
    const names = new Map<string, string>();
    const sorted = [...pods].sort((a, b) => String(a.metadata?.creationTimestamp ?? '').localeCompare(String(b.metadata?.creationTimestamp ?? '')) || (a.metadata?.name ?? '').localeCompare(b.metadata?.name ?? ''));
    const counts = new Map<string, number>();
    for (const pod of sorted) {
      const revision = pod.metadata?.annotations?.[ANNOTATION.revision] ?? '0';
      const n = (counts.get(revision) ?? 0) + 1;
      counts.set(revision, n);
      names.set(pod.metadata?.name ?? '', `r${revision}-${n}`);
    }
    return names;
  }

  async logEntries(name: string, tail: number): Promise<AppLogEntry[]> {
    if (!APP_NAME.test(name)) return [];
    const pods = await this.pods(name, true);
    const instances = this.instanceNames(pods);
    const perPod = await Promise.all(
      pods.map(async (pod) => {
        const podName = pod.metadata?.name ?? '';
        const text = await this.read('read the pod logs', ({ core }) => core.readNamespacedPodLog({ name: podName, namespace: name, container: CONTAINER, tailLines: tail, timestamps: true })).catch(
          () => null,
        );
        return (text ?? '')
          .split('\n')
          .filter((line) => line !== '')
          .map((line): AppLogEntry => ({ instance: instances.get(podName)!, stream: 'stdout', ...parseTimestamped(line) }));
      }),
    );
    return perPod
      .flat()
      .sort((a, b) => (a.at?.getTime() ?? 0) - (b.at?.getTime() ?? 0))
      .slice(-Math.max(0, tail));
  }

  async *followLogs(name: string, tail: number, signal: AbortSignal): AsyncIterable<AppLogEntry> {
    if (!APP_NAME.test(name)) throw invalidDeploySpec(name, 'the app name must be lower-case letters, digits and dashes (at most 63)');
    const queue: AppLogEntry[] = [];
    let wake: (() => void) | null = null;
    const notify = () => {
      wake?.();
      wake = null;
    };
    signal.addEventListener('abort', notify, { once: true });
    const followed = new Map<string, AbortController>();
    let first = true;
    const follow = async () => {
      const pods = await this.pods(name, true).catch((): V1Pod[] => []);
      const instances = this.instanceNames(pods);
      const { config, kubernetes } = await this.credentials.clients();
      for (const pod of pods) {
        const podName = pod.metadata?.name ?? '';
        if (followed.has(podName) || signal.aborted) continue;
        const stream = new PassThrough();
        const lines = lineSplitter((line) => {
          queue.push({ instance: instances.get(podName)!, stream: 'stdout', ...parseTimestamped(line) });
          notify();
        });
        stream.on('data', (chunk: Buffer) => lines.push(chunk));
        stream.on('end', () => lines.end());
        const controller = await new kubernetes.Log(config)
          // A pod's stream ends when the pod does: it is not followed again (that would repeat its lines).
          .log(name, podName, CONTAINER, stream, () => undefined, { follow: true, timestamps: true, tailLines: first ? tail : undefined })
          .catch(() => null);
        if (controller) followed.set(podName, controller);
      }
      first = false;
    };
    try {
      await follow();
      let lastScan = Date.now();
      while (!signal.aborted) {
        while (queue.length > 0) yield queue.shift()!;
        if (Date.now() - lastScan > 2_000) {
          lastScan = Date.now();
          // New pods (a rollout, a restart): a passing failure to list them is tried again at the next scan.
          await follow().catch(() => undefined);
          continue;
        }
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, 1_000);
        });
      }
    } finally {
      for (const controller of followed.values()) controller.abort();
      signal.removeEventListener('abort', notify);
    }
  }

  async checkHealth(name: string): Promise<InstanceHealth[] | null> {
    if (!APP_NAME.test(name)) return null;
    const deployment = await this.read('read the deployment', ({ apps }) => apps.readNamespacedDeployment({ name: DEPLOYMENT, namespace: name }));
    if (!deployment) return null;
    const path = deployment.spec?.template.spec?.containers[0]?.readinessProbe?.httpGet?.path ?? '/';
    const pods = await this.pods(name);
    const instances = this.instanceNames(pods);
    const checkedAt = new Date();
    return pods
      .filter((pod) => !pod.metadata?.deletionTimestamp && pod.status?.phase === 'Running')
      .map((pod) => {
        const ready = pod.status?.conditions?.find((condition) => condition.type === 'Ready');
        const healthy = ready?.status === 'True';
        return {
          instance: instances.get(pod.metadata?.name ?? '')!,
          status: healthy ? ('healthy' as const) : ('unhealthy' as const),
          path,
          checkedAt,
          message: healthy ? null : (ready?.message ?? `GET ${path} has not passed yet`),
        };
      });
  }

  /** Each running pod's CPU and memory from metrics.k8s.io (metrics-server), as its instance ('r{revision}-{n}'). */
  async instanceUsage(name: string): Promise<InstanceUsage[]> {
    if (!APP_NAME.test(name)) return [];
    const pods = await this.pods(name, true);
    const instances = this.instanceNames(pods);
    let metrics: PodMetricsList;
    try {
      metrics = await this.kube('read the pod metrics', ({ config, kubernetes }) => new kubernetes.Metrics(config).getPodMetrics(name));
    } catch (error) {
      // The API group is not served: the cluster runs no metrics-server.
      if ((error as { status?: number }).status === 404) throw metricsUnavailable();
      throw error;
    }
    return metrics.items.flatMap((pod) => {
      const instance = instances.get(pod.metadata.name);
      if (!instance) return [];
      const cores = pod.containers.reduce((sum, container) => sum + cpuCores(container.usage.cpu), 0);
      const bytes = pod.containers.reduce((sum, container) => sum + memoryBytes(container.usage.memory), 0);
      return [{ instance, cpuPercent: Math.round(cores * 100 * 100) / 100, memoryBytes: Math.round(bytes) }];
    });
  }

  /** The pods of the Deployment's current template, from their readiness and container status. */
  async instanceStates(name: string): Promise<InstanceState[]> {
    if (!APP_NAME.test(name)) return [];
    const deployment = await this.read('read the deployment', ({ apps }) => apps.readNamespacedDeployment({ name: DEPLOYMENT, namespace: name }));
    if (!deployment) return [];
    const revision = deployment.spec?.template.metadata?.annotations?.[ANNOTATION.revision];
    const pods = await this.pods(name);
    const instances = this.instanceNames(pods);
    return pods
      .filter((pod) => !pod.metadata?.deletionTimestamp && pod.metadata?.annotations?.[ANNOTATION.revision] === revision)
      .map((pod) => {
        const container = pod.status?.containerStatuses?.find((status) => status.name === CONTAINER);
        const ready = pod.status?.conditions?.find((condition) => condition.type === 'Ready')?.status === 'True';
        const restarts = container?.restartCount ?? 0;
        const waiting = container?.state?.waiting?.reason;
        const state: InstanceState['state'] = ready
          ? 'healthy'
          : waiting === 'CrashLoopBackOff' || container?.state?.terminated
            ? 'crashed'
            : container?.state?.running && Date.now() - new Date(container.state.running.startedAt ?? 0).getTime() > STARTING_FOR_MS
              ? 'unhealthy'
              : 'starting';
        return { instance: instances.get(pod.metadata?.name ?? '')!, state, restarts };
      })
      .sort((a, b) => a.instance.localeCompare(b.instance, undefined, { numeric: true }));
  }

  /**
   * The app's container restarts, from its pods' containerStatuses: the API keeps a count and the last termination
   * only, so each look compares restartCount with the previous look's (per pod) and dates the new restarts by
   * lastState.terminated.finishedAt. At the first look at an app, a pod adds its last termination only: older
   * restarts cannot be dated. Crashes older than CRASH_MEMORY_MS are forgotten.
   */
  async crashTimes(name: string): Promise<Date[]> {
    if (!APP_NAME.test(name)) return [];
    const pods = await this.pods(name);
    const known = this.restarts.get(name) ?? { counts: new Map<string, number>(), crashes: [] as number[] };
    const counts = new Map<string, number>();
    for (const pod of pods) {
      const container = pod.status?.containerStatuses?.find((status) => status.name === CONTAINER);
      const uid = pod.metadata?.uid ?? pod.metadata?.name ?? '';
      const count = container?.restartCount ?? 0;
      counts.set(uid, count);
      const finished = container?.lastState?.terminated?.finishedAt;
      const before = known.counts.get(uid);
      // A new pod of an app already watched restarted only since then; one found at the first look may be old.
      const added = before !== undefined ? Math.max(0, count - before) : this.restarts.has(name) ? count : finished ? 1 : 0;
      const at = finished ? new Date(finished).getTime() : Date.now();
      for (let index = 0; index < added; index++) known.crashes.push(at);
    }
    const oldest = Date.now() - CRASH_MEMORY_MS;
    this.restarts.set(name, { counts, crashes: known.crashes.filter((at) => at >= oldest).sort((a, b) => a - b) });
    return this.restarts.get(name)!.crashes.map((at) => new Date(at));
  }

  runsApps(): boolean {
    return false;
  }

  async drainTraffic(): Promise<AppTraffic[]> {
    return [];
  }
}
