import styled from '@emotion/styled';
import type { DeploymentCardFragment } from '../../../generated/graphql';
import { Button } from '../../../ui/Button';
import { Modal } from '../../../ui/Modal';
import { DEPLOYMENT_MESSAGES, rollbackActionLabel, rollbackOutcome, rollbackQuestion } from '../deployment-format';

const StyledText = styled.p(({ theme }) => ({ margin: theme.spacing(0, 0, 3), '&:last-child': { marginBottom: 0 } }));

export interface RollbackDialogProps {
  deployment: DeploymentCardFragment;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * Spec section 2's rollback question, then what it will do: the version it leaves, the one it returns to and the
 * direction. The confirm button names the target too. It cannot be closed while the rollback is being sent.
 */
export function RollbackDialog({ deployment, busy, onConfirm, onClose }: RollbackDialogProps) {
  return (
    <Modal
      isOpen
      onClose={onClose}
      title="Rollback Deployment"
      size="sm"
      dismissible={!busy}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          {deployment.rollbackTarget && (
            <Button variant="danger" onClick={onConfirm} disabled={busy}>
              {busy ? 'Rolling back...' : rollbackActionLabel(deployment)}
            </Button>
          )}
        </>
      }
    >
      <StyledText>{rollbackQuestion(deployment.environment)}</StyledText>
      <StyledText>{deployment.rollbackTarget ? rollbackOutcome(deployment) : DEPLOYMENT_MESSAGES.noRollbackTarget}</StyledText>
    </Modal>
  );
}
