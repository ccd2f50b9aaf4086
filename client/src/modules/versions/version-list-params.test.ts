import { describe, expect, it } from 'vitest';
import { DEFAULT_VERSION_PARAMS, parseVersionParams, toVersionsFilter, withVersionParams } from './version-list-params';

describe('version list params', () => {
  it('defaults to page 1, newest first, no filters', () => {
    expect(parseVersionParams(new URLSearchParams())).toEqual(DEFAULT_VERSION_PARAMS);
    expect(toVersionsFilter(DEFAULT_VERSION_PARAMS)).toEqual({ page: 1, limit: 20, sortBy: 'created_at', sortOrder: 'DESC' });
  });

  it('round-trips every filter through the URL, keeping the rest of the query', () => {
    const params = { page: 3, search: 'beta', status: 'ready', buildStatus: 'success', sortBy: 'version_number', sortOrder: 'ASC' } as const;
    const query = withVersionParams(new URLSearchParams('tab=versions'), params);
    expect(query.get('tab')).toBe('versions');
    expect(parseVersionParams(query)).toEqual(params);
    expect(toVersionsFilter(params)).toEqual({
      page: 3,
      limit: 20,
      search: 'beta',
      status: 'ready',
      buildStatus: 'success',
      sortBy: 'version_number',
      sortOrder: 'ASC',
    });
  });

  it('leaves defaults out of the URL', () => {
    expect(withVersionParams(new URLSearchParams('versions_page=4&versions_search=x'), DEFAULT_VERSION_PARAMS).toString()).toBe('');
  });

  it('falls back to defaults for unknown or malformed values', () => {
    const query = new URLSearchParams('versions_page=-2&versions_status=deleted&versions_build_status=x&versions_sort_by=name&versions_sort_order=DESC');
    expect(parseVersionParams(query)).toEqual(DEFAULT_VERSION_PARAMS);
  });

  it('sends no blank search', () => {
    expect(toVersionsFilter({ ...DEFAULT_VERSION_PARAMS, search: '   ' })).not.toHaveProperty('search');
  });
});
