import { VERSIONS_PAGE_SIZE } from '@slipway/domain';
import { registerEnumType } from 'type-graphql';
import { MAX_PAGE, MAX_PAGE_SIZE, SortOrder, integer, listFilters, oneOf, searchText, sortOrderOf } from '../projects/project-list-query.js';
import { BuildStatus, VersionStatus } from './version-status.js';

export enum VersionSortField {
  created_at = 'created_at',
  updated_at = 'updated_at',
  version_number = 'version_number',
}

registerEnumType(VersionSortField, {
  name: 'VersionSortField',
  description: 'What a version list is sorted by',
  valuesConfig: {
    created_at: { description: 'When the version was created' },
    updated_at: { description: 'When the version last changed' },
    version_number: { description: 'The order the versions were created in (1 for the first)' },
  },
});

/** Filters as they arrive from REST query strings or GraphQL input; every field optional. */
export interface VersionListQuery {
  page?: unknown;
  limit?: unknown;
  sortBy?: unknown;
  sortOrder?: unknown;
  search?: unknown;
  status?: unknown;
  buildStatus?: unknown;
}

export interface ParsedVersionListQuery {
  page: number;
  limit: number;
  sortBy: VersionSortField;
  sortOrder: SortOrder;
  search: string | null;
  status: VersionStatus | null;
  buildStatus: BuildStatus | null;
}

/** Spec section 9: 20 to a page, newest first. */
export function parseVersionListQuery(query: VersionListQuery = {}): ParsedVersionListQuery {
  return {
    page: integer(query.page, 'page', 1, MAX_PAGE),
    limit: integer(query.limit, 'limit', VERSIONS_PAGE_SIZE, MAX_PAGE_SIZE),
    sortBy: oneOf(query.sortBy, 'sort_by', VersionSortField) ?? VersionSortField.created_at,
    sortOrder: sortOrderOf(query.sortOrder) ?? SortOrder.DESC,
    search: searchText(query.search),
    status: oneOf(query.status, 'status', VersionStatus),
    buildStatus: oneOf(query.buildStatus, 'build_status', BuildStatus),
  };
}

/** The WHERE clause (for a query builder on alias 'v') and its parameters; the caller adds the project and owner. */
export function versionListFilters(query: ParsedVersionListQuery): { where: string[]; parameters: Record<string, unknown> } {
  return listFilters(
    [
      ['v.status', query.status],
      ['v.build_status', query.buildStatus],
    ],
    { text: query.search, columns: ['v.version_tag', 'v.description'] },
  );
}

/** Ties broken by id so pages never overlap. */
export function versionOrder(query: ParsedVersionListQuery): Array<[string, SortOrder]> {
  const column = { created_at: 'v.created_at', updated_at: 'v.updated_at', version_number: 'v.version_number' }[query.sortBy];
  return [
    [column, query.sortOrder],
    ['v.id', query.sortOrder],
  ];
}
