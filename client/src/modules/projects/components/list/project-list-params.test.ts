import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LIST_PARAMS,
  hasFiltersToClear,
  isFiltered,
  parseListParams,
  resultRangeText,
  serializeListParams,
  toProjectsFilter,
} from './project-list-params';

describe('resultRangeText', () => {
  it.each([
    [1, 12, 30, 'Showing 1 to 12 of 30 results'],
    [2, 12, 30, 'Showing 13 to 24 of 30 results'],
    [3, 12, 30, 'Showing 25 to 30 of 30 results'],
    [1, 12, 0, 'Showing 0 to 0 of 0 results'],
  ])('page %i, limit %i, total %i -> %s', (page, limit, total, text) => {
    expect(resultRangeText(page, limit, total)).toBe(text);
  });
});

describe('URL query <-> list params', () => {
  it('uses page 1, limit 12, updated_at DESC and no filters for an empty query', () => {
    expect(parseListParams(new URLSearchParams())).toEqual(DEFAULT_LIST_PARAMS);
    expect(serializeListParams(DEFAULT_LIST_PARAMS).toString()).toBe('');
  });

  it('round-trips every filter', () => {
    const params = {
      page: 3,
      limit: 24,
      sortBy: 'name' as const,
      sortOrder: 'DESC' as const,
      search: 'api gateway',
      status: 'inactive' as const,
      tags: ['web', 'a,b'],
    };
    const query = serializeListParams(params);
    expect(query.getAll('tags')).toEqual(['web', 'a,b']);
    expect(parseListParams(new URLSearchParams(query.toString()))).toEqual(params);
  });

  it.each([
    ['page=0', { page: 1 }],
    ['page=abc', { page: 1 }],
    ['limit=1000', { limit: 12 }],
    ['status=archived', { status: '' }],
    ['sort_by=owner&sort_order=ASC', { sortBy: 'updated_at', sortOrder: 'DESC' }],
    ['sort_by=name&sort_order=sideways', { sortBy: 'updated_at', sortOrder: 'DESC' }],
    ['tags=&tags=web&tags=web', { tags: ['web'] }],
  ])('falls back to defaults for %s', (query, expected) => {
    expect(parseListParams(new URLSearchParams(query))).toMatchObject(expected);
  });

  it('leaves blank filters out of the GraphQL filter', () => {
    expect(toProjectsFilter({ ...DEFAULT_LIST_PARAMS, search: '  ' })).toEqual({
      page: 1,
      limit: 12,
      sortBy: 'updated_at',
      sortOrder: 'DESC',
    });
    expect(toProjectsFilter({ ...DEFAULT_LIST_PARAMS, search: ' web ', status: 'active', tags: ['x'] })).toMatchObject({
      search: 'web',
      status: 'active',
      tags: ['x'],
    });
  });

  it.each([
    [{}, false, false],
    [{ page: 4 }, false, false],
    [{ search: 'x' }, true, true],
    [{ status: 'active' as const }, true, true],
    [{ tags: ['web'] }, true, true],
    [{ sortBy: 'name' as const, sortOrder: 'ASC' as const }, false, true],
    [{ limit: 24 }, false, true],
  ])('%j: filtered %s, something to clear %s', (change, filtered, clearable) => {
    const params = { ...DEFAULT_LIST_PARAMS, ...change };
    expect(isFiltered(params)).toBe(filtered);
    expect(hasFiltersToClear(params)).toBe(clearable);
  });
});
