import { StreamName } from '@slipway/domain';
import type { EntityManager } from 'typeorm';
import { AppError, ErrorCode } from '../../../common/app-error.js';
import type { PipelineEngine, RunView } from '../../../pipelines/engine.js';
import { RunStatus } from '../../../pipelines/pipeline-run.entity.js';
import { blankProjectSteps, creationSteps } from './creation.steps.js';
import { deletionSteps } from './deletion.steps.js';
import { deploymentSteps, deploymentStopSteps } from '../../deployments/runs/deployment.steps.js';
import type { RunProviders } from './run-ports.js';
import { versionBuildSteps } from '../../versions/runs/version-build.steps.js';

/** Every step a project run may use, for the engine's registry. */
export const projectRunSteps = [...creationSteps, ...deletionSteps, ...versionBuildSteps, ...deploymentSteps, ...deploymentStopSteps];

interface ProjectRef {
  ownerId: string;
  projectId: string;
}

/** Starts a project's creation and deletion runs; the projects service calls it, the engine does the work. */
export class ProjectRuns {
  /** The engine comes later: the pipelines module that builds it needs the projects service first. */
  constructor(private readonly engine: () => PipelineEngine<RunProviders>) {}

  /** In the caller's transaction (the project's insert): the project exists if and only if its run does. */
  startCreation(transaction: EntityManager, { ownerId, projectId, blank }: ProjectRef & { blank: boolean }): Promise<string> {
    return this.engine().start(StreamName.projectCreation, blank ? blankProjectSteps : creationSteps, { ownerId, projectId, transaction });
  }

  /**
   * Starts the project's deletion unless one is running already (the caller holds the project's row lock, so two
   * calls cannot both start one). A running creation is cancelled first: the deletion cleans up what it made.
   */
  async startDeletion(transaction: EntityManager, { ownerId, projectId }: ProjectRef): Promise<void> {
    const latest = await this.latest({ ownerId, projectId });
    if (latest?.status === RunStatus.running && latest.streamName === StreamName.projectDeletion) return;
    if (latest?.status === RunStatus.running) await this.engine().cancel(latest.id, ownerId);
    await this.engine().start(StreamName.projectDeletion, deletionSteps, { ownerId, projectId, transaction });
  }

  /** A version's build, in the caller's transaction (the one that records the run on the version row). */
  startVersionBuild(transaction: EntityManager, { ownerId, projectId }: ProjectRef): Promise<string> {
    return this.engine().start(StreamName.versionBuild, versionBuildSteps, { ownerId, projectId, transaction });
  }

  /** Stops a running build run; answers false when it is not running (any more). */
  async cancelVersionBuild(runId: string, ownerId: string): Promise<boolean> {
    try {
      await this.engine().cancel(runId, ownerId);
      return true;
    } catch (error) {
      if (error instanceof AppError && error.code === ErrorCode.Conflict) return false;
      throw error;
    }
  }

  /** A deployment's rollout, rollback or scale, in the caller's transaction (the one that records the run on the deployment row). */
  startDeployment(transaction: EntityManager, { ownerId, projectId }: ProjectRef): Promise<string> {
    return this.engine().start(StreamName.deployment, deploymentSteps, { ownerId, projectId, transaction });
  }

  /** A deployment's stop, likewise. */
  startDeploymentStop(transaction: EntityManager, { ownerId, projectId }: ProjectRef): Promise<string> {
    return this.engine().start(StreamName.deployment, deploymentStopSteps, { ownerId, projectId, transaction });
  }

  deploymentRun(runId: string, ownerId: string): Promise<RunView> {
    return this.engine().getRun(runId, ownerId);
  }

  buildRun(runId: string, ownerId: string): Promise<RunView> {
    return this.engine().getRun(runId, ownerId);
  }

  /** After a cancel: a cancelled creation leaves nothing behind (its deletion run removes what it made). */
  async cleanUpAfterCancel(run: RunView): Promise<void> {
    if (run.streamName === StreamName.projectCreation && run.projectId) {
      await this.engine().start(StreamName.projectDeletion, deletionSteps, { ownerId: run.ownerId, projectId: run.projectId });
    }
  }

  latest({ ownerId, projectId }: ProjectRef): Promise<RunView | null> {
    return this.engine().latestRun(projectId, ownerId);
  }
}
