import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ProjectStatus } from '../../../../generated/graphql';
import { DEFAULT_LIST_PARAMS, SORT_OPTIONS, parseListParams, serializeListParams, type ProjectListParams } from './project-list-params';

/**
 * The projects list's filters, kept in the URL query so a reload or a shared link shows the same page.
 * Every change to a filter or the sort goes back to page 1.
 */
export function useProjectListParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => parseListParams(searchParams), [searchParams]);

  const update = useCallback(
    (change: (current: ProjectListParams) => ProjectListParams, options: { replace?: boolean } = {}) => {
      setSearchParams((current) => serializeListParams(change(parseListParams(current))), options);
    },
    [setSearchParams],
  );

  const setSearch = useCallback(
    (search: string) => update((current) => ({ ...current, search, page: 1 }), { replace: true }),
    [update],
  );
  const setStatus = useCallback((status: ProjectStatus | '') => update((current) => ({ ...current, status, page: 1 })), [update]);
  const toggleTag = useCallback(
    (tag: string) =>
      update((current) => ({
        ...current,
        tags: current.tags.includes(tag) ? current.tags.filter((item) => item !== tag) : [...current.tags, tag],
        page: 1,
      })),
    [update],
  );
  const setSort = useCallback(
    (value: string) => {
      const option = SORT_OPTIONS.find((item) => item.value === value) ?? SORT_OPTIONS[0];
      update((current) => ({ ...current, sortBy: option.sortBy, sortOrder: option.sortOrder, page: 1 }));
    },
    [update],
  );
  const setPage = useCallback((page: number) => update((current) => ({ ...current, page })), [update]);
  /** Page 1, limit 12, updated_at DESC, and no search, status or tags. */
  const clearFilters = useCallback(() => update(() => DEFAULT_LIST_PARAMS), [update]);

  return { params, setSearch, setStatus, toggleTag, setSort, setPage, clearFilters };
}
