import { logUnexpected } from '../../../common/log.js';
import type { ClusterObservability } from '../../../providers/cluster/cluster.port.js';
import { BUCKET_SECONDS } from './deployment-metrics.store.js';
import type { DeploymentObservabilityService } from './deployment-observability.service.js';

/** Spec: active deployments' instances are checked about this often. */
export const HEALTH_CHECK_EVERY_MS = 15_000;
/** Live apps' crashes are looked at this often (no request to the apps): a crash loop is caught well within 30 s. */
export const CRASH_WATCH_EVERY_MS = 5_000;
const PRUNE_EVERY_MS = 3_600_000;

/**
 * The periodic work: every 10 s every process moves the requests its front door forwarded into deployment_metrics,
 * with, in the process that runs the apps, the instances' CPU and memory; every 15 s that process checks every
 * active deployment's instances and judges each (health-watch.ts), and every 5 s it looks at their apps' crashes
 * (the other processes' health and crash ticks do nothing). Tests pass shorter `every` times. A tick never overlaps the previous one of its kind. Once the database has been
 * closed (Slipway stopped) the monitor stops itself; stop() ends it sooner.
 */
export class DeploymentMonitor {
  private timers: NodeJS.Timeout[] = [];
  private readonly busy = new Set<string>();

  constructor(
    private readonly service: DeploymentObservabilityService,
    private readonly cluster: Pick<ClusterObservability, 'runsApps'>,
    private readonly isUp: () => boolean,
    private readonly every = { metricsMs: BUCKET_SECONDS * 1000, healthMs: HEALTH_CHECK_EVERY_MS, crashMs: CRASH_WATCH_EVERY_MS },
  ) {}

  start(): void {
    if (this.timers.length > 0) return;
    this.timers = [
      setInterval(() => this.tick('metrics', () => this.service.flushMetrics(), true), this.every.metricsMs),
      setInterval(() => this.tick('health', () => this.service.checkActiveDeployments()), this.every.healthMs),
      setInterval(() => this.tick('crashes', () => this.service.watchCrashes()), this.every.crashMs),
      setInterval(() => this.tick('prune', () => this.service.pruneMetrics()), PRUNE_EVERY_MS),
    ];
    for (const timer of this.timers) timer.unref();
  }

  stop(): void {
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
  }

  private tick(kind: string, work: () => Promise<void>, everywhere = false): void {
    // Its Slipway has stopped (the database is closed for good): so does the monitor.
    if (!this.isUp()) return this.stop();
    if (this.busy.has(kind) || !(everywhere || this.cluster.runsApps())) return;
    this.busy.add(kind);
    void work()
      .catch((error: unknown) => {
        // Stopping: the database may close under a tick that had started.
        if (this.isUp()) logUnexpected(`deployment ${kind}`, error);
      })
      .finally(() => this.busy.delete(kind));
  }
}
