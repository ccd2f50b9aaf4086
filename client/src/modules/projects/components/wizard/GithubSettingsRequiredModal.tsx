import styled from '@emotion/styled';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../../../ui/Button';
import { Modal } from '../../../../ui/Modal';

const StyledText = styled.p(({ theme }) => ({ margin: theme.spacing(0, 0, 3) }));

/** Blocks the wizard until a GitHub organization is set: no Escape, no overlay click, no close button. */
export function GithubSettingsRequiredModal({ isOpen }: { isOpen: boolean }) {
  const navigate = useNavigate();
  const cancel = () => void navigate('/dashboard/projects');
  return (
    <Modal
      isOpen={isOpen}
      onClose={cancel}
      dismissible={false}
      size="sm"
      title="GitHub Settings Required"
      footer={
        <>
          <Button variant="secondary" onClick={cancel}>
            CANCEL
          </Button>
          <Button onClick={() => void navigate('/dashboard/settings')}>GO TO SETTINGS</Button>
        </>
      }
    >
      <StyledText>A GitHub organization must be set before you can create projects.</StyledText>
      <StyledText>Add it under GitHub Integration in Settings, then come back to create your project.</StyledText>
    </Modal>
  );
}
