import type { DataSource } from 'typeorm';
import type { EventBus } from '../../events/event-bus.js';
import type { ProjectProviders } from '../../providers/project-providers.js';
import type { Feature } from '../feature.js';
import type { ProjectsService } from '../projects/projects.service.js';
import type { BuildLogs } from './build-logs.js';
import { VersionFeed } from './version-feed.js';
import { PipelineBuildVersionResolver, ProjectVersionsResolver, VersionsResolver } from './versions.resolver.js';
import { versionSchemas, versionsRoutes } from './versions.routes.js';
import { type VersionBuildRuns, VersionsService } from './versions.service.js';

/** A project's versions: REST and GraphQL calls, and each version's live build. */
export function versionsModule(deps: {
  dataSource: DataSource;
  bus: EventBus;
  projects: ProjectsService;
  runs: VersionBuildRuns;
  /** Each project's source host and registry. */
  providers: Pick<ProjectProviders, 'forProject'>;
  buildLogs: BuildLogs;
}) {
  const service = new VersionsService(deps.dataSource, deps.projects, deps.runs, deps.providers, deps.buildLogs, deps.bus);
  const feed = new VersionFeed(deps.bus, (versionId, ownerId) => service.buildSnapshot({ id: ownerId }, versionId).catch(() => null));
  const feature: Feature = {
    rest: { routes: versionsRoutes(service), schemas: versionSchemas },
    resolvers: [new ProjectVersionsResolver(service), new VersionsResolver(service, feed), new PipelineBuildVersionResolver(service)],
  };
  return { service, feature };
}
