import type { ApolloCache } from '@apollo/client';
import { ProjectPipelineDocument, type PipelineStatusFieldsFragment } from '../../../generated/graphql';

/**
 * Makes `status` the project's latest run in the cache (Project.pipelineStatus). The run itself is normalised by
 * its id, so a newer snapshot of the same run updates it in place; a new run (a retry, a deletion) replaces it.
 */
export function writeProjectPipeline(cache: ApolloCache, projectId: string, status: PipelineStatusFieldsFragment) {
  cache.writeQuery({
    query: ProjectPipelineDocument,
    variables: { id: projectId },
    data: { project: { __typename: 'Project', id: projectId, pipelineStatus: status } },
  });
}
