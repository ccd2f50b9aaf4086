import styled from '@emotion/styled';
import { useId, useState } from 'react';
import { apiErrorMessage } from '../../../app/apollo/error-message';
import type { VersionCardFragment } from '../../../generated/graphql';
import { useCreateDeploymentMutation } from '../../../generated/hooks';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { ErrorBanner } from '../../../ui/ErrorBanner';
import { Modal } from '../../../ui/Modal';
import { controlStyles, describedBy, FieldShell } from '../../../ui/fields/FieldShell';
import { evictDeploymentLists } from '../deployment-cache';
import { DEPLOYMENT_MESSAGES, strategyLabel } from '../deployment-format';

const StyledIntro = styled.p(({ theme }) => ({ margin: theme.spacing(0, 0, 4), color: theme.colors.textMuted }));

const StyledFieldset = styled.fieldset({ margin: 0, padding: 0, border: 'none' });

const StyledLegend = styled.legend(({ theme }) => ({ marginBottom: theme.spacing(2), fontWeight: theme.fontWeights.medium }));

const StyledOption = styled('div', { shouldForwardProp: (prop) => prop !== 'chosen' })<{ chosen: boolean }>(({ theme, chosen }) => ({
  padding: theme.spacing(4),
  marginBottom: theme.spacing(3),
  border: `2px solid ${chosen ? theme.colors.primary : theme.colors.border}`,
  borderRadius: theme.radii.md,
  background: chosen ? theme.colors.primarySoft : theme.colors.surface,
  '&:focus-within': { outline: `2px solid ${theme.colors.focus}`, outlineOffset: 2 },
}));

const StyledInput = styled('input', { shouldForwardProp: (prop) => prop !== 'invalid' })<{ invalid: boolean }>(controlStyles);

const StyledCanaryFields = styled.div(({ theme }) => ({ marginTop: theme.spacing(4) }));

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

const DEFAULT_CANARY_STEPS = '10, 50, 100';
const DEFAULT_CANARY_STEP_SECONDS = 60;

const StyledBanner = styled.div(({ theme }) => ({ marginBottom: theme.spacing(4) }));

/** Spec section 2's strategy, and the canary release, each with its benefits and drawbacks. */
const STRATEGIES = [
  {
    strategy: 'rolling' as const,
    description: 'Starts the new version next to the running one and shifts traffic once it is healthy.',
    benefits: ['Zero downtime', 'Automatic rollback', 'Resource efficient'],
    drawbacks: ['Slower', 'Mixed versions'],
  },
  {
    strategy: 'canary' as const,
    description:
      "Sends a growing share of new requests to the new version while its errors and latency stay close to the running one's; a breach sends all traffic back.",
    benefits: ['Limits the harm of a bad version', 'Judged on real traffic', 'Promote or abort by hand'],
    drawbacks: ['Takes longer', 'Needs a running deployment to compare with'],
  },
];

/** Whole percentages separated by commas ('10, 50, 100'); null when the text is not that (the server checks the rest). */
function parseSteps(text: string): number[] | null {
  const parts = text.split(',').map((part) => part.trim());
  return parts.every((part) => /^\d{1,3}$/.test(part)) ? parts.map(Number) : null;
}

export interface DeployStrategyModalProps {
  projectId: string;
  version: VersionCardFragment;
  /** The project has an active deployment: Rolling Update is then the recommended way to replace it. */
  hasActiveDeployment: boolean;
  onClose: () => void;
  /** The deployment was created (the modal is to close). */
  onDeployed: () => void;
}

/**
 * 'Choose Deployment Strategy' for a version: Rolling Update (default) or Canary Release with its steps and hold time,
 * and 'Deploy Version'. Mount it to open it.
 */
export function DeployStrategyModal({ projectId, version, hasActiveDeployment, onClose, onDeployed }: DeployStrategyModalProps) {
  const [createDeployment, { loading }] = useCreateDeploymentMutation();
  const [error, setError] = useState<string | null>(null);
  const [strategy, setStrategy] = useState<'rolling' | 'canary'>('rolling');
  const [steps, setSteps] = useState(DEFAULT_CANARY_STEPS);
  const [stepSeconds, setStepSeconds] = useState(String(DEFAULT_CANARY_STEP_SECONDS));
  const id = useId();
  const parsedSteps = parseSteps(steps);
  const stepsError = strategy === 'canary' && !parsedSteps ? 'Steps are whole percentages separated by commas, e.g. 10, 50, 100' : undefined;
  const secondsError = strategy === 'canary' && !/^\d{1,4}$/.test(stepSeconds.trim()) ? 'Hold time is a whole number of seconds, e.g. 60' : undefined;

  const deploy = async () => {
    setError(null);
    if (stepsError || secondsError) return;
    const canary = strategy === 'canary' ? { canarySteps: parsedSteps, canaryStepSeconds: Number(stepSeconds) } : {};
    try {
      await createDeployment({
        variables: { projectId, input: { versionId: version.id, deploymentStrategy: strategy, ...canary } },
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
        {STRATEGIES.map((option) => (
          <StyledOption key={option.strategy} chosen={strategy === option.strategy}>
            <StyledName>
              <input
                id={`${id}-${option.strategy}`}
                type="radio"
                name="deployment-strategy"
                value={option.strategy}
                checked={strategy === option.strategy}
                onChange={() => setStrategy(option.strategy)}
                disabled={option.strategy === 'canary' && !hasActiveDeployment}
                aria-describedby={`${id}-${option.strategy}-description`}
              />
              <label htmlFor={`${id}-${option.strategy}`}>{strategyLabel(option.strategy)}</label>
              {option.strategy === 'rolling' && hasActiveDeployment && <Badge tone="success">Recommended</Badge>}
            </StyledName>
            <StyledDescription id={`${id}-${option.strategy}-description`}>
              {option.description}
              {option.strategy === 'canary' && !hasActiveDeployment && ' Deploy a version first: nothing runs to compare with yet.'}
            </StyledDescription>
            <StyledLists>
              <div>
                <h3>Benefits</h3>
                <ul aria-label={`Benefits of ${strategyLabel(option.strategy)}`}>
                  {option.benefits.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              </div>
              <div>
                <h3>Drawbacks</h3>
                <ul aria-label={`Drawbacks of ${strategyLabel(option.strategy)}`}>
                  {option.drawbacks.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              </div>
            </StyledLists>
            {option.strategy === 'canary' && strategy === 'canary' && (
              <StyledCanaryFields>
                <FieldShell id={`${id}-steps`} label="Steps (percent of new requests)" hint="Rising, ending at 100; at most 5 steps" error={stepsError}>
                  <StyledInput
                    id={`${id}-steps`}
                    value={steps}
                    onChange={(event) => setSteps(event.target.value)}
                    invalid={Boolean(stepsError)}
                    aria-invalid={Boolean(stepsError)}
                    aria-describedby={describedBy(`${id}-steps`, true, stepsError)}
                  />
                </FieldShell>
                <FieldShell id={`${id}-seconds`} label="Hold each step (seconds)" hint="5 to 3600" error={secondsError}>
                  <StyledInput
                    id={`${id}-seconds`}
                    inputMode="numeric"
                    value={stepSeconds}
                    onChange={(event) => setStepSeconds(event.target.value)}
                    invalid={Boolean(secondsError)}
                    aria-invalid={Boolean(secondsError)}
                    aria-describedby={describedBy(`${id}-seconds`, true, secondsError)}
                  />
                </FieldShell>
              </StyledCanaryFields>
            )}
          </StyledOption>
        ))}
      </StyledFieldset>
    </Modal>
  );
}
