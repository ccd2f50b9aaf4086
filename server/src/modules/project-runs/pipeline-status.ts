import type { RunView } from '../../pipelines/engine.js';

/** REST's project status stream (spec section 3): the engine's view of the run, in the contract's snake_case names. */
export function toStatusResponse(run: RunView) {
  return {
    id: run.id,
    project_id: run.projectId,
    stream_name: run.streamName,
    overall_status: run.status,
    progress_percent: run.progressPercent,
    completed_processors: run.completedSteps,
    total_processors: run.totalSteps,
    running_processors: run.runningSteps,
    last_updated: run.updatedAt,
    seq: run.seq,
    processors: run.steps.map((processor) => ({
      processor_name: processor.stepId,
      label: processor.label,
      description: processor.description,
      icon: processor.icon,
      status: processor.status,
      attempts: processor.attempts,
      started_at: processor.startedAt,
      completed_at: processor.completedAt,
      updated_at: processor.updatedAt,
      error_message: processor.errorMessage,
      log: processor.log,
      substeps: processor.substeps,
    })),
  };
}
