import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { SecretBox } from '../../common/secret-box.js';
import type { Registry } from '../registry/registry.port.js';
import { appPaths, appUser, type AppPaths, type AppUser, extractRelease, isDedicated, prepareAppDirs } from './app-files.js';
import { APP_PATH, AppInstance, describeExit, freePort, HealthCheckFailed, STOP_GRACE_MS } from './app-instance.js';
import { AppLog } from './app-log.js';
import { AppProxy, LOOPBACK } from './app-proxy.js';
import {
  artifactNotStored,
  artifactUnreadable,
  clusterOwnedElsewhere,
  clusterShuttingDown,
  invalidDeploySpec,
  noStablePortLeft,
  revisionUnhealthy,
  stablePortTaken,
} from './cluster.errors.js';
import type { AppRuntime, AppStatus, Cluster, DeployHooks, DeploySpec } from './cluster.port.js';
import { type AppRecord, ClusterState, type RevisionRecord } from './cluster-state.js';
import { killGroup, killUser, runsInside } from './processes.js';

/** A DNS label, as Kubernetes names are: also safe as a folder name. */
const APP_NAME = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const ENVIRONMENT_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** This many crashes within CRASH_WINDOW_MS and the app is left 'failed' until its next deploy. */
const MAX_CRASHES = 5;
const CRASH_WINDOW_MS = 10 * 60_000;
const MAX_RESTART_DELAY_MS = 30_000;

export interface LocalClusterOptions {
  /** Slipway's data directory: the cluster keeps its state, releases and logs in `<dataDir>/cluster`. */
  dataDir: string;
  /** Where artifacts' bytes are (the local registry). */
  registry: Pick<Registry, 'localPath'>;
  /** Seals each app's environment in the state file. */
  secretBox: SecretBox;
  /** Stable ports are picked from this range, below Linux's ephemeral ports (default 27000–27999). */
  stablePorts?: { from: number; to: number };
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
  /** The revision's process that serves traffic. */
  serving: AppInstance | null;
  /** Every process of the app that has not exited (serving, starting, stopping). */
  instances: Set<AppInstance>;
  crashes: number[];
  restartTimer: NodeJS.Timeout | null;
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
}

/**
 * Local cluster adapter: each app revision is a supervised child process on a loopback port, behind a stable
 * URL `http://127.0.0.1:<port>/` that Slipway serves with a reverse proxy. The port is chosen once per app and
 * persisted, so the URL survives new revisions and Slipway's restarts.
 *
 * Lifecycle: exactly one process of Slipway may own a data directory's cluster. It calls restore() once at
 * boot (restarts every app that was serving) and shutdown() when it stops (stops every app and proxy; they
 * come back with the next restore()).
 */
export class LocalCluster implements Cluster {
  readonly kind = 'local' as const;
  private readonly clusterDir: string;
  private readonly state: ClusterState;
  private readonly apps = new Map<string, LiveApp>();
  private readonly locks = new Map<string, Promise<unknown>>();
  private loading: Promise<void> | null = null;
  private closed = false;

  constructor(private readonly options: LocalClusterOptions) {
    this.clusterDir = path.join(options.dataDir, 'cluster');
    this.state = new ClusterState(this.clusterDir);
  }

  /** Starts every app that was serving when Slipway stopped, on its same stable port. */
  async restore(): Promise<void> {
    await this.load();
    const restoreApp = async (app: LiveApp) => {
      try {
        await this.withLock(app.record.name, () => this.startServing(app));
      } catch (error) {
        // One app that cannot start (its folder gone, say) must not keep the others down.
        app.state = 'failed';
        app.log.append(`[slipway] Revision ${app.record.current?.revision} could not be started: ${(error as NodeJS.ErrnoException).code ?? 'unexpected error'}`);
      }
    };
    await Promise.all([...this.apps.values()].map(restoreApp));
  }

  /** Stops every app process and closes every stable URL; the apps' records stay for the next restore(). */
  async shutdown(): Promise<void> {
    this.closed = true;
    // A process that never loaded the state (or was refused it) has nothing to stop and must not write it.
    if (!(await this.loading?.then(() => true, () => false))) return;
    await Promise.all([...this.apps.values()].map((app) => this.stopApp(app)));
    await this.save();
    await this.state.release();
  }

  async deploy(spec: DeploySpec, hooks: DeployHooks): Promise<AppStatus> {
    checkSpec(spec);
    await this.load();
    const image = `${spec.artifact.repository}:${spec.artifact.tag}`;
    const artifactFile = await this.options.registry.localPath(spec.artifact);
    if (!artifactFile) throw artifactNotStored(image);
    return this.withLock(spec.name, async () => {
      const app = this.apps.get(spec.name) ?? (await this.createApp(spec));
      const current = app.record.current;
      if (
        app.state === 'running' &&
        current?.digest === spec.artifact.digest &&
        sameRuntime(current.runtime, spec.runtime) &&
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
    const app = this.apps.get(name);
    return app ? this.statusOf(app) : null;
  }

  async remove(name: string): Promise<void> {
    await this.load();
    await this.withLock(name, async () => {
      const app = this.apps.get(name);
      if (!app) return;
      this.apps.delete(name);
      await this.stopApp(app);
      if (isDedicated(app.user)) {
        // Whatever the app left running under its own user (daemons that left the process group) ends too.
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
      url: `http://${LOOPBACK}:${app.record.port}/`,
      digest: app.record.current?.digest ?? null,
      revision: app.record.current?.revision ?? 0,
      replicas: app.serving?.running ? 1 : 0,
    };
  }

  /** Reads the state once and ends processes a previous Slipway left running; starts nothing. */
  private load(): Promise<void> {
    if (this.closed) return Promise.reject(clusterShuttingDown());
    this.loading ??= (async () => {
      const owner = await this.state.claim();
      if (owner !== null) throw clusterOwnedElsewhere(owner);
      for (const record of await this.state.load()) {
        const paths = appPaths(this.clusterDir, record.name);
        const user = await appUser(record.slot);
        for (const pid of record.pids) if (await runsInside(pid, paths.dir)) await killGroup(pid);
        // With its own user, whatever still runs as the app is left over (a daemon that left its group, say).
        if (isDedicated(user)) await killUser(user.uid);
        record.pids = [];
        this.apps.set(record.name, this.liveApp(record, user));
      }
      await this.save();
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
      serving: null,
      instances: new Set(),
      crashes: [],
      restartTimer: null,
    };
  }

  private save(): Promise<void> {
    return this.state.save([...this.apps.values()].map((app) => app.record));
  }

  private async withLock<T>(name: string, work: () => Promise<T>): Promise<T> {
    const previous = this.locks.get(name) ?? Promise.resolve();
    const result = previous.catch(() => undefined).then(work);
    this.locks.set(name, result);
    try {
      return await result;
    } finally {
      if (this.locks.get(name) === result) this.locks.delete(name);
    }
  }

  /** A new app: its OS identity slot and its stable port, bound at once so no other app can take it. */
  private async createApp(spec: DeploySpec): Promise<LiveApp> {
    const records = [...this.apps.values()].map((app) => app.record);
    const slots = new Set(records.map((record) => record.slot));
    let slot = 0;
    while (slots.has(slot)) slot++;
    const record: AppRecord = { name: spec.name, projectId: spec.projectId, ownerId: spec.ownerId, port: 0, slot, lastRevision: 0, current: null, pids: [] };
    const app = this.liveApp(record, await appUser(slot));
    const { from, to } = this.options.stablePorts ?? { from: 27_000, to: 27_999 };
    const taken = new Set(records.map((other) => other.port));
    for (let port = from; port <= to && !app.proxy.listening; port++) {
      if (taken.has(port)) continue;
      if (await app.proxy.listen(port).then(() => true, () => false)) record.port = port;
    }
    if (!app.proxy.listening) throw noStablePortLeft(from, to);
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
    const { artifact } = spec;
    const image = `${artifact.repository}:${artifact.tag}`;
    const revision: RevisionRecord = {
      revision: ++app.record.lastRevision,
      digest: artifact.digest,
      runtime: { start: [...spec.runtime.start], healthPath: spec.runtime.healthPath, portEnv: spec.runtime.portEnv },
      sealedEnvironment: this.options.secretBox.seal(sortedEntries(spec.environment), `cluster:${app.record.name}`),
      healthTimeoutSeconds: spec.healthTimeoutSeconds,
      release: String(app.record.lastRevision),
    };
    await this.save();
    await prepareAppDirs(this.options.dataDir, this.clusterDir, app.paths, app.user);
    hooks.onLog(`Unpacking ${image} (${artifact.digest}) as revision ${revision.revision}`);
    try {
      await extractRelease(this.clusterDir, app.paths, revision.release, artifactFile, app.user);
    } catch (error) {
      throw artifactUnreadable(image, (error as NodeJS.ErrnoException).code ?? 'not a tar.gz archive');
    }
    await this.bindStablePort(app);

    const previous = app.record.current;
    if (!app.serving) app.state = 'starting';
    let deploying = true;
    const instance = await this.startInstance(app, revision, (line) => deploying && hooks.onLog(line));
    hooks.onLog(`Revision ${revision.revision} started on port ${instance.port}; waiting for GET ${revision.runtime.healthPath}`);
    try {
      await instance.waitHealthy(revision.runtime.healthPath, revision.healthTimeoutSeconds * 1000, hooks.signal);
    } catch (error) {
      deploying = false;
      await this.stopInstance(instance);
      if (!app.serving && !app.restartTimer) app.state = 'failed';
      await rm(path.join(app.paths.releases, revision.release), { recursive: true, force: true });
      const reason = error instanceof HealthCheckFailed ? error.message : 'its health check failed';
      const fallback = previous && app.serving ? `revision ${previous.revision} keeps serving` : 'nothing is serving';
      throw revisionUnhealthy(revision.revision, reason, fallback);
    }
    deploying = false;

    const old = app.serving;
    this.serve(app, instance);
    app.record.current = revision;
    await this.save();
    hooks.onLog(`Revision ${revision.revision} serves ${this.statusOf(app).url}`);
    if (old) {
      await this.stopInstance(old);
      hooks.onLog(`Revision ${old.revision} stopped`);
    }
    await this.pruneReleases(app, [revision.release, previous?.release]);
  }

  /** Serves the app's stable URL (after a restart of Slipway, on the port it had before). */
  private async bindStablePort(app: LiveApp): Promise<void> {
    if (app.proxy.listening) return;
    await app.proxy.listen(app.record.port).catch((error: NodeJS.ErrnoException) => {
      throw stablePortTaken(app.record.port, error.code);
    });
  }

  /** Keeps the serving release and the one before it (a quick way back); removes the rest. */
  private async pruneReleases(app: LiveApp, keep: Array<string | undefined>): Promise<void> {
    for (const release of await readdir(app.paths.releases).catch((): string[] => [])) {
      if (!keep.includes(release)) await rm(path.join(app.paths.releases, release), { recursive: true, force: true });
    }
  }

  private serve(app: LiveApp, instance: AppInstance): void {
    app.serving = instance;
    app.state = 'running';
    app.proxy.setTarget(instance.port);
    if (app.restartTimer) clearTimeout(app.restartTimer);
    app.restartTimer = null;
  }

  private async startInstance(app: LiveApp, revision: RevisionRecord, onLine?: (line: string) => void): Promise<AppInstance> {
    const port = await freePort();
    const environment = Object.fromEntries(JSON.parse(this.openEnvironment(app, revision)) as Array<[string, string]>);
    const instance = new AppInstance({
      revision: revision.revision,
      cwd: path.join(app.paths.releases, revision.release),
      argv: revision.runtime.start,
      // Only the project's environment, its port, a scrubbed PATH and its own HOME: never Slipway's variables.
      env: { ...environment, [revision.runtime.portEnv]: String(port), PATH: APP_PATH, HOME: app.paths.home },
      port,
      user: app.user,
      onLine: (line) => {
        app.log.append(`[r${revision.revision}] ${line}`);
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
    app.record.pids = app.record.pids.filter((pid) => pid !== instance.pid);
    if (this.apps.get(app.record.name) === app) await this.save().catch(() => undefined);
    if (instance.stopping || app.serving !== instance) return;
    app.serving = null;
    app.proxy.setTarget(null);
    this.crashed(app, `Revision ${instance.revision} ${describeExit(exit)}`);
  }

  /** Counts a crash and schedules a restart with backoff, or gives up ('failed') after too many. */
  private crashed(app: LiveApp, reason: string): void {
    const now = Date.now();
    app.crashes = [...app.crashes.filter((at) => now - at < CRASH_WINDOW_MS), now];
    if (app.crashes.length >= MAX_CRASHES) {
      app.state = 'failed';
      app.log.append(`[slipway] ${reason}; ${app.crashes.length} crashes in ${CRASH_WINDOW_MS / 60_000} minutes, not restarting until the next deploy`);
      return;
    }
    const delay = Math.min(MAX_RESTART_DELAY_MS, (this.options.restartDelayMs ?? 1000) * 2 ** (app.crashes.length - 1));
    app.state = 'starting';
    app.log.append(`[slipway] ${reason}; restarting in ${Math.round(delay / 100) / 10} s`);
    if (app.restartTimer) clearTimeout(app.restartTimer);
    app.restartTimer = setTimeout(() => {
      app.restartTimer = null;
      if (this.closed || this.apps.get(app.record.name) !== app) return;
      void this.withLock(app.record.name, () => this.startServing(app)).catch(() => undefined);
    }, delay);
  }

  /** Starts the app's current revision (restore, restart after a crash) and serves it once healthy. */
  private async startServing(app: LiveApp): Promise<void> {
    const revision = app.record.current;
    if (!revision || app.serving?.running || this.closed || this.apps.get(app.record.name) !== app) return;
    try {
      await this.bindStablePort(app);
    } catch (error) {
      app.state = 'failed';
      app.log.append(`[slipway] ${(error as Error).message}`);
      return;
    }
    app.state = 'starting';
    await prepareAppDirs(this.options.dataDir, this.clusterDir, app.paths, app.user);
    const instance = await this.startInstance(app, revision);
    try {
      await instance.waitHealthy(revision.runtime.healthPath, revision.healthTimeoutSeconds * 1000);
    } catch (error) {
      await this.stopInstance(instance);
      if (!this.closed) this.crashed(app, `Revision ${revision.revision} did not become healthy: ${(error as Error).message}`);
      return;
    }
    this.serve(app, instance);
  }

  private stopInstance(instance: AppInstance): Promise<void> {
    return instance.stop(this.options.stopGraceMs ?? STOP_GRACE_MS);
  }

  private async stopApp(app: LiveApp): Promise<void> {
    if (app.restartTimer) clearTimeout(app.restartTimer);
    app.restartTimer = null;
    app.serving = null;
    app.proxy.setTarget(null);
    await Promise.all([...app.instances].map((instance) => this.stopInstance(instance)));
    await app.proxy.close();
    await app.log.flush();
  }
}
