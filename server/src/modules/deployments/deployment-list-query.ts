import { DEPLOYMENTS_PAGE_SIZE } from '@slipway/domain';
import { registerEnumType } from 'type-graphql';
import { invalidInput } from '../../common/validation.js';
import { MAX_PAGE, MAX_PAGE_SIZE, SortOrder, blank, integer, listFilters, oneOf, searchText, single, sortOrderOf } from '../projects/project-list-query.js';
import { DeploymentStatus } from './deployment-status.js';

export enum DeploymentSortField {
  created_at = 'created_at',
  activated_at = 'activated_at',
  updated_at = 'updated_at',
}

registerEnumType(DeploymentSortField, {
  name: 'DeploymentSortField',
  description: 'What a deployment list is sorted by',
  valuesConfig: {
    created_at: { description: 'When the deployment was created (Newest First / Oldest First)' },
    activated_at: { description: 'When it started serving (Recently Activated); never-activated ones last' },
    updated_at: { description: 'When it last changed' },
  },
});

/** An environment's name: lower-case letters, digits and dashes (it names the app on the cluster). */
export const ENVIRONMENT_NAME = /^[a-z][a-z0-9-]{0,19}$/;

export function parseEnvironment(value: unknown, field = 'environment'): string | null {
  value = single(value, field);
  if (blank(value)) return null;
  if (typeof value !== 'string' || !ENVIRONMENT_NAME.test(value.trim())) {
    throw invalidInput('environment must be 1 to 20 lower-case letters, digits or dashes, starting with a letter', field);
  }
  return value.trim();
}

/** Filters as they arrive from REST query strings or GraphQL input; every field optional. */
export interface DeploymentListQuery {
  page?: unknown;
  limit?: unknown;
  sortBy?: unknown;
  sortOrder?: unknown;
  search?: unknown;
  status?: unknown;
  environment?: unknown;
}

export interface ParsedDeploymentListQuery {
  page: number;
  limit: number;
  sortBy: DeploymentSortField;
  sortOrder: SortOrder;
  search: string | null;
  status: DeploymentStatus | null;
  environment: string | null;
}

/** Spec section 9: 10 to a page, newest first. */
export function parseDeploymentListQuery(query: DeploymentListQuery = {}): ParsedDeploymentListQuery {
  return {
    page: integer(query.page, 'page', 1, MAX_PAGE),
    limit: integer(query.limit, 'limit', DEPLOYMENTS_PAGE_SIZE, MAX_PAGE_SIZE),
    sortBy: oneOf(query.sortBy, 'sort_by', DeploymentSortField) ?? DeploymentSortField.created_at,
    sortOrder: sortOrderOf(query.sortOrder) ?? SortOrder.DESC,
    search: searchText(query.search),
    status: oneOf(query.status, 'status', DeploymentStatus),
    environment: parseEnvironment(query.environment),
  };
}

/** The WHERE clause (for a query builder on alias 'd' joined to its version as 'v'); the caller adds the project and owner. */
export function deploymentListFilters(query: ParsedDeploymentListQuery): { where: string[]; parameters: Record<string, unknown> } {
  return listFilters(
    [
      ['d.status', query.status],
      ['d.environment', query.environment],
    ],
    { text: query.search, columns: ['v.version_tag', 'v.git_commit_sha', 'd.environment', 'd.error_message'] },
  );
}

/** Ties broken by created_at and id so pages never overlap; never-activated ones sort last by activated_at. */
export function deploymentOrder(query: ParsedDeploymentListQuery): Array<[string, SortOrder, 'NULLS LAST' | undefined]> {
  const column = { created_at: 'd.created_at', activated_at: 'd.activated_at', updated_at: 'd.updated_at' }[query.sortBy];
  return [
    [column, query.sortOrder, query.sortBy === DeploymentSortField.activated_at ? 'NULLS LAST' : undefined],
    ['d.created_at', query.sortOrder, undefined],
    ['d.id', query.sortOrder, undefined],
  ];
}
