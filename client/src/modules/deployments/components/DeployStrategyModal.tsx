import styled from '@emotion/styled';
import { useId, useState } from 'react';
import { apiErrorMessage } from '../../../app/apollo/error-message';
import type { VersionCardFragment } from '../../../generated/graphql';
import { useCreateDeploymentMutation } from '../../../generated/hooks';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { ErrorBanner } from '../../../ui/ErrorBanner';
import { Modal } from '../../../ui/Modal';
import { evictDeploymentLists } from '../deployment-cache';
import { DEPLOYMENT_MESSAGES, strategyLabel } from '../deployment-format';

const StyledIntro = styled.p(({ theme }) => ({ margin: theme.spacing(0, 0, 4), color: theme.colors.textMuted }));

const StyledFieldset = styled.fieldset({ margin: 0, padding: 0, border: 'none' });

const StyledLegend = styled.legend(({ theme }) => ({ marginBottom: theme.spacing(2), fontWeight: theme.fontWeights.medium }));

const StyledOption = styled.div(({ theme }) => ({
  padding: theme.spacing(4),
  border: `2px solid ${theme.colors.primary}`,
  borderRadius: theme.radii.md,
  background: theme.colors.primarySoft,
  '&:focus-within': { outline: `2px solid ${theme.colors.focus}`, outlineOffset: 2 },
}));

const StyledName = styled.div(({ theme }) => ({ display: 'flex', alignItems: 'center', gap: theme.spacing(2), fontWeight: theme.fontWeights.bold }));

const StyledDescription = styled.p(({ theme }) => ({ margin: theme.spacing(2, 0, 0), fontSize: theme.fontSizes.sm }));

const StyledLists = styled.div(({ theme }) => ({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: theme.spacing(4),
  marginTop: theme.spacing(3),
  fontSize: theme.fontSizes.sm,
  '& h3': { margin: theme.spacing(0, 0, 1), fontSize: theme.fontSizes.sm },
  '& ul': { margin: 0, paddingLeft: theme.spacing(5) },
  [theme.breakpoints.sm]: { gridTemplateColumns: '1fr' },
}));

const StyledBanner = styled.div(({ theme }) => ({ marginBottom: theme.spacing(4) }));

/** Spec section 2: the one strategy offered, with its benefits and drawbacks. */
const ROLLING = {
  strategy: 'rolling' as const,
  description: 'Starts the new version next to the running one and shifts traffic once it is healthy.',
  benefits: ['Zero downtime', 'Automatic rollback', 'Resource efficient'],
  drawbacks: ['Slower', 'Mixed versions'],
};

export interface DeployStrategyModalProps {
  projectId: string;
  version: VersionCardFragment;
  /** The project has an active deployment: Rolling Update is then the recommended way to replace it. */
  hasActiveDeployment: boolean;
  onClose: () => void;
  /** The deployment was created (the modal is to close). */
  onDeployed: () => void;
}

/** 'Choose Deployment Strategy' for a version: Rolling Update only, and 'Deploy Version'. Mount it to open it. */
export function DeployStrategyModal({ projectId, version, hasActiveDeployment, onClose, onDeployed }: DeployStrategyModalProps) {
  const [createDeployment, { loading }] = useCreateDeploymentMutation();
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  const deploy = async () => {
    setError(null);
    try {
      await createDeployment({
        variables: { projectId, input: { versionId: version.id, deploymentStrategy: ROLLING.strategy } },
        update: (cache) => evictDeploymentLists(cache, projectId),
      });
      onDeployed();
    } catch (caught) {
      setError(apiErrorMessage(caught, DEPLOYMENT_MESSAGES.create));
    }
  };

  return (
    <Modal
      isOpen
      onClose={onClose}
      title="Choose Deployment Strategy"
      size="md"
      dismissible={!loading}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={loading}>
            Cancel
          </Button>
          <Button onClick={() => void deploy()} disabled={loading}>
            {loading ? 'Deploying...' : 'Deploy Version'}
          </Button>
        </>
      }
    >
      {error && (
        <StyledBanner>
          <ErrorBanner message={error} onDismiss={() => setError(null)} />
        </StyledBanner>
      )}
      <StyledIntro>How should {version.versionTag} replace what runs now?</StyledIntro>
      <StyledFieldset>
        <StyledLegend>Deployment strategy</StyledLegend>
        <StyledOption>
          <StyledName>
            <input
              id={`${id}-rolling`}
              type="radio"
              name="deployment-strategy"
              value={ROLLING.strategy}
              checked
              readOnly
              aria-describedby={`${id}-rolling-description`}
            />
            <label htmlFor={`${id}-rolling`}>{strategyLabel(ROLLING.strategy)}</label>
            {hasActiveDeployment && <Badge tone="success">Recommended</Badge>}
          </StyledName>
          <StyledDescription id={`${id}-rolling-description`}>{ROLLING.description}</StyledDescription>
          <StyledLists>
            <div>
              <h3>Benefits</h3>
              <ul aria-label="Benefits">
                {ROLLING.benefits.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </div>
            <div>
              <h3>Drawbacks</h3>
              <ul aria-label="Drawbacks">
                {ROLLING.drawbacks.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </div>
          </StyledLists>
        </StyledOption>
      </StyledFieldset>
    </Modal>
  );
}
