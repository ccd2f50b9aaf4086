import { useApolloClient } from '@apollo/client/react';
import { use, useState } from 'react';
import { useAppApolloPromise } from '../../../app/apollo/apollo-loader';
import { isSocketDown, useSocketStatusOf } from '../../../app/apollo/socket-status';
import { DeploymentLogsDocument, type DeploymentLogLineFieldsFragment } from '../../../generated/graphql';
import { useDeploymentLogLinesSubscription } from '../../../generated/hooks';
import { usePollingFallback } from '../../pipelines/hooks/usePollingFallback';
import { DEPLOYMENT_POLL_SCHEDULE } from '../deployment-format';

/** Lines asked for first (the subscription's and Deployment.logs' default). */
export const LOG_TAIL = 100;
/** Lines kept in view; older ones drop off the top. */
export const MAX_LOG_LINES = 1000;

const keyOf = (line: DeploymentLogLineFieldsFragment) => `${line.at ?? ''}|${line.instance}|${line.stream}|${line.line}`;

/** `lines` then `more`, without the ones already there (a resubscription sends the last lines again), capped. */
function appendLines(lines: DeploymentLogLineFieldsFragment[], more: DeploymentLogLineFieldsFragment[]) {
  const seen = new Set(lines.map(keyOf));
  const fresh = more.filter((line) => !seen.has(keyOf(line)));
  return fresh.length === 0 ? lines : [...lines, ...fresh].slice(-MAX_LOG_LINES);
}

/**
 * A deployment's app output, following it live: the deploymentLogs subscription sends the last lines, then each
 * new one. While the socket is down or the subscription failed, Deployment.logs is asked on the deployment
 * status schedule (5 s, backing off when slow) and its lines are added.
 */
export function useDeploymentLogLines(deploymentId: string) {
  const client = useApolloClient();
  const socket = useSocketStatusOf(use(useAppApolloPromise()).socketStatus);
  const [lines, setLines] = useState<DeploymentLogLineFieldsFragment[]>([]);
  const { error } = useDeploymentLogLinesSubscription({
    variables: { id: deploymentId, tail: LOG_TAIL },
    fetchPolicy: 'no-cache',
    onData: ({ data: result }) => {
      const line = result.data?.deploymentLogs;
      if (line) setLines((current) => appendLines(current, [line]));
    },
  });
  const polling = isSocketDown(socket) || Boolean(error);
  usePollingFallback(
    polling,
    async () => {
      const result = await client.query({ query: DeploymentLogsDocument, variables: { id: deploymentId, tail: LOG_TAIL }, fetchPolicy: 'network-only' });
      const fetched = result.data?.deployment.logs ?? [];
      setLines((current) => appendLines(current, fetched));
      return { running: true, terminal: false };
    },
    DEPLOYMENT_POLL_SCHEDULE,
  );
  return { lines, polling, error };
}
