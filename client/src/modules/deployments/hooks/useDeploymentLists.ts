import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { FRESH_FETCH } from '../../../app/apollo/serial-refresh';
import type { DeploymentStatus } from '../../../generated/graphql';
import { useProjectActiveDeploymentQuery, useProjectDeploymentsQuery } from '../../../generated/hooks';
import {
  ACTIVE_DEPLOYMENTS_FILTER,
  DEPLOYMENT_SORT_OPTIONS,
  parseDeploymentParams,
  toDeploymentsFilter,
  withDeploymentParams,
  type DeploymentListParams,
} from '../deployment-list-params';

/** The Active Deployments cards: the project's active deployments, 10 at most (spec section 9). */
export function useActiveDeployments(projectId: string) {
  const query = useProjectDeploymentsQuery({
    variables: { projectId, filter: ACTIVE_DEPLOYMENTS_FILTER },
    fetchPolicy: 'cache-and-network',
    // Asked again after each change (useDeploymentUpdates): never an answer to a request made before it.
    context: FRESH_FETCH,
  });
  const deployments = (query.data ?? query.previousData)?.project.deployments.deployments;
  return { deployments, query };
}

/**
 * The Deployment History: the project's deployments filtered, sorted and paged by the URL query (a filter change
 * goes back to page 1).
 */
export function useDeploymentHistory(projectId: string) {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => parseDeploymentParams(searchParams), [searchParams]);
  const query = useProjectDeploymentsQuery({
    variables: { projectId, filter: toDeploymentsFilter(params) },
    fetchPolicy: 'cache-and-network',
    context: FRESH_FETCH,
  });
  // While another page or filter loads, the previous rows stay in place instead of flashing a loading text.
  const page = (query.data ?? query.previousData)?.project.deployments;

  const update = useCallback(
    (change: (current: DeploymentListParams) => DeploymentListParams, options: { replace?: boolean } = {}) =>
      setSearchParams((current) => withDeploymentParams(current, change(parseDeploymentParams(current))), options),
    [setSearchParams],
  );
  const setSearch = useCallback((search: string) => update((current) => ({ ...current, search, page: 1 }), { replace: true }), [update]);
  const setStatus = useCallback((status: DeploymentStatus | '') => update((current) => ({ ...current, status, page: 1 })), [update]);
  const setSort = useCallback(
    (value: string) => {
      const option = DEPLOYMENT_SORT_OPTIONS.find((item) => item.value === value) ?? DEPLOYMENT_SORT_OPTIONS[0];
      update((current) => ({ ...current, sortBy: option.sortBy, sortOrder: option.sortOrder, page: 1 }));
    },
    [update],
  );
  const setPage = useCallback((number: number) => update((current) => ({ ...current, page: number })), [update]);

  return { params, page, query, setSearch, setStatus, setSort, setPage };
}

/**
 * The project's active production deployment (the header's version badge and status), null when none; asked
 * again whenever `refreshKey` changes (the project's pipeline run moved on: a deployment run ends with a new one).
 */
export function useProjectActiveDeployment(projectId: string, refreshKey?: unknown) {
  const query = useProjectActiveDeploymentQuery({ variables: { projectId }, fetchPolicy: 'cache-and-network', context: FRESH_FETCH });
  const { refetch } = query;
  const lastKey = useRef(refreshKey);
  useEffect(() => {
    if (lastKey.current === refreshKey) return;
    lastKey.current = refreshKey;
    void refetch().catch(() => undefined);
  }, [refreshKey, refetch]);
  return { deployment: (query.data ?? query.previousData)?.activeDeployment ?? null, query };
}
