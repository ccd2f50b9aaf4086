import { CREATION_STEP_IDS, DELETION_STEP_IDS, StreamName, stepLabel } from '@slipway/domain';
import type { MockLink } from '@apollo/client/testing';
import {
  CancelProjectPipelineDocument,
  ProjectPipelineDocument,
  ProjectPipelineUpdatesDocument,
  RetryProjectPipelineDocument,
} from '../../generated/graphql';
import { graphQLErrorResult } from '../../test/fixtures';
import type { PipelineRunStatus, PipelineStepStatus, PipelineStepView } from './pipeline-view';

/** Test data: runs and steps as the API's PipelineStatus answers them. */
export const PIPELINE_NOW = '2026-03-01T12:00:00.000Z';
const minutesBefore = (minutes: number) => new Date(Date.parse(PIPELINE_NOW) - minutes * 60_000).toISOString();

export function testStep(overrides: Partial<PipelineStepView> = {}) {
  return {
    __typename: 'PipelineProcessor' as const,
    processorName: 'validate-request',
    label: stepLabel('validate-request'),
    description: 'Checks the request',
    ranOn: null as string | null,
    icon: 'code' as const,
    status: 'pending' as PipelineStepStatus,
    attempts: 0,
    startedAt: null as string | null,
    completedAt: null as string | null,
    updatedAt: minutesBefore(0),
    errorMessage: null as string | null,
    substeps: [] as { __typename: 'PipelineSubstep'; name: string; status: PipelineStepStatus; description: string }[],
    ...overrides,
  };
}

export interface TestPipelineOptions {
  id?: string;
  projectId?: string;
  streamName?: string;
  /** How many steps have completed (the rest wait). */
  completed?: number;
  /** Whether the step after the completed ones runs. */
  running?: boolean;
  /** Whether the step after the completed ones failed. */
  failed?: boolean;
  overallStatus?: PipelineRunStatus;
}

/** A run of the stream's steps: `completed` done (finished 1 minute apart), then a running or failed step, then pending ones. */
export function testPipeline({
  id = 'run-1',
  projectId = '0b6b9c1e-4a5f-4c3e-9d2a-7f1e2d3c4b5a',
  streamName = StreamName.projectCreation,
  completed = 0,
  running = false,
  failed = false,
  overallStatus,
}: TestPipelineOptions = {}) {
  const ids: readonly string[] = streamName === StreamName.projectDeletion ? DELETION_STEP_IDS : CREATION_STEP_IDS;
  const processors = ids.map((name, index) => {
    const minutes = ids.length - index;
    const status: PipelineStepStatus =
      index < completed ? 'completed' : index > completed ? 'pending' : running ? 'running' : failed ? 'failed' : 'pending';
    const done = status === 'completed' || status === 'failed';
    return testStep({
      processorName: name,
      label: stepLabel(name),
      description: `${stepLabel(name)} description`,
      status,
      startedAt: status === 'pending' ? null : minutesBefore(minutes + 1),
      completedAt: done ? minutesBefore(minutes) : null,
      updatedAt: status === 'pending' ? minutesBefore(ids.length + 2) : minutesBefore(done ? minutes : 0),
      errorMessage: status === 'failed' ? 'Repository already exists' : null,
    });
  });
  const runningProcessors = processors.filter((step) => step.status === 'running').length;
  return {
    __typename: 'PipelineStatus' as const,
    id,
    projectId,
    streamName,
    overallStatus: overallStatus ?? (failed ? 'failed' : completed === ids.length ? 'completed' : 'running'),
    progressPercent: Math.round((100 * completed) / ids.length),
    completedProcessors: completed,
    totalProcessors: ids.length,
    runningProcessors,
    lastUpdated: PIPELINE_NOW,
    seq: completed + 1,
    buildVersion: null as { __typename: 'Version'; id: string; versionTag: string; buildStatus: 'pending' | 'running' | 'success' | 'failed' | 'cancelled' } | null,
    processors,
  } as const;
}

type TestRun = ReturnType<typeof testPipeline>;

/** The ProjectPipeline query answering the project's latest run (or none). */
export function pipelineMock(projectId: string, pipeline: TestRun | null): MockLink.MockedResponse {
  return {
    request: { query: ProjectPipelineDocument, variables: { id: projectId } },
    result: { data: { project: { __typename: 'Project', id: projectId, pipelineStatus: pipeline } } },
  };
}

/** The projectPipeline subscription sending `pipeline` after `delay` ms, or (without one) staying silent. */
export function pipelineUpdatesMock(projectId: string, pipeline?: TestRun, delay = 20): MockLink.MockedResponse {
  const request = { query: ProjectPipelineUpdatesDocument, variables: { projectId } };
  return pipeline ? { request, result: { data: { projectPipeline: pipeline } }, delay } : { request, delay: Infinity };
}

/** Retry or cancel answering `pipeline`, or failing with `error`. */
export function pipelineActionMock(
  action: 'retry' | 'cancel',
  projectId: string,
  outcome: { pipeline: TestRun } | { error: string; code: string },
): MockLink.MockedResponse {
  const query = action === 'retry' ? RetryProjectPipelineDocument : CancelProjectPipelineDocument;
  const field = action === 'retry' ? 'retryProjectPipeline' : 'cancelProjectPipeline';
  const result = 'pipeline' in outcome ? { data: { [field]: outcome.pipeline } } : graphQLErrorResult(outcome.error, outcome.code);
  return { request: { query, variables: { projectId } }, result };
}
