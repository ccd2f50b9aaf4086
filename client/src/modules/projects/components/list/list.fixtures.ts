import type { MockLink } from '@apollo/client/testing';
import {
  ProjectTagsDocument,
  ProjectsDocument,
  type ProjectCardFragment,
  type ProjectsFilterInput,
} from '../../../../generated/graphql';
import { graphQLErrorResult } from '../../../../test/fixtures';

/** Test data for the projects list: projects, and a `projects` answer that filters, sorts and pages like the server. */
export function makeProject(index: number, overrides: Partial<ProjectCardFragment> = {}): ProjectCardFragment {
  const day = String((index % 28) + 1).padStart(2, '0');
  return {
    __typename: 'Project',
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    name: `Project ${String(index).padStart(2, '0')}`,
    description: `Description of project ${index}`,
    status: 'active',
    tags: [],
    version: null,
    beingDeleted: false,
    createdAt: `2026-01-${day}T10:00:00.000Z`,
    updatedAt: `2026-02-${day}T10:00:00.000Z`,
    ...overrides,
  };
}

function answer(projects: readonly ProjectCardFragment[], filter: ProjectsFilterInput = {}) {
  const page = filter.page ?? 1;
  const limit = filter.limit ?? 12;
  const search = filter.search?.toLowerCase();
  const matching = projects.filter(
    (project) =>
      (!search || `${project.name} ${project.description}`.toLowerCase().includes(search)) &&
      (!filter.status || project.status === filter.status) &&
      (!filter.tags?.length || project.tags.some((tag) => filter.tags!.includes(tag))),
  );
  const key = filter.sortBy === 'created_at' ? 'createdAt' : filter.sortBy === 'name' ? 'name' : filter.sortBy === 'status' ? 'status' : 'updatedAt';
  const direction = (filter.sortOrder ?? 'DESC') === 'ASC' ? 1 : -1;
  const sorted = [...matching].sort((a, b) => direction * a[key].localeCompare(b[key]));
  return {
    data: {
      projects: {
        __typename: 'ProjectPage' as const,
        page,
        limit,
        total: matching.length,
        totalPages: Math.ceil(matching.length / limit),
        projects: sorted.slice((page - 1) * limit, page * limit),
      },
    },
  };
}

/** Answers every `projects` query from `projects`; `requests` collects the filters the page sent. */
export function projectsMock(
  projects: readonly ProjectCardFragment[],
  requests: ProjectsFilterInput[] = [],
  delay?: number,
): MockLink.MockedResponse {
  return {
    request: { query: ProjectsDocument, variables: () => true },
    result: (variables: { filter?: ProjectsFilterInput }) => {
      requests.push(variables.filter ?? {});
      return answer(projects, variables.filter);
    },
    maxUsageCount: Number.POSITIVE_INFINITY,
    delay,
  };
}

export function projectsErrorMock(message: string): MockLink.MockedResponse {
  return {
    request: { query: ProjectsDocument, variables: () => true },
    result: graphQLErrorResult(message, 'INTERNAL_SERVER_ERROR'),
    maxUsageCount: Number.POSITIVE_INFINITY,
  };
}

export function projectTagsMock(tags: string[]): MockLink.MockedResponse {
  return {
    request: { query: ProjectTagsDocument },
    result: { data: { projectTags: tags } },
    maxUsageCount: Number.POSITIVE_INFINITY,
  };
}
