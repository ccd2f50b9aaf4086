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
import { DatabasePreviewRemovalRecords, IDLE_SWEEP_MS, Previews } from './runs/previews.js';
import { type PreviewRemovalProviders, previewRemovalSteps } from './runs/preview-removal.steps.js';
import type { RunInfo } from '../../pipelines/steps.js';
import { RunStatus } from '../../pipelines/pipeline-run.entity.js';
import type { RunProviders } from '../projects/runs/run-ports.js';
import { logUnexpected } from '../../common/log.js';

/**
 * A project's environments (REST and GraphQL calls on one service) and deploy on push: each `repository.pushed`
 * starts a run per environment its branch feeds. Its push runs' steps are the versions' and deployments' (registered by
 * them); a preview's removal is a run of its own (preview-removal.steps.ts, registered here).
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
  /** The ports of a project run's steps (the projects module's): a preview's removal run uses its adapters. */
  runProviders: (run: RunInfo) => Promise<RunProviders>;
}) {
  const service = new EnvironmentsService(deps.dataSource, deps.projects, deps.secretBox, deps.deployments, deps.providers);
  const history = new PushHistory(deps.dataSource, deps.projects);
  const previews = new Previews(deps);
  deps.engine.register<PreviewRemovalProviders>({
    steps: previewRemovalSteps,
    providers: async (run) => {
      const ports = await deps.runProviders(run);
      // Getters: an adapter the project cannot use now fails only the step that touches it.
      return {
        get cluster() {
          return ports.cluster;
        },
        get registry() {
          return ports.registry;
        },
        get sourceHost() {
          return ports.sourceHost;
        },
        removal: new DatabasePreviewRemovalRecords(deps, run),
      };
    },
  });
  new PushDeploys({ ...deps, previews }).listen();
  // A cancelled removal leaves the preview as it is, to be removed again (a failed one waits for its Retry).
  deps.bus.subscribe('pipeline.updated', (event) => {
    if (event.status !== RunStatus.cancelled) return;
    void deps.dataSource.query(`UPDATE environments SET removal_run_id = NULL WHERE removal_run_id = $1`, [event.runId]).catch((error: unknown) => logUnexpected('preview removal cancelled', error));
  });
  // Idle previews go in whichever process looks first; removing one twice is harmless.
  setInterval(() => void previews.sweepIdle().catch((error: unknown) => logUnexpected('idle previews', error)), IDLE_SWEEP_MS).unref();
  const feature: Feature = {
    rest: { routes: environmentsRoutes(service, history), schemas: environmentSchemas },
    resolvers: [new EnvironmentsResolver(service, history)],
  };
  return { service, feature };
}
