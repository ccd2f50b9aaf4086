import type { MockLink } from '@apollo/client/testing';
import { ProjectDetailDocument, type ProjectDetailFragment } from '../../../../generated/graphql';
import { graphQLErrorResult } from '../../../../test/fixtures';

/** Test data for the detail, edit and delete screens: a project as the ProjectDetail query returns it. */
export const PROJECT_ID = '0b6b9c1e-4a5f-4c3e-9d2a-7f1e2d3c4b5a';

export function testProject(overrides: Partial<ProjectDetailFragment> = {}): ProjectDetailFragment {
  return {
    __typename: 'Project',
    id: PROJECT_ID,
    yourRole: 'owner',
    name: 'Analytical Engine',
    description: 'Computes Bernoulli numbers.',
    tags: ['math', 'engine'],
    status: 'active',
    version: null,
    repositoryUrl: 'https://github.com/analytical/engine',
    cloneUrl: null,
    deployedUrl: null,
    templateName: 'node-rest-api',
    template: { __typename: 'Template', id: 'node-rest-api', name: 'node-rest-api', type: 'backend' },
    providers: { __typename: 'ProjectProviders', sourceHost: 'local', builder: 'local', registry: 'local', cluster: 'local', label: 'local git' },
    limits: { __typename: 'ProjectLimits', memoryMb: null, processes: 300, cpuPercent: null, diskMb: null },
    sandbox: {
      __typename: 'ProjectSandbox',
      sandboxed: true,
      limitsEnforced: true,
      summary: 'Builds and the app run in a sandbox: own user, no access to other projects; limits 512 MB memory, 300 processes, 100 % CPU for apps, 1024 MB disk',
    },
    createdAt: '2026-02-01T09:30:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
    environmentVariables: [
      { __typename: 'EnvironmentVariable', name: 'PORT', value: '8080', sensitive: false },
      { __typename: 'EnvironmentVariable', name: 'API_KEY', value: 'sk-live-1234567890abcdefghijklmnop', sensitive: true },
    ],
    ...overrides,
  };
}

export function projectMock(project: ProjectDetailFragment = testProject(), delay?: number): MockLink.MockedResponse {
  return { request: { query: ProjectDetailDocument, variables: { id: project.id } }, result: { data: { project } }, delay };
}

export function projectNotFoundMock(id = PROJECT_ID): MockLink.MockedResponse {
  return { request: { query: ProjectDetailDocument, variables: { id } }, result: graphQLErrorResult('Project not found', 'NOT_FOUND') };
}

export function projectErrorMock(error: Error, id = PROJECT_ID): MockLink.MockedResponse {
  return { request: { query: ProjectDetailDocument, variables: { id } }, error };
}
