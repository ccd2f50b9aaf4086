import type { ApolloCache } from '@apollo/client';

/** Forgets a project's cached version lists: a created, archived, restored or deleted version changes counts and order. */
export function evictVersionLists(cache: ApolloCache, projectId: string) {
  cache.evict({ id: cache.identify({ __typename: 'Project', id: projectId }), fieldName: 'versions' });
  cache.gc();
}
