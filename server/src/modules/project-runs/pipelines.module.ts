import type { DataSource } from 'typeorm';
import type { EventBus } from '../../events/event-bus.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { PipelineEngine, type RunFailure, type RunView, type WorkerLiveness } from '../../pipelines/engine.js';
import { type RunInfo, type StepDefinition, StepRegistry } from '../../pipelines/steps.js';
import type { Feature } from '../feature.js';
import type { ProjectsService } from '../projects/projects.service.js';
import { PipelineFeed } from './pipeline-feed.js';
import { toPipelineStatus } from './pipeline-status.js';
import { ProjectPipelineResolver } from './project-pipeline.resolver.js';
import { ProjectPipelinesService } from './project-pipelines.service.js';
import { pipelineSchemas, pipelinesRoutes } from './pipelines.routes.js';

/**
 * The pipeline engine with every step a run may use, and the status calls, mutations and live subscription
 * around a project's runs. Every process builds the same registry: a worker finds a step's code by its id.
 */
export function pipelinesModule<P>(deps: {
  dataSource: DataSource;
  queue: JobQueue;
  bus: EventBus;
  /** The product's steps (creation, deletion, ...). */
  steps: Array<StepDefinition<P>>;
  /** Steps registered beside them by whoever boots Slipway with them (tests, the pipeline benchmark). */
  extraSteps?: Array<StepDefinition<P>>;
  providers: (run: RunInfo) => P | Promise<P>;
  /** See PipelineEngineOptions.workers. */
  workers: WorkerLiveness;
  projects: ProjectsService;
  /** See ProjectPipelinesService. */
  onCancelled?: (run: RunView) => Promise<void>;
  /** See PipelineEngineOptions.onRunFailed. */
  onRunFailed?: (failure: RunFailure) => Promise<void>;
}) {
  const registry = new StepRegistry([...deps.steps, ...(deps.extraSteps ?? [])]);
  const engine = new PipelineEngine({ dataSource: deps.dataSource, queue: deps.queue, bus: deps.bus, registry, providers: deps.providers, workers: deps.workers, onRunFailed: deps.onRunFailed });
  const pipelines = new ProjectPipelinesService(engine, deps.projects, deps.onCancelled);
  const feed = new PipelineFeed(deps.bus, async (projectId, ownerId) => {
    const run = await engine.latestRun(projectId, ownerId);
    return run && toPipelineStatus(run);
  });
  const feature: Feature = {
    rest: { routes: pipelinesRoutes(pipelines), schemas: pipelineSchemas },
    resolvers: [new ProjectPipelineResolver(pipelines, feed)],
    defineJobs: () => engine.defineJobs(),
  };
  return { engine, feature };
}
