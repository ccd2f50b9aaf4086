import { StreamName } from '@slipway/domain';
import type { EntityManager } from 'typeorm';
import { AppError, ErrorCode } from '../../../common/app-error.js';
import type { PipelineEngine, RunView } from '../../../pipelines/engine.js';
import type { VersionBuildRuns } from '../versions.service.js';
import { versionBuildSteps } from './version-build.steps.js';

/** Starts and stops a version's build runs on the engine. */
export class EngineVersionBuildRuns implements VersionBuildRuns {
  constructor(private readonly engine: PipelineEngine) {}

  /** A version's build, in the caller's transaction (the one that records the run on the version row). */
  startVersionBuild(transaction: EntityManager, { ownerId, projectId }: { ownerId: string; projectId: string }): Promise<string> {
    return this.engine.start(StreamName.versionBuild, versionBuildSteps, { ownerId, projectId, transaction });
  }

  /** Stops a running build run; answers false when it is not running (any more). */
  async cancelVersionBuild(runId: string, ownerId: string): Promise<boolean> {
    try {
      await this.engine.cancel(runId, ownerId);
      return true;
    } catch (error) {
      if (error instanceof AppError && error.code === ErrorCode.Conflict) return false;
      throw error;
    }
  }

  buildRun(runId: string, ownerId: string): Promise<RunView> {
    return this.engine.getRun(runId, ownerId);
  }
}
