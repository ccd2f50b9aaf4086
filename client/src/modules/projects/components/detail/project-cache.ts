import type { ApolloCache } from '@apollo/client';

/** List answers that a changed or deleted project makes stale; they are fetched again when next shown. */
const PROJECT_LIST_FIELDS = ['projects', 'projectTags', 'projectStats'];

export function evictProjectLists(cache: ApolloCache) {
  for (const fieldName of PROJECT_LIST_FIELDS) cache.evict({ id: 'ROOT_QUERY', fieldName });
}

/** Forgets a deleted project and every list that held it. */
export function evictDeletedProject(cache: ApolloCache, id: string) {
  cache.evict({ id: cache.identify({ __typename: 'Project', id }) });
  evictProjectLists(cache);
  cache.gc();
}
