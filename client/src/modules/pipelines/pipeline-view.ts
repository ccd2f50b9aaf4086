// What the timeline shows for a run (spec sections 2 and 4), computed from the PipelineStatus the API sends.

import { StreamName } from '@slipway/domain';
import type { BuildStatus } from '../../generated/graphql';
import { formatDuration } from '../deployments/deployment-format';

export type PipelineRunStatus = 'running' | 'completed' | 'failed' | 'cancelled';
export type PipelineStepStatus = 'pending' | 'running' | 'completed' | 'failed' | 'skipped';
export type PipelineStepIcon = 'code' | 'files' | 'test' | 'deploy' | 'database' | 'server' | 'config' | 'cloud';

/** The fields of one processor (step) the timeline reads. */
export interface PipelineStepView {
  processorName: string;
  label: string;
  description: string;
  /** Where the step ran when its label names a provider the project does not use ('the local cluster'). */
  ranOn?: string | null;
  icon?: PipelineStepIcon | null;
  status: PipelineStepStatus;
  startedAt?: string | null;
  completedAt?: string | null;
  updatedAt: string;
  errorMessage?: string | null;
  substeps: readonly { name: string; status: PipelineStepStatus; description: string }[];
}

/** The fields of a run the timeline reads. */
export interface PipelineView {
  id: string;
  streamName: string;
  overallStatus: PipelineRunStatus;
  progressPercent: number;
  completedProcessors: number;
  totalProcessors: number;
  runningProcessors: number;
  processors: readonly PipelineStepView[];
  /** The version the run builds, whose build log its build step links to. */
  buildVersion?: { id: string; versionTag: string; buildStatus: BuildStatus } | null;
}

/** Spec section 4's timeline step states. */
export type TimelineStepStatus = 'completed' | 'in_progress' | 'not_completed';

/**
 * Completed and failed steps are done (a failed one carries a failed mark); a running one is in progress; pending
 * ones and those skipped after a failure or a cancel were not done.
 */
export function timelineStepStatus(status: PipelineStepStatus): TimelineStepStatus {
  if (status === 'running') return 'in_progress';
  if (status === 'pending' || status === 'skipped') return 'not_completed';
  return 'completed';
}

/** Spec section 9: the progress bar never shows less than 8 percent. */
export const MIN_PROGRESS_PERCENT = 8;

export function displayedProgress(percent: number): number {
  return Math.min(100, Math.max(MIN_PROGRESS_PERCENT, percent));
}

export const RUN_STATUS_LABELS: Record<PipelineRunStatus, string> = {
  running: 'Running',
  completed: 'Completed',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

export const STEP_STATUS_LABELS: Record<PipelineStepStatus, string> = {
  pending: 'Pending',
  running: 'Running',
  completed: 'Completed',
  failed: 'Failed',
  skipped: 'Skipped',
};

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** Spec section 4: 'Just now' under a minute, 'N min ago' under an hour, then 'Nh ago'. */
export function relativeTime(iso: string, now: number): string {
  const elapsed = Math.max(0, now - new Date(iso).getTime());
  if (elapsed < MINUTE_MS) return 'Just now';
  if (elapsed < HOUR_MS) return `${Math.floor(elapsed / MINUTE_MS)} min ago`;
  return `${Math.floor(elapsed / HOUR_MS)}h ago`;
}

/** A step's time: when it finished (relative); a running step 'In progress'; a step not started 'Pending'. */
export function stepTime(step: Pick<PipelineStepView, 'status' | 'completedAt' | 'updatedAt'>, now: number): string {
  if (step.status === 'running') return 'In progress';
  if (step.status === 'pending') return 'Pending';
  return relativeTime(step.completedAt ?? step.updatedAt, now);
}

/** The step the timeline scrolls to: the running one, else the first not yet started. */
export function currentStep(pipeline: PipelineView): PipelineStepView | undefined {
  return pipeline.processors.find((step) => step.status === 'running') ?? pipeline.processors.find((step) => step.status === 'pending');
}

/** A project whose latest run is a running project_deletion is being deleted (its Edit and Delete are off). */
export function isBeingDeleted(pipeline: Pick<PipelineView, 'streamName' | 'overallStatus'> | null): boolean {
  return pipeline?.streamName === StreamName.projectDeletion && pipeline.overallStatus === 'running';
}

/** A completed project_deletion run: the project is gone. */
export function isDeleted(pipeline: Pick<PipelineView, 'streamName' | 'overallStatus'> | null): boolean {
  return pipeline?.streamName === StreamName.projectDeletion && pipeline.overallStatus === 'completed';
}

const seconds = (from: string, to: number) => Math.max(0, (to - new Date(from).getTime()) / 1000);

/**
 * How long a step took (or, running, has taken so far), in seconds; null for a step that never started. A failed
 * or cancelled step ends at its last update.
 */
export function stepDurationSeconds(step: Pick<PipelineStepView, 'status' | 'startedAt' | 'completedAt' | 'updatedAt'>, now: number): number | null {
  if (!step.startedAt || step.status === 'pending' || step.status === 'skipped') return null;
  if (step.status === 'running') return seconds(step.startedAt, now);
  return seconds(step.startedAt, new Date(step.completedAt ?? step.updatedAt).getTime());
}

/** When the run started (its first step) and ended (its last finished step; null while it runs). */
export function runTimes(pipeline: Pick<PipelineView, 'overallStatus' | 'processors'>): { startedAt: string | null; endedAt: string | null } {
  const started = pipeline.processors.map((step) => step.startedAt).filter((at): at is string => Boolean(at));
  const ended = pipeline.processors
    .filter((step) => step.startedAt && step.status !== 'running')
    .map((step) => step.completedAt ?? step.updatedAt);
  const earliest = started.sort()[0] ?? null;
  if (pipeline.overallStatus === 'running') return { startedAt: earliest, endedAt: null };
  return { startedAt: earliest, endedAt: ended.sort().at(-1) ?? null };
}

/** How long the run took (or, running, has taken so far), in seconds; null before its first step started. */
export function runDurationSeconds(pipeline: Pick<PipelineView, 'overallStatus' | 'processors'>, now: number): number | null {
  const { startedAt, endedAt } = runTimes(pipeline);
  if (!startedAt) return null;
  return seconds(startedAt, endedAt ? new Date(endedAt).getTime() : now);
}

/** Spec section 9's duration display, with '<1s' for what took less than a second. */
export function pipelineDuration(secondsTaken: number): string {
  return secondsTaken < 1 ? '<1s' : (formatDuration(secondsTaken) ?? '');
}

/** An absolute time for hover and screen readers: 'Nov 27, 2026, 11:47:08 PM'. */
export function absoluteTime(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
}
