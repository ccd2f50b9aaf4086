import { existsSync, type FSWatcher, watch } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../../common/app-error.js';
import { freePort } from '../../common/free-port.js';
import type { SecretBox } from '../../common/secret-box.js';
import type { LocalRegistry } from '../registry/local-registry.js';
import { refuseUnsandboxedNeighbours, sandboxSupport, UnsandboxedNeighbour } from '../sandbox/sandbox.js';
import { SerialQueue } from '../serial-queue.js';
import { appPaths, appUser, type AppPaths, type AppUser, extractRelease, prepareAppDirs } from './app-files.js';
import { APP_PATH, AppInstance, describeExit, HealthCheckFailed, STOP_GRACE_MS } from './app-instance.js';
import { AppLog } from './app-log.js';
import { followAppLog } from './app-log-follow.js';
import { checkInstances, type ObservedApp, readObservedApp, usageOf, writeObservedApp } from './app-observation.js';
import { AppProxy, LOOPBACK } from './app-proxy.js';
import { foreignListener, listenersOn, type PortClaimant } from './port-owner.js';
import {
  artifactNotStored,
  artifactUnreadable,
  CLUSTER_OWNED_ELSEWHERE,
  clusterOwnedElsewhere,
  clusterShuttingDown,
  invalidDeploySpec,
  noCanary,
  noStablePortLeft,
  nothingServing,
  revisionUnhealthy,
  tooManyApps,
  unsandboxedNeighbour,
} from './cluster.errors.js';
import type {
  AppLogEntry,
  AppRuntime,
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
} from './cluster.port.js';
import { type AppRecord, ClusterState, type RevisionRecord } from './cluster-state.js';
import { killGroup, killUser, runsInside } from './processes.js';

/** A DNS label, as Kubernetes names are: also safe as a folder name. */
const APP_NAME = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const ENVIRONMENT_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** This many crashes within CRASH_WINDOW_MS and the app is left 'failed' until its next deploy. */
const MAX_CRASHES = 5;
const CRASH_WINDOW_MS = 10 * 60_000;
const MAX_RESTART_DELAY_MS = 30_000;
/** Apps per data directory. */
const SLOTS = 1000;
/** Processes per revision on one machine. */
const MAX_REPLICAS = 8;
/** How often a process that waits for another to stop running the apps tries to take them over (a dead owner's apps are down meanwhile). */
const TAKE_OVER_POLL_MS = 2_000;
/** How often the serving processes' ports are checked to still be theirs. */
const PORT_CHECK_MS = 5_000;
/** Where the process serving Slipway's HTTP port writes it, for a worker that builds the apps' URLs. */
const FRONT_DOOR_FILE = 'front-door.json';

/** Where an app answers, told when it starts again: its deployment shows these (a change is recorded there). */
export interface AddressChange {
  name: string;
  projectId: string;
  url: string;
  loopbackUrl: string | null;
  /** Set when the loopback URL moved because another program took its port. */
  why?: string;
}

export interface LocalClusterOptions {
  /** Slipway's data directory: the cluster keeps its state, releases and logs in `<dataDir>/cluster`. */
  dataDir: string;
  /** Where artifacts' bytes are (the local registry). */
  registry: Pick<LocalRegistry, 'blobOf'>;
  /** Seals each app's environment in the state file. */
  secretBox: SecretBox;
  /** Loopback ports are picked from this range, below Linux's ephemeral ports (default 27000–27999). */
  stablePorts?: { from: number; to: number };
  /**
   * Slipway's HTTP port, on which the front door answers `<app>.localhost`, when this process serves it; unset (or 0)
   * in a worker, which reads the port the API process wrote (setFrontDoorPort), else assumes 4000.
   */
  frontDoorPort?: number;
  /** Told where each app answers when restore() starts it, and when its loopback port moved. */
  onAddressChange?(change: AddressChange): void;
  /** First restart delay after a crash, doubled per further crash (default 1 s). */
  restartDelayMs?: number;
  /** SIGTERM-to-SIGKILL grace when a revision stops (default 10 s). */
  stopGraceMs?: number;
}

/** An app as this process runs it. */
interface LiveApp {
  record: AppRecord;
  paths: AppPaths;
  user: AppUser | null;
  proxy: AppProxy;
  log: AppLog;
  state: AppStatus['state'];
  /** The current revision's processes that passed their health check and take traffic (its replicas). */
  serving: AppInstance[];
  /** Every process of the app that has not exited (serving, starting, stopping). */
  instances: Set<AppInstance>;
  crashes: number[];
  /** Restarts after a crash per replica ('r3-1'), for instanceStates. */
  restarts: Map<string, number>;
  restartTimer: NodeJS.Timeout | null;
  /** Writes of its serving instances for the other processes (see publishInstances), in order. */
  published: Promise<void>;
  /** The listening sockets' inodes each serving process was admitted with (see admit). */
  listeners: Map<AppInstance, number[]>;
  /** A new revision running beside the current one and taking `percent` of new requests (not in the state file: a restart ends it). */
  canary: { revision: RevisionRecord; instances: AppInstance[]; percent: number } | null;
}

/** An app served from another process's snapshot (this process serves HTTP, another runs the apps). */
interface PublishedApp {
  proxy: AppProxy;
  projectId: string;
  watcher: FSWatcher | null;
}

function loopbackUrl(port: number): string {
  return `http://${LOOPBACK}:${port}/`;
}

function sortedEntries(environment: Record<string, string>): string {
  return JSON.stringify(Object.entries(environment).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

function sameRuntime(a: AppRuntime, b: AppRuntime): boolean {
  return JSON.stringify([a.start, a.healthPath, a.portEnv]) === JSON.stringify([b.start, b.healthPath, b.portEnv]);
}

function checkSpec(spec: DeploySpec): void {
  const fail = (message: string): never => {
    throw invalidDeploySpec(String(spec.name), message);
  };
  if (!APP_NAME.test(spec.name)) fail('the app name must be lower-case letters, digits and dashes (at most 63)');
  const { start, healthPath, portEnv } = spec.runtime;
  if (!Array.isArray(start) || start.length === 0 || start.some((arg) => typeof arg !== 'string' || arg.includes('\0'))) {
    fail('the start command must be a non-empty argument list');
  }
  if (typeof healthPath !== 'string' || !healthPath.startsWith('/')) fail('the health path must start with /');
  if (!ENVIRONMENT_NAME.test(portEnv)) fail('the port variable must be a variable name');
  for (const [name, value] of Object.entries(spec.environment)) {
    if (!ENVIRONMENT_NAME.test(name)) fail(`${JSON.stringify(name)} is not a valid environment variable name`);
    if (typeof value !== 'string' || value.includes('\0')) fail(`the value of ${name} must be text without NUL characters`);
  }
  if (!(spec.healthTimeoutSeconds > 0)) fail('the health check timeout must be positive');
  if (!Number.isInteger(spec.replicas) || spec.replicas < 1 || spec.replicas > MAX_REPLICAS) fail(`the local cluster runs 1 to ${MAX_REPLICAS} replicas`);
}

/**
 * Local cluster adapter: each app revision is a supervised child process on a loopback port, reached through
 * Slipway's front door at `http://<app>.localhost:<Slipway's port>/` (see front-door.ts) and at a loopback URL
 * `http://127.0.0.1:<port>/` for programs that do not resolve `*.localhost` (Node's fetch on Debian). The loopback
 * port is chosen once per app and kept across revisions and restarts while no other program takes it; when one has
 * (while Slipway was down), the app moves to another port and onAddressChange is told. A revision's process takes
 * traffic only while the socket on its port is its own (port-owner.ts).
 *
 * Lifecycle: exactly one process of Slipway may own a data directory's cluster. It calls restore() once at
 * boot (restarts every app that was serving) and shutdown() when it stops (stops every app and proxy; they
 * come back with the next restore()).
 */
export class LocalCluster implements Cluster, ClusterObservability, CanaryReleases {
  readonly kind = 'local' as const;
  readonly canary: CanaryReleases = this;
  private readonly clusterDir: string;
  private readonly state: ClusterState;
  private readonly apps = new Map<string, LiveApp>();
  /** Changes to one app run one after another. */
  private readonly locks = new SerialQueue();
  private loading: Promise<void> | null = null;
  private closed = false;
  private stopping: Promise<void> | null = null;
  /** Set while another process owns the cluster and this one waits to take it over. */
  private takeOver: NodeJS.Timeout | null = null;
  /** True once this process has loaded the state: it runs the apps (until shutdown). */
  private owned = false;
  /** Apps this process serves from the owner's snapshots while it does not run them (loaded on first request). */
  private readonly publishedApps = new Map<string, Promise<PublishedApp | null>>();
  private portCheck: NodeJS.Timeout | null = null;
  /** The front door's port once known for sure (this process serves it); null while read from the API process's file. */
  private frontDoorPort: number | null;
  private frontDoorPortRead = 4000;

  constructor(private readonly options: LocalClusterOptions) {
    this.clusterDir = path.join(options.dataDir, 'cluster');
    this.state = new ClusterState(this.clusterDir);
    this.frontDoorPort = options.frontDoorPort || null;
  }

  /** The address of an app at the front door (browsers resolve `*.localhost` to this machine). */
  appUrl(name: string): string {
    return `http://${name}.localhost:${this.frontDoorPort ?? this.frontDoorPortRead}/`;
  }

  /**
   * Called by the process that serves Slipway's HTTP port once it listens: the apps' URLs name that port (when it
   * is not the one they were restored with, their deployments are told the new URLs).
   */
  async setFrontDoorPort(port: number): Promise<void> {
    const before = this.frontDoorPort ?? this.frontDoorPortRead;
    this.frontDoorPort = port;
    if (this.owned && port !== before) for (const app of this.apps.values()) this.tellAddresses(app);
    await mkdir(this.clusterDir, { recursive: true, mode: 0o711 });
    await writeFile(path.join(this.clusterDir, FRONT_DOOR_FILE), JSON.stringify({ port }), { mode: 0o600 });
  }

  /** A worker without HTTP builds URLs with the port the API process wrote. */
  private async readFrontDoorPort(): Promise<void> {
    if (this.frontDoorPort !== null) return;
    const text = await readFile(path.join(this.clusterDir, FRONT_DOOR_FILE), 'utf8').catch(() => null);
    let port = NaN;
    try {
      port = Number((JSON.parse(text ?? '{}') as { port?: unknown }).port);
    } catch {
      // Half written: the default stands until the next read.
    }
    if (Number.isInteger(port) && port > 0) this.frontDoorPortRead = port;
  }

  /**
   * Starts every app that was serving when Slipway stopped, on its same stable port, and answers true. While
   * another live Slipway process runs this data directory's apps it answers false and tries again every few
   * seconds: when that process is gone, this one takes its apps over.
   */
  async restore(): Promise<boolean> {
    try {
      await this.load();
    } catch (error) {
      if (this.closed || !(error instanceof AppError && error.reason === CLUSTER_OWNED_ELSEWHERE)) throw error;
      this.takeOver = setTimeout(() => void this.restore().catch(() => undefined), TAKE_OVER_POLL_MS);
      return false;
    }
    const restoreApp = async (app: LiveApp) => {
      try {
        await this.locks.run(app.record.name, () => this.startServing(app));
        this.tellAddresses(app);
      } catch (error) {
        // One app that cannot start (its folder gone, say) must not keep the others down.
        app.state = 'failed';
        app.log.append(`[slipway] Revision ${app.record.current?.revision} could not be started: ${(error as NodeJS.ErrnoException).code ?? 'unexpected error'}`);
      }
    };
    await Promise.all([...this.apps.values()].map(restoreApp));
    this.portCheck ??= setInterval(() => void this.checkPorts().catch(() => undefined), PORT_CHECK_MS);
    this.portCheck.unref();
    return true;
  }

  /** Stops every app process and closes every stable URL; the apps' records stay for the next restore(). Idempotent. */
  shutdown(): Promise<void> {
    this.stopping ??= this.stopAll();
    return this.stopping;
  }

  private async stopAll(): Promise<void> {
    this.closed = true;
    this.owned = false;
    if (this.takeOver) clearTimeout(this.takeOver);
    if (this.portCheck) clearInterval(this.portCheck);
    await this.dropPublishedApps();
    // A process that never loaded the state (or was refused it) has nothing to stop and must not write it.
    if (!(await this.loading?.then(() => true, () => false))) return;
    await Promise.all([...this.apps.values()].map((app) => this.stopApp(app)));
    await this.save();
    await this.state.release();
  }

  /** Checks a spec and finds its artifact's file, for deploy() and startCanary(). */
  private async artifactFileOf(spec: DeploySpec): Promise<string> {
    checkSpec(spec);
    try {
      await refuseUnsandboxedNeighbours(await sandboxSupport(), { dataDir: this.options.dataDir, ownerId: spec.ownerId });
    } catch (error) {
      throw error instanceof UnsandboxedNeighbour ? unsandboxedNeighbour(error.message) : error;
    }
    await this.load();
    const artifactFile = await this.options.registry.blobOf(spec.artifact.digest);
    if (!artifactFile) throw artifactNotStored(`${spec.artifact.repository}:${spec.artifact.tag}`);
    await this.readFrontDoorPort();
    return artifactFile;
  }

  async deploy(spec: DeploySpec, hooks: DeployHooks): Promise<AppStatus> {
    const artifactFile = await this.artifactFileOf(spec);
    return this.locks.run(spec.name, async () => {
      const app = this.apps.get(spec.name) ?? (await this.createApp(spec));
      // A rolling update replaces a canary left running (its deployment ended without promoting or aborting it).
      await this.dropCanary(app);
      const current = app.record.current;
      if (
        app.state === 'running' &&
        current?.digest === spec.artifact.digest &&
        sameRuntime(current.runtime, spec.runtime) &&
        current.replicas === spec.replicas &&
        JSON.stringify(current.limits ?? null) === JSON.stringify(spec.limits ?? null) &&
        this.sameEnvironment(app, current, spec.environment)
      ) {
        hooks.onLog(`Revision ${current.revision} already serves ${spec.artifact.digest}: nothing to do`);
        return this.statusOf(app);
      }
      await this.rollOut(app, spec, artifactFile, hooks);
      return this.statusOf(app);
    });
  }

  async status(name: string): Promise<AppStatus | null> {
    await this.load();
    await this.readFrontDoorPort();
    const app = this.apps.get(name);
    return app ? this.statusOf(app) : null;
  }

  /** A stopped local app keeps nothing: its artifact is in the registry, and deploy() starts it from there. */
  stop(name: string): Promise<void> {
    return this.remove(name);
  }

  async remove(name: string): Promise<void> {
    await this.load();
    await this.locks.run(name, async () => {
      const app = this.apps.get(name);
      if (!app) return;
      this.apps.delete(name);
      await this.stopApp(app);
      if (app.user && !(await sandboxSupport()).sandbox) {
        // Without a sandbox, whatever the app left running under its user (daemons that left the process group) ends too.
        await killUser(app.user.uid);
      }
      await this.save();
      await rm(app.paths.dir, { recursive: true, force: true });
    });
  }

  /** The last `tail` lines of the app's processes (each prefixed with its revision) and of its supervision, oldest first. */
  async logs(name: string, tail: number): Promise<string[]> {
    await this.load();
    return (await this.apps.get(name)?.log.tail(tail)) ?? [];
  }

  private statusOf(app: LiveApp): AppStatus {
    return {
      name: app.record.name,
      state: app.state,
      url: this.appUrl(app.record.name),
      loopbackUrl: app.proxy.listening ? loopbackUrl(app.record.port) : null,
      digest: app.record.current?.digest ?? null,
      revision: app.record.current?.revision ?? 0,
      replicas: app.serving.length,
      placement: {
        namespace: app.record.name,
        deployment: `${app.record.name}-r${app.record.current?.revision ?? 0}`,
        service: `${app.record.name}-proxy`,
      },
    };
  }

  /** Reads the state once and ends processes a previous Slipway left running; starts nothing. */
  private load(): Promise<void> {
    if (this.closed) return Promise.reject(clusterShuttingDown());
    this.loading ??= (async () => {
      const owner = await this.state.claim();
      if (owner !== null) {
        // Asked again later, it tries again: the owner may be gone by then.
        this.loading = null;
        throw clusterOwnedElsewhere(owner);
      }
      for (const record of await this.state.load()) {
        const paths = appPaths(this.clusterDir, record.name);
        const user = await appUser(this.options.dataDir, record.projectId);
        for (const pid of record.pids) if (await runsInside(pid, paths.dir)) await killGroup(pid);
        // Without a sandbox (which ends with Slipway), whatever still runs as the app's user is left over (a daemon that left its group, say).
        if (user && !(await sandboxSupport()).sandbox) await killUser(user.uid);
        record.pids = [];
        this.apps.set(record.name, this.liveApp(record, user));
      }
      await this.save();
      await this.readFrontDoorPort();
      this.owned = true;
      await this.dropPublishedApps();
    })();
    return this.loading;
  }

  private liveApp(record: AppRecord, user: AppUser | null): LiveApp {
    const paths = appPaths(this.clusterDir, record.name);
    return {
      record,
      paths,
      user,
      proxy: new AppProxy(record.name),
      log: new AppLog(paths.log),
      state: record.current ? 'starting' : 'failed',
      serving: [],
      instances: new Set(),
      crashes: [],
      restarts: new Map(),
      restartTimer: null,
      published: Promise.resolve(),
      listeners: new Map(),
      canary: null,
    };
  }

  private save(): Promise<void> {
    return this.state.save([...this.apps.values()].map((app) => app.record));
  }

  /** A new app: its OS identity slot and its loopback port, bound at once so no other app can take it. */
  private async createApp(spec: DeploySpec): Promise<LiveApp> {
    const slots = new Set([...this.apps.values()].map((app) => app.record.slot));
    let slot = 0;
    while (slots.has(slot)) slot++;
    if (slot >= SLOTS) throw tooManyApps(SLOTS);
    const record: AppRecord = { name: spec.name, projectId: spec.projectId, ownerId: spec.ownerId, port: 0, slot, lastRevision: 0, current: null, pids: [] };
    const app = this.liveApp(record, await appUser(this.options.dataDir, spec.projectId));
    await this.bindLoopbackPort(app);
    this.apps.set(spec.name, app);
    await this.save();
    return app;
  }

  /** False too when the saved environment cannot be opened (Slipway's secret key changed): deploying anew fixes that. */
  private sameEnvironment(app: LiveApp, revision: RevisionRecord, environment: Record<string, string>): boolean {
    try {
      return this.openEnvironment(app, revision) === sortedEntries(environment);
    } catch {
      return false;
    }
  }

  private openEnvironment(app: LiveApp, revision: RevisionRecord): string {
    return this.options.secretBox.open(revision.sealedEnvironment, `cluster:${app.record.name}`);
  }

  /** Rolling update: the new revision starts beside the old one, passes its health check, takes the traffic, then the old one stops. */
  private async rollOut(app: LiveApp, spec: DeploySpec, artifactFile: string, hooks: DeployHooks): Promise<void> {
    const previous = app.record.current;
    const { revision, instances } = await this.startRevision(app, spec, artifactFile, hooks);
    await this.switchTo(app, revision, instances, previous, hooks);
  }

  /** A new revision's processes, started beside whatever serves and healthy; throws (having stopped them) when they are not. */
  private async startRevision(
    app: LiveApp,
    spec: DeploySpec,
    artifactFile: string,
    hooks: DeployHooks,
  ): Promise<{ revision: RevisionRecord; instances: AppInstance[] }> {
    const { artifact } = spec;
    const image = `${artifact.repository}:${artifact.tag}`;
    const revision: RevisionRecord = {
      revision: ++app.record.lastRevision,
      digest: artifact.digest,
      runtime: { start: [...spec.runtime.start], healthPath: spec.runtime.healthPath, portEnv: spec.runtime.portEnv },
      sealedEnvironment: this.options.secretBox.seal(sortedEntries(spec.environment), `cluster:${app.record.name}`),
      healthTimeoutSeconds: spec.healthTimeoutSeconds,
      replicas: spec.replicas,
      release: String(app.record.lastRevision),
      ...(spec.limits ? { limits: spec.limits } : {}),
    };
    await this.save();
    await prepareAppDirs(this.options.dataDir, this.clusterDir, app.paths, app.user);
    hooks.onLog(`Unpacking ${image} (${artifact.digest}) as revision ${revision.revision}`);
    try {
      await extractRelease(this.clusterDir, app.paths, revision.release, artifactFile, app.user);
    } catch (error) {
      throw artifactUnreadable(image, (error as NodeJS.ErrnoException).code ?? 'not a tar.gz archive');
    }
    await this.bindLoopbackPort(app);

    const previous = app.record.current;
    if (app.serving.length === 0) app.state = 'starting';
    let deploying = true;
    const instances: AppInstance[] = [];
    for (let replica = 0; replica < revision.replicas; replica++) {
      instances.push(await this.startInstance(app, revision, (line) => deploying && hooks.onLog(line)));
    }
    const ports = instances.map((instance) => instance.port).join(', ');
    hooks.onLog(`Revision ${revision.revision} started on port ${ports}; waiting for GET ${revision.runtime.healthPath}`);
    hooks.onEvent?.('started', `Revision ${revision.revision}: ${instances.length} instance(s) started`);
    try {
      await Promise.all(instances.map((instance) => instance.waitHealthy(revision.runtime.healthPath, revision.healthTimeoutSeconds * 1000, hooks.signal)));
      await Promise.all(instances.map((instance) => this.admit(app, instance)));
    } catch (error) {
      deploying = false;
      await Promise.all(instances.map((instance) => this.stopInstance(instance)));
      if (app.serving.length === 0 && !app.restartTimer) app.state = 'failed';
      await rm(path.join(app.paths.releases, revision.release), { recursive: true, force: true });
      const reason = error instanceof HealthCheckFailed ? error.message : 'its health check failed';
      hooks.onEvent?.('unhealthy', `Revision ${revision.revision} did not become healthy: ${reason}`);
      const fallback = previous && app.serving.length > 0 ? `revision ${previous.revision} keeps serving` : 'nothing is serving';
      throw revisionUnhealthy(revision.revision, reason, fallback);
    }
    deploying = false;
    hooks.onEvent?.('healthy', `Revision ${revision.revision} passed GET ${revision.runtime.healthPath}`);
    return { revision, instances };
  }

  /** The end of a rolling update (and a canary's promotion): the healthy revision takes all new requests, then the old one drains and stops. */
  private async switchTo(app: LiveApp, revision: RevisionRecord, instances: AppInstance[], previous: RevisionRecord | null, hooks: DeployHooks): Promise<void> {
    const old = app.serving;
    app.serving = [];
    this.serve(app, instances);
    app.record.current = revision;
    await this.save();
    // One that exited while its port was checked was not serving yet: its exit counts as a crash now (it restarts).
    const gone = instances.find((instance) => !instance.running);
    if (gone) this.crashed(app, `Revision ${revision.revision} ${describeExit(await gone.exited)}`);
    hooks.onLog(`Revision ${revision.revision} serves ${this.statusOf(app).url}`);
    hooks.onEvent?.('traffic_shifted', `Revision ${revision.revision} takes all new requests`);
    // Front doors of other processes read the new targets before the old revision stops taking requests.
    await app.published;
    if (old.length > 0) {
      await Promise.all(old.map((instance) => this.stopInstance(instance)));
      hooks.onLog(`Revision ${old[0].revision} stopped`);
      // stop() returns once the process exited, and it exits after finishing its open requests (SIGTERM, then the grace period).
      hooks.onEvent?.('drained', `Revision ${old[0].revision} finished its open requests`);
      hooks.onEvent?.('stopped', `Revision ${old[0].revision} stopped`);
    }
    await this.pruneReleases(app, [revision.release, previous?.release]);
  }

  // Canary releases (CanaryReleases): a new revision beside the current one, taking a share of new requests.

  async startCanary(spec: DeploySpec, hooks: DeployHooks): Promise<void> {
    const artifactFile = await this.artifactFileOf(spec);
    await this.locks.run(spec.name, async () => {
      const app = this.apps.get(spec.name);
      if (!app?.record.current || app.serving.length === 0) throw nothingServing(spec.name);
      await this.dropCanary(app);
      const { revision, instances } = await this.startRevision(app, spec, artifactFile, hooks);
      app.canary = { revision, instances, percent: 0 };
      this.routeCanary(app);
      await app.published;
      hooks.onLog(`Revision ${revision.revision} runs beside revision ${app.record.current.revision} as a canary, taking no requests yet`);
    });
  }

  async setCanaryWeight(name: string, percent: number): Promise<number> {
    return this.locks.run(name, async () => {
      const app = this.apps.get(name);
      if (!app?.canary) throw noCanary(name);
      app.canary.percent = Math.min(100, Math.max(0, Math.round(percent)));
      this.routeCanary(app);
      // Front doors of other processes route with the new share too.
      await app.published;
      return app.canary.percent;
    });
  }

  async canaryTraffic(name: string): Promise<CanaryTraffic | null> {
    const app = this.owned ? this.apps.get(name) : undefined;
    const counts = app?.proxy.canaryTraffic();
    if (!app?.canary || !counts) return null;
    return {
      percent: app.canary.percent,
      stable: { revision: app.record.current?.revision ?? 0, ...counts.stable, instances: app.serving.length },
      canary: { revision: app.canary.revision.revision, ...counts.canary, instances: app.canary.instances.length },
    };
  }

  async promoteCanary(name: string, hooks: DeployHooks): Promise<AppStatus> {
    return this.locks.run(name, async () => {
      const app = this.apps.get(name);
      const canary = app?.canary;
      if (!app || !canary || canary.instances.length === 0) throw noCanary(name);
      const previous = app.record.current;
      app.canary = null;
      app.proxy.setCanary(null);
      await this.switchTo(app, canary.revision, canary.instances, previous, hooks);
      return this.statusOf(app);
    });
  }

  async abortCanary(name: string): Promise<void> {
    if (!this.owned) return;
    await this.locks.run(name, async () => {
      const app = this.apps.get(name);
      if (app) await this.dropCanary(app);
    });
  }

  /** Tells the proxy (and, through the snapshot, other processes' front doors) where the canary's share goes. */
  private routeCanary(app: LiveApp): void {
    app.proxy.setCanary(app.canary && { ports: app.canary.instances.map((instance) => instance.port), percent: app.canary.percent });
    this.publishInstances(app);
  }

  /** All new requests back on the current revision (here and in other processes' front doors), then the canary drains and stops. */
  private async dropCanary(app: LiveApp): Promise<void> {
    const canary = app.canary;
    if (!canary) return;
    app.canary = null;
    this.routeCanary(app);
    await app.published;
    await Promise.all(canary.instances.map((instance) => this.stopInstance(instance)));
    await rm(path.join(app.paths.releases, canary.revision.release), { recursive: true, force: true });
    app.log.append(`[slipway] Canary revision ${canary.revision.revision} stopped: all traffic is back on revision ${app.record.current?.revision}`);
  }

  /**
   * Serves the app's loopback URL: on the port it had (after a restart of Slipway) or, for a new app or when another
   * program took that port meanwhile, on the first free one of the range; a move is logged and told to onAddressChange.
   */
  private async bindLoopbackPort(app: LiveApp): Promise<void> {
    if (app.proxy.listening) return;
    const previous = app.record.port;
    if (previous > 0 && (await app.proxy.listen(previous).then(() => true, () => false))) return;
    const { from, to } = this.options.stablePorts ?? { from: 27_000, to: 27_999 };
    const taken = new Set([...this.apps.values()].map((other) => other.record.port));
    for (let port = from; port <= to && !app.proxy.listening; port++) {
      if (taken.has(port) || port === previous) continue;
      if (await app.proxy.listen(port).then(() => true, () => false)) app.record.port = port;
    }
    if (!app.proxy.listening) throw noStablePortLeft(from, to);
    if (previous === 0) return;
    await this.save();
    const why = `Port ${previous} was taken by another program`;
    app.log.append(`[slipway] ${why}: the loopback URL moved to ${loopbackUrl(app.record.port)}`);
    this.tellAddresses(app, why);
  }

  private tellAddresses(app: LiveApp, why?: string): void {
    if (!app.record.current) return;
    const { url, loopbackUrl: loopback } = this.statusOf(app);
    this.options.onAddressChange?.({ name: app.record.name, projectId: app.record.projectId, url: url!, loopbackUrl: loopback, ...(why ? { why } : {}) });
  }

  /** Who a revision's process must be for its port to count as its own. */
  private claimantOf(app: LiveApp, instance: AppInstance): PortClaimant {
    const uid = app.user?.uid ?? process.getuid?.() ?? 0;
    // Apps that share Slipway's user id must hold the socket themselves.
    return app.user ? { uid } : { uid, pid: instance.pid };
  }

  /**
   * A healthy process takes traffic only if the socket on its port is its own: a program that took the port before
   * the revision could bind it (and answered its health check) gets nothing, and the revision counts as unhealthy.
   */
  private async admit(app: LiveApp, instance: AppInstance): Promise<void> {
    const why = await foreignListener(instance.port, this.claimantOf(app, instance));
    if (why) throw new HealthCheckFailed(why);
    app.listeners.set(instance, ((await listenersOn(instance.port)) ?? []).map((listener) => listener.inode));
  }

  /**
   * Every few seconds, the sockets on the serving processes' ports: a process whose socket changed is checked again,
   * and one whose port is no longer its own (it closed it and another program bound it) stops serving and restarts.
   */
  private async checkPorts(): Promise<void> {
    for (const app of this.apps.values()) {
      for (const instance of app.serving) {
        const admitted = app.listeners.get(instance);
        const now = await listenersOn(instance.port);
        if (!admitted || !now || (now.length === admitted.length && now.every((listener) => admitted.includes(listener.inode)))) continue;
        const why = await foreignListener(instance.port, this.claimantOf(app, instance));
        if (why === null) app.listeners.set(instance, now.map((listener) => listener.inode));
        else if (app.serving.includes(instance)) await this.evict(app, instance, why);
      }
    }
  }

  private async evict(app: LiveApp, instance: AppInstance, why: string): Promise<void> {
    app.serving = app.serving.filter((other) => other !== instance);
    app.proxy.setTargets(app.serving.map((other) => other.port));
    this.publishInstances(app);
    await this.stopInstance(instance);
    this.crashed(app, `Revision ${instance.revision} stopped serving: ${why}`);
  }

  /** Keeps the serving release and the one before it (a quick way back); removes the rest. */
  private async pruneReleases(app: LiveApp, keep: Array<string | undefined>): Promise<void> {
    for (const release of await readdir(app.paths.releases).catch((): string[] => [])) {
      if (!keep.includes(release)) await rm(path.join(app.paths.releases, release), { recursive: true, force: true });
    }
  }

  /** Adds healthy processes of the current revision to those taking traffic. */
  private serve(app: LiveApp, instances: AppInstance[]): void {
    app.serving = [...app.serving, ...instances.filter((instance) => instance.running)];
    app.proxy.setTargets(app.serving.map((instance) => instance.port));
    this.publishInstances(app);
    if (app.serving.length === 0) return;
    app.state = 'running';
    if (app.serving.length >= (app.record.current?.replicas ?? instances.length) && app.restartTimer) {
      clearTimeout(app.restartTimer);
      app.restartTimer = null;
    }
  }

  private async startInstance(app: LiveApp, revision: RevisionRecord, onLine?: (line: string) => void): Promise<AppInstance> {
    const port = await freePort();
    const environment = Object.fromEntries(JSON.parse(this.openEnvironment(app, revision)) as Array<[string, string]>);
    // Checked right before the start: shutdown() stops every instance it can see, and sees this one or refuses it.
    if (this.closed) throw clusterShuttingDown();
    const instance = await AppInstance.start({
      revision: revision.revision,
      label: this.nextLabel(app, revision.revision),
      cwd: path.join(app.paths.releases, revision.release),
      home: app.paths.home,
      argv: revision.runtime.start,
      // Only the project's environment, its port, a scrubbed PATH and its own HOME: never Slipway's variables.
      env: (home) => ({ ...environment, [revision.runtime.portEnv]: String(port), PATH: APP_PATH, HOME: home }),
      port,
      user: app.user,
      owner: { dataDir: this.options.dataDir, ownerId: app.record.ownerId },
      limits: revision.limits,
      onLine: (line, stream) => {
        app.log.appendEntry({ instance: instance.label, stream, line });
        onLine?.(line);
      },
    });
    app.instances.add(instance);
    if (instance.pid !== undefined) app.record.pids.push(instance.pid);
    await this.save();
    void instance.exited.then((exit) => this.exited(app, instance, exit));
    return instance;
  }

  private async exited(app: LiveApp, instance: AppInstance, exit: Parameters<typeof describeExit>[0]): Promise<void> {
    app.instances.delete(instance);
    app.listeners.delete(instance);
    app.record.pids = app.record.pids.filter((pid) => pid !== instance.pid);
    if (this.apps.get(app.record.name) === app) await this.save().catch(() => undefined);
    if (!instance.stopping && app.canary?.instances.includes(instance)) {
      // A canary is not restarted: its requests go to the stable revision, and its deployment's gate sees it gone.
      app.canary.instances = app.canary.instances.filter((other) => other !== instance);
      this.routeCanary(app);
      app.log.append(`[slipway] Canary revision ${instance.revision} ${describeExit(exit)}`);
      return;
    }
    if (instance.stopping || !app.serving.includes(instance)) return;
    app.serving = app.serving.filter((other) => other !== instance);
    app.proxy.setTargets(app.serving.map((other) => other.port));
    this.publishInstances(app);
    app.restarts.set(instance.label, (app.restarts.get(instance.label) ?? 0) + 1);
    this.crashed(app, `Revision ${instance.revision} ${describeExit(exit)}`);
  }

  /** Counts a crash and schedules a restart with backoff, or gives up ('failed') after too many. */
  private crashed(app: LiveApp, reason: string): void {
    const now = Date.now();
    app.crashes = [...app.crashes.filter((at) => now - at < CRASH_WINDOW_MS), now];
    if (app.crashes.length >= MAX_CRASHES) {
      // With replicas left it keeps serving, with fewer.
      app.state = app.serving.length > 0 ? 'running' : 'failed';
      app.log.append(`[slipway] ${reason}; ${app.crashes.length} crashes in ${CRASH_WINDOW_MS / 60_000} minutes, not restarting until the next deploy`);
      return;
    }
    const delay = Math.min(MAX_RESTART_DELAY_MS, (this.options.restartDelayMs ?? 1000) * 2 ** (app.crashes.length - 1));
    if (app.serving.length === 0) app.state = 'starting';
    app.log.append(`[slipway] ${reason}; restarting in ${Math.round(delay / 100) / 10} s`);
    if (app.restartTimer) clearTimeout(app.restartTimer);
    app.restartTimer = setTimeout(() => {
      app.restartTimer = null;
      if (this.closed || this.apps.get(app.record.name) !== app) return;
      void this.locks.run(app.record.name, () => this.startServing(app)).catch(() => undefined);
    }, delay);
  }

  /** Starts the current revision's missing replicas (restore, restart after a crash); each serves once healthy. */
  private async startServing(app: LiveApp): Promise<void> {
    const revision = app.record.current;
    const missing = (revision?.replicas ?? 0) - app.serving.length;
    if (!revision || missing <= 0 || this.closed || this.apps.get(app.record.name) !== app) return;
    try {
      await this.bindLoopbackPort(app);
    } catch (error) {
      app.state = 'failed';
      app.log.append(`[slipway] ${(error as Error).message}`);
      return;
    }
    if (app.serving.length === 0) app.state = 'starting';
    await prepareAppDirs(this.options.dataDir, this.clusterDir, app.paths, app.user);
    await this.ensureRelease(app, revision);
    const startReplica = async () => {
      const instance = await this.startInstance(app, revision);
      try {
        await instance.waitHealthy(revision.runtime.healthPath, revision.healthTimeoutSeconds * 1000);
        await this.admit(app, instance);
      } catch (error) {
        await this.stopInstance(instance);
        if (!this.closed) this.crashed(app, `Revision ${revision.revision} did not become healthy: ${(error as Error).message}`);
        return;
      }
      // Exited while its port was checked: not serving, so its exit was not counted as a crash yet.
      if (!instance.running) {
        if (!this.closed) this.crashed(app, `Revision ${revision.revision} ${describeExit(await instance.exited)}`);
        return;
      }
      this.serve(app, [instance]);
    };
    await Promise.all(Array.from({ length: missing }, startReplica));
  }

  /**
   * The revision's unpacked folder, unpacked again from the registry when it is missing: a data directory restored
   * from a backup holds the artifacts, not their unpacked copies.
   */
  private async ensureRelease(app: LiveApp, revision: RevisionRecord): Promise<void> {
    if (existsSync(path.join(app.paths.releases, revision.release))) return;
    const artifactFile = await this.options.registry.blobOf(revision.digest);
    if (!artifactFile) throw artifactNotStored(`${app.record.name} (${revision.digest})`);
    app.log.append(`[slipway] Unpacking ${revision.digest} again as revision ${revision.revision}`);
    await extractRelease(this.clusterDir, app.paths, revision.release, artifactFile, app.user);
  }

  private stopInstance(instance: AppInstance): Promise<void> {
    return instance.stop(this.options.stopGraceMs ?? STOP_GRACE_MS);
  }

  private async stopApp(app: LiveApp): Promise<void> {
    if (app.restartTimer) clearTimeout(app.restartTimer);
    app.restartTimer = null;
    app.serving = [];
    app.canary = null;
    app.proxy.setCanary(null);
    app.proxy.setTargets([]);
    // The app is going: its loopback URL refuses at once rather than answer 503 while its processes finish.
    const stoppedListening = app.proxy.stopListening();
    this.publishInstances(app);
    await Promise.all([...app.instances].map((instance) => this.stopInstance(instance)));
    await stoppedListening;
    await app.proxy.close();
    await app.log.flush();
  }

  // Observability (ClusterObservability): health, output and traffic of the apps, for any process of the machine.

  /** 'r{revision}-{n}' with the lowest n no live instance of the revision has (a restarted replica takes its place). */
  private nextLabel(app: LiveApp, revision: number): string {
    const taken = new Set([...app.instances].filter((instance) => instance.revision === revision).map((instance) => instance.label));
    let replica = 1;
    while (taken.has(`r${revision}-${replica}`)) replica++;
    return `r${revision}-${replica}`;
  }

  private observed(app: LiveApp): ObservedApp {
    const observe = (instance: AppInstance) => ({ instance: instance.label, port: instance.port, pid: instance.usagePid ?? instance.pid ?? null });
    return {
      projectId: app.record.projectId,
      healthPath: app.record.current?.runtime.healthPath ?? '/',
      instances: app.serving.map(observe),
      ...(app.canary ? { canary: { instances: app.canary.instances.map(observe), percent: app.canary.percent } } : {}),
    };
  }

  /** Writes the serving instances where Slipway's other processes read them (health checks from the API role). */
  private publishInstances(app: LiveApp): void {
    const snapshot = this.observed(app);
    app.published = app.published
      .then(() => (this.apps.get(app.record.name) === app ? writeObservedApp(app.paths.dir, snapshot) : undefined))
      .catch(() => undefined);
  }

  async instanceStates(name: string): Promise<InstanceState[]> {
    if (!APP_NAME.test(name)) return [];
    const live = this.owned ? this.apps.get(name) : undefined;
    if (!live) {
      const observed = this.owned ? null : await readObservedApp(appPaths(this.clusterDir, name).dir);
      return (observed?.instances ?? []).map(({ instance }) => ({ instance, state: 'healthy' as const, restarts: 0 }));
    }
    const revision = live.record.current;
    if (!revision) return [];
    const running = [...live.instances].filter((instance) => instance.revision === revision.revision && !instance.stopping);
    return Array.from({ length: revision.replicas }, (_, index) => {
      const label = `r${revision.revision}-${index + 1}`;
      const restarts = live.restarts.get(label) ?? 0;
      const state: InstanceState['state'] = live.serving.some((instance) => instance.label === label)
        ? 'healthy'
        : running.some((instance) => instance.label === label)
          ? 'starting'
          : restarts > 0
            ? 'crashed'
            : 'starting';
      return { instance: label, state, restarts };
    });
  }

  async crashTimes(name: string): Promise<Date[]> {
    return (this.apps.get(name)?.crashes ?? []).map((at) => new Date(at));
  }

  runsApps(): boolean {
    return this.owned;
  }

  /**
   * The proxy in front of an app's serving processes, for the front door: this process's own while it runs the apps,
   * else one fed by the running process's snapshot (instances.json, watched). Null when no such app exists.
   */
  proxyOf(name: string): AppProxy | null | Promise<AppProxy | null> {
    if (this.owned) return this.apps.get(name)?.proxy ?? null;
    if (this.closed || !APP_NAME.test(name)) return null;
    let published = this.publishedApps.get(name);
    if (!published) {
      published = this.loadPublished(name);
      this.publishedApps.set(name, published);
    }
    return published.then((app) => app?.proxy ?? null);
  }

  private async loadPublished(name: string): Promise<PublishedApp | null> {
    const dir = appPaths(this.clusterDir, name).dir;
    const observed = await readObservedApp(dir);
    if (!observed || this.owned || this.closed) {
      this.publishedApps.delete(name);
      return null;
    }
    const refresh = async () => {
      const again = await readObservedApp(dir);
      route(again);
      // Removed (its folder is gone): the next request finds out afresh.
      if (!again) await this.dropPublished(name);
    };
    const published: PublishedApp = { proxy: new AppProxy(name, refresh), projectId: observed.projectId ?? '', watcher: null };
    const route = (snapshot: ObservedApp | null) => {
      published.proxy.setTargets(snapshot?.instances.map((instance) => instance.port) ?? []);
      const canary = snapshot?.canary;
      published.proxy.setCanary(canary ? { ports: canary.instances.map((instance) => instance.port), percent: canary.percent } : null);
    };
    route(observed);
    try {
      published.watcher = watch(dir, () => void refresh().catch(() => undefined)).on('error', () => undefined);
      // A process stops whether or not an app is watched.
      published.watcher.unref();
    } catch {
      // Not watchable: the targets are read again when they all refuse a request.
    }
    return published;
  }

  private async dropPublished(name: string): Promise<void> {
    const published = await this.publishedApps.get(name);
    this.publishedApps.delete(name);
    published?.watcher?.close();
    await published?.proxy.close();
  }

  private async dropPublishedApps(): Promise<void> {
    await Promise.all([...this.publishedApps.keys()].map((name) => this.dropPublished(name)));
  }

  async checkHealth(name: string): Promise<InstanceHealth[] | null> {
    if (!APP_NAME.test(name)) return null;
    const live = this.owned ? this.apps.get(name) : undefined;
    if (this.owned && !live) return null;
    const observed = live ? this.observed(live) : await readObservedApp(appPaths(this.clusterDir, name).dir);
    return observed && checkInstances(observed);
  }

  async logEntries(name: string, tail: number): Promise<AppLogEntry[]> {
    if (!APP_NAME.test(name)) return [];
    const live = this.owned ? this.apps.get(name) : undefined;
    return (live?.log ?? new AppLog(appPaths(this.clusterDir, name).log)).entries(tail);
  }

  followLogs(name: string, tail: number, signal: AbortSignal): AsyncIterable<AppLogEntry> {
    if (!APP_NAME.test(name)) throw invalidDeploySpec(name, 'the app name must be lower-case letters, digits and dashes (at most 63)');
    return followAppLog(appPaths(this.clusterDir, name).log, tail, signal);
  }

  /** The local apps' usage is sampled with their traffic (drainTraffic) and kept in deployment_metrics. */
  async instanceUsage(): Promise<null> {
    return null;
  }

  /** The requests this process forwarded, and where it runs the apps, their instances' usage. */
  async drainTraffic(): Promise<AppTraffic[]> {
    if (!this.owned) {
      const published = await Promise.all([...this.publishedApps.entries()].map(async ([name, app]) => ({ name, app: await app })));
      return published.flatMap(({ name, app }) => (app?.projectId ? [{ name, projectId: app.projectId, ...app.proxy.traffic.drain(), instances: [] }] : []));
    }
    return Promise.all(
      [...this.apps.values()].map(async (app) => ({
        name: app.record.name,
        projectId: app.record.projectId,
        ...app.proxy.traffic.drain(),
        instances: await usageOf(this.observed(app).instances),
      })),
    );
  }
}
