import { VERSIONS_PAGE_SIZE } from '@slipway/domain';
import type { BuildStatus, SortOrder, VersionSortField, VersionStatus, VersionsFilterInput } from '../../generated/graphql';
import type { BadgeTone } from '../../ui/Badge';

export interface VersionListParams {
  page: number;
  search: string;
  status: VersionStatus | '';
  buildStatus: BuildStatus | '';
  sortBy: VersionSortField;
  sortOrder: SortOrder;
}

/** Spec section 9: 20 a page, newest first (created_at DESC). */
export const DEFAULT_VERSION_PARAMS: VersionListParams = {
  page: 1,
  search: '',
  status: '',
  buildStatus: '',
  sortBy: 'created_at',
  sortOrder: 'DESC',
};

export interface VersionSortOption {
  value: string;
  label: string;
  sortBy: VersionSortField;
  sortOrder: SortOrder;
}

export const VERSION_SORT_OPTIONS: readonly VersionSortOption[] = [
  { value: 'created_at:DESC', label: 'Newest First', sortBy: 'created_at', sortOrder: 'DESC' },
  { value: 'created_at:ASC', label: 'Oldest First', sortBy: 'created_at', sortOrder: 'ASC' },
  { value: 'version_number:DESC', label: 'Version (high to low)', sortBy: 'version_number', sortOrder: 'DESC' },
  { value: 'version_number:ASC', label: 'Version (low to high)', sortBy: 'version_number', sortOrder: 'ASC' },
  { value: 'updated_at:DESC', label: 'Recently Updated', sortBy: 'updated_at', sortOrder: 'DESC' },
];

export const VERSION_STATUS_LABELS: Record<VersionStatus, string> = {
  pending: 'Pending',
  building: 'Building',
  build_success: 'Build Success',
  build_failed: 'Build Failed',
  ready: 'Ready',
  archived: 'Archived',
};

export const VERSION_STATUS_TONES: Record<VersionStatus, BadgeTone> = {
  pending: 'neutral',
  building: 'info',
  build_success: 'success',
  build_failed: 'danger',
  ready: 'success',
  archived: 'neutral',
};

export const BUILD_STATUS_LABELS: Record<BuildStatus, string> = {
  pending: 'Pending',
  running: 'Running',
  success: 'Success',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

export const BUILD_STATUS_TONES: Record<BuildStatus, BadgeTone> = {
  pending: 'neutral',
  running: 'info',
  success: 'success',
  failed: 'danger',
  cancelled: 'warning',
};

const keysOf = <K extends string>(labels: Record<K, string>) => Object.keys(labels) as K[];

export const sortValue = (params: Pick<VersionListParams, 'sortBy' | 'sortOrder'>) => `${params.sortBy}:${params.sortOrder}`;

/**
 * The URL query names of the version list's filters: the REST call's names with a 'versions_' prefix, because the
 * project page's other tabs (deployments) have filters of the same names.
 */
const KEYS = {
  page: 'versions_page',
  search: 'versions_search',
  status: 'versions_status',
  buildStatus: 'versions_build_status',
  sortBy: 'versions_sort_by',
  sortOrder: 'versions_sort_order',
} as const;

/** The version list's filters from the page URL. Anything unknown or malformed falls back to its default. */
export function parseVersionParams(query: URLSearchParams): VersionListParams {
  const sort = VERSION_SORT_OPTIONS.find((option) => option.value === `${query.get(KEYS.sortBy)}:${query.get(KEYS.sortOrder)}`);
  const page = query.get(KEYS.page) ?? '';
  const status = keysOf(VERSION_STATUS_LABELS).find((value) => value === query.get(KEYS.status));
  const buildStatus = keysOf(BUILD_STATUS_LABELS).find((value) => value === query.get(KEYS.buildStatus));
  return {
    page: /^[1-9]\d{0,8}$/.test(page) ? Number(page) : DEFAULT_VERSION_PARAMS.page,
    search: query.get(KEYS.search) ?? '',
    status: status ?? '',
    buildStatus: buildStatus ?? '',
    sortBy: sort?.sortBy ?? DEFAULT_VERSION_PARAMS.sortBy,
    sortOrder: sort?.sortOrder ?? DEFAULT_VERSION_PARAMS.sortOrder,
  };
}

/**
 * `query` with the version list's part replaced by `params`, defaults left out (so a plain list has a plain URL);
 * other parameters of the page stay as they are.
 */
export function withVersionParams(query: URLSearchParams, params: VersionListParams): URLSearchParams {
  const next = new URLSearchParams(query);
  Object.values(KEYS).forEach((key) => next.delete(key));
  if (params.search) next.set(KEYS.search, params.search);
  if (params.status) next.set(KEYS.status, params.status);
  if (params.buildStatus) next.set(KEYS.buildStatus, params.buildStatus);
  if (sortValue(params) !== sortValue(DEFAULT_VERSION_PARAMS)) {
    next.set(KEYS.sortBy, params.sortBy);
    next.set(KEYS.sortOrder, params.sortOrder);
  }
  if (params.page !== DEFAULT_VERSION_PARAMS.page) next.set(KEYS.page, String(params.page));
  return next;
}

/** The GraphQL filter: 20 a page; a blank search and 'all' statuses are left out. */
export function toVersionsFilter(params: VersionListParams): VersionsFilterInput {
  const filter: VersionsFilterInput = {
    page: params.page,
    limit: VERSIONS_PAGE_SIZE,
    sortBy: params.sortBy,
    sortOrder: params.sortOrder,
  };
  const search = params.search.trim();
  if (search) filter.search = search;
  if (params.status) filter.status = params.status;
  if (params.buildStatus) filter.buildStatus = params.buildStatus;
  return filter;
}

/** True when a search or status narrows the list (the empty state then does not offer 'Create First Version'). */
export function isVersionListFiltered(params: VersionListParams): boolean {
  return Boolean(params.search.trim() || params.status || params.buildStatus);
}
