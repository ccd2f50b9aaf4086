import { isVersionSettling } from '@slipway/domain';
import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { BuildStatus, VersionStatus } from '../../../generated/graphql';
import { useProjectVersionsQuery } from '../../../generated/hooks';
import { VERSION_SORT_OPTIONS, parseVersionParams, toVersionsFilter, withVersionParams, type VersionListParams } from '../version-list-params';
import { versionLoadRetryDelay } from '../version-format';

/** While a version on the page builds or waits to be made ready, the list is asked again this often, so its card follows. */
export const BUILDING_POLL_MS = 3000;

/**
 * A project's versions, filtered, sorted and paged by the URL query (every filter change goes back to page 1);
 * failed loads are retried on spec section 9's schedule.
 */
export function useVersionList(projectId: string) {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => parseVersionParams(searchParams), [searchParams]);
  const query = useProjectVersionsQuery({
    variables: { projectId, filter: toVersionsFilter(params) },
    fetchPolicy: 'cache-and-network',
    context: { retryDelay: versionLoadRetryDelay },
  });
  // While another page or filter loads, the previous results stay in place instead of flashing a loading text.
  const page = (query.data ?? query.previousData)?.project.versions;
  const anyBuilding = Boolean(page?.versions.some(isVersionSettling));
  const { startPolling, stopPolling } = query;
  useEffect(() => {
    if (!anyBuilding) return;
    startPolling(BUILDING_POLL_MS);
    return () => stopPolling();
  }, [anyBuilding, startPolling, stopPolling]);

  const update = useCallback(
    (change: (current: VersionListParams) => VersionListParams, options: { replace?: boolean } = {}) =>
      setSearchParams((current) => withVersionParams(current, change(parseVersionParams(current))), options),
    [setSearchParams],
  );
  const setSearch = useCallback((search: string) => update((current) => ({ ...current, search, page: 1 }), { replace: true }), [update]);
  const setStatus = useCallback((status: VersionStatus | '') => update((current) => ({ ...current, status, page: 1 })), [update]);
  const setBuildStatus = useCallback((buildStatus: BuildStatus | '') => update((current) => ({ ...current, buildStatus, page: 1 })), [update]);
  const setSort = useCallback(
    (value: string) => {
      const option = VERSION_SORT_OPTIONS.find((item) => item.value === value) ?? VERSION_SORT_OPTIONS[0];
      update((current) => ({ ...current, sortBy: option.sortBy, sortOrder: option.sortOrder, page: 1 }));
    },
    [update],
  );
  const setPage = useCallback((number: number) => update((current) => ({ ...current, page: number })), [update]);

  return { params, page, query, setSearch, setStatus, setBuildStatus, setSort, setPage };
}
