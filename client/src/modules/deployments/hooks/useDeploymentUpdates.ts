import { useApolloClient } from '@apollo/client/react';
import { isDeploymentInProgress } from '@slipway/domain';
import { use, useEffect, useRef } from 'react';
import { useSerialRefresh } from '../../../app/apollo/serial-refresh';
import { useAppApolloPromise } from '../../../app/apollo/apollo-loader';
import { isSocketDown, useSocketStatusOf } from '../../../app/apollo/socket-status';
import {
  DeploymentCardFragmentDoc,
  DeploymentStatusDocument,
  ProjectActiveDeploymentDocument,
  ProjectDeploymentsDocument,
  type DeploymentCardFragment,
} from '../../../generated/graphql';
import { useProjectDeploymentUpdatesSubscription } from '../../../generated/hooks';
import { usePollingFallback } from '../../pipelines/hooks/usePollingFallback';
import { DEPLOYMENT_POLL_SCHEDULE, DEPLOYMENT_REFRESH_LIMIT } from '../deployment-format';

/**
 * Keeps the project's deployments current: live from the projectDeployments subscription (each change goes into
 * the normalised cache; a new deployment, a changed status or a canary's next step also asks the lists and the header
 * again, one request at a time (useSerialRefresh), since which deployments each list holds, and their traffic,
 * change with it). While the socket is down or the subscription failed, the
 * `watched` deployments that are in progress are looked up one by one on spec section 9's schedule (5 s, backing
 * off when slow); a failed lookup is ignored (spec section 8), and when a status changed the list is fetched
 * again with page 1, limit 50, and the lists shown are asked again.
 */
export function useDeploymentUpdates(projectId: string, watched: readonly DeploymentCardFragment[]): { polling: boolean } {
  const client = useApolloClient();
  const socket = useSocketStatusOf(use(useAppApolloPromise()).socketStatus);
  // The rows the subscription brought, newest per deployment: a list's answer read before one of them puts it back.
  const latest = useRef(new Map<string, DeploymentCardFragment>());
  const refreshLists = useSerialRefresh(async () => {
    await client.refetchQueries({ include: [ProjectDeploymentsDocument, ProjectActiveDeploymentDocument] });
    for (const [id, row] of latest.current) {
      const now = client.cache.readFragment({ id, fragment: DeploymentCardFragmentDoc, fragmentName: 'DeploymentCard' });
      if (!now || Date.parse(now.updatedAt) < Date.parse(row.updatedAt)) client.cache.writeFragment({ id, fragment: DeploymentCardFragmentDoc, fragmentName: 'DeploymentCard', data: row });
    }
  });

  const { error, restart } = useProjectDeploymentUpdatesSubscription({
    variables: { projectId },
    // Written to the cache here, after comparing with what it held.
    fetchPolicy: 'no-cache',
    onData: ({ client: { cache }, data: result }) => {
      const next = result.data?.projectDeployments;
      if (!next) return;
      const id = cache.identify(next);
      if (!id) return;
      const before = cache.readFragment({ id, fragment: DeploymentCardFragmentDoc, fragmentName: 'DeploymentCard' });
      cache.writeFragment({ id, fragment: DeploymentCardFragmentDoc, fragmentName: 'DeploymentCard', data: next });
      latest.current.set(id, next);
      // A canary's new step changed the serving deployment's traffic too.
      if (!before || before.status !== next.status || before.canaryStep !== next.canaryStep) refreshLists();
    },
  });

  const wasDown = useRef(false);
  useEffect(() => {
    if (isSocketDown(socket)) wasDown.current = true;
    else if (socket === 'connected' && wasDown.current) {
      wasDown.current = false;
      // Changes missed while the socket was down: the lists are asked again, and a failed subscription restarts.
      refreshLists();
      if (error) restart();
    }
  }, [socket, error, restart, refreshLists]);

  const inProgress = watched.filter((deployment) => isDeploymentInProgress(deployment.status));
  const polling = (isSocketDown(socket) || Boolean(error)) && inProgress.length > 0;
  const inProgressRef = useRef(inProgress);
  useEffect(() => {
    inProgressRef.current = inProgress;
  });

  usePollingFallback(
    polling,
    async () => {
      const known = inProgressRef.current.map(({ id, status, canaryStep }) => ({ id, status, canaryStep }));
      const answers = await Promise.all(
        known.map(({ id }) =>
          client
            .query({ query: DeploymentStatusDocument, variables: { id }, fetchPolicy: 'network-only' })
            .then((result) => result.data?.deployment ?? null)
            .catch(() => null),
        ),
      );
      // A canary's next step is no change of status, but it moves the split on both deployments.
      const changed = answers.some((answer, index) => answer && (answer.status !== known[index].status || answer.canaryStep !== known[index].canaryStep));
      if (changed) {
        await client
          .query({
            query: ProjectDeploymentsDocument,
            variables: { projectId, filter: { page: 1, limit: DEPLOYMENT_REFRESH_LIMIT } },
            fetchPolicy: 'network-only',
          })
          .catch(() => undefined);
        refreshLists();
      }
      const running = answers.some((answer, index) => isDeploymentInProgress((answer ?? known[index]).status));
      return { running, terminal: !running };
    },
    DEPLOYMENT_POLL_SCHEDULE,
  );

  return { polling };
}
