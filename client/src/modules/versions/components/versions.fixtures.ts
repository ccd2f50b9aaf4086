import type { MockLink } from '@apollo/client/testing';
import {
  ProjectVersionsDocument,
  VersionBuildLogDocument,
  type VersionCardFragment,
  type VersionsFilterInput,
} from '../../../generated/graphql';
import { DEFAULT_VERSION_PARAMS, toVersionsFilter } from '../version-list-params';

/** Test data for the Versions tab: versions as the VersionCard fragment has them, and the list's answers. */
export const PROJECT_ID = '0b6b9c1e-4a5f-4c3e-9d2a-7f1e2d3c4b5a';
export const COMMIT = '9f8e7d6c5b4a39281706f5e4d3c2b1a098765432';

export function testVersion(overrides: Partial<VersionCardFragment> = {}): VersionCardFragment {
  return {
    __typename: 'Version',
    id: 'a1b2c3d4-0000-4000-8000-000000000001',
    versionTag: 'v1.2.0',
    versionNumber: 3,
    description: 'Adds the difference engine.',
    gitBranch: 'main',
    gitCommitSha: COMMIT,
    status: 'ready',
    buildStatus: 'success',
    active: false,
    buildStartedAt: '2026-03-01T10:00:00.000Z',
    buildCompletedAt: '2026-03-01T10:02:05.000Z',
    buildDurationSeconds: 125,
    deletionRefusal: null,
    buildLog: 'npm run build\nBuild finished',
    dockerImageUrl: 'https://registry.example/analytical-engine:v1.2.0',
    artifacts: [{ __typename: 'VersionArtifact', id: 'sha256-abc', type: 'image' }],
    createdAt: '2026-03-01T09:59:00.000Z',
    updatedAt: '2026-03-01T10:02:05.000Z',
    ...overrides,
  };
}

export function versionsResult(versions: VersionCardFragment[], page = { page: 1, total: versions.length, totalPages: 1 }) {
  return {
    data: {
      project: {
        __typename: 'Project' as const,
        id: PROJECT_ID,
        versions: { __typename: 'VersionPage' as const, limit: 20, ...page, versions },
      },
    },
  };
}

/** The version list query with `filter` (default: the first page, newest first) answering `versions`. */
export function versionsMock(
  versions: VersionCardFragment[],
  options: { filter?: VersionsFilterInput; page?: { page: number; total: number; totalPages: number } } = {},
): MockLink.MockedResponse {
  return {
    request: { query: ProjectVersionsDocument, variables: { projectId: PROJECT_ID, filter: options.filter ?? toVersionsFilter(DEFAULT_VERSION_PARAMS) } },
    result: versionsResult(versions, options.page),
  };
}

export function versionsErrorMock(error: Error): MockLink.MockedResponse {
  return {
    request: { query: ProjectVersionsDocument, variables: { projectId: PROJECT_ID, filter: toVersionsFilter(DEFAULT_VERSION_PARAMS) } },
    error,
  };
}

/** One frame of the build subscription for `version`. */
export function buildFrameMock(version: VersionCardFragment, logTail: string, delay?: number): MockLink.MockedResponse {
  return {
    request: { query: VersionBuildLogDocument, variables: { versionId: version.id } },
    result: { data: { versionBuild: { __typename: 'VersionBuild', logTail, version } } },
    delay,
  };
}
