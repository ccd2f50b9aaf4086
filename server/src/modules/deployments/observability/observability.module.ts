import type { DataSource } from 'typeorm';
import type { EventBus } from '../../../events/event-bus.js';
import type { ProjectProviders } from '../../../providers/project-providers.js';
import type { Feature } from '../../feature.js';
import { DeploymentMetricsStore } from './deployment-metrics.store.js';
import { DeploymentMonitor } from './deployment-monitor.js';
import { DeploymentObservabilityService } from './deployment-observability.service.js';
import { DeploymentObservabilityResolver } from './observability.resolver.js';
import { observabilitySchemas, observabilityRoutes } from './observability.routes.js';

/**
 * Deployments observed on the cluster: health, metrics and logs (REST and GraphQL), and the monitor that
 * records metrics and checks health in the process running the apps. The monitor starts here: its ticks do
 * nothing in the other processes, and it stops by itself once the database is closed (`monitor.stop()` ends it sooner).
 */
export function deploymentObservabilityModule(deps: { dataSource: DataSource; bus: EventBus; providers: ProjectProviders }) {
  const service = new DeploymentObservabilityService(deps.dataSource, deps.providers, new DeploymentMetricsStore(deps.dataSource), deps.bus);
  const monitor = new DeploymentMonitor(service, deps.providers.localCluster, () => deps.dataSource.isInitialized);
  monitor.start();
  const feature: Feature = {
    rest: { routes: observabilityRoutes(service), schemas: observabilitySchemas },
    resolvers: [new DeploymentObservabilityResolver(service)],
  };
  return { service, monitor, feature };
}
