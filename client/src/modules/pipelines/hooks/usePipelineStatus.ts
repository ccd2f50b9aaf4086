import { useApolloClient } from '@apollo/client/react';
import { isTerminalPipelineStatus } from '@slipway/domain';
import { use, useEffect, useRef, useState } from 'react';
import { isNotFound } from '../../../app/apollo/error-message';
import { useAppApolloPromise } from '../../../app/apollo/apollo-loader';
import { isSocketDown, useSocketStatusOf } from '../../../app/apollo/socket-status';
import { ProjectPipelineDocument, type PipelineStatusFieldsFragment } from '../../../generated/graphql';
import { useProjectPipelineQuery, useProjectPipelineUpdatesSubscription } from '../../../generated/hooks';
import { isDeleted } from '../pipeline-view';
import { writeProjectPipeline } from './pipeline-cache';
import { usePollingFallback, type PollAnswer } from './usePollingFallback';

export interface PipelineStatusState {
  /** The project's latest run, or null when it has none (or before the first answer). */
  pipeline: PipelineStatusFieldsFragment | null;
  /** Whether updates come from polling because the live subscription is unavailable. */
  polling: boolean;
  /** The project is gone (its deletion run completed, or the server no longer knows it). */
  gone: boolean;
}

const answerOf = (pipeline: PipelineStatusFieldsFragment | null | undefined): PollAnswer => ({
  running: (pipeline?.runningProcessors ?? 0) > 0,
  terminal: !pipeline || isTerminalPipelineStatus(pipeline.overallStatus),
});

/**
 * The project's latest pipeline run, kept current: live from the projectPipeline subscription (each snapshot goes
 * into the normalised cache and becomes Project.pipelineStatus), and while the socket is down or the subscription
 * failed, by polling on spec section 9's schedule until the run is terminal. When the socket is back, graphql-ws
 * resumes the subscription (restarted here if it had failed) and polling stops. `gone` tells when the project
 * no longer exists.
 */
export function usePipelineStatus(projectId: string): PipelineStatusState {
  const client = useApolloClient();
  const socket = useSocketStatusOf(use(useAppApolloPromise()).socketStatus);
  const { data } = useProjectPipelineQuery({ variables: { id: projectId } });
  const subscription = useProjectPipelineUpdatesSubscription({
    variables: { projectId },
    onData: ({ client: { cache }, data: result }) => {
      if (result.data) writeProjectPipeline(cache, projectId, result.data.projectPipeline);
    },
  });

  const { error, restart } = subscription;
  const wasDown = useRef(false);
  useEffect(() => {
    if (isSocketDown(socket)) wasDown.current = true;
    else if (socket === 'connected' && wasDown.current) {
      wasDown.current = false;
      if (error) restart();
    }
  }, [socket, error, restart]);

  const [notFound, setNotFound] = useState(false);
  const pipeline = data?.project.pipelineStatus ?? null;
  const gone = notFound || isNotFound(error) || isDeleted(pipeline);
  const polling = (isSocketDown(socket) || Boolean(error)) && !gone && !answerOf(pipeline).terminal;
  usePollingFallback(polling, async () => {
    try {
      const result = await client.query({ query: ProjectPipelineDocument, variables: { id: projectId }, fetchPolicy: 'network-only' });
      return answerOf(result.data?.project.pipelineStatus);
    } catch (caught) {
      // The deletion run removed the project while the socket was down.
      if (!isNotFound(caught)) throw caught;
      setNotFound(true);
      return { running: false, terminal: true };
    }
  });
  return { pipeline, polling, gone };
}
