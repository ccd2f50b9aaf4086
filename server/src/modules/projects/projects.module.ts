import type { AuditRecorder } from '../audit/audit-log.js';
import type { DataSource } from 'typeorm';
import type { PublicAddress } from '../../common/public-address.js';
import type { SecretBox } from '../../common/secret-box.js';
import type { EventBus } from '../../events/event-bus.js';
import type { PipelineEngine } from '../../pipelines/engine.js';
import type { ProjectProviders } from '../../providers/project-providers.js';
import type { Feature } from '../feature.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { TemplatesService } from '../templates/templates.service.js';
import type { BuildLogs } from '../versions/build-logs.js';
import { ProjectsResolver } from './projects.resolver.js';
import { projectSchemas, projectsRoutes } from './projects.routes.js';
import { ProjectsService } from './projects.service.js';
import { ProjectRuns, projectRunSteps } from './runs/project-runs.js';
import { projectRunProviders } from './runs/run-providers.js';

/**
 * Projects, and their creation and deletion runs: the module hands its steps and its run-ended handler to the
 * engine, and answers the ports every project run's steps use (runProviders) for the versions' and deployments' steps.
 */
export function projectsModule(deps: {
  dataSource: DataSource;
  bus: EventBus;
  audit: AuditRecorder;
  secretBox: SecretBox;
  templates: TemplatesService;
  settings: SettingsService;
  engine: PipelineEngine;
  /** Each project's source host, builder, registry and cluster. */
  providers: ProjectProviders;
  buildLogs: BuildLogs;
  publicAddress: PublicAddress;
}) {
  const runs = new ProjectRuns(deps.engine);
  const service = new ProjectsService(deps.dataSource, deps.secretBox, deps.templates, deps.settings, runs, deps.publicAddress, deps.audit);
  const runProviders = projectRunProviders(
    { projects: deps.providers, buildLogs: deps.buildLogs },
    { dataSource: deps.dataSource, bus: deps.bus, projects: service, templates: deps.templates, settings: deps.settings, secretBox: deps.secretBox },
  );
  deps.engine.register({ steps: projectRunSteps, providers: runProviders });
  deps.engine.onRunEnded({ cancelled: (run) => runs.cleanUpAfterCancel(run) });
  const feature: Feature = {
    rest: { routes: projectsRoutes(service), schemas: projectSchemas },
    resolvers: [new ProjectsResolver(service, deps.templates)],
  };
  return { service, feature, runProviders };
}
