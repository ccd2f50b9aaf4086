import { MANUAL_ROLLBACK_REASON } from '@slipway/domain';
import { useState } from 'react';
import { apiErrorMessage } from '../../../app/apollo/error-message';
import type { DeploymentCardFragment } from '../../../generated/graphql';
import { useRollbackDeploymentMutation } from '../../../generated/hooks';
import { evictDeploymentLists } from '../deployment-cache';
import { DEPLOYMENT_MESSAGES } from '../deployment-format';

/**
 * Rollback of an active deployment (spec sections 4 and 8): `ask` opens the confirmation, which names the target;
 * `confirm` sends the rollback to the deployment's way back (its rollbackTarget, which the server keeps: the one it
 * replaced, or for a rollback the one before what it restored) with reason 'Manual rollback via UI', and refreshes
 * the lists. The spec's "most recent rolled_back deployment" would be the newer version after a first rollback, so
 * the server's way back is used instead. No target, or a failure, becomes `error`.
 */
export function useRollback(projectId: string) {
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
      const target = deployment.rollbackTarget;
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
