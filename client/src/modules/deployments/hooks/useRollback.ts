import { useApolloClient } from '@apollo/client/react';
import { MANUAL_ROLLBACK_REASON } from '@slipway/domain';
import { useState } from 'react';
import { apiErrorMessage } from '../../../app/apollo/error-message';
import { ProjectDeploymentsDocument, type DeploymentCardFragment } from '../../../generated/graphql';
import { useRollbackDeploymentMutation } from '../../../generated/hooks';
import { evictDeploymentLists } from '../deployment-cache';
import { rollbackTargetFilter } from '../deployment-list-params';
import { DEPLOYMENT_MESSAGES } from '../deployment-format';

/**
 * Rollback of an active deployment (spec sections 4 and 8): `ask` opens the confirmation; `confirm` fetches the
 * most recent rolled_back deployment of the same environment (limit 1) as the target, sends the rollback with
 * reason 'Manual rollback via UI', and refreshes the lists. No target, or a failure, becomes `error`.
 */
export function useRollback(projectId: string) {
  const client = useApolloClient();
  const [rollbackDeployment] = useRollbackDeploymentMutation();
  const [confirming, setConfirming] = useState<DeploymentCardFragment | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  /** True when the rollback was sent. */
  const confirm = async (): Promise<boolean> => {
    const deployment = confirming;
    if (!deployment) return false;
    setBusy(true);
    setError(null);
    try {
      const targets = await client.query({
        query: ProjectDeploymentsDocument,
        variables: { projectId, filter: rollbackTargetFilter(deployment.environment) },
        fetchPolicy: 'network-only',
      });
      const target = targets.data?.project.deployments.deployments[0];
      if (!target) {
        setError(DEPLOYMENT_MESSAGES.noRollbackTarget);
        return false;
      }
      await rollbackDeployment({
        variables: { id: deployment.id, input: { targetDeploymentId: target.id, reason: MANUAL_ROLLBACK_REASON } },
        update: (cache) => evictDeploymentLists(cache, projectId),
      });
      return true;
    } catch (caught) {
      setError(apiErrorMessage(caught, DEPLOYMENT_MESSAGES.rollback));
      return false;
    } finally {
      setBusy(false);
      setConfirming(null);
    }
  };

  return {
    confirming,
    busy,
    error,
    ask: (deployment: DeploymentCardFragment) => setConfirming(deployment),
    cancel: () => setConfirming(null),
    confirm,
    dismissError: () => setError(null),
  };
}
