import { DEFAULT_METRICS_RANGE, deploymentHealth, type DeploymentHealthState, METRICS_RANGES } from '@slipway/domain';
import { Repeater } from '@repeaterjs/repeater';
import type { DataSource } from 'typeorm';
import { AppError } from '../../../common/app-error.js';
import { logUnexpected } from '../../../common/log.js';
import { isUuid } from '../../../common/validation.js';
import type { EventBus } from '../../../events/event-bus.js';
import { namesOf } from '../../projects/runs/run-names.js';
import { latencyPercentile } from '../../../providers/cluster/app-traffic.js';
import { METRICS_UNAVAILABLE } from '../../../providers/cluster/cluster.errors.js';
import type { AppLogEntry, InstanceHealth, InstanceUsage } from '../../../providers/cluster/cluster.port.js';
import type { ProjectCluster, ProjectProviders } from '../../../providers/project-providers.js';
import { Project } from '../../projects/project.entity.js';
import type { User } from '../../users/user.entity.js';
import { Deployment, type HealthCheck } from '../deployment.entity.js';
import { DeploymentStatus } from '../deployment-status.js';
import { appNameOf as environmentAppName } from '../runs/deployment-rollout.js';
import type { HealthWatch } from './health-watch.js';
import { BUCKET_SECONDS, type DeploymentMetricsStore } from './deployment-metrics.store.js';
import type { DeploymentInstance, DeploymentLogLine, DeploymentMetrics, DeploymentMetricsPoint } from './dtos/observability.models.js';
import { deploymentNotFound, invalidLogTail, invalidMetricsRange } from './observability.errors.js';

type Owner = Pick<User, 'id'>;

export const DEFAULT_LOG_TAIL = 100;
export const MAX_LOG_TAIL = 1000;
/** Every range is shown as this many points (5m: one per 10 s). */
const POINTS_PER_RANGE = 30;

/** A stored health check: HealthCheck plus why an instance is unhealthy (REST shows it, GraphQL's HealthCheck has no field for it). */
export type StoredHealthCheck = HealthCheck & { message?: string | null };

export interface DeploymentHealthReport {
  deployment: Deployment;
  health: DeploymentHealthState;
  checks: StoredHealthCheck[];
  /** The newest check's time; null without checks. */
  checkedAt: Date | null;
}

/** The cluster's app of a project (run-names.ts names it), or null before the project has its repository name. */
export function appNameOf(project: Project): string | null {
  if (!project.sourceOrganization || !project.sourceRepository) return null;
  return namesOf(project).appName;
}

/** The cluster's app of one of the project's environments (production's is the project's app). */
export function appOfEnvironment(project: Project, environment: string): string | null {
  return appNameOf(project) && environmentAppName(namesOf(project), environment);
}

function parseTail(tail: unknown): number {
  const lines = tail === undefined || tail === null || tail === '' ? DEFAULT_LOG_TAIL : Number(tail);
  if (!Number.isInteger(lines) || lines < 1 || lines > MAX_LOG_TAIL) throw invalidLogTail(MAX_LOG_TAIL);
  return lines;
}

function parseRange(range: unknown): string {
  const name = range === undefined || range === null || range === '' ? DEFAULT_METRICS_RANGE : range;
  if (typeof name !== 'string' || !Object.hasOwn(METRICS_RANGES, name)) throw invalidMetricsRange();
  return name;
}

function toCheck(instance: InstanceHealth): StoredHealthCheck {
  return { name: instance.instance, status: instance.status, path: instance.path, checkedAt: instance.checkedAt, message: instance.message };
}

/** Same instances with the same statuses: a check that only refreshed the times changes nothing worth telling. */
function sameChecks(before: HealthCheck[], after: HealthCheck[]): boolean {
  const key = (checks: HealthCheck[]) => JSON.stringify(checks.map((check) => [check.name, check.status]).sort());
  return key(before) === key(after);
}

export function toLogLine(entry: AppLogEntry): DeploymentLogLine {
  return { instance: entry.instance, stream: entry.stream, line: entry.line, at: entry.at };
}

/**
 * Observing deployments on the cluster, for their owner only: health (checks of every instance of the active
 * deployment, kept on its row), metrics (the stable URL's requests and the instances' CPU and memory, kept per
 * 10 s in deployment_metrics) and the app's output. A deployment's app is its project's app on the cluster.
 */
export class DeploymentObservabilityService {
  constructor(
    private readonly dataSource: DataSource,
    /** Each project's cluster (health and logs), and the local cluster that counts this machine's apps' traffic. */
    private readonly providers: Pick<ProjectProviders, 'forProject' | 'localCluster'>,
    private readonly store: DeploymentMetricsStore,
    private readonly bus: EventBus,
    /** Judges each live deployment after its checks: crash loops and failing health checks (and the automatic rollback). */
    private readonly watch: HealthWatch,
  ) {}

  /** The owner's deployment (of the project, when one is given) and its app's name. */
  async find(owner: Owner, deploymentId: unknown, projectId?: unknown): Promise<{ deployment: Deployment; project: Project; appName: string | null }> {
    if (!isUuid(deploymentId) || (projectId !== undefined && !isUuid(projectId))) throw deploymentNotFound();
    const deployment = await this.dataSource
      .getRepository(Deployment)
      .findOneBy({ id: deploymentId, ownerId: owner.id, ...(projectId === undefined ? {} : { projectId: projectId as string }) });
    if (!deployment) throw deploymentNotFound();
    const project = await this.dataSource.getRepository(Project).findOneBy({ id: deployment.projectId, ownerId: owner.id });
    if (!project) throw deploymentNotFound();
    return { deployment, project, appName: appNameOf(project) };
  }

  /** The health kept on the row (spec section 4's derivation), as the periodic checks left it. */
  async health(owner: Owner, deploymentId: unknown, projectId?: unknown): Promise<DeploymentHealthReport> {
    const { deployment } = await this.find(owner, deploymentId, projectId);
    return this.report(deployment);
  }

  /**
   * Each instance of a live deployment's app with its state and restarts ([] for one that does not serve): the
   * cluster's view, an instance it counts healthy shown unhealthy when its latest health check failed.
   */
  async instances(owner: Owner, deploymentId: unknown, projectId?: unknown): Promise<DeploymentInstance[]> {
    const { deployment, appName, project } = await this.find(owner, deploymentId, projectId);
    if (!deployment.isActive || !appName) return [];
    const states = await (await this.clusterOf(project)).instanceStates(appName);
    const checks = deployment.healthChecks as StoredHealthCheck[];
    return states.map((state) =>
      state.state === 'healthy' && checks.some((check) => check.name === state.instance && check.status === 'unhealthy') ? { ...state, state: 'unhealthy' } : state,
    );
  }

  /** Checks the deployment's instances now (an active one: others run nothing to check) and keeps the result on its row. */
  async checkHealth(owner: Owner, deploymentId: unknown, projectId?: unknown): Promise<DeploymentHealthReport> {
    const { deployment, project } = await this.find(owner, deploymentId, projectId);
    return this.report(await this.check(deployment, project));
  }

  /** Requests, errors, latency percentiles, CPU and memory over the range (5m unless given), oldest point first. */
  async metrics(owner: Owner, deploymentId: unknown, range: unknown, projectId?: unknown): Promise<DeploymentMetrics> {
    const name = parseRange(range);
    const { deployment, project, appName } = await this.find(owner, deploymentId, projectId);
    const stepSeconds = METRICS_RANGES[name] / POINTS_PER_RANGE;
    const step = stepSeconds * 1000;
    // What this process's front door (and, where it runs the apps, their proxies) counted since the last flush is included.
    await this.flushMetrics();
    const now = Date.now();
    const lastStart = Math.floor(now / step) * step;
    const firstStart = lastStart - (POINTS_PER_RANGE - 1) * step;
    // Only while this deployment was the one serving: the app (and its URL) is the project's, across deployments.
    const bucket = BUCKET_SECONDS * 1000;
    const servedFrom = Math.floor((deployment.activatedAt ?? deployment.createdAt).getTime() / bucket) * bucket;
    const servedUntil = deployment.isActive ? now + step : (deployment.rolledBackAt ?? deployment.supersededAt ?? deployment.updatedAt).getTime();
    const from = new Date(Math.max(firstStart, servedFrom));
    const to = new Date(Math.min(lastStart + step, servedUntil));
    const { slots, instances } =
      appName && from < to ? await this.store.slots(appName, from, to, stepSeconds) : { slots: new Map(), instances: [] };
    const points: DeploymentMetricsPoint[] = [];
    for (let start = firstStart; start <= lastStart; start += step) {
      const slot = slots.get(start);
      const requests = slot?.requests ?? 0;
      points.push({
        at: new Date(start),
        requestRate: Math.round((requests / stepSeconds) * 1000) / 1000,
        errorRate: requests > 0 ? Math.round(((slot?.errors ?? 0) / requests) * 10_000) / 10_000 : 0,
        p50Ms: slot ? latencyPercentile(slot.latencyBuckets, 0.5) : null,
        p95Ms: slot ? latencyPercentile(slot.latencyBuckets, 0.95) : null,
        p99Ms: slot ? latencyPercentile(slot.latencyBuckets, 0.99) : null,
        cpuPercent: slot && slot.usageSamples > 0 ? Math.round((slot.cpuPercentSum / slot.usageSamples) * 100) / 100 : null,
        memoryBytes: slot && slot.usageSamples > 0 ? Math.round(slot.memoryBytesSum / slot.usageSamples) : null,
      });
    }
    const usage = deployment.isActive && appName ? await this.usageNow(project, appName) : { instances: [], unavailable: null };
    return { range: name, stepSeconds, points, instances: usage.instances ?? instances, instancesUnavailableReason: usage.unavailable };
  }

  /** The last `tail` lines (default 100, 1..1000) the deployment's app printed, oldest first, with their instance and stream. */
  async logs(owner: Owner, deploymentId: unknown, tail: unknown, projectId?: unknown): Promise<DeploymentLogLine[]> {
    const lines = parseTail(tail);
    const { appName, project } = await this.find(owner, deploymentId, projectId);
    return appName ? (await (await this.clusterOf(project)).logEntries(appName, lines)).map(toLogLine) : [];
  }

  /** The last `tail` lines, then each new line, until the iteration is ended (return()). The owner is checked first. */
  async followLogs(owner: Owner, deploymentId: unknown, tail: unknown): Promise<AsyncIterableIterator<DeploymentLogLine>> {
    const lines = parseTail(tail);
    const { appName, project } = await this.find(owner, deploymentId);
    const cluster = appName ? await this.clusterOf(project) : null;
    return new Repeater<DeploymentLogLine>(async (push, stop) => {
      // Ending the subscription aborts the follower's wait at once (a generator asked to return() mid-wait would
      // only end at its next line). No app yet: nothing will be printed; it stays open until the client ends it.
      const ending = new AbortController();
      void stop.then(() => ending.abort());
      if (!appName || !cluster) return void (await stop);
      for await (const entry of cluster.followLogs(appName, lines, ending.signal)) await push(toLogLine(entry));
    });
  }

  /** The periodic check: every active deployment of every project, in the process that runs the apps; then each is judged. */
  async checkActiveDeployments(): Promise<void> {
    const active = await this.activeDeployments();
    this.watch.forgetAllBut(new Set(active.map(({ deployment }) => deployment.id)));
    for (const { deployment, project } of active) {
      await this.check(deployment, project)
        .then(async (row) => this.watch.judge(row, await this.crashTimes(row, project), true))
        .catch((error: unknown) => logUnexpected('deployment health check', error));
    }
  }

  /** Between health checks, the live deployments' apps' crashes (cheap: the cluster counts them), for a quick verdict on a crash loop. */
  async watchCrashes(): Promise<void> {
    for (const { deployment, project } of await this.activeDeployments()) {
      if (deployment.status !== DeploymentStatus.active || deployment.healthFailedAt) continue;
      await this.watch.judge(deployment, await this.crashTimes(deployment, project), false).catch((error: unknown) => logUnexpected('deployment crash watch', error));
    }
  }

  private async activeDeployments(): Promise<Array<{ deployment: Deployment; project: Project | null }>> {
    const active = await this.dataSource.getRepository(Deployment).find({ where: { isActive: true }, relations: { project: true } });
    return active.map((deployment) => {
      const project = deployment.project ?? null;
      delete deployment.project;
      return { deployment, project };
    });
  }

  private async crashTimes(deployment: Deployment, project: Project | null): Promise<Date[]> {
    const appName = project && appOfEnvironment(project, deployment.environment);
    return project && appName ? (await this.clusterOf(project)).crashTimes(appName) : [];
  }

  /** Moves what this process's proxies counted (and, where it runs the apps, their instances' usage now) into deployment_metrics. */
  async flushMetrics(): Promise<void> {
    for (const traffic of await this.providers.localCluster.drainTraffic()) await this.store.record(traffic);
  }

  pruneMetrics(): Promise<void> {
    return this.store.prune();
  }

  /**
   * The app's instances' usage as its cluster measures it now (instances null: kept in deployment_metrics), or none
   * with why when the cluster has no metrics API.
   */
  private async usageNow(project: Project, appName: string): Promise<{ instances: InstanceUsage[] | null; unavailable: string | null }> {
    try {
      return { instances: await (await this.clusterOf(project)).instanceUsage(appName), unavailable: null };
    } catch (error) {
      if (error instanceof AppError && error.reason === METRICS_UNAVAILABLE) return { instances: [], unavailable: error.message };
      throw error;
    }
  }

  /** The cluster the project's deployments run on. */
  private async clusterOf(project: Project): Promise<ProjectCluster> {
    return (await this.providers.forProject(project)).cluster;
  }

  private report(deployment: Deployment): DeploymentHealthReport {
    const checks = deployment.healthChecks as StoredHealthCheck[];
    const times = checks.map((check) => (check.checkedAt ? new Date(check.checkedAt).getTime() : 0)).filter((time) => time > 0);
    return { deployment, health: deploymentHealth(checks), checks, checkedAt: times.length > 0 ? new Date(Math.max(...times)) : null };
  }

  /**
   * Checks an active deployment's instances and keeps the result on its row (only while it is still active: a
   * deployment replaced meanwhile keeps its last checks). Its updated_at moves, and live views are told, only
   * when an instance's status changed. Answers the row as it is now.
   */
  private async check(deployment: Deployment, project: Project | null): Promise<Deployment> {
    if (!deployment.isActive) return deployment;
    const appName = project && appOfEnvironment(project, deployment.environment);
    const instances = project && appName ? await (await this.clusterOf(project)).checkHealth(appName) : null;
    const checks: StoredHealthCheck[] =
      instances && instances.length > 0
        ? instances.map(toCheck)
        : [{ name: 'app', status: 'unhealthy', path: null, checkedAt: new Date(), message: instances ? 'No instance is serving' : 'The app is not running' }];
    const changed = !sameChecks(deployment.healthChecks, checks);
    const repository = this.dataSource.getRepository(Deployment);
    const { affected } = await repository
      .createQueryBuilder()
      .update()
      .set(changed ? { healthChecks: checks } : { healthChecks: checks, updatedAt: () => 'updated_at' })
      .where('id = :id AND is_active', { id: deployment.id })
      .execute();
    const row = (await repository.findOneBy({ id: deployment.id })) ?? deployment;
    if (affected && changed) {
      await this.bus
        .publish('deployment.updated', { deploymentId: row.id, projectId: row.projectId, ownerId: row.ownerId })
        .catch((error: unknown) => logUnexpected('deployment event', error));
    }
    return row;
  }
}
