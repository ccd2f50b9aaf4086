import { StreamName } from '@slipway/domain';
import type { EntityManager } from 'typeorm';
import type { PipelineEngine, RunView } from '../../../pipelines/engine.js';
import { RunStatus } from '../../../pipelines/pipeline-run.entity.js';
import type { ProjectRunStarter } from '../projects.service.js';
import { blankProjectSteps, creationSteps } from './creation.steps.js';
import { deletionSteps } from './deletion.steps.js';

/** The projects feature's steps, for the engine's registry. */
export const projectRunSteps = [...creationSteps, ...deletionSteps];

interface ProjectRef {
  ownerId: string;
  projectId: string;
}

/** Starts a project's creation and deletion runs; the projects service calls it, the engine does the work. */
export class ProjectRuns implements ProjectRunStarter {
  constructor(private readonly engine: PipelineEngine) {}

  /** In the caller's transaction (the project's insert): the project exists if and only if its run does. */
  startCreation(transaction: EntityManager, { ownerId, projectId, blank }: ProjectRef & { blank: boolean }): Promise<string> {
    return this.engine.start(StreamName.projectCreation, blank ? blankProjectSteps : creationSteps, { ownerId, projectId, transaction });
  }

  /**
   * Starts the project's deletion unless one is running already (the caller holds the project's row lock, so two
   * calls cannot both start one). A running creation is cancelled first: the deletion cleans up what it made.
   */
  async startDeletion(transaction: EntityManager, { ownerId, projectId }: ProjectRef): Promise<void> {
    const latest = await this.engine.latestRun(projectId, ownerId);
    if (latest?.status === RunStatus.running && latest.streamName === StreamName.projectDeletion) return;
    if (latest?.status === RunStatus.running) await this.engine.cancel(latest.id, ownerId);
    await this.engine.start(StreamName.projectDeletion, deletionSteps, { ownerId, projectId, transaction });
  }

  /** After a cancel: a cancelled creation leaves nothing behind (its deletion run removes what it made). */
  async cleanUpAfterCancel(run: RunView): Promise<void> {
    if (run.streamName === StreamName.projectCreation && run.projectId) {
      await this.engine.start(StreamName.projectDeletion, deletionSteps, { ownerId: run.ownerId, projectId: run.projectId });
    }
  }
}
