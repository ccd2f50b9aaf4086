import styled from '@emotion/styled';
import { useId, useState } from 'react';
import { apiErrorMessage } from '../../../app/apollo/error-message';
import type { DeploymentCardFragment } from '../../../generated/graphql';
import { useAbortCanaryMutation, usePromoteCanaryMutation } from '../../../generated/hooks';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { ErrorBanner } from '../../../ui/ErrorBanner';
import { Modal } from '../../../ui/Modal';
import { evictDeploymentLists } from '../deployment-cache';
import { DeploymentStatusBadge } from './DeploymentBadges';

const StyledTitle = styled.h2(({ theme }) => ({ marginBottom: theme.spacing(3), fontSize: theme.fontSizes.xl }));

const StyledFacts = styled.dl(({ theme }) => ({
  display: 'grid',
  gridTemplateColumns: 'max-content minmax(0, 1fr)',
  gap: theme.spacing(1.5, 4),
  margin: theme.spacing(0, 0, 4),
  fontSize: theme.fontSizes.sm,
  '& dt': { color: theme.colors.textMuted },
  '& dd': { margin: 0 },
}));

const StyledActions = styled.div(({ theme }) => ({ display: 'flex', flexWrap: 'wrap', gap: theme.spacing(2) }));

const StyledText = styled.p(({ theme }) => ({ margin: 0, marginBottom: theme.spacing(3) }));

type Action = 'promote' | 'abort';

export interface CanaryPanelProps {
  projectId: string;
  /** The canary deployment in progress. */
  canary: DeploymentCardFragment;
  /** The deployment of its environment that serves (what the canary is compared with, and takes the rest); null while unknown. */
  serving: DeploymentCardFragment | null;
}

/**
 * A canary release in progress: its current step, the traffic split as the cluster routes it, and Promote and Abort,
 * each confirmed first (the run carries them out within a second or so).
 */
export function CanaryPanel({ projectId, canary, serving }: CanaryPanelProps) {
  const titleId = useId();
  const [confirming, setConfirming] = useState<Action | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [promote, promoting] = usePromoteCanaryMutation();
  const [abort, aborting] = useAbortCanaryMutation();
  const busy = promoting.loading || aborting.loading;
  const steps = canary.canarySteps ?? [];
  const tag = canary.version?.versionTag ?? 'the new version';
  const servingTag = serving?.version?.versionTag ?? 'the running version';

  const confirm = async () => {
    const action = confirming;
    if (!action) return;
    setError(null);
    try {
      const options = { variables: { id: canary.id }, update: (cache: Parameters<typeof evictDeploymentLists>[0]) => evictDeploymentLists(cache, projectId) };
      await (action === 'promote' ? promote(options) : abort(options));
    } catch (caught) {
      setError(apiErrorMessage(caught, action === 'promote' ? 'Failed to promote the canary' : 'Failed to abort the canary'));
    } finally {
      setConfirming(null);
    }
  };

  const step = canary.canaryStep === null || canary.canaryStep === undefined ? null : canary.canaryStep;
  return (
    <Card aria-labelledby={titleId}>
      <StyledTitle id={titleId}>Canary Release in {canary.environment}</StyledTitle>
      {error && <ErrorBanner message={error} onDismiss={() => setError(null)} />}
      <StyledFacts>
        <dt>Version</dt>
        <dd>{tag}</dd>
        <dt>Status</dt>
        <dd>
          <DeploymentStatusBadge status={canary.status} />
        </dd>
        <dt>Step</dt>
        <dd>
          {step === null
            ? `Starting (steps ${steps.join(' → ')} %, ${canary.canaryStepSeconds ?? 60} s each)`
            : `${step + 1} of ${steps.length}: ${steps[step]} % of new requests, held ${canary.canaryStepSeconds ?? 60} s`}
        </dd>
        <dt>Traffic split</dt>
        <dd aria-live="polite">
          {tag}: {canary.trafficPercent} % · {servingTag}: {100 - canary.trafficPercent} %
        </dd>
      </StyledFacts>
      <StyledActions>
        <Button size="sm" onClick={() => setConfirming('promote')} disabled={busy}>
          Promote
        </Button>
        <Button size="sm" variant="danger" onClick={() => setConfirming('abort')} disabled={busy}>
          Abort
        </Button>
      </StyledActions>
      {confirming && (
        <Modal
          isOpen
          onClose={() => setConfirming(null)}
          title={confirming === 'promote' ? 'Promote Canary' : 'Abort Canary'}
          size="sm"
          dismissible={!busy}
          footer={
            <>
              <Button variant="secondary" onClick={() => setConfirming(null)} disabled={busy}>
                Cancel
              </Button>
              <Button variant={confirming === 'promote' ? 'primary' : 'danger'} onClick={() => void confirm()} disabled={busy}>
                {confirming === 'promote' ? `Promote ${tag}` : `Abort ${tag}`}
              </Button>
            </>
          }
        >
          <StyledText>
            {confirming === 'promote'
              ? `Are you sure you want to promote ${tag} in ${canary.environment}? It takes all new requests now, and ${servingTag} drains and stops.`
              : `Are you sure you want to abort the canary in ${canary.environment}? All new requests go back to ${servingTag}, and ${tag} stops.`}
          </StyledText>
        </Modal>
      )}
    </Card>
  );
}
