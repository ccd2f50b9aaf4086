import type { AuditRecorder } from '../audit/audit-log.js';
import type { DataSource } from 'typeorm';
import type { BuildInfo } from '../../common/build-info.js';
import type { Feature } from '../feature.js';
import type { ProjectsService } from '../projects/projects.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { HealthService } from '../system/health.service.js';
import { CommandsResolver } from './commands.resolver.js';
import { commandSchemas, commandsRoutes } from './commands.routes.js';
import { CommandsService } from './commands.service.js';
import type { PipelineEngine } from '../../pipelines/engine.js';
import { pipelinesPort, projectsPort, settingsPort, versionsPort } from './console-adapters.js';

export function commandsModule(deps: {
  dataSource: DataSource;
  projects: ProjectsService;
  settings: SettingsService;
  health: HealthService;
  pipelines: Pick<PipelineEngine, 'getRun'>;
  build: BuildInfo;
  audit: AuditRecorder;
}) {
  const service = new CommandsService(deps.dataSource, {
    projects: projectsPort(deps.projects, deps.dataSource),
    settings: settingsPort(deps.settings),
    health: deps.health,
    pipelines: pipelinesPort(deps.dataSource, deps.pipelines),
    versions: versionsPort(deps.dataSource),
    build: deps.build,
  }, deps.audit);
  const feature: Feature = { rest: { routes: commandsRoutes(service), schemas: commandSchemas }, resolvers: [new CommandsResolver(service)] };
  return { service, feature };
}
