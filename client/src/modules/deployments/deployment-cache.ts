import type { ApolloCache } from '@apollo/client';

/**
 * Forgets a project's cached deployment lists and active deployment: a new deployment or a rollback changes what
 * each list holds (the queries on screen then ask again).
 */
export function evictDeploymentLists(cache: ApolloCache, projectId: string) {
  cache.evict({ id: cache.identify({ __typename: 'Project', id: projectId }), fieldName: 'deployments' });
  cache.evict({ id: 'ROOT_QUERY', fieldName: 'activeDeployment', args: { projectId } });
  cache.gc();
}
