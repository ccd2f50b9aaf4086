import { useState } from 'react';
import { apiErrorMessage } from '../../../app/apollo/error-message';
import type { PipelineStatusFieldsFragment } from '../../../generated/graphql';
import { useCancelProjectPipelineMutation, useRetryProjectPipelineMutation } from '../../../generated/hooks';
import type { PipelineActions } from '../components/PipelineTimeline';
import { writeProjectPipeline } from './pipeline-cache';

/**
 * Retry (a failed run) and Cancel (a running one) for the timeline; the answer becomes the project's run.
 * `onCancelled` hears of a cancel the server accepted, with the cancelled run.
 */
export function usePipelineActions(projectId: string, onCancelled?: (run: PipelineStatusFieldsFragment) => void): PipelineActions & { onCancel: (onSettled?: () => void) => void } {
  const [error, setError] = useState<string | null>(null);
  const [retry, retrying] = useRetryProjectPipelineMutation({
    update: (cache, { data }) => data && writeProjectPipeline(cache, projectId, data.retryProjectPipeline),
  });
  const [cancel, cancelling] = useCancelProjectPipelineMutation({
    update: (cache, { data }) => data && writeProjectPipeline(cache, projectId, data.cancelProjectPipeline),
  });
  return {
    onRetry: () => {
      setError(null);
      retry({ variables: { projectId } }).catch((caught: unknown) => setError(apiErrorMessage(caught, 'Failed to retry the pipeline')));
    },
    onCancel: (onSettled?: () => void) => {
      setError(null);
      cancel({ variables: { projectId } })
        .then(
          ({ data }) => data && onCancelled?.(data.cancelProjectPipeline),
          (caught: unknown) => setError(apiErrorMessage(caught, 'Failed to cancel the pipeline')),
        )
        .finally(onSettled);
    },
    busy: retrying.loading || cancelling.loading,
    error,
    onDismissError: () => setError(null),
  };
}
