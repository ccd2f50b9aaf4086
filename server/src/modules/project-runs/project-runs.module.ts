import type { EventBus } from '../../events/event-bus.js';
import type { PipelineEngine } from '../../pipelines/engine.js';
import type { Feature } from '../feature.js';
import type { ProjectsService } from '../projects/projects.service.js';
import { PipelineFeed } from './pipeline-feed.js';
import { ProjectPipelineResolver } from './project-pipeline.resolver.js';
import { ProjectPipelinesService } from './project-pipelines.service.js';
import { pipelineSchemas, pipelinesRoutes } from './pipelines.routes.js';

/** The status calls, mutations and live subscription around a project's latest run; the engine runs the steps. */
export function projectRunsModule(deps: { engine: PipelineEngine; bus: EventBus; projects: ProjectsService }) {
  const { engine } = deps;
  const pipelines = new ProjectPipelinesService(engine, deps.projects);
  const feed = new PipelineFeed(deps.bus, (projectId, ownerId) => engine.latestRun(projectId, ownerId));
  const feature: Feature = {
    rest: { routes: pipelinesRoutes(pipelines), schemas: pipelineSchemas },
    resolvers: [new ProjectPipelineResolver(pipelines, feed)],
    // After every feature registered its steps (at boot, in createFeatures).
    defineJobs: () => engine.defineJobs(),
  };
  return { feature };
}
