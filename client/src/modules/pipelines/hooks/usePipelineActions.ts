import { useState } from 'react';
import { apiErrorMessage } from '../../../app/apollo/error-message';
import { useCancelProjectPipelineMutation, useRetryProjectPipelineMutation } from '../../../generated/hooks';
import type { PipelineActions } from '../components/PipelineTimeline';
import { writeProjectPipeline } from './pipeline-cache';

/** Retry (a failed run) and Cancel (a running one) for the timeline; the answer becomes the project's run. */
export function usePipelineActions(projectId: string): PipelineActions {
  const [error, setError] = useState<string | null>(null);
  const [retry, retrying] = useRetryProjectPipelineMutation({
    update: (cache, { data }) => data && writeProjectPipeline(cache, projectId, data.retryProjectPipeline),
  });
  const [cancel, cancelling] = useCancelProjectPipelineMutation({
    update: (cache, { data }) => data && writeProjectPipeline(cache, projectId, data.cancelProjectPipeline),
  });
  const run = (mutate: typeof retry | typeof cancel, fallback: string) => {
    setError(null);
    mutate({ variables: { projectId } }).catch((caught: unknown) => setError(apiErrorMessage(caught, fallback)));
  };
  return {
    onRetry: () => run(retry, 'Failed to retry the pipeline'),
    onCancel: () => run(cancel, 'Failed to cancel the pipeline'),
    busy: retrying.loading || cancelling.loading,
    error,
    onDismissError: () => setError(null),
  };
}
