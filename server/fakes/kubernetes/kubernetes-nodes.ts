import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SecretBox } from '../../src/common/secret-box.js';
import type { AppLogEntry } from '../../src/providers/cluster/cluster.port.js';
import { LocalCluster } from '../../src/providers/cluster/local-cluster.js';
import { LocalRegistry } from '../../src/providers/registry/local-registry.js';
import { type KubeObject, matchesLabels, type ObjectStore, resourceOf } from './kubernetes-objects.js';

/**
 * The fake cluster's controllers and "nodes": the deployment controller (ReplicaSets per pod template, the
 * revision annotation, status and conditions), the ReplicaSet's pods, the Service's load balancer and the
 * namespace's deletion, with the apps really running on Slipway's own LocalCluster (in a temporary data
 * directory): a new pod template is pulled (options.pullImage), pushed to a LocalRegistry and rolled out there,
 * and LocalCluster's outcome is what the Deployment, its ReplicaSets and pods report.
 */

export interface NodesOptions {
  /** Path of the image's tar.gz, null when the registry has no such image. */
  pullImage(reference: string): Promise<string | null>;
  /** LocalCluster's stable ports (the load balancers' ports). */
  stablePorts?: { from: number; to: number };
}

const DEPLOYMENT = resourceOf('Deployment');
const REPLICA_SET = resourceOf('ReplicaSet');
const POD = resourceOf('Pod');
const SERVICE = resourceOf('Service');
const SECRET = resourceOf('Secret');
const EVENT = resourceOf('Event');
const NAMESPACE = resourceOf('Namespace');
const REVISION = 'deployment.kubernetes.io/revision';
const HASH_LABEL = 'pod-template-hash';

/** What the nodes know of one Deployment. */
interface Workload {
  localName: string;
  /** Rollouts, one after the other. */
  queue: Promise<void>;
  /** The pod template hash last handed to a rollout, and its replicas. */
  target: string | null;
  targetReplicas: number;
  /** Outcome per ReplicaSet name, and the LocalCluster revision its pods are. */
  replicaSets: Map<string, { outcome: 'pending' | 'ready' | 'failed'; localRevision: number | null; message: string | null }>;
  /** LocalCluster's stable port once the app got one. */
  port: number | null;
  deadline: NodeJS.Timeout | null;
  /** The nodes' crashes (LocalCluster's crash times) already counted as a container restart. */
  restartsCounted: Set<number>;
}

/** A pod's instance on the nodes. */
export interface PodLink {
  localName: string;
  localRevision: number | null;
  index: number;
}

const now = () => new Date().toISOString().replace(/\.\d+Z$/, 'Z');

/** JSON with object keys sorted: the same template hashes the same however a client ordered its fields. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, field]) => field !== undefined && field !== null);
    return `{${entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([key, field]) => `${JSON.stringify(key)}:${canonical(field)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The pod-template-hash of a template (the real controller hashes the template too: equal templates share a ReplicaSet). */
function templateHash(template: unknown): string {
  return createHash('sha256').update(canonical(template)).digest('hex').slice(0, 10);
}

export class FakeNodes {
  private readonly workloads = new Map<string, Workload>();
  private closed = false;

  private constructor(
    private readonly store: ObjectStore,
    private readonly options: NodesOptions,
    private readonly dataDir: string,
    private readonly registry: LocalRegistry,
    readonly local: LocalCluster,
  ) {}

  static async start(store: ObjectStore, options: NodesOptions): Promise<FakeNodes> {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'fake-kubernetes-'));
    const registry = new LocalRegistry(dataDir);
    const local = new LocalCluster({ dataDir, registry, secretBox: new SecretBox(randomBytes(32)), stopGraceMs: 2_000, stablePorts: options.stablePorts ?? { from: 28_900, to: 28_999 } });
    await local.restore();
    return new FakeNodes(store, options, dataDir, registry, local);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const workload of this.workloads.values()) if (workload.deadline) clearTimeout(workload.deadline);
    await Promise.all([...this.workloads.values()].map((workload) => workload.queue));
    await this.local.shutdown();
    await rm(this.dataDir, { recursive: true, force: true });
  }

  private workload(deployment: KubeObject): Workload {
    const key = `${deployment.metadata.namespace}/${deployment.metadata.name}`;
    let workload = this.workloads.get(key);
    if (!workload) {
      const localName = `k${createHash('sha256').update(`${key}/${deployment.metadata.uid}`).digest('hex').slice(0, 12)}`;
      workload = { localName, queue: Promise.resolve(), target: null, targetReplicas: 0, replicaSets: new Map(), port: null, deadline: null, restartsCounted: new Set() };
      this.workloads.set(key, workload);
    }
    return workload;
  }

  /** Called after every change of the store: brings the Deployments, ReplicaSets, pods and Services in line. */
  reconcile(namespace: string): void {
    if (this.closed) return;
    for (const deployment of this.store.list(DEPLOYMENT, namespace)) this.reconcileDeployment(deployment);
    for (const service of this.store.list(SERVICE, namespace)) this.reconcileService(service);
  }

  private ownedReplicaSets(deployment: KubeObject): KubeObject[] {
    return this.store
      .list(REPLICA_SET, deployment.metadata.namespace)
      .filter((set) => set.metadata.ownerReferences?.some((owner) => owner.uid === deployment.metadata.uid));
  }

  private reconcileDeployment(deployment: KubeObject): void {
    const namespace = deployment.metadata.namespace!;
    const workload = this.workload(deployment);
    const hash = templateHash(deployment.spec.template);
    const sets = this.ownedReplicaSets(deployment);
    const revisionOf = (set: KubeObject) => Number(set.metadata.annotations?.[REVISION] ?? 0);
    const newest = Math.max(0, ...sets.map(revisionOf));
    let current = sets.find((set) => set.metadata.labels?.[HASH_LABEL] === hash);
    if (!current) {
      const name = `${deployment.metadata.name}-${hash}`;
      const template = structuredClone(deployment.spec.template);
      template.metadata = { ...template.metadata, labels: { ...template.metadata?.labels, [HASH_LABEL]: hash } };
      current = this.store.create(REPLICA_SET, namespace, {
        apiVersion: 'apps/v1',
        kind: 'ReplicaSet',
        metadata: {
          name,
          labels: { ...deployment.spec.template.metadata?.labels, [HASH_LABEL]: hash },
          annotations: { [REVISION]: String(newest + 1), 'deployment.kubernetes.io/desired-replicas': String(deployment.spec.replicas) },
          ownerReferences: [{ apiVersion: 'apps/v1', kind: 'Deployment', name: deployment.metadata.name, uid: deployment.metadata.uid, controller: true, blockOwnerDeletion: true }],
        },
        spec: { replicas: 0, selector: { matchLabels: { ...deployment.spec.selector?.matchLabels, [HASH_LABEL]: hash } }, template },
        status: { replicas: 0, observedGeneration: 1 },
      });
      this.event(deployment, 'Normal', 'ScalingReplicaSet', `Scaled up replica set ${name} from 0 to ${deployment.spec.replicas}`, 'deployment-controller');
    } else if (revisionOf(current) !== newest) {
      // Back to an older template (a rollback): its ReplicaSet becomes the newest revision again.
      current = this.store.update(REPLICA_SET, namespace, current.metadata.name, (set) => {
        set.metadata.annotations = { ...set.metadata.annotations, [REVISION]: String(newest + 1) };
      })!;
    }
    const revision = current.metadata.annotations![REVISION];
    if (deployment.metadata.annotations?.[REVISION] !== revision) {
      this.store.update(DEPLOYMENT, namespace, deployment.metadata.name, (object) => {
        object.metadata.annotations = { ...object.metadata.annotations, [REVISION]: revision };
      });
    }
    const replicas = deployment.spec.replicas ?? 1;
    if (workload.target !== hash || workload.targetReplicas !== replicas) {
      workload.target = hash;
      workload.targetReplicas = replicas;
      const setName = current.metadata.name;
      const state = workload.replicaSets.get(setName);
      workload.replicaSets.set(setName, { outcome: 'pending', localRevision: state?.localRevision ?? null, message: null });
      if (workload.deadline) clearTimeout(workload.deadline);
      workload.deadline = null;
      workload.queue = workload.queue.then(() => this.rollOut(namespace, deployment.metadata.name, setName, hash, replicas)).catch(() => undefined);
    }
    this.updateDeploymentStatus(namespace, deployment.metadata.name);
  }

  /** Makes the ReplicaSet's template serve on the nodes (LocalCluster), then scales the other ReplicaSets down. */
  private async rollOut(namespace: string, deploymentName: string, setName: string, hash: string, replicas: number): Promise<void> {
    const deployment = this.store.get(DEPLOYMENT, namespace, deploymentName);
    const set = this.store.get(REPLICA_SET, namespace, setName);
    if (!deployment || !set || this.closed) return;
    const workload = this.workload(deployment);
    const state = workload.replicaSets.get(setName)!;
    const superseded = () => workload.target !== hash || workload.targetReplicas !== replicas || this.closed;
    this.store.update(REPLICA_SET, namespace, setName, (object) => {
      object.spec.replicas = replicas;
    });
    this.ensurePods(namespace, setName, replicas, state.localRevision, workload);
    const deadlineSeconds = deployment.spec.progressDeadlineSeconds ?? 600;
    const fail = (message: string, reason: string) => {
      state.outcome = 'failed';
      state.message = message;
      for (const pod of this.podsOf(namespace, setName)) {
        this.store.update(POD, namespace, pod.metadata.name, (object) => setPodReady(object, false, reason, message), { status: true });
        this.event(pod, 'Warning', reason === 'ErrImagePull' ? 'Failed' : 'Unhealthy', message, 'kubelet');
      }
      this.updateDeploymentStatus(namespace, deploymentName);
    };
    if (replicas === 0) {
      await this.local.remove(workload.localName);
      state.outcome = 'ready';
      this.scaleOthersDown(namespace, deployment, setName);
      this.updateDeploymentStatus(namespace, deploymentName);
      return;
    }
    const container = deployment.spec.template.spec?.containers?.[0];
    const image: string = container?.image ?? '';
    for (const pod of this.podsOf(namespace, setName)) this.event(pod, 'Normal', 'Pulling', `Pulling image "${image}"`, 'kubelet');
    const file = await this.options.pullImage(image).catch(() => null);
    if (!file) {
      const message = `Failed to pull image "${image}": rpc error: code = NotFound desc = failed to pull and unpack image "${image}": not found`;
      workload.deadline = setTimeout(() => {
        if (!superseded()) fail(message, 'ErrImagePull');
      }, deadlineSeconds * 1000);
      for (const pod of this.podsOf(namespace, setName)) {
        this.store.update(POD, namespace, pod.metadata.name, (object) => setPodWaiting(object, 'ErrImagePull', message), { status: true });
      }
      return;
    }
    const artifact = await this.registry.push({ repository: 'pulled/images', tag: `i${createHash('sha256').update(image).digest('hex').slice(0, 32)}` }, file);
    const start: string[] = [...(container.command ?? []), ...(container.args ?? [])];
    const probe = container.readinessProbe?.httpGet;
    const probePort = probe?.port ?? container.ports?.[0]?.containerPort;
    const environment = this.environmentOf(namespace, container);
    const portEnv = Object.entries(environment).find(([, value]) => value === String(probePort))?.[0] ?? 'PORT';
    delete environment[portEnv];
    let localRevision: number | null = null;
    const lines: string[] = [];
    try {
      const status = await this.local.deploy(
        {
          name: workload.localName,
          projectId: randomUUID(),
          ownerId: randomUUID(),
          artifact,
          runtime: { start, healthPath: probe?.path ?? '/', portEnv },
          environment,
          replicas,
          healthTimeoutSeconds: deadlineSeconds,
        },
        {
          signal: new AbortController().signal,
          onLog: (line) => void lines.push(line),
          onEvent: (event, message) => {
            const started = /^Revision (\d+)/.exec(message);
            if (event === 'started' && started) {
              localRevision = Number(started[1]);
              state.localRevision = localRevision;
              for (const pod of this.podsOf(namespace, setName)) {
                this.event(pod, 'Normal', 'Pulled', `Successfully pulled image "${image}"`, 'kubelet');
                this.event(pod, 'Normal', 'Started', 'Started container app', 'kubelet');
              }
            }
          },
        },
      );
      state.localRevision ??= status.revision;
      workload.port = Number(new URL(status.loopbackUrl!).port);
    } catch (error) {
      if (superseded()) return;
      const why = (error as Error).message.replace(/^Revision \d+ did not become healthy: /, '').replace(/; .*$/, '');
      fail(`Readiness probe failed: ${why}`, 'Unhealthy');
      return;
    }
    state.outcome = 'ready';
    for (const pod of this.podsOf(namespace, setName)) {
      this.store.update(POD, namespace, pod.metadata.name, (object) => setPodReady(object, true, 'Running', null, image), { status: true });
    }
    this.scaleOthersDown(namespace, deployment, setName);
    this.updateDeploymentStatus(namespace, deploymentName);
    this.reconcile(namespace);
  }

  /** The container's environment: env (values and secretKeyRef) and envFrom secretRef, read from the Secrets now. */
  private environmentOf(namespace: string, container: KubeObject['spec']): Record<string, string> {
    const environment: Record<string, string> = {};
    const secretData = (name: string): Record<string, string> => {
      const secret = this.store.get(SECRET, namespace, name);
      return Object.fromEntries(Object.entries((secret?.data ?? {}) as Record<string, string>).map(([key, value]) => [key, Buffer.from(value, 'base64').toString('utf8')]));
    };
    for (const source of container.envFrom ?? []) if (source.secretRef?.name) Object.assign(environment, secretData(source.secretRef.name));
    for (const variable of container.env ?? []) {
      if (typeof variable.value === 'string') environment[variable.name] = variable.value;
      const reference = variable.valueFrom?.secretKeyRef;
      if (reference) {
        const value = secretData(reference.name)[reference.key];
        if (value !== undefined) environment[variable.name] = value;
      }
    }
    return environment;
  }

  private scaleOthersDown(namespace: string, deployment: KubeObject, keep: string): void {
    for (const set of this.ownedReplicaSets(deployment)) {
      if (set.metadata.name === keep) continue;
      for (const pod of this.podsOf(namespace, set.metadata.name)) this.store.delete(POD, namespace, pod.metadata.name);
      if (set.spec.replicas !== 0) {
        this.store.update(REPLICA_SET, namespace, set.metadata.name, (object) => {
          object.spec.replicas = 0;
        });
        this.event(deployment, 'Normal', 'ScalingReplicaSet', `Scaled down replica set ${set.metadata.name} from ${set.spec.replicas} to 0`, 'deployment-controller');
      }
      this.store.update(REPLICA_SET, namespace, set.metadata.name, (object) => {
        object.status = { replicas: 0, observedGeneration: object.metadata.generation };
      }, { status: true });
    }
  }

  podsOf(namespace: string, setName: string): KubeObject[] {
    return this.store.list(POD, namespace).filter((pod) => pod.metadata.ownerReferences?.some((owner) => owner.name === setName));
  }

  private readonly links = new Map<string, PodLink>();

  /** Where a pod's output is: its LocalCluster app, revision and replica. */
  podLink(namespace: string, name: string): PodLink | null {
    const link = this.links.get(`${namespace}/${name}`);
    if (!link) return null;
    const pod = this.store.get(POD, namespace, name);
    const setName = pod?.metadata.ownerReferences?.[0]?.name;
    const workload = [...this.workloads.values()].find((candidate) => candidate.localName === link.localName);
    const revision = setName ? workload?.replicaSets.get(setName)?.localRevision : null;
    return { ...link, localRevision: revision ?? link.localRevision };
  }

  private ensurePods(namespace: string, setName: string, replicas: number, localRevision: number | null, workload: Workload): void {
    const set = this.store.get(REPLICA_SET, namespace, setName);
    if (!set) return;
    const pods = this.podsOf(namespace, setName);
    for (const pod of pods.slice(replicas)) this.store.delete(POD, namespace, pod.metadata.name);
    for (let index = pods.length; index < replicas; index++) {
      const pod = this.store.create(POD, namespace, {
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: {
          generateName: `${setName}-`,
          labels: { ...set.spec.template.metadata?.labels },
          annotations: { ...set.spec.template.metadata?.annotations },
          ownerReferences: [{ apiVersion: 'apps/v1', kind: 'ReplicaSet', name: setName, uid: set.metadata.uid, controller: true, blockOwnerDeletion: true }],
        },
        spec: { ...structuredClone(set.spec.template.spec), nodeName: 'fake-node-1' },
        status: {
          phase: 'Pending',
          conditions: [{ type: 'PodScheduled', status: 'True', lastTransitionTime: now() }],
          qosClass: 'BestEffort',
        },
      });
      this.links.set(`${namespace}/${pod.metadata.name}`, { localName: workload.localName, localRevision, index: index + 1 });
      this.event(set, 'Normal', 'SuccessfulCreate', `Created pod: ${pod.metadata.name}`, 'replicaset-controller');
    }
  }

  private updateDeploymentStatus(namespace: string, name: string): void {
    const deployment = this.store.get(DEPLOYMENT, namespace, name);
    if (!deployment) return;
    const workload = this.workload(deployment);
    const hash = templateHash(deployment.spec.template);
    const sets = this.ownedReplicaSets(deployment);
    const current = sets.find((set) => set.metadata.labels?.[HASH_LABEL] === hash);
    const pods = sets.flatMap((set) => this.podsOf(namespace, set.metadata.name));
    const updated = current ? this.podsOf(namespace, current.metadata.name) : [];
    const ready = pods.filter(isReady).length;
    const desired = deployment.spec.replicas ?? 1;
    const state = current ? workload.replicaSets.get(current.metadata.name) : undefined;
    const complete = updated.length === desired && pods.length === desired && updated.filter(isReady).length === desired && state?.outcome === 'ready';
    const previous: Array<{ type: string; status: string; reason: string; lastTransitionTime: string }> = deployment.status?.conditions ?? [];
    const condition = (type: string, status: 'True' | 'False', reason: string, message: string) => {
      const before = previous.find((existing) => existing.type === type);
      const changed = before?.status !== status || before.reason !== reason;
      return { type, status, lastUpdateTime: changed ? now() : ((before as { lastUpdateTime?: string })?.lastUpdateTime ?? now()), lastTransitionTime: before?.status === status ? before.lastTransitionTime : now(), reason, message };
    };
    const setName = current?.metadata.name ?? name;
    const available = ready >= desired
      ? condition('Available', 'True', 'MinimumReplicasAvailable', 'Deployment has minimum availability.')
      : condition('Available', 'False', 'MinimumReplicasUnavailable', 'Deployment does not have minimum availability.');
    const progressing =
      state?.outcome === 'failed'
        ? condition('Progressing', 'False', 'ProgressDeadlineExceeded', `ReplicaSet "${setName}" has timed out progressing.`)
        : complete
          ? condition('Progressing', 'True', 'NewReplicaSetAvailable', `ReplicaSet "${setName}" has successfully progressed.`)
          : condition('Progressing', 'True', 'ReplicaSetUpdated', `ReplicaSet "${setName}" is progressing.`);
    const status = {
      observedGeneration: deployment.metadata.generation,
      replicas: pods.length,
      updatedReplicas: updated.length,
      readyReplicas: ready,
      availableReplicas: ready,
      ...(pods.length - ready > 0 ? { unavailableReplicas: pods.length - ready } : {}),
      conditions: [available, progressing],
    };
    const bare = (value: unknown) => JSON.stringify(value, (key, field) => (key === 'lastUpdateTime' || key === 'lastTransitionTime' ? undefined : field));
    if (bare(status) !== bare(deployment.status)) {
      this.store.update(DEPLOYMENT, namespace, name, (object) => void (object.status = status), { status: true });
    }
    for (const set of sets) {
      const setPods = this.podsOf(namespace, set.metadata.name);
      const setReady = setPods.filter(isReady).length;
      const setStatus = { replicas: setPods.length, fullyLabeledReplicas: setPods.length, readyReplicas: setReady, availableReplicas: setReady, observedGeneration: set.metadata.generation };
      if (JSON.stringify(setStatus) !== JSON.stringify(set.status)) this.store.update(REPLICA_SET, namespace, set.metadata.name, (object) => void (object.status = setStatus), { status: true });
    }
  }

  private reconcileService(service: KubeObject): void {
    if (service.spec?.type !== 'LoadBalancer') return;
    const namespace = service.metadata.namespace!;
    const deployment = this.store.list(DEPLOYMENT, namespace).find((candidate) => matchesLabels(service.spec.selector, candidate.spec.template?.metadata?.labels));
    const port = deployment ? this.workload(deployment).port : null;
    const ingress = port ? [{ ip: '127.0.0.1', ipMode: 'VIP', ports: [{ port, protocol: 'TCP' }] }] : undefined;
    if (JSON.stringify(service.status?.loadBalancer?.ingress) === JSON.stringify(ingress)) return;
    this.store.update(SERVICE, namespace, service.metadata.name, (object) => void (object.status = { loadBalancer: ingress ? { ingress } : {} }), { status: true });
    if (ingress) this.event(service, 'Normal', 'EnsuredLoadBalancer', 'Ensured load balancer', 'service-controller');
  }

  /**
   * The kubelet's readiness probes, run when a client looks: each pod of a rolled-out ReplicaSet is ready while
   * its instance on the nodes serves and answers its health check (LocalCluster restarts crashed instances).
   */
  async probe(namespace: string): Promise<void> {
    for (const deployment of this.store.list(DEPLOYMENT, namespace)) {
      const workload = this.workloads.get(`${namespace}/${deployment.metadata.name}`);
      if (!workload || this.closed) continue;
      const health = await this.local.checkHealth(workload.localName).catch(() => null);
      let changed = await this.countRestarts(namespace, workload, health);
      for (const [setName, state] of workload.replicaSets) {
        if (state.outcome !== 'ready' || state.localRevision === null) continue;
        for (const pod of this.podsOf(namespace, setName)) {
          const link = this.podLink(namespace, pod.metadata.name);
          if (!link) continue;
          const result = health?.find((check) => check.instance === `r${state.localRevision}-${link.index}`);
          const ready = result?.status === 'healthy';
          if (ready === isReady(pod)) continue;
          const message = ready ? null : `Readiness probe failed: ${result?.message ?? 'the container is not running'}`;
          this.store.update(POD, namespace, pod.metadata.name, (object) => setPodReady(object, ready, ready ? 'Running' : 'Unhealthy', message), { status: true });
          if (message) this.event(pod, 'Warning', 'Unhealthy', message, 'kubelet');
          changed = true;
        }
      }
      if (changed) this.updateDeploymentStatus(namespace, deployment.metadata.name);
    }
  }

  /**
   * The kubelet's restarts: each crash the nodes restarted (LocalCluster counts them per app) becomes a restart of a
   * pod of the serving ReplicaSet (one whose instance is not serving now, else the first): restartCount goes up,
   * lastState.terminated says when it ended, and the container waits in CrashLoopBackOff until it serves again.
   */
  private async countRestarts(namespace: string, workload: Workload, health: Array<{ instance: string; status: string }> | null): Promise<boolean> {
    const crashes = (await this.local.crashTimes(workload.localName)).map((at) => at.getTime()).filter((at) => !workload.restartsCounted.has(at));
    const serving = [...workload.replicaSets].find(([name, state]) => name.endsWith(`-${workload.target}`) && state.outcome === 'ready' && state.localRevision !== null);
    if (crashes.length === 0 || !serving) return false;
    const [setName, state] = serving;
    const pods = this.podsOf(namespace, setName);
    for (const at of crashes) {
      workload.restartsCounted.add(at);
      const down = pods.find((pod) => !health?.some((check) => check.instance === `r${state.localRevision}-${this.podLink(namespace, pod.metadata.name)?.index}` && check.status === 'healthy'));
      const pod = down ?? pods[0];
      if (!pod) continue;
      const updated = this.store.update(POD, namespace, pod.metadata.name, (object) => setPodRestarted(object, new Date(at)), { status: true });
      if (updated) pods[pods.indexOf(pod)] = updated;
      this.event(pod, 'Warning', 'BackOff', 'Back-off restarting failed container app in pod', 'kubelet');
    }
    return true;
  }

  /** metrics.k8s.io PodMetrics of the namespace's running pods (or of one), from their instances' CPU and memory on the nodes. */
  async podMetrics(namespace: string, only?: string): Promise<object[]> {
    const traffic = await this.local.drainTraffic();
    const now = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
    return this.store
      .list(POD, namespace)
      .filter((pod) => (only === undefined || pod.metadata.name === only) && pod.status?.phase === 'Running')
      .flatMap((pod) => {
        const link = this.podLink(namespace, pod.metadata.name);
        const usage = traffic.find((app) => app.name === link?.localName)?.instances.find((instance) => instance.instance === `r${link?.localRevision}-${link?.index}`);
        if (!usage) return [];
        return [
          {
            kind: 'PodMetrics',
            apiVersion: 'metrics.k8s.io/v1beta1',
            metadata: { name: pod.metadata.name, namespace, creationTimestamp: now, labels: pod.metadata.labels },
            timestamp: now,
            window: '10.0s',
            containers: [{ name: pod.spec?.containers?.[0]?.name ?? 'app', usage: { cpu: `${Math.round(usage.cpuPercent * 1e7)}n`, memory: `${Math.ceil(usage.memoryBytes / 1024)}Ki` } }],
          },
        ];
      });
  }

  /** The name of a Deployment's app on the nodes (LocalCluster), for tests that make the nodes misbehave. */
  localNameOf(namespace: string, deployment: string): string | null {
    return this.workloads.get(`${namespace}/${deployment}`)?.localName ?? null;
  }

  /** The garbage collector after a Deployment's deletion: its app stops on the nodes, then its ReplicaSets and pods go. */
  async deleteDeployment(deployment: KubeObject): Promise<void> {
    const namespace = deployment.metadata.namespace!;
    const key = `${namespace}/${deployment.metadata.name}`;
    const workload = this.workloads.get(key);
    this.workloads.delete(key);
    if (workload) {
      workload.target = null;
      if (workload.deadline) clearTimeout(workload.deadline);
      await workload.queue;
      await this.local.remove(workload.localName);
    }
    for (const set of this.ownedReplicaSets(deployment)) {
      for (const pod of this.podsOf(namespace, set.metadata.name)) {
        this.store.delete(POD, namespace, pod.metadata.name);
        this.links.delete(`${namespace}/${pod.metadata.name}`);
      }
      this.store.delete(REPLICA_SET, namespace, set.metadata.name);
    }
  }

  /** Deletes the namespace's content (its apps stop on the nodes), then the namespace. */
  async deleteNamespace(namespace: string): Promise<void> {
    for (const deployment of this.store.list(DEPLOYMENT, namespace)) {
      const workload = this.workload(deployment);
      workload.target = null;
      if (workload.deadline) clearTimeout(workload.deadline);
      await workload.queue;
      await this.local.remove(workload.localName);
      this.workloads.delete(`${namespace}/${deployment.metadata.name}`);
    }
    for (const kind of ['Pod', 'ReplicaSet', 'Deployment', 'Ingress', 'Service', 'Secret', 'Event']) {
      for (const object of this.store.list(resourceOf(kind), namespace)) this.store.delete(resourceOf(kind), namespace, object.metadata.name);
    }
    for (const link of [...this.links.keys()]) if (link.startsWith(`${namespace}/`)) this.links.delete(link);
    if (this.store.get(NAMESPACE, undefined, namespace)) this.store.delete(NAMESPACE, undefined, namespace);
  }

  /** A pod's output, as LocalCluster kept it for its instance. */
  async podLog(namespace: string, pod: string, tail: number): Promise<AppLogEntry[]> {
    const link = this.podLink(namespace, pod);
    if (!link || link.localRevision === null) return [];
    const instance = `r${link.localRevision}-${link.index}`;
    const entries = await this.local.logEntries(link.localName, 100_000);
    const mine = entries.filter((entry) => entry.instance === instance);
    return tail >= 0 ? mine.slice(-tail) : mine;
  }

  /** Records a core/v1 Event about the object. */
  event(object: KubeObject, type: 'Normal' | 'Warning', reason: string, message: string, component: string): void {
    const namespace = object.metadata.namespace;
    if (!namespace || this.store.get(NAMESPACE, undefined, namespace)?.status?.phase === 'Terminating') return;
    const at = now();
    try {
      this.store.create(EVENT, namespace, {
        apiVersion: 'v1',
        kind: 'Event',
        metadata: { name: `${object.metadata.name}.${randomBytes(8).toString('hex')}` },
        involvedObject: { apiVersion: object.apiVersion, kind: object.kind, namespace, name: object.metadata.name, uid: object.metadata.uid, resourceVersion: object.metadata.resourceVersion },
        reason,
        message,
        type,
        source: { component, ...(component === 'kubelet' ? { host: 'fake-node-1' } : {}) },
        firstTimestamp: at,
        lastTimestamp: at,
        count: 1,
        reportingComponent: component,
        reportingInstance: '',
      });
    } catch {
      // The namespace went away meanwhile: no event.
    }
  }
}

function isReady(pod: KubeObject): boolean {
  return !!pod.status?.conditions?.some((condition: { type: string; status: string }) => condition.type === 'Ready' && condition.status === 'True');
}

function setPodReady(pod: KubeObject, ready: boolean, reason: string, message: string | null, image?: string): void {
  const at = now();
  const flag = ready ? 'True' : 'False';
  // What the kubelet keeps across restarts of the container.
  const { restartCount = 0, lastState } = pod.status?.containerStatuses?.[0] ?? {};
  pod.status = {
    ...pod.status,
    phase: 'Running',
    startTime: pod.status?.startTime ?? at,
    hostIP: '127.0.0.1',
    podIP: '127.0.0.1',
    conditions: [
      { type: 'PodScheduled', status: 'True', lastTransitionTime: pod.metadata.creationTimestamp },
      { type: 'Initialized', status: 'True', lastTransitionTime: pod.metadata.creationTimestamp },
      { type: 'ContainersReady', status: flag, lastTransitionTime: at, ...(ready ? {} : { reason: 'ContainersNotReady', message: 'containers with unready status: [app]' }) },
      { type: 'Ready', status: flag, lastTransitionTime: at, ...(ready ? {} : { reason: 'ContainersNotReady', message: message ?? 'containers with unready status: [app]' }) },
    ],
    containerStatuses: [
      {
        name: pod.spec?.containers?.[0]?.name ?? 'app',
        image: image ?? pod.spec?.containers?.[0]?.image,
        imageID: '',
        ready,
        started: true,
        restartCount,
        ...(lastState ? { lastState } : {}),
        state: reason === 'ErrImagePull' ? { waiting: { reason, message } } : { running: { startedAt: at } },
      },
    ],
  };
}

function setPodWaiting(pod: KubeObject, reason: string, message: string): void {
  setPodReady(pod, false, reason, message);
  pod.status.phase = 'Pending';
  pod.status.containerStatuses[0].started = false;
}

/** The container ended at `at` and waits to be restarted (the kubelet's back-off), as `kubectl get pod -o json` shows it. */
function setPodRestarted(pod: KubeObject, at: Date): void {
  const previous = pod.status?.containerStatuses?.[0];
  setPodReady(pod, false, 'Unhealthy', 'containers with unready status: [app]');
  const container = pod.status.containerStatuses[0];
  container.restartCount = (previous?.restartCount ?? 0) + 1;
  container.started = false;
  container.lastState = {
    terminated: { exitCode: 1, reason: 'Error', startedAt: previous?.state?.running?.startedAt ?? pod.status.startTime, finishedAt: at.toISOString().replace(/\.\d+Z$/, 'Z') },
  };
  container.state = { waiting: { reason: 'CrashLoopBackOff', message: `back-off restarting failed container=app pod=${pod.metadata.name}` } };
}
