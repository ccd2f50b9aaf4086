import type { PipelineEngine, RunView } from '../../pipelines/engine.js';
import type { Project } from '../projects/project.entity.js';
import type { ProjectsService } from '../projects/projects.service.js';
import type { User } from '../users/user.entity.js';
import { noPipelineRun } from './pipelines.errors.js';

type Owner = Pick<User, 'id'>;

/**
 * A project's latest pipeline run, for the project's owner only: anyone else's project id (or an id that
 * is no project) is 'Project not found'. A deletion run outlives its project, so its owner still sees it.
 */
export class ProjectPipelinesService {
  constructor(
    private readonly engine: PipelineEngine,
    private readonly projects: Pick<ProjectsService, 'get'>,
  ) {}

  /** The latest run, or null when the owner's project has none yet. */
  async latest(owner: Owner, projectId: string): Promise<RunView | null> {
    const run = await this.engine.latestRun(projectId, owner.id);
    if (!run) await this.projects.get(owner, projectId);
    return run;
  }

  /** For a project already checked to be the caller's (GraphQL's Project.pipelineStatus). */
  async ofProject(project: Pick<Project, 'id' | 'ownerId'>): Promise<RunView | null> {
    return this.engine.latestRun(project.id, project.ownerId);
  }

  status(owner: Owner, projectId: string): Promise<RunView> {
    return this.latestOrFail(owner, projectId);
  }

  /** Runs the latest run again from its failed step. */
  async retry(owner: Owner, projectId: string): Promise<RunView> {
    const run = await this.latestOrFail(owner, projectId);
    await this.engine.retryFrom(run.id, owner.id);
    return this.engine.getRun(run.id, owner.id);
  }

  /** Stops the latest run while it runs; the features clean up after it (a cancelled creation's deletion run). */
  async cancel(owner: Owner, projectId: string): Promise<RunView> {
    const run = await this.latestOrFail(owner, projectId);
    return this.engine.cancelAndSettle(run.id, owner.id);
  }

  private async latestOrFail(owner: Owner, projectId: string): Promise<RunView> {
    const run = await this.latest(owner, projectId);
    if (!run) throw noPipelineRun();
    return run;
  }
}
