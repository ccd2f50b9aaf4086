import { describe, expect, it } from 'vitest';
import { DEFAULT_DEPLOYMENT_PARAMS, parseDeploymentParams, toDeploymentsFilter, withDeploymentParams } from './deployment-list-params';

describe('deployment list params', () => {
  it('reads the history filters from the URL, falling back to the defaults for anything unknown', () => {
    expect(parseDeploymentParams(new URLSearchParams())).toEqual(DEFAULT_DEPLOYMENT_PARAMS);
    expect(
      parseDeploymentParams(
        new URLSearchParams('deployments_page=3&deployments_search=v1&deployments_status=rolled_back&deployments_sort_by=activated_at&deployments_sort_order=DESC'),
      ),
    ).toEqual({ page: 3, search: 'v1', status: 'rolled_back', sortBy: 'activated_at', sortOrder: 'DESC' });
    expect(
      parseDeploymentParams(new URLSearchParams('deployments_page=0&deployments_status=exploded&deployments_sort_by=activated_at&deployments_sort_order=ASC')),
    ).toEqual(DEFAULT_DEPLOYMENT_PARAMS);
  });

  it('writes only what differs from the defaults and keeps the rest of the URL', () => {
    const query = withDeploymentParams(new URLSearchParams('versions_status=ready&deployments_page=4'), {
      ...DEFAULT_DEPLOYMENT_PARAMS,
      status: 'active',
      sortBy: 'created_at',
      sortOrder: 'ASC',
    });
    expect(Object.fromEntries(query)).toEqual({
      versions_status: 'ready',
      deployments_status: 'active',
      deployments_sort_by: 'created_at',
      deployments_sort_order: 'ASC',
    });
  });

  it('asks for 10 a page, leaving out a blank search and all statuses', () => {
    expect(toDeploymentsFilter({ ...DEFAULT_DEPLOYMENT_PARAMS, search: '  ' })).toEqual({ page: 1, limit: 10, sortBy: 'created_at', sortOrder: 'DESC' });
    expect(toDeploymentsFilter({ ...DEFAULT_DEPLOYMENT_PARAMS, page: 2, search: ' v2 ', status: 'active' })).toEqual({
      page: 2,
      limit: 10,
      sortBy: 'created_at',
      sortOrder: 'DESC',
      search: 'v2',
      status: 'active',
    });
  });
});
