import type { AuditRecorder } from '../audit/audit-log.js';
import type { DataSource } from 'typeorm';
import type { EventBus } from '../../events/event-bus.js';
import type { PipelineEngine } from '../../pipelines/engine.js';
import type { RunInfo } from '../../pipelines/steps.js';
import type { ProjectProviders } from '../../providers/project-providers.js';
import type { Feature } from '../feature.js';
import type { ProjectsService } from '../projects/projects.service.js';
import type { BuildLogs } from './build-logs.js';
import { VersionFeed } from './version-feed.js';
import { PipelineBuildVersionResolver, ProjectVersionsResolver, VersionsResolver } from './versions.resolver.js';
import { versionSchemas, versionsRoutes } from './versions.routes.js';
import { VersionsService } from './versions.service.js';
import { EngineVersionBuildRuns } from './runs/version-build-runs.js';
import { versionBuildSteps } from './runs/version-build.steps.js';
import type { VersionRunProviders } from './runs/version-build.js';

/** A project's versions: REST and GraphQL calls, each version's live build, and the build runs' steps. */
export function versionsModule(deps: {
  dataSource: DataSource;
  bus: EventBus;
  audit: AuditRecorder;
  projects: ProjectsService;
  engine: PipelineEngine;
  /** The ports of a project run's steps (the projects module's). */
  runProviders: (run: RunInfo) => Promise<VersionRunProviders>;
  /** Each project's source host and registry. */
  providers: Pick<ProjectProviders, 'forProject'>;
  buildLogs: BuildLogs;
}) {
  const service = new VersionsService(deps.dataSource, deps.projects, new EngineVersionBuildRuns(deps.engine), deps.providers, deps.buildLogs, deps.bus, deps.audit);
  deps.engine.register({ steps: versionBuildSteps, providers: deps.runProviders });
  deps.engine.onRunEnded({ cancelled: (run) => service.buildCancelled(run), failed: (failure) => service.buildGivenUp(failure) });
  const feed = new VersionFeed(deps.bus, (versionId, ownerId) => service.buildSnapshot({ id: ownerId }, versionId).catch(() => null));
  const feature: Feature = {
    rest: { routes: versionsRoutes(service), schemas: versionSchemas },
    resolvers: [new ProjectVersionsResolver(service), new VersionsResolver(service, feed), new PipelineBuildVersionResolver(service)],
  };
  return { service, feature };
}
