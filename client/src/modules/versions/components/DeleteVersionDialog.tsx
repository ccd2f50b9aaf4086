import styled from '@emotion/styled';
import { useState } from 'react';
import { Button } from '../../../ui/Button';
import { Modal } from '../../../ui/Modal';

const StyledText = styled.p({ margin: 0 });

export const deleteVersionQuestion = (tag: string) => `Are you sure you want to delete version ${tag}? This action cannot be undone.`;

export interface DeleteVersionDialogProps {
  versionTag: string;
  /** Deletes the version; the dialog closes when it settles (a failure shows on the tab). */
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}

/** The confirmation before a version is deleted; it cannot be closed while the deletion runs. Mount it to open it. */
export function DeleteVersionDialog({ versionTag, onConfirm, onClose }: DeleteVersionDialogProps) {
  const [deleting, setDeleting] = useState(false);
  const confirm = async () => {
    setDeleting(true);
    await onConfirm();
    onClose();
  };
  return (
    <Modal
      isOpen
      onClose={onClose}
      title="Delete Version"
      size="sm"
      dismissible={!deleting}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={deleting}>
            Cancel
          </Button>
          <Button variant="danger" onClick={() => void confirm()} disabled={deleting}>
            {deleting ? 'Deleting...' : 'Delete Version'}
          </Button>
        </>
      }
    >
      <StyledText>{deleteVersionQuestion(versionTag)}</StyledText>
    </Modal>
  );
}
