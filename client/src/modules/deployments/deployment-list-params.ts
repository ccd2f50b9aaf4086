import { ACTIVE_DEPLOYMENTS_LIMIT, DEPLOYMENT_STATUS_LABELS, DEPLOYMENTS_PAGE_SIZE } from '@slipway/domain';
import type { DeploymentSortField, DeploymentStatus, DeploymentsFilterInput, SortOrder } from '../../generated/graphql';

export interface DeploymentListParams {
  page: number;
  search: string;
  status: DeploymentStatus | '';
  sortBy: DeploymentSortField;
  sortOrder: SortOrder;
}

/** Spec section 9: 10 a page, newest first. */
export const DEFAULT_DEPLOYMENT_PARAMS: DeploymentListParams = { page: 1, search: '', status: '', sortBy: 'created_at', sortOrder: 'DESC' };

export interface DeploymentSortOption {
  value: string;
  label: string;
  sortBy: DeploymentSortField;
  sortOrder: SortOrder;
}

/** Spec section 2: Newest First, Oldest First (created_at) and Recently Activated (activated_at). */
export const DEPLOYMENT_SORT_OPTIONS: readonly DeploymentSortOption[] = [
  { value: 'created_at:DESC', label: 'Newest First', sortBy: 'created_at', sortOrder: 'DESC' },
  { value: 'created_at:ASC', label: 'Oldest First', sortBy: 'created_at', sortOrder: 'ASC' },
  { value: 'activated_at:DESC', label: 'Recently Activated', sortBy: 'activated_at', sortOrder: 'DESC' },
];

export const DEPLOYMENT_STATUSES = Object.keys(DEPLOYMENT_STATUS_LABELS) as DeploymentStatus[];

export const deploymentSortValue = (params: Pick<DeploymentListParams, 'sortBy' | 'sortOrder'>) => `${params.sortBy}:${params.sortOrder}`;

/** The URL query names of the history's filters, prefixed like the Versions tab's ('versions_…'). */
const KEYS = {
  page: 'deployments_page',
  search: 'deployments_search',
  status: 'deployments_status',
  sortBy: 'deployments_sort_by',
  sortOrder: 'deployments_sort_order',
} as const;

/** The history's filters from the page URL; anything unknown or malformed falls back to its default. */
export function parseDeploymentParams(query: URLSearchParams): DeploymentListParams {
  const sort = DEPLOYMENT_SORT_OPTIONS.find((option) => option.value === `${query.get(KEYS.sortBy)}:${query.get(KEYS.sortOrder)}`);
  const page = query.get(KEYS.page) ?? '';
  return {
    page: /^[1-9]\d{0,8}$/.test(page) ? Number(page) : DEFAULT_DEPLOYMENT_PARAMS.page,
    search: query.get(KEYS.search) ?? '',
    status: DEPLOYMENT_STATUSES.find((value) => value === query.get(KEYS.status)) ?? '',
    sortBy: sort?.sortBy ?? DEFAULT_DEPLOYMENT_PARAMS.sortBy,
    sortOrder: sort?.sortOrder ?? DEFAULT_DEPLOYMENT_PARAMS.sortOrder,
  };
}

/** `query` with the history's part replaced by `params`, defaults left out; the page's other parameters stay. */
export function withDeploymentParams(query: URLSearchParams, params: DeploymentListParams): URLSearchParams {
  const next = new URLSearchParams(query);
  Object.values(KEYS).forEach((key) => next.delete(key));
  if (params.search) next.set(KEYS.search, params.search);
  if (params.status) next.set(KEYS.status, params.status);
  if (deploymentSortValue(params) !== deploymentSortValue(DEFAULT_DEPLOYMENT_PARAMS)) {
    next.set(KEYS.sortBy, params.sortBy);
    next.set(KEYS.sortOrder, params.sortOrder);
  }
  if (params.page !== DEFAULT_DEPLOYMENT_PARAMS.page) next.set(KEYS.page, String(params.page));
  return next;
}

/** The history's GraphQL filter: 10 a page; a blank search and 'all' statuses are left out. */
export function toDeploymentsFilter(params: DeploymentListParams): DeploymentsFilterInput {
  const filter: DeploymentsFilterInput = { page: params.page, limit: DEPLOYMENTS_PAGE_SIZE, sortBy: params.sortBy, sortOrder: params.sortOrder };
  const search = params.search.trim();
  if (search) filter.search = search;
  if (params.status) filter.status = params.status;
  return filter;
}

export const isDeploymentListFiltered = (params: DeploymentListParams) => Boolean(params.search.trim() || params.status);

/** Spec section 9: the Active Deployments cards, fetched 10 at a time. */
export const ACTIVE_DEPLOYMENTS_FILTER: DeploymentsFilterInput = { page: 1, limit: ACTIVE_DEPLOYMENTS_LIMIT, status: 'active' };
