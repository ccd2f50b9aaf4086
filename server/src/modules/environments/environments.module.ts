import type { DataSource } from 'typeorm';
import type { SecretBox } from '../../common/secret-box.js';
import type { EventBus } from '../../events/event-bus.js';
import type { PipelineEngine } from '../../pipelines/engine.js';
import type { ProjectProviders } from '../../providers/project-providers.js';
import type { Feature } from '../feature.js';
import type { ProjectsService } from '../projects/projects.service.js';
import { EnvironmentsResolver } from './environments.resolver.js';
import { environmentSchemas, environmentsRoutes } from './environments.routes.js';
import { EnvironmentsService, type PromotionDeployments } from './environments.service.js';
import { PushHistory } from './push-history.js';
import { PushDeploys } from './runs/push-deploys.js';
import { IDLE_SWEEP_MS, Previews } from './runs/previews.js';
import { logUnexpected } from '../../common/log.js';

/**
 * A project's environments (REST and GraphQL calls on one service) and deploy on push: each `repository.pushed`
 * starts a run per environment its branch feeds. Its runs' steps are the versions' and deployments' (registered by them).
 */
export function environmentsModule(deps: {
  dataSource: DataSource;
  bus: EventBus;
  engine: PipelineEngine;
  projects: ProjectsService;
  providers: Pick<ProjectProviders, 'forProject'>;
  secretBox: SecretBox;
  /** Promotion and a variable change deploy through the deployments' service. */
  deployments: PromotionDeployments;
}) {
  const service = new EnvironmentsService(deps.dataSource, deps.projects, deps.secretBox, deps.deployments, deps.providers);
  const history = new PushHistory(deps.dataSource, deps.projects);
  const previews = new Previews(deps);
  new PushDeploys({ ...deps, previews }).listen();
  // Idle previews go in whichever process looks first; removing one twice is harmless.
  setInterval(() => void previews.sweepIdle().catch((error: unknown) => logUnexpected('idle previews', error)), IDLE_SWEEP_MS).unref();
  const feature: Feature = {
    rest: { routes: environmentsRoutes(service, history), schemas: environmentSchemas },
    resolvers: [new EnvironmentsResolver(service, history)],
  };
  return { service, feature };
}
