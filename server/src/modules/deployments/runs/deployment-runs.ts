import { StreamName } from '@slipway/domain';
import type { EntityManager } from 'typeorm';
import type { PipelineEngine, RunView } from '../../../pipelines/engine.js';
import type { DeploymentRuns } from '../deployments.service.js';
import { canaryDeploymentSteps, deploymentSteps, deploymentStopSteps } from './deployment.steps.js';

/** Starts a deployment's runs on the engine. */
export class EngineDeploymentRuns implements DeploymentRuns {
  constructor(private readonly engine: PipelineEngine) {}

  /**
   * A deployment's rollout (a canary release when `canary`), rollback or scale, in the caller's transaction (the one
   * that records the run on the deployment row).
   */
  startDeployment(transaction: EntityManager, { ownerId, projectId }: { ownerId: string; projectId: string }, canary = false): Promise<string> {
    return this.engine.start(StreamName.deployment, canary ? canaryDeploymentSteps : deploymentSteps, { ownerId, projectId, transaction });
  }

  /** A deployment's stop, likewise. */
  startDeploymentStop(transaction: EntityManager, { ownerId, projectId }: { ownerId: string; projectId: string }): Promise<string> {
    return this.engine.start(StreamName.deployment, deploymentStopSteps, { ownerId, projectId, transaction });
  }

  deploymentRun(runId: string, ownerId: string): Promise<RunView> {
    return this.engine.getRun(runId, ownerId);
  }
}
