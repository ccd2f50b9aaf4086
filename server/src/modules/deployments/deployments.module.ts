import type { AuditRecorder } from '../audit/audit-log.js';
import { StreamName } from '@slipway/domain';
import { logUnexpected } from '../../common/log.js';
import { PipelineRun, RunStatus } from '../../pipelines/pipeline-run.entity.js';
import type { DataSource } from 'typeorm';
import type { SecretBox } from '../../common/secret-box.js';
import type { EventBus } from '../../events/event-bus.js';
import type { PipelineEngine } from '../../pipelines/engine.js';
import type { RunInfo } from '../../pipelines/steps.js';
import type { Feature } from '../feature.js';
import type { ProjectsService } from '../projects/projects.service.js';
import { DeploymentFeed } from './deployment-feed.js';
import { DeploymentsResolver, ProjectDeploymentsResolver } from './deployments.resolver.js';
import { deploymentSchemas, deploymentsRoutes } from './deployments.routes.js';
import { DeploymentsService, runEndReason } from './deployments.service.js';
import { EngineDeploymentRuns } from './runs/deployment-runs.js';
import { canaryReleaseStep, deploymentSteps, deploymentStopSteps } from './runs/deployment.steps.js';
import type { DeploymentRunProviders } from './runs/deployment-rollout.js';

/** A project's deployments: REST and GraphQL calls, their live changes, and the deployment runs' steps. */
export function deploymentsModule(deps: {
  dataSource: DataSource;
  bus: EventBus;
  audit: AuditRecorder;
  projects: ProjectsService;
  engine: PipelineEngine;
  /** The ports of a project run's steps (the projects module's). */
  runProviders: (run: RunInfo) => Promise<DeploymentRunProviders>;
  secretBox: SecretBox;
}) {
  const service = new DeploymentsService(deps.dataSource, deps.projects, new EngineDeploymentRuns(deps.engine), deps.secretBox, deps.bus, deps.audit);
  deps.engine.register({ steps: [...deploymentSteps, canaryReleaseStep, ...deploymentStopSteps], providers: deps.runProviders });
  const feed = new DeploymentFeed(deps.bus, {
    one: (deploymentId, ownerId) => service.get({ id: ownerId }, deploymentId).catch(() => null),
    recent: async (projectId, ownerId) => (await service.list({ id: ownerId }, projectId, { sortBy: 'updated_at' }).catch(() => null))?.deployments ?? [],
  });
  // A run that ends without finishing its deployment (cancelled, or failed before its steps could say why) leaves none in progress.
  deps.bus.subscribe('pipeline.updated', (event) => {
    if (event.status !== RunStatus.failed && event.status !== RunStatus.cancelled) return;
    void deps.dataSource
      .getRepository(PipelineRun)
      .findOneBy({ id: event.runId, streamName: StreamName.deployment })
      .then((run) => run && service.runEnded(run, runEndReason(event.status)))
      .catch((error: unknown) => logUnexpected('deployment run end', error));
  });
  const feature: Feature = {
    rest: { routes: deploymentsRoutes(service), schemas: deploymentSchemas },
    resolvers: [new ProjectDeploymentsResolver(service), new DeploymentsResolver(service, deps.projects, feed)],
    recover: () => service.settleEndedRuns(),
  };
  return { service, feature };
}
