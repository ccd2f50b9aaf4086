import type { SandboxLimits } from '../sandbox/cgroups.js';
import type { Artifact } from '../registry/registry.port.js';

/**
 * Cluster port: where a project's app runs (local: supervised child processes on loopback behind a stable
 * URL that Slipway serves; Kubernetes: a Deployment + Service on any cluster a kubeconfig reaches, DOKS among
 * them). Designed for rolling updates: deploy() starts the new revision, waits for its health check, switches traffic, then stops the old.
 */

export interface AppRuntime {
  /** Start argument vector, run in the artifact's extracted tree (never a shell). */
  start: string[];
  /** Path answered with 2xx when the app is up. */
  healthPath: string;
  /** Name of the environment variable that carries the port the app must listen on. */
  portEnv: string;
}

export interface DeploySpec {
  /** Stable name of the app (one per project and environment), e.g. '{slug}-{projectId first 8}'. */
  name: string;
  projectId: string;
  ownerId: string;
  artifact: Artifact;
  runtime: AppRuntime;
  /** The project's environment: the only environment the app sees besides its port and a scrubbed PATH. */
  environment: Record<string, string>;
  /** Default 1. */
  replicas: number;
  /** Health check budget before the new revision counts as failed (and the old one keeps serving). */
  healthTimeoutSeconds: number;
  /** Local cluster: what each process may use (memory, processes, CPU, disk); the defaults when absent. */
  limits?: SandboxLimits;
  /**
   * CPU (cores) and memory (MB) per instance, each a request and a limit, null for none. Kubernetes: the container's
   * resources.requests and limits. The local cluster reads `limits` (the caller maps these into them).
   */
  resources?: AppResources;
  /**
   * The environment's custom domains. Kubernetes: an Ingress for them (none when empty); left as it is when absent.
   * The local cluster ignores them (Slipway's front door routes domains from the database).
   */
  domains?: string[];
}

export interface AppResources {
  cpuRequest: number | null;
  cpuLimit: number | null;
  memoryRequestMb: number | null;
  memoryLimitMb: number | null;
}

export interface AppStatus {
  name: string;
  /** running: serving; starting: new revision not healthy yet; failed: no healthy revision; stopped: removed. */
  state: 'running' | 'starting' | 'failed' | 'stopped';
  /** The app's URL (local: `http://<app>.localhost:<Slipway's port>/`, at Slipway's front door; DOKS: its load balancer). */
  url: string | null;
  /**
   * Local only: `http://127.0.0.1:<port>/`, the same app for programs that do not resolve `*.localhost` (Node's fetch
   * on Debian); null elsewhere or while the app has no port.
   */
  loopbackUrl: string | null;
  /** Digest of the artifact serving traffic. */
  digest: string | null;
  revision: number;
  replicas: number;
  /**
   * Where it runs, in Kubernetes' names. On DOKS the real objects; on the local cluster their equivalents:
   * the app, its current revision's processes (`<app>-r<revision>`) and the stable proxy in front of them.
   */
  placement: AppPlacement;
}

export interface AppPlacement {
  namespace: string;
  deployment: string;
  service: string;
}

/** Milestones of a rolling update, in order: the deployment's events. */
export type RolloutEvent = 'started' | 'healthy' | 'unhealthy' | 'traffic_shifted' | 'drained' | 'stopped';

export interface DeployHooks {
  signal: AbortSignal;
  onLog(line: string): void;
  /** Told each milestone as it happens (optional). */
  onEvent?(event: RolloutEvent, message: string): void;
}

export interface Cluster {
  readonly kind: 'local' | 'doks' | 'kubeconfig';
  /**
   * Makes the app serve this artifact: a no-op when it already does; otherwise a rolling update (new revision
   * up and healthy before the old one stops; on a failed health check the old one keeps serving and this throws).
   */
  deploy(spec: DeploySpec, hooks: DeployHooks): Promise<AppStatus>;
  /** The app's status, or null when it was never deployed (or was removed). */
  status(name: string): Promise<AppStatus | null>;
  /**
   * Stops the app's instances so that its URL serves nothing, keeping what a later deploy() needs to start it again
   * (local: the app is removed; DigitalOcean Kubernetes: its Deployment is scaled to 0, its namespace, Secret and
   * Service stay); no-op when absent.
   */
  stop(name: string): Promise<void>;
  /** Stops the app and removes it; no-op when absent. */
  remove(name: string): Promise<void>;
  /**
   * Routes these hostnames to the app, now (the domains changed): on Kubernetes its Ingress is made, changed or
   * removed (no hostname); a no-op when the app was never deployed, whose next deploy() takes them. Absent on the
   * local cluster, whose front door routes domains itself.
   */
  routeDomains?(name: string, hostnames: string[]): Promise<void>;
  /**
   * The last `tail` lines the app printed, oldest first; [] when it is absent (local: its supervised processes'
   * output; cloud: its pods' logs). The app's own output: show it to the project's owner only.
   */
  logs(name: string, tail: number): Promise<string[]>;
  /** Canary releases: the local cluster (weighted routing) and Kubernetes (replica weights). */
  readonly canary: CanaryReleases;
}

/** What one revision answered while a canary runs, since the canary started (cumulative). */
export interface RevisionTraffic {
  revision: number;
  /** Answered requests (any status) and requests that could not be forwarded. */
  requests: number;
  /** 5xx answers and requests that could not be forwarded. */
  errors: number;
  /** Request counts per latency bucket (see LATENCY_BOUNDS_MS in app-traffic.ts). */
  latencyBuckets: number[];
  /** Its processes taking traffic now. */
  instances: number;
}

export interface CanaryTraffic {
  /** The share of new requests the canary gets now, 0 to 100. */
  percent: number;
  stable: RevisionTraffic;
  canary: RevisionTraffic;
  /** Why the canary cannot serve although it runs (Kubernetes: a pod restarted or is not Ready): the canary is aborted. */
  problem?: string;
}

/**
 * A canary release: the new revision runs beside the serving (stable) one and takes a set share of new requests,
 * each revision's traffic measured apart, until it is promoted (it takes all the traffic and the stable one stops
 * after draining, as at the end of a rolling update) or aborted (all traffic back on stable, the canary stopped).
 */
export interface CanaryReleases {
  /**
   * Starts the spec's artifact as a new revision beside the serving one, waits for its health check, and leaves it
   * taking 0 % of the requests. A canary already running for the app is stopped first. Throws when nothing serves
   * (there is no stable revision to compare with) or the new revision does not become healthy.
   */
  startCanary(spec: DeploySpec, hooks: DeployHooks): Promise<void>;
  /**
   * Sends `percent` (0 to 100) of new requests to the canary; answers the share it really gets (local: `percent`;
   * Kubernetes: its share of the pods, e.g. 50 for 10 % of 2 replicas).
   */
  setCanaryWeight(name: string, percent: number): Promise<number>;
  /** Both revisions' requests since the canary started; null when no canary runs for the app. */
  canaryTraffic(name: string): Promise<CanaryTraffic | null>;
  /** The canary takes all new requests and becomes the serving revision; the stable one drains and stops. */
  promoteCanary(name: string, hooks: DeployHooks): Promise<AppStatus>;
  /** All new requests go back to the stable revision, then the canary drains and stops; no-op without a canary. */
  abortCanary(name: string): Promise<void>;
}

/** One instance's answer to its health check. */
export interface InstanceHealth {
  /** 'r{revision}-{replica}', e.g. 'r3-1'. */
  instance: string;
  status: 'healthy' | 'unhealthy';
  /** The path checked (the app's health path). */
  path: string;
  checkedAt: Date;
  /** Why it counts as unhealthy ('GET /health answered 503'), null when healthy. */
  message: string | null;
}

/** One instance (replica) of the app's serving revision, as the deployments view shows it. */
export interface InstanceState {
  /** 'r{revision}-{replica}', e.g. 'r3-1'. */
  instance: string;
  /** starting: not serving yet; healthy: serving; unhealthy: running but failing its health check; crashed: exited, waiting to be restarted. */
  state: 'starting' | 'healthy' | 'unhealthy' | 'crashed';
  /** How often it was restarted after a crash. */
  restarts: number;
}

/** One line of an app's output. */
export interface AppLogEntry {
  /** The instance that printed it ('r3-1'), or 'slipway' for the cluster's own notes about the app. */
  instance: string;
  stream: 'stdout' | 'stderr' | 'system';
  line: string;
  /** When it was printed; null for lines of logs written before lines carried a time. */
  at: Date | null;
}

/** One instance's CPU and memory when sampled. */
export interface InstanceUsage {
  instance: string;
  /** Share of one core, 0..100 per core, since the previous sample. */
  cpuPercent: number;
  /** Resident memory. */
  memoryBytes: number;
}

/** Requests through an app's stable URL since the previous drain, and its instances' usage now. */
export interface AppTraffic {
  name: string;
  projectId: string;
  /** Answered requests (any status). */
  requests: number;
  /** 5xx answers and requests the proxy could not forward. */
  errors: number;
  /** Request counts per latency bucket (see LATENCY_BOUNDS_MS in app-traffic.ts). */
  latencyBuckets: number[];
  /** The instances serving when drained (empty when none runs). */
  instances: InstanceUsage[];
}

/**
 * What Slipway observes of the apps a cluster runs: health per instance, output per instance, traffic and
 * resource usage. Health and logs answer in any Slipway process of the machine; traffic only in the process
 * that runs the apps (runsApps()), which persists it for the others.
 */
export interface ClusterObservability {
  /** Checks every serving instance's health path now; null when the app is absent, [] when no instance serves. */
  checkHealth(name: string): Promise<InstanceHealth[] | null>;
  /** The last `tail` lines the app's instances and its supervision printed, oldest first; [] when absent. */
  logEntries(name: string, tail: number): Promise<AppLogEntry[]>;
  /** The last `tail` lines, then each line printed after them, until `signal` aborts (the iteration then ends). */
  followLogs(name: string, tail: number, signal: AbortSignal): AsyncIterable<AppLogEntry>;
  /**
   * The serving instances' CPU and memory as the cluster measures them now, for a cluster whose usage is not drained
   * into deployment_metrics (DigitalOcean Kubernetes: its metrics.k8s.io API); null from a cluster whose usage is
   * drained (local). [] when the app is absent. Throws metricsUnavailable() when the cluster has no metrics API.
   */
  instanceUsage(name: string): Promise<InstanceUsage[] | null>;
  /**
   * When the app's instances crashed (exited on their own and were restarted) recently, oldest first, as seen by the
   * process that runs the apps ([] elsewhere, and when absent). Kubernetes: its pods' container restarts
   * (restartCount, lastState.terminated.finishedAt).
   */
  crashTimes(name: string): Promise<Date[]>;
  /**
   * Each instance of the serving revision with its state and restarts (local: in the process that runs the apps;
   * elsewhere only the serving ones, as healthy); [] when the app is absent.
   */
  instanceStates(name: string): Promise<InstanceState[]>;
  /** True in the process that runs this machine's apps. */
  runsApps(): boolean;
  /** Each running app's requests since the previous drain and its instances' CPU and memory; [] unless runsApps(). */
  drainTraffic(): Promise<AppTraffic[]>;
}
