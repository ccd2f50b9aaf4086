import type { MockLink } from '@apollo/client/testing';
import {
  CreateDeploymentDocument,
  DeploymentDetailsDocument,
  ProjectActiveDeploymentDocument,
  ProjectDeploymentUpdatesDocument,
  ProjectDeploymentsDocument,
  RollbackDeploymentDocument,
  type DeploymentCardFragment,
  type DeploymentDetailsFragment,
  type DeploymentsFilterInput,
} from '../../../generated/graphql';
import { graphQLErrorResult } from '../../../test/fixtures';
import { ACTIVE_DEPLOYMENTS_FILTER, DEFAULT_DEPLOYMENT_PARAMS, toDeploymentsFilter } from '../deployment-list-params';

/** Test data for the Deployments tab: deployments as the DeploymentCard fragment has them, and the calls' answers. */
export const PROJECT_ID = '0b6b9c1e-4a5f-4c3e-9d2a-7f1e2d3c4b5a';
export const COMMIT_V1 = '1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d';
export const COMMIT_V2 = '9f8e7d6c5b4a39281706f5e4d3c2b1a098765432';

export function testDeployment(overrides: Partial<DeploymentCardFragment> = {}): DeploymentCardFragment {
  return {
    __typename: 'Deployment',
    id: 'd0000000-0000-4000-8000-000000000002',
    environment: 'production',
    status: 'active',
    strategy: 'rolling',
    trafficPercent: 100,
    health: 'healthy',
    errorMessage: null,
    replicas: 1,
    activatedAt: '2026-03-01T10:01:30.000Z',
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:01:30.000Z',
    rolledBackAt: null,
    supersededAt: null,
    deployedUrl: 'http://shop-1a2b3c4d.localhost:4000/',
    loopbackUrl: 'http://127.0.0.1:27000/',
    rollbackTargetId: 'd0000000-0000-4000-8000-000000000001',
    rollbackTarget: {
      __typename: 'Deployment',
      id: 'd0000000-0000-4000-8000-000000000001',
      activatedAt: '2026-02-28T09:00:40.000Z',
      version: { __typename: 'Version', id: 'a0000000-0000-4000-8000-000000000001', versionTag: 'v1.0.0', versionNumber: 1 },
    },
    restoresDeploymentId: null,
    restores: null,
    rollbackReason: null,
    isActive: true,
    durationSeconds: 90,
    canarySteps: null,
    canaryStepSeconds: null,
    canaryStep: null,
    versionId: 'a0000000-0000-4000-8000-000000000002',
    version: { __typename: 'Version', id: 'a0000000-0000-4000-8000-000000000002', versionTag: 'v2.0.0', versionNumber: 2, gitCommitSha: COMMIT_V2 },
    ...overrides,
  };
}

/** The v1 deployment v2 replaced: superseded, the way back. */
export function previousDeployment(overrides: Partial<DeploymentCardFragment> = {}): DeploymentCardFragment {
  return testDeployment({
    id: 'd0000000-0000-4000-8000-000000000001',
    status: 'superseded',
    trafficPercent: 0,
    isActive: false,
    rollbackTargetId: null,
    rollbackTarget: null,
    activatedAt: '2026-02-28T09:00:40.000Z',
    createdAt: '2026-02-28T09:00:00.000Z',
    updatedAt: '2026-03-01T10:01:30.000Z',
    supersededAt: '2026-03-01T10:01:30.000Z',
    durationSeconds: 40,
    versionId: 'a0000000-0000-4000-8000-000000000001',
    version: { __typename: 'Version', id: 'a0000000-0000-4000-8000-000000000001', versionTag: 'v1.0.0', versionNumber: 1, gitCommitSha: COMMIT_V1 },
    ...overrides,
  });
}

export function deploymentsResult(deployments: DeploymentCardFragment[], page = { page: 1, count: deployments.length, totalPages: 1, limit: 10 }) {
  return {
    data: {
      project: {
        __typename: 'Project' as const,
        id: PROJECT_ID,
        deployments: { __typename: 'DeploymentPage' as const, ...page, deployments },
      },
    },
  };
}

/** The deployment list query with `filter` answering `deployments`. */
export function deploymentsMock(
  filter: DeploymentsFilterInput,
  deployments: DeploymentCardFragment[],
  page?: { page: number; count: number; totalPages: number; limit: number },
): MockLink.MockedResponse {
  return { request: { query: ProjectDeploymentsDocument, variables: { projectId: PROJECT_ID, filter } }, result: deploymentsResult(deployments, page) };
}

export const activeMock = (deployments: DeploymentCardFragment[]) => deploymentsMock(ACTIVE_DEPLOYMENTS_FILTER, deployments);

export const historyMock = (
  deployments: DeploymentCardFragment[],
  params = DEFAULT_DEPLOYMENT_PARAMS,
  page?: { page: number; count: number; totalPages: number; limit: number },
) => deploymentsMock(toDeploymentsFilter(params), deployments, page);

export function historyErrorMock(message: string, params = DEFAULT_DEPLOYMENT_PARAMS): MockLink.MockedResponse {
  return {
    request: { query: ProjectDeploymentsDocument, variables: { projectId: PROJECT_ID, filter: toDeploymentsFilter(params) } },
    result: graphQLErrorResult(message, 'INTERNAL_SERVER_ERROR'),
  };
}

/** The live subscription: open, sending nothing (or `deployment` after `delay`). */
export function updatesMock(deployment?: DeploymentCardFragment, delay = 20): MockLink.MockedResponse {
  const request = { query: ProjectDeploymentUpdatesDocument, variables: { projectId: PROJECT_ID } };
  return deployment ? { request, result: { data: { projectDeployments: deployment } }, delay } : { request, delay: Infinity };
}

export function activeDeploymentMock(deployment: DeploymentCardFragment | null, projectId = PROJECT_ID): MockLink.MockedResponse {
  return { request: { query: ProjectActiveDeploymentDocument, variables: { projectId } }, result: { data: { activeDeployment: deployment } } };
}

export function rollbackMock(deployment: DeploymentCardFragment, targetId: string, outcome: { error?: string } = {}): MockLink.MockedResponse {
  return {
    request: {
      query: RollbackDeploymentDocument,
      variables: { id: deployment.id, input: { targetDeploymentId: targetId, reason: 'Manual rollback via UI' } },
    },
    result: outcome.error !== undefined
      ? { errors: graphQLErrorResult(outcome.error, 'BAD_REQUEST').errors }
      : { data: { rollbackDeployment: { ...deployment, status: 'rolling_back' } } },
  };
}

export function createDeploymentMock(
  versionId: string,
  deployment: DeploymentCardFragment,
  outcome: { error?: Error } = {},
  input: Record<string, unknown> = { deploymentStrategy: 'rolling' },
): MockLink.MockedResponse {
  const request = { query: CreateDeploymentDocument, variables: { projectId: PROJECT_ID, input: { versionId, ...input } } };
  return outcome.error ? { request, error: outcome.error } : { request, result: { data: { createDeployment: deployment } } };
}

export function detailsMock(deployment: DeploymentCardFragment, extra: Partial<DeploymentDetailsFragment> = {}): MockLink.MockedResponse {
  const details: DeploymentDetailsFragment = {
    ...deployment,
    kubernetesNamespace: null,
    kubernetesDeploymentName: 'engine-r2',
    kubernetesServiceName: 'engine',
    events: [],
    ...extra,
  };
  return { request: { query: DeploymentDetailsDocument, variables: { id: deployment.id } }, result: { data: { deployment: details } } };
}
