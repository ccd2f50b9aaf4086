import type { DeploymentCardFragment } from '../../../generated/graphql';
import { Button } from '../../../ui/Button';
import { Modal } from '../../../ui/Modal';
import { rollbackQuestion } from '../deployment-format';

export interface RollbackDialogProps {
  deployment: DeploymentCardFragment;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Spec section 2's rollback question; it cannot be closed while the rollback is being sent. */
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
          <Button variant="danger" onClick={onConfirm} disabled={busy}>
            {busy ? 'Rolling back...' : 'Rollback'}
          </Button>
        </>
      }
    >
      <p>{rollbackQuestion(deployment.environment)}</p>
    </Modal>
  );
}
