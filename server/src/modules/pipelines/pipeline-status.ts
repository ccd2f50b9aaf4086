import type { RunView } from '../../pipelines/engine.js';
import { StepStatus } from '../../pipelines/pipeline-step.entity.js';
import { PipelineProcessor, PipelineStatus, toStepIcon } from './pipeline-status.model.js';

/** A run as the contract's PipelineStatus: counts over its steps, labels and icons from their definitions. */
export function toPipelineStatus(run: RunView): PipelineStatus {
  const count = (status: StepStatus) => run.steps.filter((step) => step.status === status).length;
  const completed = count(StepStatus.completed);
  const total = run.steps.length;
  return Object.assign(new PipelineStatus(), {
    id: run.id,
    projectId: run.projectId,
    streamName: run.streamName,
    overallStatus: run.status,
    progressPercent: total === 0 ? 0 : Math.round((100 * completed) / total),
    completedProcessors: completed,
    totalProcessors: total,
    runningProcessors: count(StepStatus.running),
    lastUpdated: run.updatedAt,
    seq: run.seq,
    processors: run.steps.map((step) =>
      Object.assign(new PipelineProcessor(), {
        processorName: step.stepId,
        label: step.label,
        description: step.description,
        ranOn: step.ranOn,
        icon: toStepIcon(step.icon),
        status: step.status,
        attempts: step.attempts,
        startedAt: step.startedAt,
        completedAt: step.completedAt,
        updatedAt: step.updatedAt,
        errorMessage: step.errorMessage,
        log: step.log,
        substeps: step.substeps,
      }),
    ),
  });
}

/** REST's project status stream (spec section 3, snake_case). */
export function toStatusResponse(status: PipelineStatus) {
  return {
    id: status.id,
    project_id: status.projectId,
    stream_name: status.streamName,
    overall_status: status.overallStatus,
    progress_percent: status.progressPercent,
    completed_processors: status.completedProcessors,
    total_processors: status.totalProcessors,
    running_processors: status.runningProcessors,
    last_updated: status.lastUpdated,
    seq: status.seq,
    processors: status.processors.map((processor) => ({
      processor_name: processor.processorName,
      label: processor.label,
      description: processor.description,
      ran_on: processor.ranOn,
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
