import 'reflect-metadata';
import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { RunStatus } from '../../pipelines/pipeline-run.entity.js';
import { StepStatus } from '../../pipelines/pipeline-step.entity.js';
import type { StepIcon } from '../../pipelines/steps.js';

// The GraphQL description of the engine's RunView, served as it is: the contract's names (overallStatus,
// processors, ...) are the fields' GraphQL names.

registerEnumType(RunStatus, {
  name: 'PipelineRunStatus',
  description: "A pipeline run's overall status (the spec's overall_status)",
  valuesConfig: {
    running: { description: 'A step is running or waiting for a worker' },
    completed: { description: 'Every step completed' },
    failed: { description: 'A step failed for good; the rest were skipped (retry resumes at the failed step)' },
    cancelled: { description: 'Stopped by its owner; the steps not run were skipped' },
  },
});

registerEnumType(StepStatus, {
  name: 'PipelineStepStatus',
  description: "A pipeline step's (processor's) or substep's status",
  valuesConfig: {
    pending: { description: 'Not started yet, or waiting for its next attempt' },
    running: { description: 'Running on a worker' },
    completed: { description: 'Done' },
    failed: { description: 'Failed for good (its error message says why)' },
    skipped: { description: 'Not run: an earlier step failed or the run was cancelled' },
  },
});

/** Spec section 2's timeline icon names, as a GraphQL enum. */
export enum PipelineStepIcon {
  code = 'code',
  files = 'files',
  test = 'test',
  deploy = 'deploy',
  database = 'database',
  server = 'server',
  config = 'config',
  cloud = 'cloud',
}

registerEnumType(PipelineStepIcon, {
  name: 'PipelineStepIcon',
  description: "The timeline's icon for a step",
  valuesConfig: {
    code: { description: 'Source code' },
    files: { description: 'Files' },
    test: { description: 'Checks and tests' },
    deploy: { description: 'A deployment' },
    database: { description: 'Stored data' },
    server: { description: 'A server or cluster' },
    config: { description: 'Settings and secrets' },
    cloud: { description: 'An outside service' },
  },
});

@ObjectType({ description: "A part of a step's work, shown under it in the timeline" })
export class PipelineSubstep {
  @Field(() => String, { description: 'The substep name' })
  name!: string;

  @Field(() => StepStatus, { description: 'Its status' })
  status!: StepStatus;

  @Field(() => String, { description: 'What it does or did' })
  description!: string;
}

@ObjectType({ description: 'One step of a pipeline run (a processor in the spec)' })
export class PipelineProcessor {
  @Field(() => String, { name: 'processorName', description: "The step's id, e.g. validate-request (the spec's processor_name)" })
  stepId!: string;

  @Field(() => String, { description: "The step's label, e.g. Save Project" })
  label!: string;

  @Field(() => String, { description: 'What the step does' })
  description!: string;

  @Field(() => PipelineStepIcon, { nullable: true, description: "The timeline's icon; null for a step this version no longer knows" })
  icon!: StepIcon | null;

  @Field(() => StepStatus, { description: "The step's status" })
  status!: StepStatus;

  @Field(() => Int, { description: 'Attempts since the step was last started (a retry counts again from 0)' })
  attempts!: number;

  @Field(() => Date, { nullable: true, description: 'When its first attempt started' })
  startedAt!: Date | null;

  @Field(() => Date, { nullable: true, description: 'When it completed or failed for good' })
  completedAt!: Date | null;

  @Field(() => Date, { description: 'When the step last changed' })
  updatedAt!: Date;

  @Field(() => String, { nullable: true, description: "Why the step (or its last attempt) failed, e.g. 'Timed out after 30 s'" })
  errorMessage!: string | null;

  @Field(() => String, { description: 'The last few thousand characters the step logged' })
  log!: string;

  @Field(() => [PipelineSubstep], { description: 'Its substeps, in order' })
  substeps!: PipelineSubstep[];
}

@ObjectType({ description: "A project's pipeline run (the spec's project status stream)" })
export class PipelineStatus {
  @Field(() => ID, { description: 'The run id' })
  id!: string;

  @Field(() => ID, { nullable: true, description: 'The project the run is for' })
  projectId!: string | null;

  @Field(() => String, { description: 'The kind of run: project_creation, project_deletion, version_build or deployment' })
  streamName!: string;

  @Field(() => RunStatus, { name: 'overallStatus', description: "The run's overall status" })
  status!: RunStatus;

  @Field(() => Int, { description: 'round(100 * completed / total)' })
  progressPercent!: number;

  @Field(() => Int, { name: 'completedProcessors', description: 'Steps completed' })
  completedSteps!: number;

  @Field(() => Int, { name: 'totalProcessors', description: 'Steps in the run' })
  totalSteps!: number;

  @Field(() => Int, { name: 'runningProcessors', description: 'Steps running now' })
  runningSteps!: number;

  @Field(() => Date, { name: 'lastUpdated', description: 'When the run last changed' })
  updatedAt!: Date;

  @Field(() => Int, { description: "The run's change counter: a later snapshot of the same run has a higher one" })
  seq!: number;

  @Field(() => [PipelineProcessor], { name: 'processors', description: 'The steps, in run order' })
  steps!: PipelineProcessor[];
}
