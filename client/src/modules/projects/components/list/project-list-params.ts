import type { ProjectSortField, ProjectStatus, ProjectsFilterInput, SortOrder } from '../../../../generated/graphql';

/** Spec section 9: page size 12, default sort updated_at DESC, a window of 5 page numbers. */
export const PROJECTS_PAGE_SIZE = 12;
export const PAGE_WINDOW = 5;
const MAX_LIMIT = 100;

export interface ProjectListParams {
  page: number;
  limit: number;
  sortBy: ProjectSortField;
  sortOrder: SortOrder;
  search: string;
  status: ProjectStatus | '';
  tags: string[];
}

export const DEFAULT_LIST_PARAMS: ProjectListParams = {
  page: 1,
  limit: PROJECTS_PAGE_SIZE,
  sortBy: 'updated_at',
  sortOrder: 'DESC',
  search: '',
  status: '',
  tags: [],
};

export interface SortOption {
  value: string;
  label: string;
  sortBy: ProjectSortField;
  sortOrder: SortOrder;
}

export const SORT_OPTIONS: readonly SortOption[] = [
  { value: 'updated_at:DESC', label: 'Recently Updated', sortBy: 'updated_at', sortOrder: 'DESC' },
  { value: 'created_at:DESC', label: 'Recently Created', sortBy: 'created_at', sortOrder: 'DESC' },
  { value: 'name:ASC', label: 'Name A-Z', sortBy: 'name', sortOrder: 'ASC' },
  { value: 'name:DESC', label: 'Name Z-A', sortBy: 'name', sortOrder: 'DESC' },
  { value: 'status:ASC', label: 'Status ASC', sortBy: 'status', sortOrder: 'ASC' },
];

export const STATUS_OPTIONS: readonly { value: ProjectStatus | ''; label: string }[] = [
  { value: '', label: 'All Status' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

export function sortValue(params: Pick<ProjectListParams, 'sortBy' | 'sortOrder'>): string {
  return `${params.sortBy}:${params.sortOrder}`;
}

function positiveInteger(text: string | null, fallback: number, max: number): number {
  if (!text || !/^\d+$/.test(text)) return fallback;
  const number = Number(text);
  return number >= 1 && number <= max ? number : fallback;
}

/**
 * The list's filters from the page URL (names as the REST call has them: page, limit, sort_by, sort_order,
 * search, status, tags repeated). Anything unknown or malformed falls back to its default.
 */
export function parseListParams(query: URLSearchParams): ProjectListParams {
  const sort = SORT_OPTIONS.find((option) => option.value === `${query.get('sort_by')}:${query.get('sort_order')}`);
  const status = STATUS_OPTIONS.find((option) => option.value && option.value === query.get('status'))?.value ?? '';
  return {
    page: positiveInteger(query.get('page'), DEFAULT_LIST_PARAMS.page, Number.MAX_SAFE_INTEGER),
    limit: positiveInteger(query.get('limit'), DEFAULT_LIST_PARAMS.limit, MAX_LIMIT),
    sortBy: sort?.sortBy ?? DEFAULT_LIST_PARAMS.sortBy,
    sortOrder: sort?.sortOrder ?? DEFAULT_LIST_PARAMS.sortOrder,
    search: query.get('search') ?? '',
    status,
    tags: [...new Set(query.getAll('tags').filter((tag) => tag.trim()))],
  };
}

/** The URL query for `params`, leaving out every value that is the default, so a plain list has a plain URL. */
export function serializeListParams(params: ProjectListParams): URLSearchParams {
  const query = new URLSearchParams();
  if (params.search) query.set('search', params.search);
  if (params.status) query.set('status', params.status);
  params.tags.forEach((tag) => query.append('tags', tag));
  if (sortValue(params) !== sortValue(DEFAULT_LIST_PARAMS)) {
    query.set('sort_by', params.sortBy);
    query.set('sort_order', params.sortOrder);
  }
  if (params.page !== DEFAULT_LIST_PARAMS.page) query.set('page', String(params.page));
  if (params.limit !== DEFAULT_LIST_PARAMS.limit) query.set('limit', String(params.limit));
  return query;
}

/** The GraphQL filter; blank search, status and tags are left out, as the REST call skips empty values. */
export function toProjectsFilter(params: ProjectListParams): ProjectsFilterInput {
  const filter: ProjectsFilterInput = {
    page: params.page,
    limit: params.limit,
    sortBy: params.sortBy,
    sortOrder: params.sortOrder,
  };
  const search = params.search.trim();
  if (search) filter.search = search;
  if (params.status) filter.status = params.status;
  if (params.tags.length) filter.tags = params.tags;
  return filter;
}

/** True when a search, status or tag narrows the list (the empty state then suggests adjusting the filters). */
export function isFiltered(params: ProjectListParams): boolean {
  return Boolean(params.search.trim() || params.status || params.tags.length);
}

/** True when a filter, the sort or the page size differs from the defaults: 'Clear filters' has work to do. */
export function hasFiltersToClear(params: ProjectListParams): boolean {
  return serializeListParams({ ...params, page: DEFAULT_LIST_PARAMS.page }).toString() !== '';
}

/** 'Showing X to Y of Z results' for one page. */
export function resultRangeText(page: number, limit: number, total: number): string {
  const from = total === 0 ? 0 : (page - 1) * limit + 1;
  const to = Math.min(page * limit, total);
  return `Showing ${from} to ${to} of ${total} results`;
}
