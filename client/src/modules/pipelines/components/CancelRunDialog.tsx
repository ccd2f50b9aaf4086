import styled from '@emotion/styled';
import { StreamName, streamTitle } from '@slipway/domain';
import { useId } from 'react';
import { Button } from '../../../ui/Button';
import { Modal } from '../../../ui/Modal';

const StyledText = styled.p(({ theme }) => ({ margin: theme.spacing(0, 0, 3) }));

export interface CancelRunDialogProps {
  projectName: string;
  streamName: string;
  /** The cancel request is under way: the dialog cannot be closed. */
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * Asks before Cancel stops a running pipeline, saying what will happen: a cancelled creation is cleaned up (the
 * project and what the creation made so far are deleted); a cancelled deletion leaves the project half removed; any
 * other run stops and the project stays.
 */
export function CancelRunDialog({ projectName, streamName, busy, onConfirm, onClose }: CancelRunDialogProps) {
  const descriptionId = useId();
  const creation = streamName === StreamName.projectCreation;
  const title = creation ? 'Cancel Project Creation?' : `Cancel ${streamTitle(streamName)}?`;
  return (
    <Modal
      isOpen
      onClose={onClose}
      title={title}
      size="sm"
      dismissible={!busy}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {creation ? 'Keep Creating' : 'Keep Running'}
          </Button>
          <Button variant="danger" onClick={onConfirm} disabled={busy} aria-describedby={descriptionId}>
            {busy ? 'Cancelling...' : creation ? 'Cancel and Delete Project' : 'Cancel Run'}
          </Button>
        </>
      }
    >
      <div id={descriptionId}>
        <StyledText>The running step stops and the steps after it are skipped.</StyledText>
        {creation ? (
          <StyledText>
            Slipway then deletes <strong>{projectName}</strong> and everything its creation made so far (repository, image, app). This
            cannot be undone.
          </StyledText>
        ) : streamName === StreamName.projectDeletion ? (
          <StyledText>
            <strong>{projectName}</strong> stays, without what the deletion has already removed (a stopped app stays stopped). Delete it
            again to finish.
          </StyledText>
        ) : (
          <StyledText>
            <strong>{projectName}</strong> stays as it is, with its versions and deployments.
          </StyledText>
        )}
      </div>
    </Modal>
  );
}
