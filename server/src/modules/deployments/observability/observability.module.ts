import type { DataSource } from 'typeorm';
import type { EventBus } from '../../../events/event-bus.js';
import type { ProjectProviders } from '../../../providers/project-providers.js';
import type { Feature } from '../../feature.js';
import { DeploymentMetricsStore } from './deployment-metrics.store.js';
import { DeploymentMonitor } from './deployment-monitor.js';
import { DeploymentObservabilityService } from './deployment-observability.service.js';
import type { DeploymentsService } from '../deployments.service.js';
import { BUCKET_SECONDS } from './deployment-metrics.store.js';
import { CRASH_WATCH_EVERY_MS } from './deployment-monitor.js';
import { HealthWatch } from './health-watch.js';
import { DeploymentObservabilityResolver } from './observability.resolver.js';
import { observabilitySchemas, observabilityRoutes } from './observability.routes.js';

/**
 * Deployments observed on the cluster: health, metrics and logs (REST and GraphQL), and the monitor that
 * records metrics and checks health in the process running the apps. The monitor starts here: its ticks do
 * nothing in the other processes, and it stops by itself once the database is closed (`monitor.stop()` ends it sooner).
 */
export function deploymentObservabilityModule(deps: {
  dataSource: DataSource;
  bus: EventBus;
  providers: ProjectProviders;
  /** The automatic rollback's way back: the same rollback a user asks for. */
  deployments: Pick<DeploymentsService, 'rollback'>;
  healthCheckMs: number;
}) {
  const watch = new HealthWatch(deps.dataSource, deps.deployments, deps.bus);
  const service = new DeploymentObservabilityService(deps.dataSource, deps.providers, new DeploymentMetricsStore(deps.dataSource), deps.bus, watch);
  const every = { metricsMs: BUCKET_SECONDS * 1000, healthMs: deps.healthCheckMs, crashMs: Math.min(CRASH_WATCH_EVERY_MS, deps.healthCheckMs) };
  const monitor = new DeploymentMonitor(service, deps.providers.localCluster, () => deps.dataSource.isInitialized, every);
  monitor.start();
  const feature: Feature = {
    rest: { routes: observabilityRoutes(service), schemas: observabilitySchemas },
    resolvers: [new DeploymentObservabilityResolver(service)],
  };
  return { service, monitor, feature };
}
