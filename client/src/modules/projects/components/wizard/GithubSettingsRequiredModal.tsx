import styled from '@emotion/styled';
import { useNavigate } from 'react-router-dom';
import { Button } from '../../../../ui/Button';
import { Modal } from '../../../../ui/Modal';

const StyledText = styled.p(({ theme }) => ({ margin: theme.spacing(0, 0, 3) }));

/** What local mode asks of the organization: only a name (as the server's ORGANIZATION_NAME rule takes it). */
export const LOCAL_ORGANIZATION_HINT =
  'No GitHub account is needed: with no GitHub token saved, Slipway keeps your repositories on this server and any organization name works (letters, digits and hyphens, such as my-team).';

/**
 * Blocks the wizard until a GitHub organization is set: no Escape, no overlay click, no close button. In local
 * mode (no GitHub token) it says that any name will do.
 */
export function GithubSettingsRequiredModal({ isOpen, localMode }: { isOpen: boolean; localMode: boolean }) {
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
      {localMode && <StyledText>{LOCAL_ORGANIZATION_HINT}</StyledText>}
      <StyledText>Add it under GitHub Integration in Settings, then come back to create your project.</StyledText>
    </Modal>
  );
}
